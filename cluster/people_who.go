package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/unossh/unossh/lobby"
)

// This file is who is online and invitations across nodes. Who asks every
// node at once on one subject and gathers the answers of the nodes it
// counts, for as long as the player would wait; only opening the page
// costs a message. An invitation finds the node of the player by their
// name's claim (people_nicks.go) and goes to that node's own subject,
// where its lobby checks it as it checks its own. The inviter's limit is
// counted on the inviter's node, as on one node.

type whoAsk struct {
	From string `json:"f"`
}

type whoAnswer struct {
	Node    string               `json:"n"`
	Players []lobby.OnlinePlayer `json:"p"`
}

type inviteAsk struct {
	Nick string                 `json:"n"`
	Inv  lobby.RemoteInvitation `json:"i"`
}

type inviteAnswer struct {
	Err string `json:"e,omitempty"`
}

// Who lists the players online on the other nodes (lobby.People).
func (p *People) Who(ctx context.Context) ([]lobby.OnlinePlayer, error) {
	p.mu.Lock()
	want := p.st.peersLocked()
	p.mu.Unlock()
	if want == 0 {
		return nil, nil
	}
	if !p.reachable() {
		return nil, nil // this node's players only: the outage is logged once (tick)
	}
	inbox := p.nc.NewRespInbox()
	sub, err := p.nc.SubscribeSync(inbox)
	if err != nil {
		return nil, err
	}
	defer func() { _ = sub.Unsubscribe() }()
	ask, _ := json.Marshal(whoAsk{From: p.node})
	if err := p.nc.PublishRequest(subjWho, inbox, ask); err != nil {
		return nil, err
	}
	var out []lobby.OnlinePlayer
	for got := 0; got < want; got++ {
		m, err := sub.NextMsgWithContext(ctx)
		if err != nil {
			return out, fmt.Errorf("%d of %d nodes answered: %w", got, want, err)
		}
		var a whoAnswer
		if json.Unmarshal(m.Data, &a) == nil {
			out = append(out, a.Players...)
		}
	}
	return out, nil
}

// onWho answers another node's Who with this node's players.
func (p *People) onWho(m *nats.Msg) {
	var a whoAsk
	if json.Unmarshal(m.Data, &a) != nil || a.From == p.node || m.Reply == "" {
		return
	}
	var players []lobby.OnlinePlayer
	if l, _ := p.attached(); l != nil { // none yet while the node starts: nobody
		players, _ = l.LocalWho() // none once it is stopping
	}
	data, _ := json.Marshal(whoAnswer{Node: p.node, Players: players})
	_ = m.Respond(data)
}

// Invite sends an invitation to the node of the player named nick
// (lobby.People).
func (p *People) Invite(ctx context.Context, key, nick string, inv lobby.RemoteInvitation) error {
	nobody := fmt.Errorf("nobody called %s is online", nick)
	if !p.reachable() {
		return nobody // as on one node: the others cannot be seen
	}
	v, _, err := p.nicks.holderOf(ctx, key)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound), errors.Is(err, jetstream.ErrKeyDeleted):
		return nobody
	case err != nil:
		return errors.New("the other nodes did not answer just now; try again in a moment")
	case v.Node == p.node:
		return nobody // a name this node has already let go
	}
	data, _ := json.Marshal(inviteAsk{Nick: nick, Inv: inv})
	m, err := p.nc.RequestWithContext(ctx, subjInvite+token(v.Node), data)
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return nobody // that node has gone
	case err != nil:
		return fmt.Errorf("%s's server did not answer just now; try again in a moment", nick)
	}
	var a inviteAnswer
	if err := json.Unmarshal(m.Data, &a); err != nil {
		return err
	}
	if a.Err != "" {
		return errors.New(a.Err)
	}
	return nil
}

// onInvite shows an invitation from another node to a player here.
func (p *People) onInvite(m *nats.Msg) {
	var a inviteAsk
	if json.Unmarshal(m.Data, &a) != nil {
		return
	}
	var ans inviteAnswer
	if l, _ := p.attached(); l == nil {
		ans.Err = fmt.Sprintf("nobody called %s is online", a.Nick)
	} else if err := l.TakeInvitation(a.Nick, a.Inv); err != nil {
		ans.Err = err.Error()
	}
	data, _ := json.Marshal(ans)
	_ = m.Respond(data)
}
