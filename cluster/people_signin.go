package cluster

import (
	"encoding/json"
	"time"

	"github.com/nats-io/nats.go"
)

// This file is one key signed in on two nodes at once. On one node the
// newer session takes the older one's place, and the older is told why it
// closes; across nodes the same: the node of the new session tells every
// other (subjSignIn), a node with an older session of that key closes it
// with the same line, leaving its seat as it is, and asks the new
// session's node (subjTookOver) to sit the new session down in it; once
// that node answers (or has not in seatBackWait), the table is told the
// older session has gone, which by then changes nothing. So a seat at a
// table still waiting for its game goes to the new session as one playing
// does, rather than being freed.

const (
	subjSignIn   = "unossh.people.signin"
	subjTookOver = "unossh.people.tookover." // + the node's token
)

// seatBackWait bounds the wait for the new session to sit down: as long
// as a table of another node may take to answer it.
const seatBackWait = 10 * time.Second

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
		table, settle := l.SignedInElsewhere(s.Key, s.Session)
		if table != "" {
			data, _ := json.Marshal(tookOver{Session: s.Session, Table: table})
			_, _ = p.nc.Request(subjTookOver+token(s.Node), data, seatBackWait)
		}
		settle()
	}()
}

func (p *People) onTookOver(m *nats.Msg) {
	var t tookOver
	if json.Unmarshal(m.Data, &t) != nil {
		return
	}
	l, _ := p.attached()
	if l == nil {
		return
	}
	go func() { // it waits for the table
		l.TakeSeatBack(t.Session, t.Table)
		_ = m.Respond(nil)
	}()
}
