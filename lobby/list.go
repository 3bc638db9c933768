package lobby

import (
	"sort"
	"time"
)

// This file is the public list and the online count: each table publishes
// its own line without waiting on the hub, and the hub turns the lines into
// one immutable listing that every session shares.
//
// Why shared and merged: with thousands online, copying the list into each
// session's screen, and repainting every lobby on every arrival, cost more
// than the games. Instead the hub keeps one listing (a new one replaces the
// old; nobody changes one), Client.Screen hands it out as it is, and the hub
// only signals the sessions that show it (in the lobby, or in a waiting
// room, whose header counts who is online). Bursts of changes are merged:
// the listing goes out at most once per Config.ListEvery.

// listing is what every lobby shows alike. It is never changed once made.
type listing struct {
	tables []TableInfo
	online int
}

// publish is a table posting its line of the list. It never waits.
func (h *Hub) publish(info TableInfo) {
	h.infoMu.Lock()
	h.infos[info.ID] = info
	h.infoMu.Unlock()
	h.listChanged()
}

// unpublish takes a closed table's line off the list.
func (h *Hub) unpublish(id string) {
	h.infoMu.Lock()
	delete(h.infos, id)
	h.infoMu.Unlock()
	h.listChanged()
}

func (h *Hub) listChanged() {
	select {
	case h.changed <- struct{}{}:
	default:
	}
}

func (h *Hub) snapshotInfos() []TableInfo {
	h.infoMu.Lock()
	defer h.infoMu.Unlock()
	out := make([]TableInfo, 0, len(h.infos))
	for _, in := range h.infos {
		out = append(out, in)
	}
	return out
}

// list is the public table list, as the lobby shows it: waiting tables
// first, fullest first.
func (h *Hub) list() []TableInfo {
	var out []TableInfo
	for _, in := range h.snapshotInfos() {
		if in.Public {
			out = append(out, in)
		}
	}
	if h.clustered() {
		for _, in := range h.remoteInfos() {
			if in.Public {
				out = append(out, in)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Status != b.Status {
			return a.Status < b.Status
		}
		if a.Taken != b.Taken {
			return a.Taken > b.Taken
		}
		return a.ID < b.ID
	})
	return out
}

// shared is the latest listing (safe from any goroutine).
func (h *Hub) shared() *listing {
	if l := h.shown.Load(); l != nil {
		return l
	}
	return &listing{}
}

// broadcastList marks the list changed and sends it out when it may (hub
// goroutine).
func (h *Hub) broadcastList() {
	h.listDirty = true
	h.flushList()
}

// broadcastOnline is the same for the number online: it rides on the list.
func (h *Hub) broadcastOnline() { h.broadcastList() }

// flushList makes a new listing and signals the sessions that show it, unless
// one went out less than ListEvery ago: then a timer sends the merged
// changes when the interval is up (hub goroutine).
func (h *Hub) flushList() {
	if !h.listDirty {
		return
	}
	now := h.cfg.Clock.Now()
	if every := h.cfg.ListEvery; every > 0 && !h.listSent.IsZero() {
		if wait := h.listSent.Add(every).Sub(now); wait > 0 {
			if h.listTimer == nil {
				h.listTimer = h.cfg.Clock.NewTimer(wait)
			}
			return
		}
	}
	h.listDirty, h.listSent = false, now
	online := len(h.online)
	if p := h.cfg.People; p != nil {
		p.SetOnline(online)
		online += p.OthersOnline() // the whole service's (people.go)
	}
	h.shown.Store(&listing{tables: h.list(), online: online})
	for _, c := range h.clients {
		if c.showsLobby() {
			c.signal()
		}
	}
}

// listTimerC is the channel of the pending merged send, nil if none.
func (h *Hub) listTimerC() <-chan time.Time {
	if h.listTimer == nil {
		return nil
	}
	return h.listTimer.C()
}
