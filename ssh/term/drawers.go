package term

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// Drawing a frame goes deep: the model's views, lipgloss, the width of
// every row. A goroutine's stack grows to the deepest it has gone and
// shrinks only when a collection finds it mostly unused, so sessions that
// drew their frames on their own goroutines carried the depth of a frame
// each (docs/benchmarks.md has the figures), and grew and copied their
// stacks again after each collection had shrunk them.
//
// A session's update and frame are made instead on a few goroutines shared
// by every session, in one job: their stacks are deep once, and a
// session's own stays shallow. The job is work for the CPU only (the frame
// is written afterwards, from the session's goroutine, since a write may
// wait on a client), so a session waits on a drawer no longer than on a
// core.
//
// A drawer takes the frames of games first: when the lobby's list changes,
// every session in the lobby draws it at once, and a move's frame queued
// behind them would reach its players late.

// Drawers are the shared drawing goroutines of one server: StartDrawers
// starts them, Stop ends them. A nil *Drawers draws on the caller's own
// goroutine (tests of a lone painter).
type Drawers struct {
	now   chan drawJob // frames someone waits for: a game, a key's answer
	later chan drawJob // the lobby's news to sessions in the lobby
	quit  chan struct{}
	wg    sync.WaitGroup
	done  sync.Pool // chan *drawPanic, one per job in flight

	// mu is held to read while a job is queued, and to write by Stop, so
	// that no job is queued once the drawers may have stopped.
	mu      sync.RWMutex
	stopped bool
}

// StartDrawers starts n drawing goroutines (at least one), each queue with
// room for a job per drawer.
func StartDrawers(n int) *Drawers {
	n = max(n, 1)
	d := &Drawers{now: make(chan drawJob, n), later: make(chan drawJob, n), quit: make(chan struct{})}
	d.done.New = func() any { return make(chan *drawPanic, 1) }
	d.wg.Add(n)
	for range n {
		go d.drawer()
	}
	return d
}

// Stop ends the drawers once the jobs they hold are done. A job given
// after Stop runs on its caller's goroutine.
func (d *Drawers) Stop() {
	if d == nil {
		return
	}
	d.mu.Lock()
	if !d.stopped {
		d.stopped = true
		close(d.quit)
	}
	d.mu.Unlock()
	d.wg.Wait()
}

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

// do runs f on one of the drawers and waits for it; later jobs wait while
// others are queued. A panic in f is raised again here, on the caller's
// goroutine, where the session's recovery catches it. f must not call do
// itself.
func (d *Drawers) do(f func(), later bool) {
	if d == nil {
		f()
		return
	}
	done := d.done.Get().(chan *drawPanic)
	q := d.now
	if later {
		q = d.later
	}
	d.mu.RLock()
	if d.stopped {
		d.mu.RUnlock()
		d.done.Put(done)
		f()
		return
	}
	q <- drawJob{f: f, done: done}
	d.mu.RUnlock()
	p := <-done
	d.done.Put(done)
	if p != nil {
		panic(p)
	}
}

// drawer runs the jobs it is given until Stop, those that should not wait
// first; once stopped, it runs what is still queued and ends.
func (d *Drawers) drawer() {
	defer d.wg.Done()
	for {
		var j drawJob
		select {
		case j = <-d.now:
		default:
			select {
			case j = <-d.now:
			case j = <-d.later:
			case <-d.quit:
				d.drain()
				return
			}
		}
		j.done <- runJob(j.f)
	}
}

// drain runs the jobs still queued when the drawers stop.
func (d *Drawers) drain() {
	for {
		select {
		case j := <-d.now:
			j.done <- runJob(j.f)
		case j := <-d.later:
			j.done <- runJob(j.f)
		default:
			return
		}
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
