package lobby

// This file is the ladder across the nodes of a service. A ladder table's
// line in the directory says it is one (TableInfo.Ladder), with its status
// and seats like any table's, so a seeker on a node with no one waiting
// finds a ladder table waiting on another node and sits there through its
// proxy, as a player joining a friend's private table across nodes does.
// Two seekers on two nodes at the same moment may each open a table before
// either has read of the other's: each then waits, and LadderWait gives
// each a game against the nearest reference (ladderwait.go). No lock
// across nodes is taken for a seek: one would cost every seek a round trip
// to the service for a race the wait already settles.

// remoteLadder is the queue of another node's waiting ladder table with a
// free seat, the one waiting longest (hub goroutine); nil if none.
func (h *Hub) remoteLadder() *tableQueue {
	best := ""
	var since TableInfo
	for id, l := range h.rdir.tables {
		in := l.Info
		if !in.Ladder || in.Status != Waiting || in.Taken == 0 || in.Taken >= in.Seats {
			continue
		}
		// The one that gives up waiting first (the earliest StartsAt) has
		// waited longest; the id breaks a tie, so every node picks alike.
		if best == "" || in.StartsAt.Before(since.StartsAt) || in.StartsAt.Equal(since.StartsAt) && id < best {
			best, since = id, in
		}
	}
	if best == "" {
		return nil
	}
	return h.remoteQueue(best)
}
