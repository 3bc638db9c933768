package lobby

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// This file is the owner's side of remote play. A table of this node
// answers the commands that sessions on other nodes send it: each such
// session is a shadow here, a Client the table treats as any other (it
// seats it, shows it its own view, sends it notices), whose screen goes
// back to the session's node instead of to a terminal. The command's
// answer carries the shadow's screen as it stands once the table has
// published the command's effect; what the table does by itself (another
// player's move, a timer) reaches the session's node through the outbox,
// one message per node with every shadow that changed meanwhile. A view
// is the viewer's own, as here: a hand goes only to the node of the
// session whose seat it is, and a spectator's view has none.

// shadow is what makes a Client a shadow.
type shadow struct {
	node  string // the session's node
	run   uint64 // and that node's run
	table string // the table it stands at
	owner string // the table's ownerTag
	born  uint64 // when it was made, in the hub's screen versions
	out   *outbox
	// posted counts the table's posts to the shadow, and sent is posted
	// as it was when its screen was last read to be sent (under the
	// Client's lock): a screen that went out in a command's answer is not
	// sent again by the outbox. While a command of the shadow's is being
	// answered (answering), the outbox leaves the shadow to the answer,
	// which reads its screen once the command is done.
	posted    atomic.Uint64
	sent      uint64
	answering atomic.Bool
}

func (s *shadow) relay(c *Client) {
	s.posted.Add(1)
	s.out.mark(c)
}

// ownerTag names a table's owner: its node and the table's incarnation
// there (table.epoch).
func ownerTag(node string, epoch uint64) string { return fmt.Sprintf("%s#%d", node, epoch) }

// servedTable is a table of this node as other nodes reach it: its queue,
// and its incarnation here (a tournament's room is served the same way:
// tournament_cluster.go).
type servedTable struct {
	q     *tableQueue
	epoch uint64
	// room: a tournament's, whose sessions play at its tables; each
	// command goes where the shadow is (the room, or the table it sits or
	// watches at), as a session of this node sends it.
	room bool
	stop func()

	mu      sync.Mutex
	shadows map[string]*Client // by session id
}

// serveTable lets sessions on other nodes play at t (hub goroutine).
func (h *Hub) serveTable(t *table) {
	if !h.clustered() || t.tour != nil {
		return
	}
	h.serve(&servedTable{q: t.q, epoch: t.epoch, shadows: map[string]*Client{}})
}

// serve answers the requests to st's queue from other nodes (hub
// goroutine).
func (h *Hub) serve(st *servedTable) {
	stop, err := h.cfg.Cluster.ServeTable(st.q.id, func(req []byte) []byte { return h.answerRemote(st, req) })
	if err != nil {
		h.logError("a table cannot be reached from other nodes", "table", st.q.id, "err", err)
		return
	}
	st.stop = stop
	h.served[st.q.id] = st
}

// unserveTable stops answering for a table that closed (hub goroutine).
func (h *Hub) unserveTable(id string) {
	if st := h.served[id]; st != nil {
		st.stop()
		delete(h.served, id)
	}
}

// shadowOf is the shadow of session s at the table, made on its first
// command; its nickname follows the session's.
func (st *servedTable) shadowOf(h *Hub, s wireSession) *Client {
	st.mu.Lock()
	defer st.mu.Unlock()
	c := st.shadows[s.ID]
	if c == nil || c.key != s.Key {
		c = &Client{id: s.ID, key: s.Key, guest: s.Guest, hub: h, notify: make(chan struct{}, 1),
			sh: &shadow{node: s.Node, run: s.Run, table: st.q.id, owner: ownerTag(h.cfg.Cluster.Node(), st.epoch), born: h.screenVer.Add(1), out: h.out}}
		st.shadows[s.ID] = c
	}
	c.program.Store(s.Program)
	c.mu.Lock()
	c.screen.Nick = s.Nick
	if s.Account != 0 {
		c.acct.id = s.Account
	}
	c.mu.Unlock()
	return c
}

func (st *servedTable) forget(c *Client) {
	st.mu.Lock()
	if st.shadows[c.id] == c {
		delete(st.shadows, c.id)
	}
	st.mu.Unlock()
}

// answerRemote carries out one command from another node at table st.q,
// the way a session of this node would, and answers with its result and
// the shadow's screen.
func (h *Hub) answerRemote(st *servedTable, req []byte) []byte {
	var w wireCmd
	if err := wireDecode(req, &w); err != nil {
		return wireEncode(wireReply{Err: "the server could not read that request"})
	}
	c := st.shadowOf(h, w.S)
	q := st.q
	if at := c.table(); st.room && at != nil {
		q = at // a tournament's table: where a session of this node would send it
	}
	c.sh.answering.Store(true)
	defer func() {
		c.sh.answering.Store(false)
		if unsent(c) {
			c.sh.out.mark(c) // posted to after the answer read its screen
		}
	}()
	var out wireReply
	ask := func(cmd tableCmd, reply chan error) {
		e, err := request(h.ctx, q.cmds, q.done, cmd, reply, true)
		out.Gone, out.Err = err != nil, encodeErr(e)
	}
	switch w.Op {
	case opJoin:
		r := make(chan error, 1)
		ask(joinCmd{c: c, watch: w.Watch, reply: r}, r)
	case opReattach:
		r := make(chan error, 1)
		ask(reattachCmd{c: c, reply: r, resume: w.Resume}, r)
	case opSit:
		r := make(chan error, 1)
		ask(sitCmd{c: c, reply: r}, r)
	case opSeekPublic:
		r := make(chan error, 1)
		ask(seekPublicCmd{c: c, reply: r}, r)
	case opIntent:
		if w.Intent == nil {
			return wireEncode(wireReply{Err: "the server could not read that request"})
		}
		r := make(chan error, 1)
		ask(intentCmd{c: c, in: *w.Intent, reply: r}, r)
		out.Ignore = c.takeIgnoreChange() // (moderation_players.go)
	case opDisconnect:
		r := make(chan bool, 1)
		kept, err := request(h.ctx, q.cmds, q.done, tableCmd(disconnectCmd{c: c, reply: r}), r, true)
		out.Gone, out.Kept = err != nil, kept
		st.forget(c)
	case opRename:
		select {
		case q.cmds <- renameCmd{c: c, nick: w.Nick}:
		case <-q.done:
			out.Gone = true
		case <-h.ctx.Done():
			out.Gone = true
		}
	default:
		return wireEncode(wireReply{Err: "the server could not read that request"})
	}
	out.State = h.shadowScreen(c)
	return wireEncode(out)
}

// shadowScreen is what the table has posted to shadow c, with the next
// version: read under c's lock, a later reading always has a later
// version, so the session's node keeps the newest whatever way it came.
func (h *Hub) shadowScreen(c *Client) *wireScreen {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sh.sent = c.sh.posted.Load()
	return (&wireScreen{
		Table: c.sh.table, Session: c.id, Node: h.cfg.Cluster.Node(), Owner: c.sh.owner, Born: c.sh.born,
		Ver: h.screenVer.Add(1), At: c.at != nil, View: c.screen.Table, Held: c.screen.Held,
		Notice: c.screen.Notice, Left: c.screen.Left, Closed: c.screen.Closed,
	}).seal()
}

// unsent reports whether the table has posted to shadow c since its
// screen was last read to be sent.
func unsent(c *Client) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sh.posted.Load() != c.sh.sent
}

// outbox sends the shadows' screens that changed to their nodes: one
// goroutine, one message per node each time round, so a burst of posts to
// one shadow goes as its newest screen, and one node's screens go out in
// the order they were read.
type outbox struct {
	h     *Hub
	mu    sync.Mutex
	dirty map[*Client]struct{}
	wake  chan struct{}
}

func newOutbox(h *Hub) *outbox {
	return &outbox{h: h, dirty: map[*Client]struct{}{}, wake: make(chan struct{}, 1)}
}

// mark queues shadow c's screen to be sent; it never waits.
func (o *outbox) mark(c *Client) {
	o.mu.Lock()
	o.dirty[c] = struct{}{}
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

func (o *outbox) run() {
	for {
		select {
		case <-o.wake:
		case <-o.h.ctx.Done():
			return
		}
		o.mu.Lock()
		dirty := o.dirty
		o.dirty = make(map[*Client]struct{}, len(dirty))
		o.mu.Unlock()
		byNode := map[string]*wireScreens{}
		for c := range dirty {
			if c.sh.answering.Load() || !unsent(c) {
				continue // in a command's answer, or in one already
			}
			m := byNode[c.sh.node]
			if m == nil {
				m = &wireScreens{}
				byNode[c.sh.node] = m
			}
			m.Screens = append(m.Screens, o.h.shadowScreen(c))
		}
		for node, m := range byNode {
			if err := o.h.cfg.Cluster.SendScreens(node, wireEncode(m)); err != nil {
				o.h.logError("screens for another node were not sent", "node", node, "err", err)
			}
		}
	}
}
