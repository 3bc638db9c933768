package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/unossh/unossh/lobby"
)

// This file keeps nicknames unique across the service while their players
// are online. A session's name is a key in one bucket (the lobby's nickKey,
// so look-alikes are one key), taken with a create that fails if another
// node's player holds it, renewed while the session lives, deleted when it
// ends, and gone by itself NickTTL after a node that died stopped renewing
// it. A name an account keeps is refused to others by the store, as on one
// node; its key only says where its player is, for invitations.
//
// One goroutine (loop) owns the node's claims and makes every call to the
// bucket, in the order the lobby asked: a release and the next claim of
// the same name never cross. The bucket is kept in memory: it holds only
// who is online now, and after NATS restarts the nodes write it again.
// While NATS is away a name is given on this node's word alone (a login
// never waits for NATS); when it is back the claims are made, and a name
// another node gave meanwhile stays with both players for their visit, and
// is logged.

// claimValue is what a claim's key holds.
type claimValue struct {
	Node    string `json:"n"`
	Session string `json:"s"`
	Account int64  `json:"a,omitempty"`
	Key     string `json:"k,omitempty"` // the player's identity (NickHolder.Key)
}

// valueOf is what a claim of h from this node says in the bucket.
func (n *nickClaims) valueOf(h lobby.NickHolder) []byte {
	val, _ := json.Marshal(claimValue{Node: n.p.node, Session: h.Session, Account: h.Account, Key: h.Key})
	return val
}

// claim is one of this node's names (owned by loop); rev 0: not in the
// bucket yet (given while NATS was away).
type claim struct {
	h   lobby.NickHolder
	rev uint64
}

type nickOpKind int

const (
	claimOp nickOpKind = iota
	holdOp
	releaseOp
	rebuildOp
)

type nickOp struct {
	kind  nickOpKind
	key   string
	h     lobby.NickHolder
	ctx   context.Context
	reply chan error // claimOp only
}

type nickClaims struct {
	p    *People
	kv   jetstream.KeyValue // set before loop starts, never changed
	mine map[string]*claim  // loop's

	mu   sync.Mutex
	ops  []nickOp // queued for loop: unbounded, so a release is never lost
	wake chan struct{}
}

func (n *nickClaims) init(p *People) {
	n.p, n.mine, n.wake = p, map[string]*claim{}, make(chan struct{}, 1)
}

// ensureBucket makes the nicknames' bucket, or finds it, within ctx: at a
// node's start that is the start's (as for the tables' and leases'
// buckets, whose making a busy NATS may take seconds over), afterwards a
// player's request's bound (ctx).
func (n *nickClaims) ensureBucket(ctx context.Context) error {
	kv, err := n.p.conn.JS.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:         nicksBucket,
		Description:    "unossh: the nicknames of the players online, by node",
		History:        1,
		Storage:        jetstream.MemoryStorage,
		LimitMarkerTTL: n.p.o.NickTTL,
	})
	if err != nil {
		return fmt.Errorf("NATS: the nicknames' bucket: %v", err)
	}
	if n.kv == nil {
		// Once, before any goroutine reads it: the bucket made again
		// after NATS lost it is reached by the same handle.
		n.kv = kv
	}
	return nil
}

func (n *nickClaims) queue(op nickOp) {
	n.mu.Lock()
	n.ops = append(n.ops, op)
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// ClaimNick takes a name for a session across the service (lobby.People).
func (p *People) ClaimNick(ctx context.Context, key string, h lobby.NickHolder) error {
	reply := make(chan error, 1)
	p.nicks.queue(nickOp{kind: claimOp, key: key, h: h, ctx: ctx, reply: reply})
	select {
	case err := <-reply:
		return err
	case <-ctx.Done():
		// NATS is too slow to answer: the name is given here, and claimed
		// when it can be (the loop goes on with it).
		return nil
	}
}

// HoldNick claims an account's own name without waiting (lobby.People).
func (p *People) HoldNick(key string, h lobby.NickHolder) {
	p.nicks.queue(nickOp{kind: holdOp, key: key, h: h})
}

// ReleaseNick frees a session's name (lobby.People).
func (p *People) ReleaseNick(key, session string) {
	p.nicks.queue(nickOp{kind: releaseOp, key: key, h: lobby.NickHolder{Session: session}})
}

// rebuild makes every claim again once NATS is back.
func (n *nickClaims) rebuild() { n.queue(nickOp{kind: rebuildOp}) }

func (n *nickClaims) loop() {
	defer n.p.wg.Done()
	t := time.NewTicker(n.p.o.NickTTL / 3)
	defer t.Stop()
	for {
		select {
		case <-n.p.stop:
			return
		case <-n.wake:
			n.drain()
		case <-t.C:
			n.renewAll()
		}
	}
}

// takeQueued empties the queue and is what it held, in order.
func (n *nickClaims) takeQueued() []nickOp {
	n.mu.Lock()
	defer n.mu.Unlock()
	ops := n.ops
	n.ops = nil
	return ops
}

// drain does what was queued, in order.
func (n *nickClaims) drain() {
	ops := n.takeQueued()
	for _, op := range ops {
		switch op.kind {
		case claimOp:
			op.reply <- n.take(op.ctx, op.key, op.h)
		case holdOp:
			ctx, cancel := n.ctx()
			if err := n.take(ctx, op.key, op.h); err != nil {
				n.p.log.Warn("a kept nickname is held by a player on another node", "node", n.p.node)
			}
			cancel()
		case releaseOp:
			n.release(op.key, op.h.Session)
		case rebuildOp:
			ctx, cancel := n.ctx()
			if err := n.ensureBucket(ctx); err != nil {
				n.p.log.Warn("nicknames: " + err.Error())
			}
			cancel()
			n.renewAll()
		}
	}
}

func (n *nickClaims) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), n.p.o.Wait)
}

// take claims key for h: nil if it is theirs (or their account's) now,
// lobby.ErrNickTaken if another player holds it.
func (n *nickClaims) take(ctx context.Context, key string, h lobby.NickHolder) error {
	if c := n.mine[key]; c != nil {
		// This node's already, even if not written yet: its own word.
		switch {
		case c.h.Session == h.Session || h.Account != 0 && c.h.Account == h.Account:
			return nil
		case sameKey(c.h.Key, h.Key):
			c.h = h // the player's newer session: the older one's release leaves it
			return nil
		}
		return lobby.ErrNickTaken
	}
	if !n.p.reachable() {
		n.mine[key] = &claim{h: h}
		return nil
	}
	rev, err := n.kv.Create(ctx, token(key), n.valueOf(h), jetstream.KeyTTL(n.p.o.NickTTL))
	if err == nil {
		n.mine[key] = &claim{h: h, rev: rev}
		return nil
	}
	if !isKeyExists(err) {
		n.p.log.Warn("claiming a nickname: NATS did not answer; given on this node's word", "err", err)
		n.mine[key] = &claim{h: h}
		return nil
	}
	v, rev, err := n.holderOf(ctx, key)
	switch {
	case err != nil:
		n.mine[key] = &claim{h: h} // gone meanwhile: claimed at the next renewal
		return nil
	case v.Node == n.p.node && v.Session == h.Session:
		n.mine[key] = &claim{h: h, rev: rev}
		return nil
	case h.Account != 0 && v.Account == h.Account:
		return nil // another key of the same account shows it: theirs to keep
	case sameKey(v.Key, h.Key):
		// The same player, on a node that died or from an older session:
		// a guest back with their rejoin code keeps their name. The next
		// renewal writes this session over the older one's claim.
		n.mine[key] = &claim{h: h, rev: rev}
		return nil
	}
	return lobby.ErrNickTaken
}

// sameKey reports whether two claims are the one player's (an empty key,
// from a node that did not say, is no one's).
func sameKey(a, b string) bool { return a != "" && a == b }

// holderOf reads who holds key now.
func (n *nickClaims) holderOf(ctx context.Context, key string) (claimValue, uint64, error) {
	var v claimValue
	e, err := n.kv.Get(ctx, token(key))
	if err != nil {
		return v, 0, err
	}
	if err := json.Unmarshal(e.Value(), &v); err != nil {
		return v, 0, err
	}
	return v, e.Revision(), nil
}

// release frees key if session holds it.
func (n *nickClaims) release(key, session string) {
	c := n.mine[key]
	if c == nil || c.h.Session != session {
		return
	}
	delete(n.mine, key)
	if c.rev == 0 || !n.p.reachable() {
		return // never written, or it lapses by itself
	}
	ctx, cancel := n.ctx()
	defer cancel()
	_ = n.kv.Delete(ctx, token(key), jetstream.LastRevision(c.rev))
}

// renewChunk is how many renewals are in flight at once: well under the
// client's own bound on asynchronous publishes, past which it stalls.
const renewChunk = 1000

// renewAll renews every claim of this node before it lapses, many at once
// (a chunk of writes is sent together and its answers awaited together),
// and makes those given while NATS was away.
func (n *nickClaims) renewAll() {
	if len(n.mine) == 0 || !n.p.reachable() {
		return
	}
	var redo, chunk []string
	for key, c := range n.mine {
		if c.rev == 0 {
			redo = append(redo, key)
		} else {
			chunk = append(chunk, key)
		}
	}
	for len(chunk) > 0 {
		k := min(len(chunk), renewChunk)
		failed, answered := n.renew(chunk[:k])
		if !answered {
			return // NATS is slow: the next renewal tries again
		}
		redo, chunk = append(redo, failed...), chunk[k:]
	}
	for _, key := range redo {
		n.reclaim(key)
	}
}

// renew sends the renewals of keys together and waits for their answers:
// the keys that could not be renewed, and false if NATS did not answer in
// time.
func (n *nickClaims) renew(keys []string) (failed []string, answered bool) {
	type pending struct {
		key string
		c   *claim
		ack jetstream.PubAckFuture
	}
	sent := make([]pending, 0, len(keys))
	for _, key := range keys {
		c := n.mine[key]
		m := &nats.Msg{Subject: "$KV." + nicksBucket + "." + token(key), Data: n.valueOf(c.h)}
		ack, err := n.p.conn.JS.PublishMsgAsync(m, jetstream.WithExpectLastSequencePerSubject(c.rev),
			jetstream.WithMsgTTL(n.p.o.NickTTL))
		if err != nil {
			failed = append(failed, key)
			continue
		}
		sent = append(sent, pending{key, c, ack})
	}
	timeout := time.After(n.p.o.Wait)
	for _, s := range sent {
		select {
		case pa := <-s.ack.Ok():
			s.c.rev = pa.Sequence
		case <-s.ack.Err():
			failed = append(failed, s.key)
		case <-timeout:
			return nil, false
		}
	}
	return failed, true
}

// reclaim makes a claim again that could not be renewed: it lapsed, NATS
// lost it, or it was never written. A name another node's player holds
// now was given to two players: both keep it for this visit, and it is
// logged.
func (n *nickClaims) reclaim(key string) {
	c := n.mine[key]
	ctx, cancel := n.ctx()
	defer cancel()
	delete(n.mine, key)
	if err := n.take(ctx, key, c.h); errors.Is(err, lobby.ErrNickTaken) {
		n.p.log.Warn("a nickname given while NATS was away is held by a player on another node too", "node", n.p.node)
	}
}

// releaseAll frees this node's names as it leaves the service (after loop
// stopped): every claim it holds.
func (n *nickClaims) releaseAll() {
	n.dropQueued()
	if !n.p.reachable() {
		return
	}
	ctx, cancel := n.ctx()
	defer cancel()
	for key, c := range n.mine {
		if c.rev != 0 {
			_ = n.kv.Delete(ctx, token(key), jetstream.LastRevision(c.rev))
		}
	}
	clear(n.mine)
}

// dropQueued drops what is still queued as the node leaves: releaseAll
// frees every name anyway, and a claim waiting for an answer gets one.
func (n *nickClaims) dropQueued() {
	ops := n.takeQueued()
	for _, op := range ops {
		if op.reply != nil {
			op.reply <- errAway
		}
	}
}
