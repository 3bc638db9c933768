package lobby

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"
)

// This file is the table directory across nodes: every node writes a line
// for each of its tables (its owner, its private code, its line of the
// public list) and for each seat its tables keep for a player away, and
// reads everyone else's. So the public list shows every node's tables,
// quick play picks the fullest waiting table of the choice on any node, a
// private code made on one node works from every other, a public table is
// watched by id from anywhere, and a player finds the seat kept for them
// whatever node they ssh to. The lines are written by one goroutine (the
// tables never wait on the network), the newest of each line only; the
// lines of the other nodes are read by the hub's goroutine, which alone
// keeps them.

// dirTable is a table's line in the directory.
type dirTable struct {
	Node  string    `json:"node"`
	Owner string    `json:"owner"` // ownerTag
	Code  string    `json:"code,omitempty"`
	Info  TableInfo `json:"info"`
}

// dirSeat is a kept seat's line.
type dirSeat struct {
	Node string   `json:"node"`
	Key  string   `json:"key"`
	Seat HeldSeat `json:"seat"`
}

// seatKey is an identity as the directory names it: keys hold characters
// a bucket's key may not.
func seatKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// dirWriter writes this node's lines, the newest of each, in order.
type dirWriter struct {
	h       *Hub
	mu      sync.Mutex
	pending map[dirLine]dirEntry
	order   []dirLine
	wake    chan struct{}
}

type dirLine struct{ kind, key string }

// dirEntry is what a line is to hold: nil removes it; a seat's line with
// a ttl goes from the bucket by itself after it.
type dirEntry struct {
	entry []byte
	ttl   time.Duration
}

// dirCode is the kind of a private code's claim, removed when its table
// closes.
const dirCode = "code"

func newDirWriter(h *Hub) *dirWriter {
	return &dirWriter{h: h, pending: map[dirLine]dirEntry{}, wake: make(chan struct{}, 1)}
}

func (w *dirWriter) set(l dirLine, entry []byte) { w.setFor(l, entry, 0) }

// setFor is set, for a line the bucket removes by itself after ttl (0:
// never).
func (w *dirWriter) setFor(l dirLine, entry []byte, ttl time.Duration) {
	w.mu.Lock()
	if _, ok := w.pending[l]; !ok {
		w.order = append(w.order, l)
	}
	w.pending[l] = dirEntry{entry, ttl}
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *dirWriter) putTable(t *table, info TableInfo) {
	node := w.h.cfg.Cluster.Node()
	w.set(dirLine{DirTable, t.id}, mustJSON(dirTable{Node: node, Owner: ownerTag(node, t.epoch), Code: t.code, Info: info}))
}

func (w *dirWriter) dropTable(id, code string) {
	w.set(dirLine{DirTable, id}, nil)
	if code != "" {
		w.set(dirLine{dirCode, code}, nil)
	}
}

func (w *dirWriter) putSeat(key string, hs HeldSeat) {
	w.set(dirLine{DirSeat, seatKey(key)}, mustJSON(dirSeat{Node: w.h.cfg.Cluster.Node(), Key: key, Seat: hs}))
}

func (w *dirWriter) dropSeat(key, _ string) { w.set(dirLine{DirSeat, seatKey(key)}, nil) }

func (w *dirWriter) run() {
	cl := w.h.cfg.Cluster
	for {
		select {
		case <-w.wake:
		case <-w.h.ctx.Done():
			return
		}
		w.mu.Lock()
		order, pending := w.order, w.pending
		w.order, w.pending = nil, map[dirLine]dirEntry{}
		w.mu.Unlock()
		for _, l := range order {
			entry, ttl := pending[l].entry, pending[l].ttl
			ctx, cancel := context.WithTimeout(w.h.ctx, remoteWait)
			var err error
			switch {
			case l.kind == dirCode:
				err = cl.DropCode(ctx, l.key)
			case l.kind == DirTable && entry == nil:
				err = cl.DropTable(ctx, l.key)
			case l.kind == DirTable:
				err = cl.PutTable(ctx, l.key, entry)
			case entry == nil:
				err = cl.DropSeat(ctx, l.key)
			case ttl > 0:
				err = cl.PutSeatFor(ctx, l.key, entry, ttl)
			default:
				err = cl.PutSeat(ctx, l.key, entry)
			}
			cancel()
			if err != nil {
				w.h.logError("the table directory could not be written", "line", l.kind, "key", l.key, "err", err)
			}
		}
	}
}

// dirCmd is a line of another node's that changed (entry nil: removed).
type dirCmd struct {
	kind, key string
	entry     []byte
}

func (dirCmd) hubCmd() {}

// watchDirectory feeds the hub the other nodes' lines until it stops.
func (h *Hub) watchDirectory() {
	err := h.cfg.Cluster.WatchDirectory(h.ctx, func(kind, key string, entry []byte) {
		h.tell(dirCmd{kind: kind, key: key, entry: entry})
	})
	if err != nil && h.ctx.Err() == nil {
		h.logError("the table directory cannot be read", "err", err)
	}
}

// remoteDir is what the hub knows of the other nodes' tables (hub
// goroutine).
type remoteDir struct {
	tables map[string]dirTable // by id
	codes  map[string]string   // private code -> table id
	seats  map[string]dirSeat  // by seatKey
}

func (h *Hub) onDir(cmd dirCmd) {
	switch cmd.kind {
	case DirTable:
		h.onDirTable(cmd.key, cmd.entry)
	case DirSeat:
		h.onDirSeat(cmd.key, cmd.entry)
	}
}

func (h *Hub) onDirTable(id string, entry []byte) {
	d := &h.rdir
	if old, ok := d.tables[id]; ok {
		if old.Code != "" && d.codes[old.Code] == id {
			delete(d.codes, old.Code)
		}
		delete(d.tables, id)
	}
	var line dirTable
	if entry != nil && json.Unmarshal(entry, &line) == nil {
		h.moved(id, line.Owner) // a proxy of ours follows the table (remote_proxy.go)
		h.takenFromUs(id, line.Node)
	}
	if entry == nil || line.Node == "" || line.Node == h.cfg.Cluster.Node() {
		if entry == nil && h.tables[id] == nil {
			h.endProxy(id) // the table has closed
		}
		h.broadcastList()
		return
	}
	d.tables[id] = line
	if line.Code != "" {
		d.codes[line.Code] = id
	}
	h.ladderMeet(line.Info) // two ladder players waiting on two nodes (ladderdir.go)
	h.broadcastList()
}

func (h *Hub) onDirSeat(k string, entry []byte) {
	if h.onDirRejoin(k, entry) {
		return // a guest's rejoin code (rejoin_cluster.go)
	}
	d := &h.rdir
	if old, ok := d.seats[k]; ok {
		delete(d.seats, k)
		if q := h.heldQueue(old.Key); q != nil && q.id == old.Seat.TableID && h.tables[q.id] == nil {
			h.releaseSeat(old.Key, q)
		}
	}
	var line dirSeat
	if entry == nil || json.Unmarshal(entry, &line) != nil || line.Node == h.cfg.Cluster.Node() {
		return
	}
	d.seats[k] = line
	h.holdSeat(line.Key, h.byKey[line.Key], h.remoteQueue(line.Seat.TableID), line.Seat)
}

// remoteInfos are the other nodes' lines of the public list (hub
// goroutine).
func (h *Hub) remoteInfos() []TableInfo {
	out := make([]TableInfo, 0, len(h.rdir.tables))
	for _, l := range h.rdir.tables {
		out = append(out, l.Info)
	}
	return out
}

// remoteCode is the queue of another node's private table with that
// code, or nil (hub goroutine). A code this node has not read of yet (made
// a moment ago) is looked up in the bucket of codes before it counts as a
// wrong one.
func (h *Hub) remoteCode(code string) (*tableQueue, error) {
	if id := h.rdir.codes[code]; id != "" {
		return h.remoteQueue(id), nil
	}
	ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
	defer cancel()
	id, err := h.cfg.Cluster.FindCode(ctx, code)
	if err != nil {
		// Not a wrong code: the service could not tell. The player tries
		// again, and nothing counts against them.
		h.logError("a private code could not be looked up across nodes", "err", err)
		return nil, errStoreTrouble
	}
	if id != "" && h.tables[id] == nil {
		return h.remoteQueue(id), nil
	}
	return nil, nil
}

// remotePublic is the queue of another node's public table id, or nil.
func (h *Hub) remotePublic(id string) *tableQueue {
	if l, ok := h.rdir.tables[id]; ok && l.Code == "" && l.Info.Tournament == "" {
		return h.remoteQueue(id)
	}
	return nil
}

// claimCode draws a private code no table of any node has (hub goroutine).
func (h *Hub) claimCode(id string) string {
	for {
		code := h.newCode()
		if h.rdir.codes[code] != "" {
			continue
		}
		ctx, cancel := context.WithTimeout(h.ctx, remoteWait)
		err := h.cfg.Cluster.ClaimCode(ctx, code, id)
		cancel()
		if err == nil {
			return code
		}
		if err != ErrCodeTaken {
			// The bucket cannot be reached: a code drawn from so many is
			// all but certainly free; the table opens rather than waits.
			h.logError("a private code could not be claimed across nodes", "err", err)
			return code
		}
	}
}
