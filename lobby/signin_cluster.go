package lobby

// This file is one key signed in on two nodes at once. On one node the
// newer session takes the older one's place at its table, playing or
// still waiting for its game, and the older is told why it closes
// (session.go, connect). Across nodes the same: the new session's node
// tells the others (People.SignedIn); a node with an older session of the
// key lets go of it without a word to its table (its Disconnect leaves
// the table alone: Client.handedOn), closes it with the same
// line, and names the table back (SignedInElsewhere); the new session
// takes the seat its key holds there (TakeSeatBack), and only then is the
// table told the older session has gone (settle), which by then changes
// nothing. Told first, a table still waiting for its game would free the
// seat, and the newer session would start in the lobby.

// takenOverLine is what an older session of a key reads as it closes.
const takenOverLine = "you signed in from another connection; this one is closed"

// signedInCmd finds this node's session of key other than session, and
// marks it handed on.
type signedInCmd struct {
	key, session string
	reply        chan signedIn
}

// signedIn is the older session, the queue it was at and the name of that
// table for another node: a tournament's table is reached through its
// room.
type signedIn struct {
	c    *Client
	q    *tableQueue
	name string
}

func (signedInCmd) hubCmd() {}

func (h *Hub) onSignedIn(cmd signedInCmd) signedIn {
	c := h.byKey[cmd.key]
	if c == nil || c.guest || c.id == cmd.session {
		return signedIn{}
	}
	c.mu.Lock()
	q := c.at
	// At no table yet (a join still on its way), its Disconnect goes to
	// whatever table it reaches, as any session's.
	c.handedOn = q != nil
	c.mu.Unlock()
	if q == nil {
		return signedIn{c: c}
	}
	name := q.id
	if t := h.tables[q.id]; t != nil && t.q == q && t.tour != nil {
		name = t.tour.id
	}
	return signedIn{c: c, q: q, name: name}
}

// SignedInElsewhere closes this node's session of identity key, which has
// signed in on another node in session, and returns the table where it
// was ("" if none), whose seat the new session takes (TakeSeatBack). The
// caller calls settle once the new session has sat down there, or could
// not: the table is told then that the older session has gone, as a lost
// connection if its seat is still the older session's. The caller is the
// cluster's, on its own goroutine.
func (h *Hub) SignedInElsewhere(key, session string) (table string, settle func()) {
	reply := make(chan signedIn, 1)
	old, err := ask(h, signedInCmd{key: key, session: session, reply: reply}, reply)
	if err != nil || old.c == nil {
		return "", func() {}
	}
	old.c.closeWith(takenOverLine)
	if old.q == nil {
		return "", func() {}
	}
	q := old.q
	return old.name, func() {
		dr := make(chan bool, 1)
		_, _ = request(h.ctx, q.cmds, q.done, tableCmd(disconnectCmd{c: old.c, reply: dr}), dr, true)
	}
}

// isHandedOn reports whether the session's seat goes to a newer session
// of its player on another node (SignedInElsewhere).
func (c *Client) isHandedOn() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.handedOn
}

// seatBackCmd finds session and the queue of table.
type seatBackCmd struct {
	session, table string
	reply          chan seatBack
}

type seatBack struct {
	c *Client
	q *tableQueue
}

func (seatBackCmd) hubCmd() {}

func (h *Hub) onSeatBack(cmd seatBackCmd) seatBack {
	c := h.clients[cmd.session]
	if c == nil || h.shutdown {
		return seatBack{}
	}
	if t := h.tables[cmd.table]; t != nil {
		return seatBack{c: c, q: t.q}
	}
	if tr := h.tours.byID[cmd.table]; tr != nil {
		return seatBack{c: c, q: tr.q}
	}
	return seatBack{c: c, q: h.remoteQueue(cmd.table)}
}

// TakeSeatBack sits session down in the seat its player holds at table,
// whose older session on another node has just closed (SignedInElsewhere
// there), unless it is at a table already. It returns once the table has
// answered. The caller is the cluster's, on its own goroutine.
func (h *Hub) TakeSeatBack(session, table string) {
	reply := make(chan seatBack, 1)
	f, err := ask(h, seatBackCmd{session: session, table: table, reply: reply}, reply)
	if err != nil || f.c == nil || f.c.table() != nil {
		return
	}
	rr := make(chan error, 1)
	_, _ = f.c.call(f.q, reattachCmd{c: f.c, reply: rr}, rr)
}
