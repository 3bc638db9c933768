package ssh

// This file is the door's seam to the other nodes of a service: with
// several nodes behind one name, an address's live sessions and its rate
// of new connections are counted across all of them, so that spreading
// over nodes gains an attacker nothing. The door knows nothing of how the
// nodes talk: Config.Shared answers, and package cluster implements it. On
// a lone node it is nil and nothing here is ever called.
//
// Nothing is asked of the other nodes when a client connects: each node
// tells the others what its own door saw, a few times a second, and the
// door adds what it last heard to its own exact counts. The price is a
// little slack (docs/cluster-people.md): what another node admitted in the
// last moment is not yet counted here. When the nodes cannot hear each
// other, the others' counts fade and each door keeps its own limits.

// Shared is the door's per-address counts shared with the other nodes.
// The door calls every method under its own lock: none may block, and none
// may call back into the door.
type Shared interface {
	// OtherSessions is how many live sessions ip has on the other nodes,
	// as last heard.
	OtherSessions(ip string) int
	// Sessions tells the other nodes that ip has n live sessions here now.
	Sessions(ip string, n int)
	// Connected tells the other nodes that ip opened a new connection here.
	Connected(ip string)
}

// OthersConnected counts n new connections another node's door admitted
// from ip against ip's rate here, as if they had come here: they take the
// bucket's tokens, and past its burst they are owed, so that the address's
// rate over all nodes is the one the door allows.
func (s *Server) OthersConnected(ip string, n int) { s.door.othersConnected(ip, n) }

func (d *door) othersConnected(ip string, n int) {
	if !d.limits.rateLimitConns || n <= 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	st := d.ipLocked(ip)
	for range n {
		st.limiter.ReserveN(now, 1) // never refused: a debt paid back before the address's next
	}
}

// sessionsChanged tells the other nodes of ip's live sessions here (under
// d.mu).
func (d *door) sessionsChanged(ip string, st *ipState) {
	if d.shared != nil {
		d.shared.Sessions(ip, st.sessions)
	}
}

// otherSessions is ip's live sessions on the other nodes (under d.mu).
func (d *door) otherSessions(ip string) int {
	if d.shared == nil {
		return 0
	}
	return d.shared.OtherSessions(ip)
}
