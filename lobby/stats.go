package lobby

// Stats are the lobby's figures for the operator's metrics.
type Stats struct {
	// Tables counts the live tables by status (waiting, playing, finished).
	Tables map[TableStatus]int
	// Moves counts the moves applied at every table since the start.
	Moves uint64
}

// Stats reads the lobby's figures without waiting on the hub or a table:
// the tables' lines are the ones they publish for the list.
func (h *Hub) Stats() Stats {
	s := Stats{Tables: map[TableStatus]int{Waiting: 0, Playing: 0, Finished: 0}, Moves: h.movesMade.Load()}
	h.infoMu.Lock()
	for _, in := range h.infos {
		s.Tables[in.Status]++
	}
	h.infoMu.Unlock()
	return s
}
