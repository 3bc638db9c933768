package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/unossh/unossh/store"
)

// This file is a tournament on a node of several. It lives on one node at
// a time, as a table does (lease.go), its two tables with it:
//
//   - its lease is its own (its id), taken when it opens and renewed with
//     the tables'; its tables' journals are fenced as any table's;
//   - its room is listed in the directory, its private code claimed among
//     the tables' (unique in the service), and its room served over NATS as
//     a table is (remote_serve.go): a session on another node signs up,
//     plays and watches through one proxy, the room's, and each of its
//     commands goes where its shadow is, the room or the table it sits at;
//   - when its node dies its lease runs out and another node takes it over:
//     it claims its tables (which fences the old node off), rebuilds it
//     from its record and their journals as a restart does
//     (tournament_restore.go), and serves it; at a drain it is handed over
//     the same way, once its record and its tables' journals are written.
//
// Tournament ids start with "T" and tables' with "t", so a lease that
// comes free says which it is.

// tourLeases are the tournaments this node holds the lease of.
type tourLeases struct {
	mu sync.Mutex
	m  map[string]*tournament
}

func (s *tourLeases) add(tr *tournament) {
	s.mu.Lock()
	if s.m == nil {
		s.m = map[string]*tournament{}
	}
	s.m[tr.id] = tr
	s.mu.Unlock()
}

func (s *tourLeases) remove(id string) {
	s.mu.Lock()
	delete(s.m, id)
	s.mu.Unlock()
}

func (s *tourLeases) get(id string) *tournament {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[id]
}

func (s *tourLeases) all() []*tournament {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*tournament, 0, len(s.m))
	for _, tr := range s.m {
		out = append(out, tr)
	}
	return out
}

// isTourID tells a tournament's id from a table's.
func isTourID(id string) bool { return len(id) > 0 && id[0] == 'T' }

// clusterTourID is a tournament id unique in the whole service.
func clusterTourID() string { return "T" + clusterTableID()[1:] }

// tourIDs are the ids of a new tournament and of its tables.
func (h *Hub) tourIDs() (string, [2]string) {
	var tables [2]string
	if h.clustered() {
		return clusterTourID(), [2]string{clusterTableID(), clusterTableID()}
	}
	h.nextID++
	id := fmt.Sprintf("T%d", h.nextID)
	for k := range tables {
		h.nextID++
		tables[k] = tableID(h.nextID)
	}
	return id, tables
}

// tourCode is a new private tournament's code: unique in the service on a
// node of several.
func (h *Hub) tourCode(id string) string {
	if h.clustered() {
		return h.claimCode(id)
	}
	return h.newTourCode()
}

// shareTour makes a tournament reachable from the other nodes: its room
// served, its lease taken (hub goroutine).
func (h *Hub) shareTour(tr *tournament, leased bool) {
	if !h.clustered() {
		return
	}
	h.serve(&servedTable{q: tr.q, epoch: tr.epoch, room: true, shadows: map[string]*Client{}})
	if !h.leasing() {
		return
	}
	if !leased {
		ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
		err := h.cfg.Cluster.TakeLease(ctx, tr.id)
		cancel()
		if err != nil {
			h.logError("a new tournament's lease could not be taken; it plays here unleased", "tournament", tr.id, "err", err)
			return
		}
	}
	h.tourLeases.add(tr)
}

// unshareTour is a tournament that closed for good (hub goroutine).
func (h *Hub) unshareTour(tr *tournament) {
	if !h.clustered() {
		return
	}
	h.unserveTable(tr.id)
	h.dir.dropTable(tr.id, tr.code)
	if h.leasing() {
		h.tourLeases.remove(tr.id)
		h.offeredTours.remove(tr.id)
		h.dropLease(tr.id)
	}
}

// putRoom writes a tournament's line of the directory.
func (w *dirWriter) putRoom(tr *tournament, info TableInfo) {
	node := w.h.cfg.Cluster.Node()
	w.set(dirLine{DirTable, tr.id}, mustJSON(dirTable{Node: node, Owner: ownerTag(node, tr.epoch), Code: tr.code, Info: info}))
}

// remoteTour is the queue of another node's public tournament id, or nil
// (hub goroutine).
func (h *Hub) remoteTour(id string) *tableQueue {
	if !h.clustered() {
		return nil
	}
	if l, ok := h.rdir.tables[id]; ok && l.Code == "" && l.Info.Tournament == id {
		return h.remoteQueue(id)
	}
	return nil
}

// tourHandOffCmd stops the tournament here, as handOffCmd a table: fenced,
// another node has it already; else it is handed over once its record and
// its tables' journals are written.
type tourHandOffCmd struct {
	fenced bool
	reply  chan bool
}

func (tourHandOffCmd) tableCmd() {}

// fencedOff stops a tournament another node has taken over. It may be
// called from any goroutine.
func (tr *tournament) fencedOff() {
	select {
	case tr.q.cmds <- tourHandOffCmd{fenced: true}:
	case <-tr.q.done:
	case <-tr.hub.ctx.Done():
	}
}

// handOff stops the tournament and its tables here (its goroutine); false
// if it cannot be handed over without losing what was shown (its record
// cannot be written).
func (tr *tournament) handOff(fenced bool) bool {
	if tr.closed {
		return false
	}
	if !fenced {
		tr.keepState()
		if tr.keep.pending != nil {
			return false
		}
	} else {
		tr.hub.logError("another node has taken this tournament over; it stops here", "tournament", tr.id)
	}
	for _, t := range tr.tables {
		r := make(chan bool, 1)
		ok, err := request(tr.hub.ctx, t.q.cmds, t.q.done, tableCmd(handOffCmd{fenced: fenced, reply: r}), r, true)
		if err == nil && !ok && !fenced {
			// Its journal cannot be written: what it has not written
			// was shown to no one, and the tournament goes as a whole.
			r = make(chan bool, 1)
			_, _ = request(tr.hub.ctx, t.q.cmds, t.q.done, tableCmd(handOffCmd{fenced: true, reply: r}), r, true)
		}
	}
	tr.closed = true
	var local []movedSession
	if tr.status == Waiting {
		tr.unholdPlaces(true) // the new owner lists them (tournament_held.go)
		for _, s := range tr.places {
			if s != nil && s.client != nil && s.client.sh == nil {
				local = append(local, movedSession{c: s.client})
			}
		}
	}
	for c := range tr.watchers {
		if c.sh == nil {
			local = append(local, movedSession{c: c, watch: true})
		}
	}
	tr.hub.unpublish(tr.id)
	tr.hub.tell(tourHandedOffCmd{tr: tr, local: local, fenced: fenced})
	return true
}

// tourHandedOffCmd tells the hub a tournament has stopped here, with the
// sessions of this node that were in its room.
type tourHandedOffCmd struct {
	tr     *tournament
	local  []movedSession
	fenced bool
}

func (tourHandedOffCmd) hubCmd()     {}
func (tourHandedOffCmd) tourHubCmd() {}

// onTourHandedOff forgets a tournament that went to another node and moves
// this node's sessions in its room to the room's proxy (hub goroutine).
// Those at its tables were moved by the tables (onHandedOff).
func (h *Hub) onTourHandedOff(cmd tourHandedOffCmd) {
	tr := cmd.tr
	if h.tours.byID[tr.id] == tr {
		delete(h.tours.byID, tr.id)
	}
	if tr.code != "" && h.tours.byCode[tr.code] == tr {
		delete(h.tours.byCode, tr.code)
	}
	h.unserveTable(tr.id)
	h.tourLeases.remove(tr.id)
	h.offeredTours.remove(tr.id)
	q := h.remoteQueue(tr.id)
	for k, aq := range h.away {
		if aq == tr.q {
			h.away[k] = q
		}
	}
	h.goOn(append(h.tourMoves[tr.id], cmd.local...), tr.q, q) // those at its tables too (onHandedOff)
	delete(h.tourMoves, tr.id)
	// Fenced off too, as a table (onHandedOff): the Cluster gives a lease
	// up only while this node holds it.
	go func() {
		ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
		defer cancel()
		if err := h.cfg.Cluster.DropLease(ctx, tr.id, true); err != nil {
			h.logError("a tournament could not be handed over", "tournament", tr.id, "err", err)
		}
	}()
	h.broadcastList()
}

// renewTourLeases is renewLeases' part for tournaments: one whose lease is
// lost stops here; one that cannot be saved long enough is offered to the
// other nodes (offer.go).
func (h *Hub) renewTourLeases(failing map[string]int) error {
	var failed error
	for _, tr := range h.tourLeases.all() {
		if offerDue(tr.id, tr.storeDown(), failing) {
			h.offerTour(tr)
			continue
		}
		ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
		err := h.cfg.Cluster.RenewLease(ctx, tr.id)
		cancel()
		switch {
		case errors.Is(err, ErrLeaseLost):
			h.tourLeases.remove(tr.id)
			go tr.fencedOff()
		case err != nil && h.ctx.Err() == nil:
			failed = err
		}
	}
	return failed
}

// storeDown reports whether the tournament's record or one of its
// tables' journals could not be written the last time (any goroutine).
func (tr *tournament) storeDown() bool {
	return tr.recordDown.Load() || tr.tables[0].storeDown.Load() || tr.tables[1].storeDown.Load()
}

// adoptTournament takes tournament id over from a node that lost it: the
// lease first (one node wins), then its tables' claims (which fence the
// old node off), then the tournament as its record and their journals
// rebuild it.
func (h *Hub) adoptTournament(id string) {
	ctx, cancel := context.WithTimeout(h.ctx, adoptWait)
	defer cancel()
	cl, st := h.cfg.Cluster, h.cfg.Store
	if err := cl.TakeLease(ctx, id); err != nil {
		return // another node was quicker
	}
	// The claims come before the reads, as a table's (lease.go): from
	// them on the old owner can write neither its record nor a move.
	tourFence, err := st.ClaimTournament(ctx, id, h.cfg.Node)
	if errors.Is(err, store.ErrUnknownTournament) {
		_ = cl.DropLease(ctx, id, false) // it had ended
		_ = cl.DropTable(ctx, id)
		return
	}
	if err != nil {
		h.logError("a tournament to take over could not be claimed", "tournament", id, "err", err)
		h.handBack(ctx, id)
		return
	}
	recs, err := st.UnfinishedTournaments(ctx)
	if err != nil {
		h.logError("a tournament to take over could not be read", "tournament", id, "err", err)
		h.handBack(ctx, id)
		return
	}
	var rec *store.Tournament
	for i := range recs {
		if recs[i].ID == id {
			rec = &recs[i]
		}
	}
	if rec == nil {
		_ = cl.DropLease(ctx, id, false) // it had ended
		_ = cl.DropTable(ctx, id)
		return
	}
	var s tourState
	if err := json.Unmarshal(rec.State, &s); err != nil {
		h.logError("a tournament to take over has a record that cannot be read", "tournament", id, "err", err)
		_ = cl.DropLease(ctx, id, false)
		return
	}
	fences := map[string]int64{}
	var saved []store.SavedTable
	for _, tid := range s.Tables {
		fence, err := st.ClaimTable(ctx, tid, h.cfg.Node)
		if errors.Is(err, store.ErrUnknownTable) {
			continue // not dealt yet, or over
		}
		if err == nil {
			var t store.SavedTable
			if t, err = st.LoadTable(ctx, tid); err == nil {
				fences[tid] = fence
				saved = append(saved, t)
				continue
			}
		}
		h.logError("a tournament's table to take over could not be claimed", "tournament", id, "table", tid, "err", err)
		h.handBack(ctx, id)
		return
	}
	tr, err := h.rebuildTournament(ctx, *rec, saved, true)
	if err != nil {
		h.logError("a tournament to take over cannot be rebuilt", "tournament", id, "err", err)
		_ = cl.DropLease(ctx, id, false)
		return
	}
	for _, t := range tr.tables {
		if f, ok := fences[t.id]; ok {
			t.fence, t.claimed = f, true
		}
	}
	tr.leased, tr.fence = true, tourFence
	reply := make(chan int, 1)
	if n, err := ask(h, tourRestoreCmd{tours: []*tournament{tr}, reply: reply}, reply); err != nil || n == 0 {
		_ = cl.DropLease(ctx, id, true)
		return
	}
	if l := h.cfg.Logger; l != nil {
		l.Info("took over a tournament from another node", "tournament", id, "round", s.Round+1)
	}
}

// restoreTourLeased is restoreTournaments' check on a node of several: a
// tournament is rebuilt only if no node holds it (another node plays it),
// and claimed (its fence: whatever wrote it before writes no more).
func (h *Hub) restoreTourLeased(ctx context.Context, id string) (fence int64, ok bool) {
	if !h.leasing() {
		return 0, true
	}
	if h.cfg.Cluster.TakeLease(ctx, id) != nil {
		return 0, false
	}
	fence, err := h.cfg.Store.ClaimTournament(ctx, id, h.cfg.Node)
	if err != nil {
		h.logError("a tournament to restore could not be claimed", "tournament", id, "err", err)
		_ = h.cfg.Cluster.DropLease(ctx, id, true)
		return 0, false
	}
	return fence, true
}
