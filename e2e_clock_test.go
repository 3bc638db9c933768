package main

import (
	"sync"
	"testing"
	"time"

	"github.com/unossh/unossh/lobby"
)

// stepClock is a lobby clock that moves only when a test moves it, for end
// to end tests that must see every step of something timed (a Minion's draw
// shown card by card) however slowly the machine runs the clients: the test
// steps only once every screen shows the step before.
type stepClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*stepTimer
	armed  chan struct{}
}

type stepTimer struct {
	clock *stepClock
	at    time.Time
	c     chan time.Time
}

func (s *stepClock) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

func (s *stepClock) NewTimer(d time.Duration) lobby.Timer {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := &stepTimer{clock: s, at: s.now.Add(d), c: make(chan time.Time, 1)}
	if d <= 0 {
		t.c <- s.now
		return t
	}
	s.timers = append(s.timers, t)
	select {
	case s.armed <- struct{}{}:
	default:
	}
	return t
}

func (t *stepTimer) C() <-chan time.Time { return t.c }

func (t *stepTimer) Stop() bool {
	s := t.clock
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, o := range s.timers {
		if o == t {
			s.timers = append(s.timers[:i], s.timers[i+1:]...)
			return true
		}
	}
	return false
}

// step waits until a timer due within d is set, then moves the clock to it
// and fires it (and any other due by then). Timers further off (a turn
// timer) are left alone.
func (s *stepClock) step(t *testing.T, d time.Duration) {
	t.Helper()
	deadline := time.After(wait)
	for !s.tryStep(d) {
		select {
		case <-s.armed:
		case <-deadline:
			t.Fatalf("no timer within %s was set", d)
		}
	}
}

// tryStep fires the earliest timer due within d, if one is set, moving the
// clock to it; it reports whether it did.
func (s *stepClock) tryStep(d time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	var next *stepTimer
	for _, tm := range s.timers {
		if !tm.at.After(s.now.Add(d)) && (next == nil || tm.at.Before(next.at)) {
			next = tm
		}
	}
	if next == nil {
		return false
	}
	s.now = next.at
	kept := s.timers[:0]
	for _, tm := range s.timers {
		if tm.at.After(s.now) {
			kept = append(kept, tm)
			continue
		}
		tm.c <- s.now
	}
	s.timers = kept
	return true
}

// stepUntil moves the clock from one timer due within d to the next until
// done holds: for a part of a test where whatever the lobby does by itself
// (bots, races, raids) may go on at its own pace. Only the lobby's clock is
// moved; done is checked between steps.
func (s *stepClock) stepUntil(t *testing.T, d time.Duration, done func() bool) {
	t.Helper()
	deadline := time.After(wait)
	for !done() {
		if s.tryStep(d) {
			continue
		}
		select {
		case <-s.armed:
		case <-time.After(5 * time.Millisecond): // the screens may change without a timer
		case <-deadline:
			t.Fatal("the lobby did not get there")
		}
	}
}
