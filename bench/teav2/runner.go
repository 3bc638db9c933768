package main

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	v1 "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/colorprofile"

	"github.com/unossh/unossh/ssh/term"
)

// runV2 runs a session's model on Charm's v2 program, as a program built on
// bubbletea v2 would: the program's own input reader and key decoder, its
// event loop, its renderer (at its frame rate), a goroutine that sends it
// window sizes, and the model's own pump and ticks (the model is not asked
// for them: TakePump and TakeClock are what our loop uses instead).
//
// The model stays the v1 model the product runs; adapter passes v2's
// messages to it as v1's, and its lines to v2 as a View. Everything the
// session writes passes the door's guarded writer, as on our runtime.
func runV2(ctx context.Context, m term.Model, keys io.Reader, o term.Options) (string, error) {
	ad := &adapter{m: m, counts: o.Counts}
	out := &countingWriter{w: o.Out, ad: ad}
	p := tea.NewProgram(ad,
		tea.WithContext(ctx),
		tea.WithInput(keys),
		tea.WithOutput(out),
		tea.WithWindowSize(o.Width, o.Height),
		tea.WithColorProfile(colorprofile.TrueColor), // styled already, for the client's terminal
		tea.WithoutSignalHandler(),
	)
	ended := "the player quit"
	var closed atomic.Bool
	go func() { // v2's Send blocks: window sizes need a goroutine of their own
		for {
			select {
			case w, ok := <-o.Resize:
				if !ok {
					closed.Store(true)
					if o.End != nil {
						o.End()
					}
					return
				}
				if o.Fit != nil {
					w = o.Fit(w)
				}
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			case <-ctx.Done():
				return
			}
		}
	}()
	_, err := p.Run()
	switch {
	case closed.Load():
		ended = "the client closed its channel"
	case ctx.Err() != nil:
		ended = "the session ended"
	}
	if errors.Is(err, tea.ErrProgramPanic) {
		return ended, errors.Join(term.ErrPanic, err)
	}
	return ended, nil
}

// adapter is the product's v1 model as a v2 model.
type adapter struct {
	m      term.Model
	counts *term.Counts
	// stamp is when the move the last view shows was made, until the
	// frame that shows it is written (countingWriter).
	stamp atomic.Pointer[time.Time]
}

func (a *adapter) Init() tea.Cmd { return cmdV2(a.m.Init()) }

func (a *adapter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	in := msgV1(msg)
	if in == nil {
		return a, nil
	}
	next, cmd := a.m.Update(in)
	a.m = next.(term.Model)
	return a, cmdV2(cmd)
}

func (a *adapter) View() tea.View {
	a.counts.Frame()
	v := tea.NewView(strings.Join(a.m.AppendLines(nil), "\n"))
	v.AltScreen = true
	v.WindowTitle = a.m.Title()
	if at, ok := a.m.TakeMoveStamp(); ok {
		a.stamp.Store(&at)
	}
	return v
}

// countingWriter counts what the renderer writes, as the painter counts
// its frames, and when a frame showing a move goes out, how long the move
// took to reach it.
type countingWriter struct {
	w  io.Writer
	ad *adapter
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.ad.counts.Sent(n)
	if at := c.ad.stamp.Swap(nil); at != nil {
		c.ad.counts.Observe(time.Since(*at))
	}
	return n, err
}

// cmdV2 runs a v1 command and hands its message to v2.
func cmdV2(c v1.Cmd) tea.Cmd {
	if c == nil {
		return nil
	}
	return func() tea.Msg { return msgV2(c()) }
}

// msgV2 is a v1 command's message as v2 takes it: its quit and batches
// are v2's own; anything else is the model's, and goes back to it.
func msgV2(m v1.Msg) tea.Msg {
	switch m := m.(type) {
	case v1.QuitMsg:
		return tea.QuitMsg{}
	case v1.BatchMsg:
		cmds := make([]tea.Cmd, len(m))
		for i, c := range m {
			cmds[i] = cmdV2(c)
		}
		return tea.BatchMsg(cmds)
	}
	return m
}

// msgV1 is a v2 message as the v1 model takes it; nil for what no v1
// program would have sent it (key releases, mouse, terminal reports).
func msgV1(m tea.Msg) v1.Msg {
	switch m := m.(type) {
	case tea.KeyPressMsg:
		k, ok := keyV1(tea.Key(m))
		if !ok {
			return nil
		}
		return v1.KeyMsg(k)
	case tea.PasteMsg:
		return v1.KeyMsg{Type: v1.KeyRunes, Runes: []rune(m.Content), Paste: true}
	case tea.WindowSizeMsg:
		return v1.WindowSizeMsg{Width: m.Width, Height: m.Height}
	case tea.KeyReleaseMsg, tea.MouseMsg, tea.FocusMsg, tea.BlurMsg, tea.ColorProfileMsg,
		tea.KeyboardEnhancementsMsg, tea.BackgroundColorMsg, tea.ForegroundColorMsg, tea.CursorColorMsg,
		tea.EnvMsg, tea.TerminalVersionMsg, tea.CapabilityMsg, tea.ModeReportMsg, tea.CursorPositionMsg:
		return nil
	}
	return m
}

// namedKeys are v2's key codes as v1's key types.
var namedKeys = map[rune]v1.KeyType{
	tea.KeyEnter: v1.KeyEnter, tea.KeyEscape: v1.KeyEsc, tea.KeyTab: v1.KeyTab,
	tea.KeyBackspace: v1.KeyBackspace, tea.KeySpace: v1.KeySpace, tea.KeyDelete: v1.KeyDelete,
	tea.KeyInsert: v1.KeyInsert, tea.KeyUp: v1.KeyUp, tea.KeyDown: v1.KeyDown,
	tea.KeyLeft: v1.KeyLeft, tea.KeyRight: v1.KeyRight, tea.KeyHome: v1.KeyHome,
	tea.KeyEnd: v1.KeyEnd, tea.KeyPgUp: v1.KeyPgUp, tea.KeyPgDown: v1.KeyPgDown,
}

// keyV1 is a v2 key as v1 named it.
func keyV1(k tea.Key) (v1.Key, bool) {
	alt := k.Mod&tea.ModAlt != 0
	if k.Mod&tea.ModCtrl != 0 && k.Code >= 'a' && k.Code <= 'z' {
		return v1.Key{Type: v1.KeyCtrlA + v1.KeyType(k.Code-'a'), Alt: alt}, true
	}
	if k.Code == tea.KeyTab && k.Mod&tea.ModShift != 0 {
		return v1.Key{Type: v1.KeyShiftTab, Alt: alt}, true
	}
	if t, ok := namedKeys[k.Code]; ok {
		out := v1.Key{Type: t, Alt: alt}
		if t == v1.KeySpace {
			out.Runes = []rune{' '}
		}
		return out, true
	}
	if k.Text != "" {
		return v1.Key{Type: v1.KeyRunes, Runes: []rune(k.Text), Alt: alt}, true
	}
	if k.Code > 0 && k.Code < 0x10FFFF && k.Code >= ' ' {
		return v1.Key{Type: v1.KeyRunes, Runes: []rune{k.Code}, Alt: alt}, true
	}
	return v1.Key{}, false
}
