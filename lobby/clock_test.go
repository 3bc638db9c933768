package lobby

import (
	"sort"
	"sync"
	"testing"
	"time"
)

// fakeClock is a Clock that moves only when a test moves it: timers fire
// when Advance (or AdvanceToNext) takes the time past their deadline.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
	armed  chan struct{} // signalled whenever a timer is set
}

type fakeTimer struct {
	clock *fakeClock
	at    time.Time
	c     chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), armed: make(chan struct{}, 1)}
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) NewTimer(d time.Duration) Timer {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := &fakeTimer{clock: f, at: f.now.Add(d), c: make(chan time.Time, 1)}
	if d <= 0 {
		t.c <- f.now
		return t
	}
	f.timers = append(f.timers, t)
	select {
	case f.armed <- struct{}{}:
	default:
	}
	return t
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Stop() bool {
	f := t.clock
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, o := range f.timers {
		if o == t {
			f.timers = append(f.timers[:i], f.timers[i+1:]...)
			return true
		}
	}
	return false
}

// Advance moves the clock on by d and fires every timer now due.
func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
	f.fire()
}

func (f *fakeClock) fire() {
	kept := f.timers[:0]
	for _, t := range f.timers {
		if t.at.After(f.now) {
			kept = append(kept, t)
			continue
		}
		t.c <- f.now
	}
	f.timers = kept
}

// waitArmed waits until a timer is set, and reports true, or until the
// session's screen changes, and reports false. A table sets its timer only
// after it has sent everyone the state the timer belongs to, so once one is
// set, the screens are up to date. Ten seconds of real time bound a stuck
// test; they are never a pause.
func (f *fakeClock) waitArmed(t *testing.T, c *Client) bool {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		f.mu.Lock()
		n := len(f.timers)
		f.mu.Unlock()
		if n > 0 {
			return true
		}
		select {
		case <-f.armed:
		case <-c.Updates():
			return false
		case <-deadline:
			t.Fatal("no timer was set and nothing changed: the table waits for a player")
		}
	}
}

// advanceToNext moves the clock to the earliest timer set, firing it.
func (f *fakeClock) advanceToNext() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.timers) == 0 {
		return
	}
	sort.Slice(f.timers, func(i, j int) bool { return f.timers[i].at.Before(f.timers[j].at) })
	f.now = f.timers[0].at
	f.fire()
}

// clockOf is the fake clock a test hub runs on.
func clockOf(h *Hub) *fakeClock { return h.cfg.Clock.(*fakeClock) }

// runUntil moves the hub's clock from one deadline to the next until c's
// screen satisfies ok.
func runUntil(t *testing.T, c *Client, ok func(Screen) bool) Screen {
	t.Helper()
	clk := clockOf(c.hub)
	for range 10000 {
		if s := c.Screen(); ok(s) {
			return s
		}
		if !clk.waitArmed(t, c) {
			continue
		}
		if s := c.Screen(); ok(s) {
			return s
		}
		clk.advanceToNext()
	}
	t.Fatalf("never came; last screen: %+v", c.Screen())
	return Screen{}
}

// The fake clock fires a timer when it is moved past the deadline, and
// never before.
func TestFakeClock(t *testing.T) {
	f := newFakeClock()
	tm := f.NewTimer(time.Second)
	f.Advance(999 * time.Millisecond)
	select {
	case <-tm.C():
		t.Fatal("fired early")
	default:
	}
	f.Advance(time.Millisecond)
	select {
	case <-tm.C():
	default:
		t.Fatal("did not fire")
	}
	if f.NewTimer(0); len(f.timers) != 0 {
		t.Fatal("a timer due at once is not kept")
	}
}
