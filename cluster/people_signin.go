package cluster

import (
	"encoding/json"

	"github.com/nats-io/nats.go"
)

// This file is one key signed in on two nodes at once. On one node the
// newer session takes the older one's place, and the older is told why it
// closes; across nodes the same: the node of the new session tells every
// other (subjSignIn), a node with an older session of that key takes it
// off its table (its seat kept) and closes it with the same line, and
// tells the new session's node (subjTookOver) which table keeps the seat,
// where the new session sits down in it.

const (
	subjSignIn   = "unossh.people.signin"
	subjTookOver = "unossh.people.tookover." // + the node's token
)

type signIn struct {
	Node    string `json:"n"`
	Key     string `json:"k"`
	Session string `json:"s"`
}

type tookOver struct {
	Session string `json:"s"`
	Table   string `json:"t"`
}

// SignedIn tells the other nodes that key has signed in here, in session
// (lobby.People). It never blocks.
func (p *People) SignedIn(key, session string) {
	data, _ := json.Marshal(signIn{Node: p.node, Key: key, Session: session})
	_ = p.nc.Publish(subjSignIn, data)
}

func (p *People) onSignIn(m *nats.Msg) {
	var s signIn
	if json.Unmarshal(m.Data, &s) != nil || s.Node == p.node {
		return
	}
	l, _ := p.attached()
	if l == nil {
		return
	}
	// Not on the subscription's goroutine: taking the old session off its
	// table may wait for the table.
	go func() {
		table := l.SignedInElsewhere(s.Key, s.Session)
		if table == "" {
			return
		}
		data, _ := json.Marshal(tookOver{Session: s.Session, Table: table})
		_ = p.nc.Publish(subjTookOver+token(s.Node), data)
	}()
}

func (p *People) onTookOver(m *nats.Msg) {
	var t tookOver
	if json.Unmarshal(m.Data, &t) != nil {
		return
	}
	if l, _ := p.attached(); l != nil {
		go l.TakeSeatBack(t.Session, t.Table) // it waits for the table
	}
}
