package lobby

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/unossh/unossh/store"
)

// This file is who owns a table among the nodes (docs/cluster.md). A node
// plays a table only while it holds the table's lease, a key in a bucket
// that lives a few seconds after its last renewal; and it writes the
// table's journal only with the fencing number it got from the store when
// it took the table (store.ClaimTable), which the store refuses once
// another node has claimed the table since. So:
//
//   - a node that dies, or is cut off from NATS, stops renewing: its leases
//     run out, every node's watcher sees it, one of them wins the lease
//     (Create), claims the table in the store (a larger fence), rebuilds it
//     from its journal as a restart does (restore.go) and plays on;
//   - a node that comes back after its lease ran out (a pause, SIGSTOP)
//     finds its renewal refused or its next write fenced off, and stops
//     the table at once, showing nothing it had not stored (handoff.go).
//
// Leases are kept on the wall clock, not the lobby's Clock: they live in
// NATS, which runs out of real seconds.

// leaseEvery is how often a node renews its leases: several times within
// a lease's life, so that one slow renewal loses nothing.
const leaseEvery = time.Second

// adoptWait bounds the work of taking a table over (the lease, the store).
const adoptWait = 15 * time.Second

// leasing reports whether this node holds leases: a node of several with a
// store (without one, no other node could rebuild its tables).
func (h *Hub) leasing() bool { return h.clustered() && h.cfg.Store != nil }

// leaseSet is the tables this node holds the lease of.
type leaseSet struct {
	mu sync.Mutex
	m  map[string]*table
}

func (s *leaseSet) add(t *table) {
	s.mu.Lock()
	if s.m == nil {
		s.m = map[string]*table{}
	}
	s.m[t.id] = t
	s.mu.Unlock()
}

func (s *leaseSet) remove(id string) {
	s.mu.Lock()
	delete(s.m, id)
	s.mu.Unlock()
}

func (s *leaseSet) get(id string) *table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[id]
}

func (s *leaseSet) all() []*table {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*table, 0, len(s.m))
	for _, t := range s.m {
		out = append(out, t)
	}
	return out
}

// takeLease makes this node the owner of a new table (hub goroutine).
func (h *Hub) takeLease(t *table) {
	if !h.leasing() || t.tour != nil {
		return
	}
	ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
	defer cancel()
	if err := h.cfg.Cluster.TakeLease(ctx, t.id); err != nil {
		h.logError("a new table's lease could not be taken; it plays here unleased", "table", t.id, "err", err)
		return
	}
	h.leases.add(t)
}

// dropLease gives up the lease of a table that closed for good.
func (h *Hub) dropLease(id string) {
	if !h.leasing() {
		return
	}
	h.leases.remove(id)
	h.offered.remove(id)
	go func() {
		ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
		defer cancel()
		if err := h.cfg.Cluster.DropLease(ctx, id, false); err != nil && h.ctx.Err() == nil {
			h.logError("a closed table's lease could not be given up", "table", id, "err", err)
		}
	}()
}

// renewLeases keeps this node's leases until the hub stops. A lease found
// lost stops its table here (handoff.go): another node has it.
func (h *Hub) renewLeases() {
	tick := time.NewTicker(leaseEvery)
	defer tick.Stop()
	failing := false // logged once until a renewal goes through again
	storeDown := map[string]int{}
	for {
		select {
		case <-tick.C:
		case <-h.ctx.Done():
			return
		}
		h.renewNode()
		failed := h.renewTourLeases(storeDown) // (tournament_cluster.go)
		for _, t := range h.leases.all() {
			if h.offerOrRenew(t, storeDown) {
				continue
			}
			ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
			err := h.cfg.Cluster.RenewLease(ctx, t.id)
			cancel()
			switch {
			case errors.Is(err, ErrLeaseLost):
				h.leases.remove(t.id)
				t.fencedOff()
			case err != nil && h.ctx.Err() == nil:
				failed = err
			}
		}
		h.retakeOffered()
		switch {
		case failed != nil && !failing:
			h.logError("the tables' leases cannot be renewed; trying again each second", "err", failed)
		case failed == nil && failing:
			if l := h.cfg.Logger; l != nil {
				l.Info("the tables' leases are renewed again")
			}
		}
		failing = failed != nil
	}
}

// leaseFreeCmd is a table whose lease ran out or was handed over.
type leaseFreeCmd struct{ id string }

func (leaseFreeCmd) hubCmd() {}

// watchLeases tells the hub of every lease that comes free.
func (h *Hub) watchLeases() {
	err := h.cfg.Cluster.WatchLeases(h.ctx, func(id string) { h.tell(leaseFreeCmd{id: id}) })
	if err != nil && h.ctx.Err() == nil {
		h.logError("the tables' leases cannot be watched", "err", err)
	}
}

// onLeaseFree takes the table over, unless it is this node's, or this node
// is stopping or handing its own tables over (hub goroutine). A node's own
// lease that comes free is that node gone.
func (h *Hub) onLeaseFree(id string) {
	if node, run, ok := nodeOfLease(id); ok {
		if node != h.cfg.Cluster.Node() || run != h.runID {
			h.nodeGone(node, run)
		}
		return
	}
	if p := h.proxyOf(id); p != nil {
		p.ownerGone() // whoever had it will not answer now
	}
	if h.shutdown || h.draining || h.tables[id] != nil {
		return
	}
	if isTourID(id) {
		if h.tours.byID[id] == nil {
			go h.adoptTournament(id) // (tournament_cluster.go)
		}
		return
	}
	go h.adopt(id)
}

// adopt takes table id over from a node that lost it: the lease first
// (one node wins), then the store's claim (which fences the old owner
// off), then the table as its journal rebuilds it.
func (h *Hub) adopt(id string) {
	ctx, cancel := context.WithTimeout(h.ctx, adoptWait)
	defer cancel()
	cl, st := h.cfg.Cluster, h.cfg.Store
	if err := cl.TakeLease(ctx, id); err != nil {
		return // another node was quicker
	}
	giveUp := func(why string, err error) {
		if err != nil {
			h.logError(why, "table", id, "err", err)
		}
		_ = cl.DropLease(ctx, id, false)
		_ = cl.DropTable(ctx, id)
	}
	// The claim comes before the read: from the claim on, the old owner
	// can append nothing more, so what is read is the whole journal (an
	// append of the old owner's between a read and a claim would be
	// stored, shown to its players, and then written over).
	fence, err := st.ClaimTable(ctx, id, h.cfg.Node)
	if errors.Is(err, store.ErrUnknownTable) {
		giveUp("", nil) // it had ended: nothing to take over
		return
	}
	if err != nil {
		h.logError("a table to take over could not be claimed", "table", id, "err", err)
		h.handBack(ctx, id) // for another node to try
		return
	}
	s, err := st.LoadTable(ctx, id)
	if err != nil {
		h.logError("a table to take over could not be read", "table", id, "err", err)
		h.handBack(ctx, id)
		return
	}
	if s.Tournament != "" {
		giveUp("a tournament's table is not taken over by another node", errors.New("tournament"))
		return
	}
	t, err := h.rebuildAs(s, true)
	if err != nil {
		if errors.Is(err, errNothingLeft) && !errors.Is(err, errRecordedNow) {
			_ = st.FinishTable(ctx, id)
		}
		giveUp("a table to take over cannot be rebuilt", err)
		return
	}
	t.fence, t.claimed = fence, true
	h.leases.add(t)
	reply := make(chan struct{}, 1)
	if _, err := ask(h, restoreCmd{tables: []*table{t}, moved: true, reply: reply}, reply); err != nil {
		h.leases.remove(id)
		return
	}
	if l := h.cfg.Logger; l != nil {
		l.Info("took over a table from another node", "table", id, "actions", len(s.Journal.Actions), "fence", fence)
	}
}

// restoreLeased is Restore on a node of several: it rebuilds only the
// tables no node holds (the others are being played elsewhere), and
// claims each one it takes.
func (h *Hub) restoreLeased(ctx context.Context, s store.SavedTable) bool {
	if !h.leasing() {
		return true
	}
	if err := h.cfg.Cluster.TakeLease(ctx, s.ID); err != nil {
		return false
	}
	return true
}

// A node holds a lease of its own too, renewed with its tables': when it
// runs out (the node died, or is cut off) or is given up (the node
// stopped), every other node takes the node's sessions off its tables, as
// if each had lost its connection: their seats are kept for them, and
// found from any node they ssh to.

// nodeLease is the key of the lease of a node's run (a key a bucket takes,
// whatever the node's name): each run of a node has its own, so that the
// lease of a run that was killed, running out while the node runs again,
// takes only that run's sessions off the tables.
func nodeLease(node string, run uint64) string {
	return fmt.Sprintf("node-%s-%d", hex.EncodeToString([]byte(node)), run)
}

// IsNodeLease reports whether lease id is a node's own (nodeLease), not a
// table's.
func IsNodeLease(id string) bool { return strings.HasPrefix(id, "node-") }

func nodeOfLease(id string) (string, uint64, bool) {
	rest, ok := strings.CutPrefix(id, "node-")
	if !ok {
		return "", 0, false
	}
	name, runText, ok := strings.Cut(rest, "-")
	b, err := hex.DecodeString(name)
	run, rerr := strconv.ParseUint(runText, 10, 64)
	return string(b), run, ok && err == nil && rerr == nil
}

// renewNode takes or renews this node's own lease (renewLeases' goroutine).
// Taken by a run of this node that has just ended, it is free within a
// lease's life, and taken then.
func (h *Hub) renewNode() {
	ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
	defer cancel()
	key := nodeLease(h.cfg.Cluster.Node(), h.runID)
	if h.nodeLeased {
		// Only a lease found lost is taken again: one that could not be
		// renewed this time may still be this node's.
		if err := h.cfg.Cluster.RenewLease(ctx, key); !errors.Is(err, ErrLeaseLost) {
			return
		}
	}
	h.nodeLeased = h.cfg.Cluster.TakeLease(ctx, key) == nil
}

// dropNode gives this node's lease up as it stops, so that the others
// take its sessions off their tables at once.
func (h *Hub) dropNode(ctx context.Context) {
	if h.leasing() {
		_ = h.cfg.Cluster.DropLease(ctx, nodeLease(h.cfg.Cluster.Node(), h.runID), true)
	}
}

// nodeGone takes the sessions of a node's run that is gone off this node's
// tables, as lost connections (hub goroutine).
func (h *Hub) nodeGone(node string, run uint64) {
	if h.goneRuns == nil {
		h.goneRuns = map[string]bool{}
	}
	h.goneRuns[runTag(node, run)] = true
	h.expireRejoins(node, run) // (rejoin_cluster.go)
	for _, st := range h.served {
		st.mu.Lock()
		var gone []*Client
		for id, c := range st.shadows {
			if c.sh.node == node && c.sh.run == run {
				gone = append(gone, c)
				delete(st.shadows, id)
			}
		}
		st.mu.Unlock()
		for _, c := range gone {
			go func() {
				r := make(chan bool, 1)
				q := st.q
				if at := c.table(); st.room && at != nil {
					q = at // (at a tournament's table)
				}
				_, _ = request(h.ctx, q.cmds, q.done, tableCmd(disconnectCmd{c: c, reply: r}), r, true)
			}()
		}
	}
	if l := h.cfg.Logger; l != nil {
		l.Info("a node is gone; its players' seats are kept for them", "node", node, "run", run)
	}
}
