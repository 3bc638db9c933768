package ssh

import "sync/atomic"

// Stats are the server's running totals, for the operator's metrics.
type Stats struct {
	// Sessions is the number of live sessions.
	Sessions int
	// ScreenUpdates counts paints that sent anything to a client, and
	// ScreenBytes what they sent, since the server started.
	ScreenUpdates, ScreenBytes uint64
}

// Stats reads the server's running totals; safe from any goroutine.
func (s *Server) Stats() Stats {
	return Stats{
		Sessions:      s.door.count(),
		ScreenUpdates: s.screens.updates.Load(),
		ScreenBytes:   s.screens.bytes.Load(),
	}
}

// screenCounts are the painters' shared totals.
type screenCounts struct {
	updates, bytes atomic.Uint64
}

func (c *screenCounts) add(n int) {
	if c == nil || n == 0 {
		return
	}
	c.updates.Add(1)
	c.bytes.Add(uint64(n))
}
