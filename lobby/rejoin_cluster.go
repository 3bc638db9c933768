package lobby

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
)

// This file is a guest's rejoin code across nodes: when a guest's
// connection drops while a table keeps their seat, their node writes the
// code into the directory (beside the kept seats, its key marked "r-"), so
// that `ssh -t HOST rejoin CODE` works on whatever node the player reaches;
// the node that takes the code back removes the line, and every node
// forgets it with its seat's grace.
//
// A node that dies cannot write anything: so a guest's code is in the
// directory from the moment they have a name, as a live line (no table),
// which their node removes when they leave with no seat kept. The code of
// a live line works only once the run of the node that wrote it is gone
// (its lease ran out: lease.go) and a table keeps a seat for the guest's
// identity (the table's own node wrote that seat's line when it took the
// guest off as a lost connection).
//
// A live line outlives its node's run only for as long as a seat can be
// kept for its guest: every node that sees the run gone replaces each of
// its live lines with the same line marked gone, which the bucket removes
// by itself after the grace period (and the longest a takeover takes, as
// a table taken over keeps its seats from then). The replacement is made
// only where the line is still the live one, so of several nodes one
// makes it, and a line written since is left alone (expireRejoins).

// dirRejoin is a rejoin code's line.
type dirRejoin struct {
	Node  string    `json:"node"`
	Key   string    `json:"key"`
	Nick  string    `json:"nick"`
	Table string    `json:"table"`
	Until time.Time `json:"until"`
	Run   uint64    `json:"run,omitempty"` // the run of Node that wrote a live line
	// Gone marks a live line whose run is gone, which the bucket removes
	// by itself (expireRejoins).
	Gone bool `json:"gone,omitempty"`
}

const rejoinLine = "r-"

// putRejoin writes a guest's code once their seat is kept (hub goroutine).
// The bucket removes the line by itself once no seat can be kept for the
// guest any longer: its grace, and, should the table's node die at its
// end, the longest a takeover takes and the grace the new owner keeps the
// seat from then. (The node that takes the code back removes it sooner;
// every node forgets it with its seat.)
func (h *Hub) putRejoin(code string, e *rejoinEntry) {
	if !h.clustered() || e.away == nil {
		return
	}
	ttl := max(e.until.Sub(h.cfg.Clock.Now()), 0) + h.cfg.Grace + adoptWait
	h.dir.setFor(dirLine{DirSeat, rejoinLine + code}, mustJSON(dirRejoin{Node: h.cfg.Cluster.Node(),
		Key: e.key, Nick: e.nick, Table: e.away.id, Until: e.until}), ttl)
}

// putLiveRejoin writes a guest's code while they are connected here, so
// that it outlives this node (hub goroutine).
func (h *Hub) putLiveRejoin(c *Client, nick string) {
	if !h.clustered() || !c.guest {
		return
	}
	if code := h.rejoin.byKey[c.key]; code != "" {
		h.dir.set(dirLine{DirSeat, rejoinLine + code}, mustJSON(dirRejoin{Node: h.cfg.Cluster.Node(),
			Run: h.runID, Key: c.key, Nick: nick}))
	}
}

// dropRejoin removes a code's line: it has been used, or its guest left.
func (h *Hub) dropRejoin(code string) {
	if h.clustered() {
		h.dir.set(dirLine{DirSeat, rejoinLine + code}, nil)
	}
}

// onDirRejoin keeps another node's rejoin code, or forgets it (hub
// goroutine).
func (h *Hub) onDirRejoin(k string, entry []byte) bool {
	code, ok := strings.CutPrefix(k, rejoinLine)
	if !ok {
		return false
	}
	r := &h.rejoin
	if r.byCode == nil {
		r.byCode, r.byKey, r.away = map[string]*rejoinEntry{}, map[string]string{}, map[string]*rejoinEntry{}
	}
	var line dirRejoin
	if entry == nil || json.Unmarshal(entry, &line) != nil {
		if e := r.byCode[code]; e != nil && (e.away == nil && e.node != "" || e.away != nil && h.tables[e.away.id] == nil) {
			delete(r.byCode, code)
			delete(r.byKey, e.key)
			delete(r.away, code)
		}
		return true
	}
	if line.Node == h.cfg.Cluster.Node() {
		return true
	}
	if line.Table == "" { // a live line: the guest is connected to its node
		if e := r.byCode[code]; e != nil && e.away != nil && line.Gone && e.node == line.Node && e.run == line.Run {
			// The line of that node's run set to expire: the run being
			// gone is how the seat kept for this guest was found here
			// (orphanedRejoin), so the line says nothing new, and taking
			// it for a live one would lose the seat found for a guest
			// whose code was just looked up (RejoinKey) and who is
			// connecting with its key.
			return true
		}
		if e := r.byCode[code]; e != nil {
			delete(r.away, code)
		}
		e := &rejoinEntry{key: line.Key, nick: line.Nick, node: line.Node, run: line.Run}
		if !line.Gone {
			e.line = entry
		}
		r.byCode[code], r.byKey[line.Key] = e, code
		return true
	}
	q := h.remoteQueue(line.Table)
	if t := h.tables[line.Table]; t != nil {
		q = t.q
	}
	e := &rejoinEntry{key: line.Key, nick: line.Nick, away: q, until: line.Until}
	r.byCode[code], r.byKey[line.Key], r.away[code] = e, code, e
	return true
}

// orphanedRejoin gives the live code of a guest whose node's run is gone
// the seat a table keeps for them, if one does (hub goroutine).
func (h *Hub) orphanedRejoin(code string, e *rejoinEntry) *rejoinEntry {
	if e == nil || e.away != nil || e.node == "" || !h.runGone(e.node, e.run) {
		return e
	}
	q, hs := h.heldSeatOf(e.key)
	if q == nil {
		// Kept a moment ago, perhaps, and not read here yet.
		ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
		entry, err := h.cfg.Cluster.GetSeat(ctx, seatKey(e.key))
		cancel()
		if err == nil && entry != nil {
			h.onDirSeat(seatKey(e.key), entry)
			q, hs = h.heldSeatOf(e.key)
		}
	}
	if q == nil {
		return e
	}
	e.away, e.until = q, hs.Until
	h.rejoin.away[code] = e
	return e
}

// runGone reports whether a run of another node is gone: its lease ran out
// or was given up, as this node saw or as the leases say now.
func (h *Hub) runGone(node string, run uint64) bool {
	if h.goneRuns[runTag(node, run)] {
		return true
	}
	ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
	defer cancel()
	keys, err := h.cfg.Cluster.Leased(ctx)
	if err != nil {
		return false
	}
	return !slices.Contains(keys, nodeLease(node, run))
}

func runTag(node string, run uint64) string { return node + "#" + strconv.FormatUint(run, 10) }

// lookUpRejoin reads a code this node has not heard of yet from the
// directory itself (hub goroutine).
func (h *Hub) lookUpRejoin(code string) *rejoinEntry {
	ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
	defer cancel()
	entry, err := h.cfg.Cluster.GetSeat(ctx, rejoinLine+code)
	if err != nil || entry == nil {
		return nil
	}
	h.onDirRejoin(rejoinLine+code, entry)
	if e := h.orphanedRejoin(code, h.rejoin.byCode[code]); e != nil && e.away != nil && h.cfg.Clock.Now().Before(e.until) {
		return e
	}
	return nil
}

// expireRejoins replaces the live lines of a node's run that is gone with
// lines the bucket removes by itself once no seat can be kept for their
// guests any longer (hub goroutine). A guest kept a seat still finds it with
// their code meanwhile (orphanedRejoin); the line of one who had none
// outlives the run by that time, and no more.
func (h *Hub) expireRejoins(node string, run uint64) {
	ttl := h.cfg.Grace + adoptWait
	for code, e := range h.rejoin.byCode {
		if e.away != nil || e.node != node || e.run != run || e.line == nil {
			continue
		}
		was := e.line
		gone := mustJSON(dirRejoin{Node: node, Run: run, Key: e.key, Nick: e.nick, Gone: true})
		go func() {
			ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
			defer cancel()
			if _, err := h.cfg.Cluster.ExpireSeat(ctx, rejoinLine+code, was, gone, ttl); err != nil && h.ctx.Err() == nil {
				h.logError("a rejoin code of a node that is gone could not be set to expire", "node", node, "err", err)
			}
		}()
	}
}
