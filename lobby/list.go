package lobby

import "sort"

// This file is the public list: each table publishes its own line without
// waiting on the hub, and the hub sends the list to everyone in the lobby.

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

// broadcastList sends the list to every session (hub goroutine).
func (h *Hub) broadcastList() {
	list := h.list()
	n := len(h.online)
	for _, c := range h.clients {
		c.post(func(s *Screen) { s.Tables = list; s.Online = n })
	}
}

// broadcastOnline sends the number online to every session (hub goroutine).
func (h *Hub) broadcastOnline() {
	n := len(h.online)
	for _, c := range h.clients {
		c.post(func(s *Screen) { s.Online = n })
	}
}
