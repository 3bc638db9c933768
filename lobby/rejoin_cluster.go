package lobby

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// This file is a guest's rejoin code across nodes: when a guest's
// connection drops while a table keeps their seat, their node writes the
// code into the directory (beside the kept seats, its key marked "r-"), so
// that `ssh -t HOST rejoin CODE` works on whatever node the player reaches;
// the node that takes the code back removes the line, and every node
// forgets it with its seat's grace.

// dirRejoin is a rejoin code's line.
type dirRejoin struct {
	Node  string    `json:"node"`
	Key   string    `json:"key"`
	Nick  string    `json:"nick"`
	Table string    `json:"table"`
	Until time.Time `json:"until"`
}

const rejoinLine = "r-"

// putRejoin writes a guest's code once their seat is kept (hub goroutine).
func (h *Hub) putRejoin(code string, e *rejoinEntry) {
	if !h.clustered() || e.away == nil {
		return
	}
	h.dir.set(dirLine{DirSeat, rejoinLine + code}, mustJSON(dirRejoin{Node: h.cfg.Cluster.Node(),
		Key: e.key, Nick: e.nick, Table: e.away.id, Until: e.until}))
}

// dropRejoin removes a code's line: it has been used.
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
		if e := r.byCode[code]; e != nil && e.away != nil && h.tables[e.away.id] == nil {
			delete(r.byCode, code)
			delete(r.byKey, e.key)
			delete(r.away, code)
		}
		return true
	}
	if line.Node == h.cfg.Cluster.Node() {
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
	if e := h.rejoin.byCode[code]; e != nil && h.cfg.Clock.Now().Before(e.until) {
		return e
	}
	return nil
}
