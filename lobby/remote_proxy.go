package lobby

import (
	"context"
	"errors"
	"sync"
	"time"
)

// This file is the session's side of remote play. A session at a table
// another node owns holds a queue like any other; one proxy per remote
// table on this node serves it, in order: it sends each command to the
// owner as a request (with who the session is), waits for the answer,
// puts the shadow's screen it carries on the session's screen, and only
// then answers the session, as the table would have. The screens the
// owner sends by itself arrive through deliverScreens. Every screen
// carries the owner's version: an older one never replaces a newer.

// remoteWait bounds one request to another node's table.
const remoteWait = 10 * time.Second

// proxy serves the queue of a table another node owns.
type proxy struct {
	h    *Hub
	q    *tableQueue
	quit chan struct{}

	mu      sync.Mutex
	members map[string]*member // the sessions that sent it commands, by id
	// owner is who serves the table, as last known ("": not yet), as
	// ownerTag names it: screens from any other are old news from a node
	// that lost it.
	owner string
	// inflight ends the request on its way to the owner, if one is
	// (ownerGone).
	inflight context.CancelFunc
}

// member is a session as the proxy knows it: the newest screen of its
// shadow it applied.
type member struct {
	c      *Client
	node   string // the owner node the marks are from
	born   uint64 // the shadow they are from
	ver    uint64
	left   int
	notice int
	held   bool // its screen shows a seat this table keeps for it
	seat   int  // its seat in the latest view (-1: watching)
	// The move count of the latest view posted, once stamped is set, for
	// the remote move-to-screens histogram (remote_latency.go).
	moves   int
	stamped bool
}

// proxies are the proxies of this node, by table id.
type proxies struct {
	mu sync.Mutex
	m  map[string]*proxy
}

// remoteQueue is the queue of table id, which another node owns.
func (h *Hub) remoteQueue(id string) *tableQueue {
	h.proxies.mu.Lock()
	defer h.proxies.mu.Unlock()
	if p := h.proxies.m[id]; p != nil {
		return p.q
	}
	p := &proxy{h: h, quit: make(chan struct{}), members: map[string]*member{},
		q: &tableQueue{id: id, cmds: make(chan tableCmd, queueLen), done: make(chan struct{})}}
	h.proxies.m[id] = p
	go p.run()
	return p.q
}

// proxyOf is the proxy of table id, or nil.
func (h *Hub) proxyOf(id string) *proxy {
	h.proxies.mu.Lock()
	defer h.proxies.mu.Unlock()
	return h.proxies.m[id]
}

// endProxy stops the proxy of a table that has gone.
func (h *Hub) endProxy(id string) {
	if p := h.proxyOf(id); p != nil {
		p.end()
	}
}

func (p *proxy) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.quit:
	default:
		close(p.quit)
	}
}

// run takes the queue's commands in order. When the table has gone, the
// proxy ends, and whatever is still queued is answered by done, as at a
// table of this node that closed.
func (p *proxy) run() {
	defer func() {
		p.h.proxies.mu.Lock()
		if p.h.proxies.m[p.q.id] == p {
			delete(p.h.proxies.m, p.q.id)
		}
		p.h.proxies.mu.Unlock()
		close(p.q.done)
	}()
	for {
		select {
		case cmd := <-p.q.cmds:
			if !p.forward(cmd) {
				return
			}
		case <-p.quit:
			p.unseatAll()
			return
		case <-p.h.ctx.Done():
			return
		}
	}
}

// errTableClosed is what a player at a table of another node reads when it
// closed and its own words did not reach them.
var errTableClosed = errors.New("the table has closed")

// unseatAll sends the members still at the table back to the lobby once
// it has closed. Its owner's last screens (which say why) and the news
// that it closed come by different ways: when the news comes first, the
// screens find no proxy, and without this the members would be left
// looking at a table that is no more.
func (p *proxy) unseatAll() {
	p.mu.Lock()
	at := make([]*Client, 0, len(p.members))
	for _, m := range p.members {
		at = append(at, m.c)
	}
	p.mu.Unlock()
	for _, c := range at {
		c.unseat(p.q, errTableClosed.Error(), false) // nothing if it is elsewhere
	}
}

// forward sends one command to the table's owner and answers it; false
// when the table has gone.
func (p *proxy) forward(cmd tableCmd) bool {
	switch cmd := cmd.(type) {
	case joinCmd:
		r, ok := p.ask(cmd.c, wireCmd{Op: opJoin, Watch: cmd.watch})
		if ok {
			cmd.reply <- decodeErr(r.Err)
		}
		return ok
	case reattachCmd:
		r, ok := p.ask(cmd.c, wireCmd{Op: opReattach, Resume: cmd.resume})
		if ok {
			cmd.reply <- decodeErr(r.Err)
		}
		return ok
	case sitCmd:
		r, ok := p.ask(cmd.c, wireCmd{Op: opSit})
		if ok {
			cmd.reply <- decodeErr(r.Err)
		}
		return ok
	case seekPublicCmd:
		r, ok := p.ask(cmd.c, wireCmd{Op: opSeekPublic})
		if ok {
			cmd.reply <- decodeErr(r.Err)
		}
		return ok
	case intentCmd:
		in := cmd.in
		r, ok := p.ask(cmd.c, wireCmd{Op: opIntent, Intent: &in})
		if ok {
			cmd.answer(decodeErr(r.Err))
		}
		return ok
	case disconnectCmd:
		r, ok := p.ask(cmd.c, wireCmd{Op: opDisconnect})
		p.mu.Lock()
		delete(p.members, cmd.c.id)
		p.mu.Unlock()
		if ok {
			cmd.reply <- r.Kept
		}
		return ok
	case renameCmd:
		_, ok := p.ask(cmd.c, wireCmd{Op: opRename, Nick: cmd.nick})
		return ok
	case movedCmd:
		if p.ownerNow() != "" && cmd.owner != p.ownerNow() {
			p.goOnAt(cmd.owner)
		}
		return true
	}
	// The operator's snapshot and a tournament's commands are for tables of
	// this node only: no session sends them to a proxy.
	return true
}

// ask sends w for session c and applies the shadow's screen it brings
// back; false when the table has gone (or no node serves it). When the
// answer comes from a node other than the one before, the table has moved
// (its node died or drained): this node's sessions at it are first taken
// back to their seats there, and a command the new owner refused for want
// of them is sent again. That answer is not applied before: it is the
// screen of a shadow the new owner made for c just now, which does not
// stand at the table yet, and it would take c off the table here, so that
// it would not be taken back to its seat (a player whose key waited out
// the takeover would sit in the lobby while the table timed their turn out).
func (p *proxy) ask(c *Client, w wireCmd) (wireReply, bool) {
	before := p.ownerNow()
	r, ok := p.send(c, w)
	if ok && r.State != nil && before != "" && r.State.Owner != before && w.Op != opJoin && w.Op != opReattach {
		p.goOnAt(r.State.Owner)
		if r.Err != "" {
			return p.askOnce(c, w)
		}
	}
	p.take(r) // older than the seat taken back, if it was: dropped
	return r, ok
}

// askOnce sends w once a node serves the table (send), and applies the
// shadow's screen it brings back.
func (p *proxy) askOnce(c *Client, w wireCmd) (wireReply, bool) {
	r, ok := p.send(c, w)
	p.take(r)
	return r, ok
}

// take applies the screen an answer brings, from the node that answered:
// the node that serves the table.
func (p *proxy) take(r wireReply) {
	if r.State != nil {
		p.setOwner(r.State.Owner)
		p.apply(r.State)
	}
}

// send sends w once a node serves the table: while none does (its old
// node is gone and another is taking it over) it tries again, for as long
// as a takeover may take. The answer's screen is the caller's to apply.
func (p *proxy) send(c *Client, w wireCmd) (wireReply, bool) {
	p.join(c)
	w.S = wireSession{ID: c.id, Key: c.key, Guest: c.guest, Nick: c.nick(), Node: p.h.cfg.Cluster.Node(), Run: p.h.runID,
		Account: c.accountOf().id, Program: c.program.Load()}
	req := wireEncode(w)
	var r wireReply
	deadline := time.Now().Add(adoptWait)
	pause := 20 * time.Millisecond
	for {
		ctx, cancel := context.WithTimeout(p.h.ctx, remoteWait)
		p.mu.Lock()
		p.inflight = cancel
		p.mu.Unlock()
		b, err := p.h.cfg.Cluster.AskTable(ctx, p.q.id, req)
		p.mu.Lock()
		p.inflight = nil
		p.mu.Unlock()
		abandoned := errors.Is(ctx.Err(), context.Canceled)
		cancel()
		if err == nil {
			if err := wireDecode(b, &r); err != nil {
				p.h.logError("a table on another node answered what cannot be read", "table", p.q.id, "err", err)
				return r, false
			}
			if r.Ignore != nil { // (moderation_players.go)
				c.setIgnored(r.Ignore.Speaker, r.Ignore.On)
			}
			break
		}
		if !errors.Is(err, ErrNoOwner) && !abandoned {
			p.h.logError("a table on another node did not answer", "table", p.q.id, "err", err)
		}
		if time.Now().After(deadline) || p.h.ctx.Err() != nil || p.ended() {
			return r, false
		}
		select {
		case <-time.After(pause):
		case <-p.quit:
			return r, false
		case <-p.h.ctx.Done():
			return r, false
		}
		pause = min(2*pause, 500*time.Millisecond)
	}
	return r, !r.Gone
}

// goOnAt takes the sessions of this node at the table back to their seats
// (or their places among the spectators) on its new owner, node.
//
// The sessions are listed before the new owner's screens are let in: one
// of a shadow it has not seated yet, applied first, would take its session
// off the table here, and the session would be left out.
func (p *proxy) goOnAt(node string) {
	p.mu.Lock()
	var at []*member
	for _, m := range p.members {
		if m.c.table() == p.q {
			at = append(at, m)
		}
	}
	p.owner = node
	p.mu.Unlock()
	for _, m := range at {
		w := wireCmd{Op: opReattach, Resume: true}
		if m.seat < 0 {
			w = wireCmd{Op: opJoin, Watch: true}
		}
		if r, ok := p.askOnce(m.c, w); ok && r.Err != "" {
			m.c.unseat(p.q, r.Err, true)
		}
	}
}

// ownerGone ends the request on its way to the table's owner, if one is:
// the owner's lease has run out or been handed over, or another node
// names itself the owner, so that no answer is coming from it (a node that
// died with the request in hand never answers). send tries again at once,
// and reaches the new owner as soon as it serves the table, rather than
// wait out remoteWait. A command the old owner carried out before it went
// is in the journal the new owner plays on from, and its second sending
// is refused as any command the game has moved past.
func (p *proxy) ownerGone() {
	p.mu.Lock()
	if p.inflight != nil {
		p.inflight()
	}
	p.mu.Unlock()
}

func (p *proxy) ownerNow() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.owner
}

func (p *proxy) setOwner(node string) {
	p.mu.Lock()
	p.owner = node
	p.mu.Unlock()
}

func (p *proxy) ended() bool {
	select {
	case <-p.quit:
		return true
	default:
		return false
	}
}

// movedCmd tells a proxy that its table's directory line names a new
// owner (an owner is a node and the table's incarnation there: a node
// that takes back a table it lost is a new owner too).
type movedCmd struct{ owner string }

func (movedCmd) tableCmd() {}

// moved queues the news that table id is now node's, for its proxy here
// if there is one; it never waits (a full queue has commands that will
// find the new owner anyway).
func (h *Hub) moved(id, owner string) {
	p := h.proxyOf(id)
	if p == nil || owner == "" {
		return
	}
	if now := p.ownerNow(); now != "" && now != owner {
		p.ownerGone()
	}
	select {
	case p.q.cmds <- movedCmd{owner: owner}:
	default:
	}
}

// join makes c a member, whose screens this proxy applies.
func (p *proxy) join(c *Client) {
	p.mu.Lock()
	if m := p.members[c.id]; m == nil || m.c != c {
		p.members[c.id] = &member{c: c, seat: -1}
	}
	p.mu.Unlock()
}

// deliverScreens applies the screens another node sent to this node's
// sessions (the Cluster's subscription calls it, in the order they were
// sent).
func (h *Hub) deliverScreens(msg []byte) {
	var m wireScreens
	if err := wireDecode(msg, &m); err != nil {
		h.logError("screens from another node could not be read", "err", err)
		return
	}
	for _, s := range m.Screens {
		if p := h.proxyOf(s.Table); p != nil {
			p.apply(s)
		}
	}
}

// apply puts a shadow's screen on its session's, unless a newer one is
// there already. Under the proxy's lock, so two screens of one session
// are applied one after the other.
func (p *proxy) apply(s *wireScreen) {
	s.unseal()
	p.mu.Lock()
	defer p.mu.Unlock()
	m := p.members[s.Session]
	if m == nil {
		return
	}
	if p.owner != "" && s.Owner != p.owner {
		return // from a node that has lost the table
	}
	if m.node != s.Node || m.born != s.Born {
		*m = member{c: m.c, node: s.Node, born: s.Born, held: m.held, seat: m.seat} // a new shadow counts afresh
	}
	if s.Ver <= m.ver {
		return
	}
	m.ver = s.Ver
	c := m.c
	c.mu.Lock()
	switch {
	case s.At:
		c.at = p.q
		if s.View != nil {
			c.screen.Table = s.View
			m.seat = s.View.You
			p.h.remoteLatency.observeView(m, s.View, p.h.cfg.Clock.Now())
		}
	case c.at == p.q:
		c.at, c.screen.Table = nil, nil
	}
	if s.Left > m.left {
		c.screen.Left += s.Left - m.left
	}
	m.left = s.Left
	if s.Notice.Seq > m.notice {
		c.screen.Notice = Notice{Seq: c.screen.Notice.Seq + 1, Text: s.Notice.Text, Error: s.Notice.Error}
	}
	m.notice = s.Notice.Seq
	if s.Closed != "" && c.screen.Closed == "" {
		c.screen.Closed = s.Closed
	}
	c.mu.Unlock()
	c.signal()
	// The seat kept for the player, in this node's registry too, so that
	// Back and Quick play find it here (held.go).
	switch {
	case s.Held != nil && s.Held.TableID == p.q.id:
		m.held = true
		p.h.holdSeat(c.key, c, p.q, *s.Held)
	case m.held:
		m.held = false
		p.h.releaseSeat(c.key, p.q)
	}
}
