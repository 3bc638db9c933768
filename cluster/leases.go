package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/unossh/unossh/lobby"
)

// This file is the tables' leases: a key per table in a bucket whose
// entries live LeaseTTL after their last write. The owner takes it with
// Create (one winner), renews it with a compare-and-set Update (so a node
// that lost it cannot renew it back), and gives it up for good with a
// delete. A lease that runs out, or is handed over, leaves a purge marker
// that every node's watcher sees: the first to Create it again adopts the
// table.

const bucketLeases = "unossh_leases"

// LeaseTTL is how long a lease lives without being renewed: a node that
// dies, or is cut off, loses its tables this long after its last renewal.
const LeaseTTL = 4 * time.Second

// leases is the lease bucket and the revision of each lease this node
// holds.
type leases struct {
	kv   jetstream.KeyValue
	node string
	mu   sync.Mutex
	revs map[string]uint64
}

func openLeases(ctx context.Context, c *Conn) (*leases, error) {
	kv, err := c.JS.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: bucketLeases, History: 1, TTL: LeaseTTL, LimitMarkerTTL: time.Minute,
	})
	if err != nil {
		return nil, fmt.Errorf("NATS bucket %s: %v", bucketLeases, err)
	}
	return &leases{kv: kv, node: c.Node, revs: map[string]uint64{}}, nil
}

// TakeLease makes this node table id's owner, if no node is.
func (l *Lobby) TakeLease(ctx context.Context, id string) error {
	rev, err := l.leases.kv.Create(ctx, id, []byte(l.leases.node))
	if errors.Is(err, jetstream.ErrKeyExists) {
		return lobby.ErrLeaseHeld
	}
	if err != nil {
		return err
	}
	l.leases.mu.Lock()
	l.leases.revs[id] = rev
	l.leases.mu.Unlock()
	return nil
}

// RenewLease keeps table id's lease this node's; ErrLeaseLost once it is
// not.
func (l *Lobby) RenewLease(ctx context.Context, id string) error {
	ls := l.leases
	ls.mu.Lock()
	rev, ok := ls.revs[id]
	ls.mu.Unlock()
	if !ok {
		return lobby.ErrLeaseLost
	}
	next, err := ls.kv.Update(ctx, id, []byte(ls.node), rev)
	if errors.Is(err, jetstream.ErrKeyRevisionMismatch) || errors.Is(err, jetstream.ErrKeyNotFound) {
		// An earlier renewal may have been written and its answer lost:
		// the lease is still ours if the newest entry is our own.
		e, gerr := ls.kv.Get(ctx, id)
		if gerr != nil || string(e.Value()) != ls.node {
			ls.forget(id)
			return lobby.ErrLeaseLost
		}
		next, err = ls.kv.Update(ctx, id, []byte(ls.node), e.Revision())
	}
	if err != nil {
		return err
	}
	ls.mu.Lock()
	ls.revs[id] = next
	ls.mu.Unlock()
	return nil
}

func (ls *leases) forget(id string) {
	ls.mu.Lock()
	delete(ls.revs, id)
	ls.mu.Unlock()
}

// DropLease gives table id up: for good (a table that closed), or, with
// handOver, for another node to take at once (a node draining).
func (l *Lobby) DropLease(ctx context.Context, id string, handOver bool) error {
	l.leases.forget(id)
	if handOver {
		return ignoreMissing(l.leases.kv.Purge(ctx, id))
	}
	return ignoreMissing(l.leases.kv.Delete(ctx, id))
}

// WatchLeases calls free with each table whose lease ran out or was
// handed over, until ctx ends.
func (l *Lobby) WatchLeases(ctx context.Context, free func(id string)) error {
	w, err := l.leases.kv.WatchAll(ctx, jetstream.UpdatesOnly())
	if err != nil {
		return err
	}
	defer func() { _ = w.Stop() }()
	for {
		select {
		case e, ok := <-w.Updates():
			if !ok {
				return errors.New("the leases' watch ended")
			}
			if e != nil && e.Operation() == jetstream.KeyValuePurge {
				free(e.Key())
			}
		case <-ctx.Done():
			return nil
		}
	}
}

// Leased lists the leases held now: the tables' and the nodes' runs'.
func (l *Lobby) Leased(ctx context.Context) ([]string, error) {
	keys, err := l.leases.kv.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for k := range keys.Keys() {
		out = append(out, k)
	}
	return out, nil
}
