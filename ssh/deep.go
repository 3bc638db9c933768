package ssh

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Drawing a frame goes deep: the model's views, lipgloss, the width of
// every row. A goroutine's stack grows to the deepest it has gone and
// shrinks only when a collection finds it mostly unused, so sessions that
// drew their frames on their own goroutines carried the depth of a frame
// each (with 2,000 playing, 42 KB of stacks a session against 37 KB with
// the drawers), and grew and copied their stacks again after each
// collection had shrunk them.
// A session's update and frame are made instead on a few goroutines shared
// by every session (as many as the machine has cores, twice over), in one
// job: their stacks are deep once, and a session's own stays shallow. The
// job is work for the CPU only (the frame is written afterwards, from the
// session's goroutine, since a write may wait on a client), so a session
// waits on a drawer no longer than on a core.

// drawJob is one piece of drawing and where its end is told.
type drawJob struct {
	f    func()
	done chan *drawPanic // nil, or how f panicked
}

// drawPanic is a panic on a drawer, raised again on the session's
// goroutine with where it happened.
type drawPanic struct {
	value any
	stack []byte
}

func (p *drawPanic) Error() string { return fmt.Sprintf("%v (on a drawer)\n%s", p.value, p.stack) }

// A drawer takes the frames of games first: when the lobby's list changes,
// every session in the lobby draws it at once (ten thousand sessions, seven
// thousand of them in the lobby, is a second of drawing), and a move's frame
// queued behind them would reach its players a second late.
var (
	drawStart sync.Once
	drawNow   chan drawJob // frames someone waits for: a game, a key's answer
	drawLater chan drawJob // the lobby's news to sessions in the lobby
	drawDone  = sync.Pool{New: func() any { return make(chan *drawPanic, 1) }}
)

// onDrawer runs f on one of the shared drawing goroutines and waits for
// it; later jobs wait while others are queued. A panic in f is raised
// again here, on the caller's goroutine, where the session's recovery
// catches it. f must not call onDrawer itself.
func onDrawer(f func(), later bool) {
	drawStart.Do(func() {
		n := 2 * runtime.GOMAXPROCS(0)
		drawNow, drawLater = make(chan drawJob, n), make(chan drawJob, n)
		for range n {
			go drawer()
		}
	})
	done := drawDone.Get().(chan *drawPanic)
	q := drawNow
	if later {
		q = drawLater
	}
	q <- drawJob{f: f, done: done}
	p := <-done
	drawDone.Put(done)
	if p != nil {
		panic(p)
	}
}

// drawer runs the jobs it is given, for the server's life, those that
// should not wait first.
func drawer() {
	for {
		var j drawJob
		select {
		case j = <-drawNow:
		default:
			select {
			case j = <-drawNow:
			case j = <-drawLater:
			}
		}
		j.done <- runJob(j.f)
	}
}

// runJob runs f and returns how it panicked, if it did.
func runJob(f func()) (p *drawPanic) {
	defer func() {
		if r := recover(); r != nil {
			p = &drawPanic{value: r, stack: debug.Stack()}
		}
	}()
	f()
	return nil
}
