package lobby

import (
	"context"
	"errors"
	"time"
)

// This file is a node cut off from the database alone, NATS still up: its
// tables hold (pause.go), since nothing is shown that is not stored, but
// another node may well reach the database. So a table whose journal has
// failed for offerAfter renewals in a row is offered to the other nodes:
// this node gives its lease up (a purge, which every node's watcher sees)
// and goes on holding it. A node that can write takes the table over as
// from a node that died (lease.go, adopt): its claim fences this node off,
// it replays the journal (what this node had not stored was shown to no
// one, and is lost to no one), and it names itself in the directory, at
// which this node stops the table and sends its sessions there
// (handoff.go). When no node can write (the database is down for all), the
// lease goes round and nothing changes for the players: the table holds
// here, and once its journal is written again this node takes the lease
// back and plays on.

// offerAfter is how many renewals in a row must find a table's journal
// failing before the table is offered: one failed write is often a blip.
const offerAfter = 2

// offerOrRenew is renewLeases' work for one leased table: offer it if its
// journal has failed long enough (true), else leave it to be renewed.
// failing counts each table's renewals in a row with a failing journal.
func (h *Hub) offerOrRenew(t *table, failing map[string]int) bool {
	if !offerDue(t.id, t.storeDown.Load(), failing) {
		return false
	}
	h.leases.remove(t.id)
	h.offered.add(t)
	ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
	defer cancel()
	err := h.cfg.Cluster.DropLease(ctx, t.id, true)
	if l := h.cfg.Logger; l != nil {
		l.Warn("a table's journal cannot be written from this node; it is offered to the other nodes", "table", t.id, "err", err)
	}
	return true
}

// offerDue counts the renewals in a row that find id's store failing
// (down), and reports when it is time to offer it.
func offerDue(id string, down bool, failing map[string]int) bool {
	if !down {
		delete(failing, id)
		return false
	}
	failing[id]++
	if failing[id] < offerAfter {
		return false
	}
	delete(failing, id)
	return true
}

// offerTour is offerOrRenew for a tournament whose record or tables'
// journals have failed long enough (tournament_cluster.go).
func (h *Hub) offerTour(tr *tournament) {
	h.tourLeases.remove(tr.id)
	h.offeredTours.add(tr)
	ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
	defer cancel()
	err := h.cfg.Cluster.DropLease(ctx, tr.id, true)
	if l := h.cfg.Logger; l != nil {
		l.Warn("a tournament cannot be saved from this node; it is offered to the other nodes", "tournament", tr.id, "err", err)
	}
}

// retakeOffered takes back the lease of each table offered whose journal
// is written again, and no node took (renewLeases' goroutine). One another
// node holds is being taken over: that node's claim fences this one off,
// and its line in the directory stops the table here (onDirTable).
func (h *Hub) retakeOffered() {
	for _, t := range h.offered.all() {
		select {
		case <-t.q.done:
			h.offered.remove(t.id)
			continue
		default:
		}
		if t.storeDown.Load() {
			continue
		}
		ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
		err := h.cfg.Cluster.TakeLease(ctx, t.id)
		cancel()
		if err != nil {
			continue
		}
		h.offered.remove(t.id)
		h.leases.add(t)
		if l := h.cfg.Logger; l != nil {
			l.Info("an offered table's journal is written again; it stays on this node", "table", t.id)
		}
	}
	for _, tr := range h.offeredTours.all() {
		select {
		case <-tr.q.done:
			h.offeredTours.remove(tr.id)
			continue
		default:
		}
		if tr.storeDown() {
			continue
		}
		ctx, cancel := context.WithTimeout(h.ctx, leaseEvery)
		err := h.cfg.Cluster.TakeLease(ctx, tr.id)
		cancel()
		if err == nil {
			h.offeredTours.remove(tr.id)
			h.tourLeases.add(tr)
		}
	}
}

// takenFromUs stops a table this node offered, now that another node
// names itself its owner in the directory (hub goroutine).
func (h *Hub) takenFromUs(id, node string) {
	if tr := h.offeredTours.get(id); tr != nil && node != "" && node != h.cfg.Cluster.Node() && h.tours.byID[id] == tr {
		h.offeredTours.remove(id)
		go tr.fencedOff()
		return
	}
	t := h.offered.get(id)
	if t == nil || node == "" || node == h.cfg.Cluster.Node() || h.tables[id] != t {
		return
	}
	h.offered.remove(id)
	go t.fencedOff()
}

// handBack gives the lease of a table this node could not take over back
// for another node to try, after a pause: when no node can reach the
// database, the lease would otherwise go round the nodes as fast as they
// fail.
func (h *Hub) handBack(ctx context.Context, id string) {
	select {
	case <-time.After(leaseEvery):
	case <-ctx.Done():
		return
	}
	if err := h.cfg.Cluster.DropLease(ctx, id, true); err != nil && !errors.Is(err, context.Canceled) {
		h.logError("a table's lease could not be handed back", "table", id, "err", err)
	}
}
