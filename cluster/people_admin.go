package cluster

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"
)

// This file carries the operators' commands between nodes (package
// moderation): a ban, a mute, a kick, a close or an announcement made on
// one node is asked of every other node on one subject, and each answers
// for its own sessions and tables, as who online gathers its answers
// (people_who.go). The bytes are moderation's; this file only carries them.

const subjAdmin = "unossh.people.admin"

// adminMsg wraps a request with the node that sent it, which does not
// answer itself.
type adminMsg struct {
	From string `json:"f"`
	Req  []byte `json:"r"`
}

// AttachAdmin gives the other nodes this node's moderation: h answers
// each request. Requests that come before are not answered.
func (p *People) AttachAdmin(h func(req []byte) []byte) {
	p.hooks.Lock()
	p.admin = h
	p.hooks.Unlock()
	sub, err := p.nc.Subscribe(subjAdmin, p.onAdmin)
	if err != nil {
		p.log.Error("the other nodes' admin commands cannot reach this node", "err", err)
		return
	}
	p.hooks.Lock()
	p.subs = append(p.subs, sub)
	p.hooks.Unlock()
}

// Ask sends an admin request to every other node and gathers the
// answers of those it counts, within ctx (moderation.Peers).
func (p *People) Ask(ctx context.Context, req []byte) ([][]byte, error) {
	p.mu.Lock()
	want := p.st.peersLocked()
	p.mu.Unlock()
	if want == 0 {
		return nil, nil
	}
	if !p.reachable() {
		return nil, errAway
	}
	inbox := p.nc.NewRespInbox()
	sub, err := p.nc.SubscribeSync(inbox)
	if err != nil {
		return nil, err
	}
	defer func() { _ = sub.Unsubscribe() }()
	data, _ := json.Marshal(adminMsg{From: p.node, Req: req})
	if err := p.nc.PublishRequest(subjAdmin, inbox, data); err != nil {
		return nil, err
	}
	var out [][]byte
	for got := 0; got < want; got++ {
		m, err := sub.NextMsgWithContext(ctx)
		if err != nil {
			return out, fmt.Errorf("%d of %d nodes answered: %w", got, want, err)
		}
		out = append(out, m.Data)
	}
	return out, nil
}

// onAdmin answers another node's admin request, on the subscription's
// own goroutine: an operator's commands come one at a time.
func (p *People) onAdmin(m *nats.Msg) {
	var a adminMsg
	if json.Unmarshal(m.Data, &a) != nil || a.From == p.node || m.Reply == "" {
		return
	}
	p.hooks.Lock()
	h := p.admin
	p.hooks.Unlock()
	if h == nil {
		return
	}
	_ = m.Respond(h(a.Req))
}
