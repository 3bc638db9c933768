package term

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	gssh "github.com/charmbracelet/ssh"
)

// stage runs one session's model on the session's own goroutine: the loop
// a Bubble Tea Program runs, without the goroutines a Program keeps for
// itself.
//
// A tea.Program (v1) holds three goroutines for its whole life besides the
// one that runs it: its command runner, its input reader, and, because
// Program.Send blocks, one of ours that sends it window sizes and the
// lobby's news. While a countdown is on screen a fourth waits on each tick.
// With thousands of sessions each goroutine is megabytes of stacks in all
// (docs/benchmarks.md). The stage waits on all of it in one select instead:
// window sizes, the model's news, keys, what commands return, and one timer
// for the countdown's ticks. Keys are still read on a goroutine of their
// own (reading the channel blocks), and a command still runs on one while
// it runs, as in Bubble Tea; no command of ours blocks for long.
//
// It understands the messages the models use from Bubble Tea's set:
// tea.Quit, and tea.Batch's commands. The others (a window title, the
// alternate screen, printing above the program) belong to Bubble Tea's
// renderer, which the painter replaces.
type stage struct {
	model tea.Model // the painter, wrapping the session's model
	ctx   context.Context
	end   context.CancelFunc // ends the session: the client closed its channel

	winch   <-chan gssh.Window
	fit     func(gssh.Window) gssh.Window // the window drawn for one claimed
	updates <-chan struct{}               // the model's news (TakePump); nil if none
	next    func() tea.Msg                // the newest news as a message
	msgs    chan tea.Msg                  // keys, and what commands return
	wants   func() bool                   // a countdown is on screen (TakeClock); nil if none
	tick    func(time.Time) tea.Msg
	every   time.Duration // between two ticks
	timer   *time.Timer   // the next tick, while armed
	timerC  <-chan time.Time
	panicky chan error // a command panicked
	ended   string     // why run returned, for the log
}

// ErrPanic is how Run ends when the model or a command panicked.
var ErrPanic = errors.New("panic in the session's program")

func newStage(ctx context.Context, end context.CancelFunc, model tea.Model, inner Model,
	winch <-chan gssh.Window) *stage {
	s := &stage{model: model, ctx: ctx, end: end, winch: winch, fit: func(w gssh.Window) gssh.Window { return w },
		msgs: make(chan tea.Msg), panicky: make(chan error, 1), every: time.Second}
	s.updates, s.next = inner.TakePump()
	s.wants, s.tick = inner.TakeClock()
	return s
}

// run starts the model and runs it until the session ends or the model
// quits. It returns ErrPanic (wrapped) if the model or a command panicked.
func (s *stage) run(keys io.Reader) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v\n%s", ErrPanic, r, debug.Stack())
		}
		if s.timer != nil {
			s.timer.Stop()
		}
	}()
	go s.readKeys(keys)
	s.do(s.model.Init())
	s.model.View() // the first paint, before any message
	s.arm()
	for {
		var msg tea.Msg
		select {
		case <-s.ctx.Done():
			s.ended = "the session ended"
			return nil
		case err := <-s.panicky:
			return err
		case w, ok := <-s.winch:
			if !ok { // the client closed its channel: the session is over
				s.ended = "the client closed its channel"
				s.end()
				return nil
			}
			w = s.fit(w)
			msg = tea.WindowSizeMsg{Width: w.Width, Height: w.Height}
		case _, ok := <-s.updates:
			if !ok {
				s.updates = nil // the model's news ended; sizes still come
				continue
			}
			msg = s.next()
		case msg = <-s.msgs:
		case now := <-s.timerC:
			s.timerC = nil
			msg = s.tick(now)
		}
		if s.update(msg) {
			s.ended = "the player quit"
			return nil
		}
	}
}

// update hands msg to the model and starts the command it returns. It
// says whether the program is over (tea.Quit).
func (s *stage) update(msg tea.Msg) (quit bool) {
	switch msg := msg.(type) {
	case nil:
		return false
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			s.do(c)
		}
		return false
	}
	var cmd tea.Cmd
	s.model, cmd = s.model.Update(msg)
	s.do(cmd)
	s.arm()
	return false
}

// do runs a command on a goroutine of its own, as Bubble Tea does (a
// command may wait, on a timer or on the lobby), and brings back what it
// returns.
func (s *stage) do(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				select {
				case s.panicky <- fmt.Errorf("%w: %v\n%s", ErrPanic, r, debug.Stack()):
				default:
				}
			}
		}()
		msg := cmd()
		if msg == nil {
			return
		}
		select {
		case s.msgs <- msg:
		case <-s.ctx.Done():
		}
	}()
}

// arm starts the countdown's timer if a countdown is on screen and no tick
// is on its way.
func (s *stage) arm() {
	if s.wants == nil || s.timerC != nil || !s.wants() {
		return
	}
	if s.timer == nil {
		s.timer = time.NewTimer(s.every)
	} else {
		s.timer.Reset(s.every)
	}
	s.timerC = s.timer.C
}

// readKeys reads the keyboard, decodes it (keys.go) and hands the keys to
// the loop, until reading fails or the session ends. A message may be cut
// between two reads; its start is kept and read again with what follows.
func (s *stage) readKeys(r io.Reader) {
	var buf [256]byte
	var left []byte
	for {
		n, err := r.Read(buf[:])
		if err != nil {
			return
		}
		b := buf[:n]
		if left != nil {
			b = append(left, b...)
		}
		left = nil
		more := n == len(buf)
		for i := 0; i < len(b); {
			w, msg := decodeKey(b[i:], more)
			if w == 0 {
				left = append(make([]byte, 0, len(b)-i+len(buf)), b[i:]...)
				break
			}
			i += w
			if msg == nil {
				continue
			}
			select {
			case s.msgs <- msg:
			case <-s.ctx.Done():
				return
			}
		}
	}
}
