package lobby

import (
	"time"

	"github.com/unossh/unossh/store"
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

// Latency is a histogram of delays, as the operator's metrics take it
// (the journal's own, the same buckets as the painter's).
type Latency = store.Histogram

// remoteLatency is the histogram of moves reaching this node's sessions
// from other nodes' tables; every proxy observes into it.
type remoteLatency struct{ store.Durations }

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
	l.Observe(now.Sub(v.MovedAt))
}

func (l *remoteLatency) snapshot() Latency { return l.Snapshot() }
