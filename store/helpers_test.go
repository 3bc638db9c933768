package store

import (
	"context"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
)

// clock is a fake clock the tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)} } // a Wednesday

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// quiet is a logger for tests that provoke failures on purpose.
var quiet = log.New(io.Discard)

// openTest opens a store in a fresh directory with a fake clock, closed
// when the test ends.
func openTest(t testing.TB, o Options) (*DB, *clock) {
	t.Helper()
	c := newClock()
	if o.Dir == "" {
		o.Dir = t.TempDir()
	}
	if o.Now == nil {
		o.Now = c.Now
	}
	if o.Logger == nil {
		o.Logger = quiet
	}
	db, err := Open(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, c
}

var ctx = context.Background()

// must fails the test on an error and returns the value.
func must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}
