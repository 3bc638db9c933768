package cluster

import "time"

// This file is the counts the nodes share, as the door and the lobby use
// them: the number online, and per address the live sessions, the new
// connections, the wrong codes and the accounts made. Each node keeps its
// own exactly and adds the others' as last heard: a check at the door is a
// map lookup under one lock, never a message.

// maxEventsPerBeat bounds how many events of one kind for one key a beat
// carries: past the largest burst a limit allows, more change nothing.
const maxEventsPerBeat = 64

// maxKeysPerBeat bounds the addresses (or guessers) of one kind in one
// beat, so that a beat stays far under NATS's largest message however many
// addresses changed (after an outage, or a node's whole state): the rest
// go in the next beats, each entry of Sessions being a count, not a change.
const maxKeysPerBeat = 4000

// shared is what People.mu guards.
type shared struct {
	seq        uint64
	online     int            // here
	sessions   map[string]int // live sessions per address here
	dirty      map[string]struct{}
	conns      map[string]int // new connections per address since the last beat
	misses     map[miss]int   // wrong codes since the last beat (miss.N unused as a key)
	accounts   map[string]int // accounts made per address since the last beat
	peers      map[string]*peer
	others     int            // online on the other nodes
	otherSess  map[string]int // live sessions per address on the other nodes
	hello      bool           // the next beat asks for everyone's state
	full       bool           // the next beat sends this node's whole state
	away       bool           // NATS was away at the last tick
	reconnects uint64
}

// events are what a beat asks this node's door and lobby to count.
type events struct {
	conns    map[string]int
	misses   []miss
	accounts map[string]int
}

func (s *shared) init() {
	s.sessions, s.dirty, s.otherSess = map[string]int{}, map[string]struct{}{}, map[string]int{}
	s.conns, s.misses, s.accounts = map[string]int{}, map[miss]int{}, map[string]int{}
	s.peers = map[string]*peer{}
}

// beatLocked is this node's next beat. There is one every tick, changes
// or not: a node is counted only while it beats.
func (s *shared) beatLocked(node, boot string) *beat {
	s.seq++
	b := &beat{Node: node, Boot: boot, Seq: s.seq, Online: s.online, Hello: s.hello, Full: s.full}
	if s.full {
		for ip := range s.sessions { // sent as the dirty ones are, a part a beat
			s.dirty[ip] = struct{}{}
		}
	}
	if len(s.dirty) > 0 {
		b.Sessions = make(map[string]int, min(len(s.dirty), maxKeysPerBeat))
		for ip := range s.dirty {
			if len(b.Sessions) == maxKeysPerBeat {
				break
			}
			b.Sessions[ip] = s.sessions[ip]
			delete(s.dirty, ip)
		}
	}
	s.hello, s.full = false, false
	b.Conns, b.Accounts = takeSome(s.conns), takeSome(s.accounts)
	for m, n := range takeSome(s.misses) {
		m.N = n
		b.Misses = append(b.Misses, m)
	}
	return b
}

// takeSome moves up to maxKeysPerBeat entries out of m; nil if it is empty.
func takeSome[K comparable](m map[K]int) map[K]int {
	if len(m) == 0 {
		return nil
	}
	out := make(map[K]int, min(len(m), maxKeysPerBeat))
	for k, n := range m {
		if len(out) == maxKeysPerBeat {
			break
		}
		out[k] = n
		delete(m, k)
	}
	return out
}

// applyLocked takes in another node's beat, and returns what this node's
// door and lobby are to count, and whether the number online elsewhere
// changed.
func (s *shared) applyLocked(b *beat, now time.Time) (ev events, onlineChanged bool) {
	if b.Bye {
		return ev, s.dropLocked(b.Node)
	}
	pr := s.peers[b.Node]
	if pr == nil || pr.boot != b.Boot {
		if pr != nil {
			s.dropLocked(b.Node) // restarted: what it had is gone
		}
		pr = &peer{boot: b.Boot, sessions: map[string]int{}}
		s.peers[b.Node] = pr
		s.full = true // it is new to us, so we are new to it
		onlineChanged = true
		if !b.Full {
			s.hello = true
		}
	} else if b.Seq != pr.seq+1 && !b.Full {
		s.hello = true // a beat was lost: ask for everything again
	}
	pr.seq, pr.seen = b.Seq, now
	if b.Hello {
		s.full = true
	}
	if pr.online != b.Online {
		s.others += b.Online - pr.online
		pr.online = b.Online
		onlineChanged = true
	}
	if b.Full {
		for ip, n := range pr.sessions {
			s.addOtherLocked(ip, -n)
		}
		clear(pr.sessions)
	}
	for ip, n := range b.Sessions {
		s.addOtherLocked(ip, n-pr.sessions[ip])
		if n > 0 {
			pr.sessions[ip] = n
		} else {
			delete(pr.sessions, ip)
		}
	}
	ev.conns, ev.accounts = b.Conns, b.Accounts
	for ip, n := range ev.conns {
		ev.conns[ip] = min(n, maxEventsPerBeat)
	}
	for addr, n := range ev.accounts {
		ev.accounts[addr] = min(n, maxEventsPerBeat)
	}
	for _, m := range b.Misses {
		m.N = min(m.N, maxEventsPerBeat)
		ev.misses = append(ev.misses, m)
	}
	return ev, onlineChanged
}

func (s *shared) addOtherLocked(ip string, d int) {
	if n := s.otherSess[ip] + d; n > 0 {
		s.otherSess[ip] = n
	} else {
		delete(s.otherSess, ip)
	}
}

// dropLocked forgets a node: it left, died, or cannot be heard.
func (s *shared) dropLocked(node string) bool {
	pr := s.peers[node]
	if pr == nil {
		return false
	}
	for ip, n := range pr.sessions {
		s.addOtherLocked(ip, -n)
	}
	s.others -= pr.online
	delete(s.peers, node)
	return true
}

// pruneLocked forgets the nodes last heard before since.
func (s *shared) pruneLocked(since time.Time) bool {
	dropped := false
	for node, pr := range s.peers {
		if pr.seen.Before(since) {
			dropped = s.dropLocked(node) || dropped
		}
	}
	return dropped
}

// peersLocked is how many other nodes are counted now.
func (s *shared) peersLocked() int { return len(s.peers) }

// The door's seam (ssh.Shared): called under the door's lock, so each
// only records, under People.mu, and returns.

// OtherSessions is ip's live sessions on the other nodes, as last heard.
func (p *People) OtherSessions(ip string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st.otherSess[ip]
}

// Sessions records that ip has n live sessions here, for the next beat.
func (p *People) Sessions(ip string, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n > 0 {
		p.st.sessions[ip] = n
	} else {
		delete(p.st.sessions, ip)
	}
	p.st.dirty[ip] = struct{}{}
}

// Connected records a new connection from ip here, for the next beat.
func (p *People) Connected(ip string) {
	p.mu.Lock()
	p.st.conns[ip]++
	p.mu.Unlock()
}

// The lobby's counts (lobby.People).

// SetOnline records the number online here, for the next beat.
func (p *People) SetOnline(n int) {
	p.mu.Lock()
	p.st.online = n
	p.mu.Unlock()
}

// OthersOnline is the number online on the other nodes, as last heard.
func (p *People) OthersOnline() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st.others
}

// GuessMissed records a wrong code, for the next beat.
func (p *People) GuessMissed(identity, addr string) {
	p.mu.Lock()
	p.st.misses[miss{Identity: identity, Addr: addr}]++
	p.mu.Unlock()
}

// AccountMade records an account made from addr, for the next beat.
func (p *People) AccountMade(addr string) {
	p.mu.Lock()
	p.st.accounts[addr]++
	p.mu.Unlock()
}
