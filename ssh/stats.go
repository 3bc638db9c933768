package ssh

import "github.com/unossh/unossh/ssh/term"

// Stats are the server's running totals, for the operator's metrics.
type Stats struct {
	// Sessions is the number of live sessions.
	Sessions int
	// ScreenUpdates counts paints that sent anything to a client, and
	// ScreenBytes what they sent, since the server started.
	ScreenUpdates, ScreenBytes uint64
	// Frames counts the frames models drew, whether or not anything on
	// them had changed: frames over updates is the work spent on nothing.
	Frames uint64
	// Refusals counts the door's refusals since the start by cause ("rate",
	// "per_addr", "full", ...; every cause is present).
	Refusals map[string]uint64
	// MoveToScreen is how long moves took to reach the screens.
	MoveToScreen Latency
}

// Stats reads the server's running totals; safe from any goroutine.
func (s *Server) Stats() Stats {
	return Stats{
		Sessions:      s.door.count(),
		ScreenUpdates: s.screens.Updates(),
		ScreenBytes:   s.screens.Bytes(),
		Frames:        s.screens.Frames(),
		Refusals:      s.door.counts.snapshot(),
		MoveToScreen:  s.screens.MoveToScreen(),
	}
}

// Latency is a histogram of how long a move took to reach a screen: from
// the moment the table applied it to the moment the session's painter had
// written the frame that shows it (term.Latency).
type Latency = term.Latency
