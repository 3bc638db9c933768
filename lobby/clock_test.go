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

// AdvanceToNext waits (up to ten seconds of real time, a bound for a stuck
// test, never a pause) until a timer is set, and if it is due within limit,
// moves the clock to it. It reports whether it did.
func (f *fakeClock) AdvanceToNext(t *testing.T, limit time.Duration) bool {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		f.mu.Lock()
		if len(f.timers) > 0 {
			sort.Slice(f.timers, func(i, j int) bool { return f.timers[i].at.Before(f.timers[j].at) })
			next := f.timers[0].at
			if next.Sub(f.now) > limit {
				f.mu.Unlock()
				return false
			}
			f.now = next
			f.fire()
			f.mu.Unlock()
			return true
		}
		f.mu.Unlock()
		select {
		case <-f.armed:
		case <-deadline:
			t.Fatal("no timer was set")
		}
	}
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
