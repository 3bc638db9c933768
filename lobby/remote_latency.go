package lobby

import (
	"sort"
	"sync/atomic"
	"time"
)

// This file measures a move's way to the sessions of other nodes: the
// owner stamps each view with when its latest move was applied
// (TableView.MovedAt), the view crosses NATS to the session's node, and
// the proxy there observes the delay when it posts the view to its
// session. The session's painter measures the whole way to the terminal
// (the ssh package's move-to-screens histogram) for every screen, local or
// not; this one is the crossing alone, and only for screens of another
// node's tables, so the operator can tell the two apart. The stamp is the
// owner's clock and the delay is read on this node's: across machines it
// holds their clocks' difference too.

// Latency is a histogram of delays, as the operator's metrics take it.
type Latency struct {
	// Bounds are the buckets' upper bounds, in seconds; Counts[i] is the
	// number of observations at or under Bounds[i] (cumulative).
	Bounds []float64
	Counts []uint64
	// Count and Sum are every observation and their total, in seconds.
	Count uint64
	Sum   float64
}

// remoteBounds are the histogram's buckets, in seconds: the painter's
// own, fine below the 50 ms goal and coarse above it, so the two compare.
var remoteBounds = []float64{.001, .002, .005, .01, .02, .03, .04, .05, .075, .1, .2, .5, 1, 2, 5}

// remoteLatency is the histogram of moves reaching this node's sessions
// from other nodes' tables; every proxy observes into it.
type remoteLatency struct {
	buckets [16]atomic.Uint64 // one per bound, and one over the last
	count   atomic.Uint64
	sumUS   atomic.Uint64 // microseconds
}

// observeView counts v's move if it is one the member has not been shown:
// not the first view it gets of the table (that measures joining, not
// moving), nor one without a stamp.
func (l *remoteLatency) observeView(m *member, v *TableView, now time.Time) {
	if v == nil {
		return
	}
	seen, last := m.stamped, m.moves
	m.stamped, m.moves = true, v.Moves
	if !seen || v.Moves <= last || v.MovedAt.IsZero() {
		return
	}
	d := max(now.Sub(v.MovedAt), 0)
	l.buckets[sort.SearchFloat64s(remoteBounds, d.Seconds())].Add(1)
	l.count.Add(1)
	l.sumUS.Add(uint64(d.Microseconds()))
}

func (l *remoteLatency) snapshot() Latency {
	out := Latency{Bounds: remoteBounds, Counts: make([]uint64, len(remoteBounds))}
	var run uint64
	for i := range remoteBounds {
		run += l.buckets[i].Load()
		out.Counts[i] = run
	}
	out.Count = l.count.Load()
	out.Sum = float64(l.sumUS.Load()) / 1e6
	return out
}
