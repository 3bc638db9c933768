package lobby

import (
	"context"
	"errors"
	"sync"
)

// This file is a table leaving this node while its game goes on: because
// another node has taken it (the lease was lost, or the store fenced a
// write off: lease.go), or because this node drains (Drain). The table
// stops between two commands without a word to anyone: what it had not
// stored is shown to nobody, and it does not hold and retry as a table
// whose store fails does (pause.go). Its sessions of this node go on at
// the same table on its new owner: their handle becomes a proxy's queue
// (remote_proxy.go), which takes them back to their seats there.

// handOffCmd stops the table here. fenced: it is another node's already
// (nothing more may be written); else it is this node's to hand over, once
// everything it has is stored. The answer is whether it stopped.
type handOffCmd struct {
	fenced bool
	reply  chan bool
}

func (handOffCmd) tableCmd() {}

// handedOffCmd tells the hub that table t has stopped here, with the
// sessions of this node that were at it.
type handedOffCmd struct {
	t      *table
	local  []movedSession
	fenced bool
}

func (handedOffCmd) hubCmd() {}

type movedSession struct {
	c     *Client
	watch bool
	from  *tableQueue // the queue it was at (a tournament's room or table)
}

// fencedOff stops a table another node has taken over. It may be called
// from any goroutine.
func (t *table) fencedOff() {
	select {
	case t.q.cmds <- handOffCmd{fenced: true}:
	case <-t.q.done:
	case <-t.hub.ctx.Done():
	}
}

// handOff stops the table here (table goroutine); false if it cannot be
// handed over without losing a move (its journal cannot be written).
func (t *table) handOff(fenced bool) bool {
	if t.closed {
		return false
	}
	if fenced {
		t.hub.logError("another node has taken this table over; it stops here", "table", t.id, "fence", t.fence)
	} else {
		t.persist()
		if j := t.journal; j != nil && (j.failing || j.written < len(j.actions) || !j.created) {
			return false
		}
	}
	t.closed, t.journal = true, nil
	t.released()
	var local []movedSession
	for _, s := range t.seats {
		if s.client != nil && s.client.sh == nil {
			local = append(local, movedSession{c: s.client})
		}
		if s.human() && s.away {
			t.hub.releaseSeat(s.key, t.q) // here only: the new owner lists it
		}
	}
	for c := range t.watchers {
		if c.sh == nil {
			local = append(local, movedSession{c: c, watch: true})
		}
	}
	t.hub.unpublish(t.id)
	t.hub.tell(handedOffCmd{t: t, local: local, fenced: fenced})
	return true
}

// onHandedOff forgets a table that went to another node and moves this
// node's sessions at it to the table's proxy (hub goroutine).
func (h *Hub) onHandedOff(cmd handedOffCmd) {
	t := cmd.t
	if h.tables[t.id] == t {
		delete(h.tables, t.id)
	}
	if t.code != "" && h.codes[t.code] == t {
		delete(h.codes, t.code)
	}
	h.unserveTable(t.id)
	h.leases.remove(t.id)
	h.offered.remove(t.id)
	q := h.remoteQueue(t.id)
	if t.tour != nil {
		// A tournament's table is reached through its room, which goes
		// with it (tournament_cluster.go).
		q = h.remoteQueue(t.tour.id)
		if tr := h.tours.byID[t.tour.id]; tr != nil && cmd.fenced {
			go tr.fencedOff()
		}
	}
	for k, aq := range h.away {
		if aq == t.q {
			h.away[k] = q
		}
	}
	if t.tour != nil && h.tours.byID[t.tour.id] != nil {
		// Its sessions go on through the room once the tournament has
		// stopped here too: before, the room here would take them back.
		for _, m := range cmd.local {
			m.from = t.q
			h.tourMoves[t.tour.id] = append(h.tourMoves[t.tour.id], m)
		}
	} else {
		h.goOn(cmd.local, t.q, q)
	}
	// A table fenced off is given up too, in case no node holds its
	// lease yet (its store was claimed from elsewhere): the Cluster gives
	// a lease up only while this node holds it.
	if t.tour == nil {
		go func() {
			ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
			defer cancel()
			if err := h.cfg.Cluster.DropLease(ctx, t.id, true); err != nil {
				h.logError("a table could not be handed over", "table", t.id, "err", err)
			}
		}()
	}
	h.broadcastList()
}

// goOn moves sessions that were at from (or at their own from) to q, and
// takes each back to its place there (hub goroutine).
func (h *Hub) goOn(local []movedSession, from, q *tableQueue) {
	for _, m := range local {
		at := from
		if m.from != nil {
			at = m.from
		}
		if m.c.moveTo(at, q) {
			h.moving.Add(1)
			go func() {
				defer h.moving.Done()
				m.c.goOnAt(q, m.watch)
			}()
		}
	}
}

// moveTo makes the session's handle to if it was from (the table it was
// at has moved to another node): what it presses from now waits for the
// table there.
func (c *Client) moveTo(from, to *tableQueue) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at != from {
		return false
	}
	c.at = to
	return true
}

// goOnAt takes the session back to its seat (or its place among the
// spectators) at the table on its new owner.
func (c *Client) goOnAt(q *tableQueue, watch bool) {
	reply := make(chan error, 1)
	var cmd tableCmd = reattachCmd{c: c, reply: reply, resume: true}
	if watch {
		cmd = joinCmd{c: c, watch: true, reply: reply}
	}
	err, qerr := c.call(q, cmd, reply)
	if err = errors.Join(err, qerr); err != nil {
		c.unseat(q, err.Error(), true)
	}
}

// errSeatElsewhere is a session that goes on at a moved table finding its
// seat taken by a newer connection of its player.
var errSeatElsewhere = errors.New("you play this table from another connection now")

// DrainReport is what a drain did: the tables it handed to other nodes,
// and those it kept for this node's next start (no other node was there to
// take them, or they could not be handed over), as a lone node keeps
// them at a stop.
type DrainReport struct {
	HandedOver, Kept int
}

// Drain hands every table of this node to the other nodes, with nothing
// lost: each stops between two commands once its journal is written, and
// another node takes it and plays on; this node's sessions at them go on
// there through proxies. It returns once they are back at their tables
// (or ctx ends). What is left to do is to close this node's sessions
// (Shutdown), which their players see with line, the host to ssh to.
//
// The last node of a service has no one to hand its tables to: it keeps
// them, as a lone node does, for its next start (and does not wait for an
// owner that will not come).
func (h *Hub) Drain(ctx context.Context, line string) (DrainReport, error) {
	var rep DrainReport
	if !h.leasing() {
		return rep, nil
	}
	h.setStopLine(line)
	reply := make(chan drained, 1)
	d, err := request(ctx, h.cmds, h.done, hubCmd(drainCmd{reply: reply}), reply, true)
	if err != nil {
		return rep, err
	}
	alone := !h.othersLive(ctx)
	var errs []error
	handed := map[string]bool{} // tournaments
	for _, tr := range d.tours {
		if alone {
			continue
		}
		r := make(chan bool, 1)
		ok, err := request(ctx, tr.q.cmds, tr.q.done, tableCmd(tourHandOffCmd{reply: r}), r, true)
		handed[tr.id] = err == nil && ok
		if err == nil && !ok {
			errs = append(errs, errors.New("tournament "+tr.id+" could not be handed over: its record cannot be written"))
		}
	}
	for _, t := range d.tables {
		if t.tour != nil {
			if handed[t.tour.id] {
				rep.HandedOver++ // with its tournament
			} else {
				rep.Kept++
			}
			continue
		}
		if alone {
			rep.Kept++
			continue
		}
		r := make(chan bool, 1)
		ok, err := request(ctx, t.q.cmds, t.q.done, tableCmd(handOffCmd{reply: r}), r, true)
		switch {
		case err == nil && !ok:
			rep.Kept++
			errs = append(errs, errors.New("table "+t.id+" could not be handed over: its journal cannot be written"))
		case err == nil:
			rep.HandedOver++
		}
	}
	// The hub has taken every handedOffCmd the tables sent before they
	// answered once it answers this: every move is counted in h.moving.
	online := make(chan int, 1)
	if _, err := ask(h, onlineCmd{reply: online}, online); err != nil {
		return rep, err
	}
	done := make(chan struct{})
	go func() { h.moving.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		errs = append(errs, ctx.Err())
	}
	return rep, errors.Join(errs...)
}

// othersLive reports whether a run of another node holds its lease now
// (lease.go): one that could take this node's tables. When the leases
// cannot be read, it answers yes, and the drain hands over as before.
func (h *Hub) othersLive(ctx context.Context) bool {
	keys, err := h.cfg.Cluster.Leased(ctx)
	if err != nil {
		h.logError("the nodes of the service could not be listed; handing the tables over all the same", "err", err)
		return true
	}
	for _, k := range keys {
		if node, _, ok := nodeOfLease(k); ok && node != h.cfg.Cluster.Node() {
			return true
		}
	}
	return false
}

// drainCmd marks the hub as draining (it takes no table over from now)
// and lists its tables and tournaments.
type drainCmd struct{ reply chan drained }

type drained struct {
	tables []*table
	tours  []*tournament
}

func (drainCmd) hubCmd() {}

// stopLine is what a session closed by Shutdown reads.
type stopLine struct {
	mu   sync.Mutex
	line string
}

func (h *Hub) setStopLine(line string) {
	h.stopText.mu.Lock()
	h.stopText.line = line
	h.stopText.mu.Unlock()
}

// StopLine is the line a player reads when the server stops: where to
// connect again after a drain, or that it restarts.
func (h *Hub) StopLine() string { return h.stopLine() }

func (h *Hub) stopLine() string {
	h.stopText.mu.Lock()
	defer h.stopText.mu.Unlock()
	if h.stopText.line != "" {
		return h.stopText.line
	}
	return ErrShuttingDown.Error()
}
