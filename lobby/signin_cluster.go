package lobby

// This file is one key signed in on two nodes at once. On one node the
// newer session takes the older one's place at its table and the older is
// told why it closes (session.go, connect). Across nodes the same: the new
// session's node tells the others (People.SignedIn); a node with an older
// session of the key takes it off its table, where its seat is kept as for
// a lost connection, closes it with the same line, and names the table
// back (SignedInElsewhere); the new session sits down in that seat
// (TakeSeatBack).

// takenOverLine is what an older session of a key reads as it closes.
const takenOverLine = "you signed in from another connection; this one is closed"

// signedInCmd finds this node's session of key other than session.
type signedInCmd struct {
	key, session string
	reply        chan *Client
}

func (signedInCmd) hubCmd() {}

func (h *Hub) onSignedIn(cmd signedInCmd) *Client {
	c := h.byKey[cmd.key]
	if c == nil || c.guest || c.id == cmd.session {
		return nil
	}
	return c
}

// SignedInElsewhere closes this node's session of identity key, which has
// signed in on another node in session, and returns the table that keeps
// its seat for the new session ("" if none does). The caller is the
// cluster's, on its own goroutine.
func (h *Hub) SignedInElsewhere(key, session string) string {
	reply := make(chan *Client, 1)
	old, err := ask(h, signedInCmd{key: key, session: session, reply: reply}, reply)
	if err != nil || old == nil {
		return ""
	}
	kept := false
	q := old.table()
	if q != nil {
		dr := make(chan bool, 1)
		kept, _ = askTable(old, q, disconnectCmd{c: old, reply: dr}, dr, true)
	}
	old.closeWith(takenOverLine)
	if !kept {
		return ""
	}
	return q.id
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
	return seatBack{c: c, q: h.remoteQueue(cmd.table)}
}

// TakeSeatBack sits session down in the seat table keeps for its player,
// whose older session on another node has just closed (SignedInElsewhere
// there), unless it is at a table already. The caller is the cluster's, on
// its own goroutine.
func (h *Hub) TakeSeatBack(session, table string) {
	reply := make(chan seatBack, 1)
	f, err := ask(h, seatBackCmd{session: session, table: table, reply: reply}, reply)
	if err != nil || f.c == nil || f.c.table() != nil {
		return
	}
	rr := make(chan error, 1)
	_, _ = f.c.call(f.q, reattachCmd{c: f.c, reply: rr}, rr)
}
