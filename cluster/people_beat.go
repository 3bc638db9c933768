package cluster

import (
	"encoding/json"
	"time"

	"github.com/nats-io/nats.go"
)

// This file is the beat: every PeopleOptions.Every, each node publishes on
// one subject what changed here since its last beat (its number online,
// the live sessions of the addresses whose count changed, and the events
// that limits count: new connections, wrong codes, accounts made), and
// applies what it hears from the others. A beat is small when little
// changes, and nothing waits on one: a lost beat is noticed by its
// sequence number and the whole state is asked for again (Hello), as it
// is when a node starts or comes back after NATS was away.

// beat is one node's message to the others.
type beat struct {
	Node string `json:"n"`
	Boot string `json:"b"`
	Seq  uint64 `json:"q"`
	// Online is the number online here, with a nickname.
	Online int `json:"o"`
	// Hello asks every other node for its whole state in its next beat.
	Hello bool `json:"h,omitempty"`
	// Full says Sessions is every address with live sessions here: the
	// receiver forgets what it had from this node.
	Full bool `json:"f,omitempty"`
	// Bye: the node is leaving; count it no more.
	Bye bool `json:"x,omitempty"`
	// Sessions is the live sessions here of the addresses whose count
	// changed (0: none left), or of all of them when Full.
	Sessions map[string]int `json:"s,omitempty"`
	// Conns is the new connections admitted here per address since the
	// last beat.
	Conns map[string]int `json:"c,omitempty"`
	// Misses is the wrong codes per identity and address since the last
	// beat.
	Misses []miss `json:"m,omitempty"`
	// Accounts is the accounts made here per address since the last beat.
	Accounts map[string]int `json:"a,omitempty"`
}

// miss is wrong codes from one identity and address.
type miss struct {
	Identity string `json:"i,omitempty"`
	Addr     string `json:"a,omitempty"`
	N        int    `json:"n"`
}

// peer is another node, as last heard (under People.mu).
type peer struct {
	boot     string
	seq      uint64
	seen     time.Time
	online   int
	sessions map[string]int
}

func (p *People) beatLoop() {
	defer p.wg.Done()
	t := time.NewTicker(p.o.Every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case now := <-t.C:
			p.tick(now)
		}
	}
}

// tick forgets the nodes not heard of lately, notices NATS going away and
// coming back, and sends this node's beat.
func (p *People) tick(now time.Time) {
	up, reconnects := p.reachable(), p.nc.Stats().Reconnects
	p.mu.Lock()
	dropped := p.st.pruneLocked(now.Add(-p.o.DeadAfter))
	back := up && (p.st.away || reconnects != p.st.reconnects)
	wentAway := !up && !p.st.away
	p.st.away, p.st.reconnects = !up, reconnects
	if back {
		// Whatever was said while NATS was away may be lost: everyone
		// tells everyone everything again. The connections made meanwhile
		// are not told: the rate counts the last seconds, and charged now
		// they would hold an address back for what it did long ago.
		p.st.hello, p.st.full = true, true
		clear(p.st.conns)
	}
	var b *beat
	if up {
		b = p.st.beatLocked(p.node, p.boot)
	}
	p.mu.Unlock()
	switch {
	case wentAway:
		p.log.Warn("NATS is away: the door's and the lobby's limits count this node's players only, and names are not checked with the other nodes, until it is back")
	case back && reconnects > 0:
		p.log.Info("NATS is back: limits and names are shared with the other nodes again")
		p.nicks.rebuild()
	}
	if dropped {
		if l, _ := p.attached(); l != nil {
			l.OthersChanged()
		}
	}
	if b != nil {
		p.publishBeat(b)
	}
}

func (p *People) publishBeat(b *beat) {
	data, err := json.Marshal(b)
	if err != nil {
		return
	}
	_ = p.nc.Publish(subjBeat, data) // lost: the sequence number tells the others
}

func (p *People) byeBeat() *beat {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.st.seq++
	return &beat{Node: p.node, Boot: p.boot, Seq: p.st.seq, Bye: true}
}

// onBeat applies another node's beat.
func (p *People) onBeat(m *nats.Msg) {
	var b beat
	if json.Unmarshal(m.Data, &b) != nil || b.Node == p.node {
		return
	}
	p.mu.Lock()
	ev, onlineChanged := p.st.applyLocked(&b, time.Now())
	p.mu.Unlock()
	l, d := p.attached()
	if d != nil {
		for ip, n := range ev.conns {
			d.OthersConnected(ip, n)
		}
	}
	if l != nil {
		for _, m := range ev.misses {
			for range m.N {
				l.OthersMissed(m.Identity, m.Addr)
			}
		}
		for addr, n := range ev.accounts {
			for range n {
				l.OthersMadeAccount(addr)
			}
		}
		if onlineChanged {
			l.OthersChanged()
		}
	}
}
