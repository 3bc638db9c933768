package lobby

// This file is the places a tournament's room keeps across nodes. A room
// still waiting, taken over from another node (restoreRoom), keeps the
// place of each player and guest who had signed up, for the grace period;
// on a node of several each is a kept seat of the directory, under the
// room's id, as at a table taken over (holdAway): a player of the node
// that died finds theirs from any node, and a guest with their rejoin code
// (rejoin_cluster.go). The room reached, it gives the place back (onJoin,
// guestBack).

// holdPlaces lists every away place of a room taken over as kept (hub
// goroutine, before the room's loop starts: onTourRestore).
func (tr *tournament) holdPlaces() {
	if !tr.hub.clustered() || tr.status != Waiting {
		return
	}
	for _, s := range tr.places {
		if s.human() && s.away {
			hs := HeldSeat{TableID: tr.id, Name: tr.opts.Name, Until: s.awaySince.Add(tr.cfg.Grace)}
			tr.hub.holdSeat(s.key, tr.hub.byKey[s.key], tr.q, hs)
			tr.hub.dir.putSeat(s.key, hs)
		}
	}
}

// unholdPlace tells the lobby, and the other nodes, that place s is no
// longer kept: its player is back, it was freed, or the tournament began
// or closed.
func (tr *tournament) unholdPlace(s *seat) {
	if s != nil && s.key != "" && tr.hub.releaseSeat(s.key, tr.q) && tr.hub.clustered() {
		tr.hub.dir.dropSeat(s.key, tr.id)
	}
}

// unholdPlaces is unholdPlace for every place; here: only on this node,
// as the room goes to another, which lists them again.
func (tr *tournament) unholdPlaces(here bool) {
	for _, s := range tr.places {
		if !s.human() || !s.away {
			continue
		}
		if here {
			tr.hub.releaseSeat(s.key, tr.q)
		} else {
			tr.unholdPlace(s)
		}
	}
}
