package lobby

// Stats are the lobby's figures for the operator's metrics.
type Stats struct {
	// Tables counts the live tables by status (waiting, playing, finished).
	Tables map[TableStatus]int
	// Moves counts the moves applied at every table since the start.
	Moves uint64
	// BotSearches counts the hard bots' decisions made by a search, and
	// BotDegraded those made without one because every thinking slot was
	// taken (botthink.go), since the start.
	BotSearches, BotDegraded uint64
	// BotThinkers is how many searches may run at once; BotThinking, how
	// many run now.
	BotThinkers, BotThinking int
	// RemoteMoveToScreens is how long moves at other nodes' tables took
	// to be posted to this node's sessions (remote_latency.go).
	RemoteMoveToScreens Latency
}

// Stats reads the lobby's figures without waiting on the hub or a table:
// the tables' lines are the ones they publish for the list.
func (h *Hub) Stats() Stats {
	s := Stats{Tables: map[TableStatus]int{Waiting: 0, Playing: 0, Finished: 0}, Moves: h.movesMade.Load(),
		BotSearches: h.thinkers.Searched(), BotDegraded: h.thinkers.Degraded(),
		BotThinkers: h.thinkers.Size(), BotThinking: h.thinkers.Busy(),
		RemoteMoveToScreens: h.remoteLatency.snapshot()}
	h.infoMu.Lock()
	for _, in := range h.infos {
		s.Tables[in.Status]++
	}
	h.infoMu.Unlock()
	return s
}
