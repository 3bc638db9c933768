package lobby

import "errors"

// This file is the ladder across the nodes of a service. A ladder table's
// line in the directory says it is one (TableInfo.Ladder), with its status
// and seats like any table's, so a seeker on a node with no one waiting
// finds a ladder table waiting on another node and sits there through its
// proxy, as a player joining a friend's private table across nodes does.
// Two seekers on two nodes at the same moment may each open a table before
// either node has read of the other's: when a node reads of a waiting
// ladder table older than its own, its own lone player moves there (the
// older of two is the same on every node), so the two still meet. No lock
// across nodes is taken for a seek: it would cost every seek a round trip
// to the service for a race this settles.

// waitingLadder reports whether a table is a ladder table with one player
// waiting for a partner.
func waitingLadder(in TableInfo) bool {
	return in.Ladder && in.Status == Waiting && in.Taken == 1 && in.Seats == 2
}

// olderLadder reports whether waiting table a has waited longer than b:
// the one that gives up waiting first (the earlier StartsAt), the id
// breaking a tie, so that every node picks alike.
func olderLadder(a TableInfo, b TableInfo) bool {
	if !a.StartsAt.Equal(b.StartsAt) {
		return a.StartsAt.Before(b.StartsAt)
	}
	return a.ID < b.ID
}

// remoteLadder is the queue of another node's waiting ladder table, the one
// waiting longest (hub goroutine); nil if none.
func (h *Hub) remoteLadder() *tableQueue {
	if best := h.oldestRemoteLadder(); best.ID != "" {
		return h.remoteQueue(best.ID)
	}
	return nil
}

// oldestRemoteLadder is the line of another node's waiting ladder table
// that has waited longest (ID "": none).
func (h *Hub) oldestRemoteLadder() TableInfo {
	var best TableInfo
	for _, l := range h.rdir.tables {
		if waitingLadder(l.Info) && (best.ID == "" || olderLadder(l.Info, best)) {
			best = l.Info
		}
	}
	return best
}

// onLadderWait makes q this node's waiting ladder table, unless another
// node's, read of before q opened, waited longer (hub goroutine).
func (h *Hub) onLadderWait(q *tableQueue) {
	h.ladder = q
	if h.clustered() {
		h.ladderMeet(h.oldestRemoteLadder())
	}
}

// ladderMoveCmd sends the lone player of a waiting ladder table to
// another, where another player waits.
type ladderMoveCmd struct{ to *tableQueue }

func (ladderMoveCmd) tableCmd() {}

// ladderMeet is another node's table line read (hub goroutine): when it is
// a waiting ladder table older than this node's, this node's waiting player
// goes there.
func (h *Hub) ladderMeet(in TableInfo) {
	q := h.ladder
	if q == nil || !waitingLadder(in) {
		return
	}
	h.infoMu.Lock()
	mine, ok := h.infos[q.id]
	h.infoMu.Unlock()
	if !ok || !waitingLadder(mine) || !olderLadder(in, mine) {
		return
	}
	select {
	case q.cmds <- ladderMoveCmd{to: h.remoteQueue(in.ID)}:
		h.ladder = nil
	default:
		// Closed, or its queue is full: it waits out its time instead.
	}
}

// ladderMoved tells the player why their table changed.
const ladderMoved = "another player was waiting on the ladder: you sit at their table"

// onLadderMove moves the table's lone player to the table to (table
// goroutine): they leave this one, which closes, and sit there. The move
// is the player's session's, made off this goroutine as a seek of theirs
// would be; should that table have filled meanwhile, they seek the ladder
// again.
func (t *table) onLadderMove(to *tableQueue) {
	if t.status != Waiting || t.taken() != 1 {
		return
	}
	var c *Client
	for _, s := range t.seats {
		if s.human() && s.client != nil {
			c = s.client
		}
	}
	if c == nil {
		return
	}
	c.notice(ladderMoved, false)
	t.leave(c, "")
	go func() {
		if err := c.enter(to, false); err != nil && !errors.Is(err, ErrShuttingDown) {
			if err := c.SeekLadder(); err != nil {
				c.notice(err.Error(), true)
			}
		}
	}()
}
