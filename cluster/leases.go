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

// This file is the leases: each run of a node holds one lease of its own,
// and a table's lease is held through its node's. The node's lease is a
// key in a bucket whose entries live LeaseTTL after their last write: the
// node takes it with Create (one winner), renews it with a compare-and-set
// Update (so a run that lost it cannot renew it back), and gives it up
// with a purge as it stops. A table's lease is a key in a bucket of owners,
// whose value is the lease of the node run that holds the table. It is
// never renewed: it holds as long as that node's lease does, so a node
// renews one key a second however many tables it plays, and no node's
// watcher sees a write a second for every table of the service.
//
// A node's lease that runs out, or is given up, leaves a purge marker that
// every node's watcher sees: each of that node's tables is then free, and
// the first node to take its owner's key over (a compare-and-set from the
// dead node's entry) adopts the table. A table handed over (a node
// draining) is purged from the owners, and taken with Create.

const (
	bucketLeases = "unossh_leases"
	bucketOwners = "unossh_owners"
)

// LeaseTTL is how long a node's lease lives without being renewed: a node
// that dies, or is cut off, loses its tables this long after its last
// renewal.
const LeaseTTL = 4 * time.Second

// sweepEvery is how often a node clears the owners bucket of the markers
// closed tables leave, which no TTL removes there; markerAge is how old a
// marker is when it goes, long after every watcher has seen it.
const (
	sweepEvery = 10 * time.Minute
	markerAge  = 10 * time.Minute
)

// leases is the two buckets, this node's own lease and the tables it
// holds through it.
type leases struct {
	kv     jetstream.KeyValue // the nodes' leases
	owners jetstream.KeyValue // the tables'

	mu     sync.Mutex
	self   string // this node run's lease, "" until taken
	selfRv uint64
	tables map[string]bool // held through self
}

func openLeases(ctx context.Context, c *Conn) (*leases, error) {
	kv, err := c.JS.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: bucketLeases, History: 1, TTL: LeaseTTL, LimitMarkerTTL: time.Minute,
	})
	if err != nil {
		return nil, fmt.Errorf("NATS bucket %s: %v", bucketLeases, err)
	}
	owners, err := c.JS.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: bucketOwners, History: 1})
	if err != nil {
		return nil, fmt.Errorf("NATS bucket %s: %v", bucketOwners, err)
	}
	return &leases{kv: kv, owners: owners, tables: map[string]bool{}}, nil
}

// TakeLease makes this node the holder of lease id: its own (a node
// lease, lobby.IsNodeLease), or a table's, if no living node holds it.
func (l *Lobby) TakeLease(ctx context.Context, id string) error {
	ls := l.leases
	if lobby.IsNodeLease(id) {
		rev, err := ls.kv.Create(ctx, id, []byte(l.c.Node))
		if errors.Is(err, jetstream.ErrKeyExists) {
			return lobby.ErrLeaseHeld
		}
		if err != nil {
			return err
		}
		ls.mu.Lock()
		ls.self, ls.selfRv = id, rev
		ls.tables = map[string]bool{} // none is held through a lease taken anew
		ls.mu.Unlock()
		return nil
	}
	ls.mu.Lock()
	self := ls.self
	ls.mu.Unlock()
	if self == "" {
		return errors.New("this node holds no lease of its own")
	}
	_, err := ls.owners.Create(ctx, id, []byte(self))
	if errors.Is(err, jetstream.ErrKeyExists) {
		err = ls.takeOver(ctx, id, self)
	}
	if err != nil {
		return err
	}
	ls.mu.Lock()
	ls.tables[id] = true
	ls.mu.Unlock()
	return nil
}

// takeOver takes table id's lease from a node run whose own lease is gone.
func (ls *leases) takeOver(ctx context.Context, id, self string) error {
	e, err := ls.owners.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		_, err = ls.owners.Create(ctx, id, []byte(self)) // given up meanwhile
		if errors.Is(err, jetstream.ErrKeyExists) {
			return lobby.ErrLeaseHeld
		}
		return err
	}
	if err != nil {
		return err
	}
	holder := string(e.Value())
	if holder == self {
		return nil
	}
	_, err = ls.kv.Get(ctx, holder)
	switch {
	case err == nil:
		return lobby.ErrLeaseHeld // its node lives
	case !errors.Is(err, jetstream.ErrKeyNotFound):
		return err
	}
	_, err = ls.owners.Update(ctx, id, []byte(self), e.Revision())
	if errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return lobby.ErrLeaseHeld // another node was quicker
	}
	return err
}

// RenewLease keeps lease id this node's; ErrLeaseLost once it is not. A
// node's lease is written; a table's holds while the node's does, so it
// is lost once a renewal of the node's found it lost.
func (l *Lobby) RenewLease(ctx context.Context, id string) error {
	ls := l.leases
	if !lobby.IsNodeLease(id) {
		ls.mu.Lock()
		defer ls.mu.Unlock()
		if !ls.tables[id] {
			return lobby.ErrLeaseLost
		}
		return nil
	}
	ls.mu.Lock()
	rev, ok := ls.selfRv, ls.self == id
	ls.mu.Unlock()
	if !ok {
		return lobby.ErrLeaseLost
	}
	next, err := ls.kv.Update(ctx, id, []byte(l.c.Node), rev)
	if errors.Is(err, jetstream.ErrKeyRevisionMismatch) || errors.Is(err, jetstream.ErrKeyNotFound) {
		// An earlier renewal may have been written and its answer lost:
		// the lease is still ours if the newest entry is our own.
		e, gerr := ls.kv.Get(ctx, id)
		if gerr != nil || string(e.Value()) != l.c.Node {
			ls.lost()
			return lobby.ErrLeaseLost
		}
		next, err = ls.kv.Update(ctx, id, []byte(l.c.Node), e.Revision())
	}
	if err != nil {
		return err
	}
	ls.mu.Lock()
	ls.selfRv = next
	ls.mu.Unlock()
	return nil
}

// lost is this node's lease gone, and with it every table's it held.
func (ls *leases) lost() {
	ls.mu.Lock()
	ls.self, ls.selfRv = "", 0
	ls.tables = map[string]bool{}
	ls.mu.Unlock()
}

// DropLease gives lease id up: for good (a table that closed), or, with
// handOver, for another node to take at once (a node draining, or
// stopping).
func (l *Lobby) DropLease(ctx context.Context, id string, handOver bool) error {
	ls := l.leases
	ls.mu.Lock()
	self := ls.self
	if lobby.IsNodeLease(id) {
		if self == id {
			ls.self, ls.selfRv = "", 0
		}
	} else {
		delete(ls.tables, id)
	}
	ls.mu.Unlock()
	if lobby.IsNodeLease(id) {
		if handOver {
			return ignoreMissing(ls.kv.Purge(ctx, id))
		}
		return ignoreMissing(ls.kv.Delete(ctx, id))
	}
	// A table's lease is given up only while this node holds it: one
	// that stopped here because another node took it over (fenced off)
	// is that node's now.
	e, err := ls.owners.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if self == "" || string(e.Value()) != self {
		return nil
	}
	if handOver {
		err = ls.owners.Purge(ctx, id, jetstream.LastRevision(e.Revision()))
	} else {
		err = ls.owners.Delete(ctx, id, jetstream.LastRevision(e.Revision()))
	}
	if errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return nil // taken meanwhile
	}
	return ignoreMissing(err)
}

// WatchLeases calls free with each node lease that ran out or was given
// up, then with each table that node held, and with each table handed
// over, until ctx ends.
func (l *Lobby) WatchLeases(ctx context.Context, free func(id string)) error {
	ls := l.leases
	nw, err := ls.kv.WatchAll(ctx, jetstream.UpdatesOnly())
	if err != nil {
		return err
	}
	defer func() { _ = nw.Stop() }()
	ow, err := ls.owners.WatchAll(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = ow.Stop() }()
	sweep := time.NewTicker(sweepEvery)
	defer sweep.Stop()
	held := map[string]map[string]bool{} // node lease -> the tables it holds
	holder := map[string]string{}        // table -> its node lease
	forget := func(id string) {
		if h, ok := holder[id]; ok {
			delete(held[h], id)
			if len(held[h]) == 0 {
				delete(held, h)
			}
			delete(holder, id)
		}
	}
	for {
		select {
		case e, ok := <-nw.Updates():
			if !ok {
				return errors.New("the leases' watch ended")
			}
			if e == nil || e.Operation() != jetstream.KeyValuePurge {
				continue
			}
			free(e.Key())
			for id := range held[e.Key()] {
				free(id)
			}
		case e, ok := <-ow.Updates():
			if !ok {
				return errors.New("the owners' watch ended")
			}
			if e == nil {
				continue // the entries there were have all been seen
			}
			forget(e.Key())
			switch e.Operation() {
			case jetstream.KeyValuePut:
				h := string(e.Value())
				if held[h] == nil {
					held[h] = map[string]bool{}
				}
				held[h][e.Key()] = true
				holder[e.Key()] = h
			case jetstream.KeyValuePurge:
				free(e.Key())
			}
		case <-sweep.C:
			_ = ls.owners.PurgeDeletes(ctx, jetstream.DeleteMarkersOlderThan(markerAge))
		case <-ctx.Done():
			return nil
		}
	}
}

// Leased lists the nodes' runs' leases held now: a table's lease holds
// through its node's.
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
