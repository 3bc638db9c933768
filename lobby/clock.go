package lobby

import "time"

// Clock is the lobby's time: every turn timer, grace period, countdown, bot
// pause, Minion reveal and Chili race reads it. Production runs on the real
// clock; tests pass a fake one and move it forward themselves, so no test
// waits on real time for the game to move.
//
// A table needs no ticker: it keeps the deadlines of what it will do by
// itself and sets one timer for the earliest of them (table.loop).
type Clock interface {
	// Now is the current time.
	Now() time.Time
	// NewTimer is a timer that fires once, after d (at once if d <= 0).
	NewTimer(d time.Duration) Timer
}

// Timer is a one-shot timer made by a Clock.
type Timer interface {
	// C delivers the time when the timer fires.
	C() <-chan time.Time
	// Stop stops the timer; it reports false if it had fired or been stopped.
	Stop() bool
}

// RealClock is the wall clock.
type RealClock struct{}

// Now is time.Now.
func (RealClock) Now() time.Time { return time.Now() }

// NewTimer is time.NewTimer.
func (RealClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time { return r.t.C }
func (r realTimer) Stop() bool          { return r.t.Stop() }
