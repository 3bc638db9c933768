package term

import (
	"sort"
	"sync/atomic"
	"time"
)

// Counts are the painters' totals, shared by every session of a server
// and safe from any goroutine. A nil *Counts counts nothing.
type Counts struct {
	updates, bytes, frames atomic.Uint64
	latency                latencies
}

// Updates counts paints that sent anything to a client.
func (c *Counts) Updates() uint64 { return c.updates.Load() }

// Bytes counts what those paints sent.
func (c *Counts) Bytes() uint64 { return c.bytes.Load() }

// Frames counts the frames models drew, whether or not anything on them
// had changed: frames over updates is the work spent on nothing.
func (c *Counts) Frames() uint64 { return c.frames.Load() }

// MoveToScreen is how long moves took to reach the screens.
func (c *Counts) MoveToScreen() Latency { return c.latency.snapshot() }

// Frame counts one frame drawn. (The painter counts its own; another
// runtime, given through ssh.Config.Run, counts with these three.)
func (c *Counts) Frame() {
	if c != nil {
		c.frames.Add(1)
	}
}

// Sent counts a paint that sent n bytes to a client (none when n is 0).
func (c *Counts) Sent(n int) {
	if c == nil || n == 0 {
		return
	}
	c.updates.Add(1)
	c.bytes.Add(uint64(n))
}

// Observe counts how long a move took to reach a screen.
func (c *Counts) Observe(d time.Duration) {
	if c != nil {
		c.latency.observe(d)
	}
}

// Latency is a histogram of how long a move took to reach a screen: from
// the moment the table applied it to the moment the session's painter had
// written the frame that shows it.
type Latency struct {
	// Bounds are the buckets' upper bounds, in seconds; Counts[i] is the
	// number of observations at or under Bounds[i] (cumulative, as
	// Prometheus has them).
	Bounds []float64
	Counts []uint64
	// Count and Sum are every observation and their total, in seconds.
	Count uint64
	Sum   float64
}

// latencyBounds are the histogram's buckets, in seconds: fine below the
// 50 ms goal, coarse above it.
var latencyBounds = []float64{.001, .002, .005, .01, .02, .03, .04, .05, .075, .1, .2, .5, 1, 2, 5}

// latencies are the painters' shared histogram.
type latencies struct {
	buckets [16]atomic.Uint64 // one per bound, and one over the last
	count   atomic.Uint64
	sumUS   atomic.Uint64 // microseconds
}

func (l *latencies) observe(d time.Duration) {
	if d < 0 {
		d = 0
	}
	sec := d.Seconds()
	i := sort.SearchFloat64s(latencyBounds, sec)
	l.buckets[i].Add(1)
	l.count.Add(1)
	l.sumUS.Add(uint64(d.Microseconds()))
}

func (l *latencies) snapshot() Latency {
	out := Latency{Bounds: latencyBounds, Counts: make([]uint64, len(latencyBounds))}
	var run uint64
	for i := range latencyBounds {
		run += l.buckets[i].Load()
		out.Counts[i] = run
	}
	out.Count = l.count.Load()
	out.Sum = float64(l.sumUS.Load()) / 1e6
	return out
}
