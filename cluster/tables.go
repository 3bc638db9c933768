package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/unossh/unossh/lobby"
)

// This file is lobby.Cluster over NATS: what remote play and the table
// directory need.
//
//	unossh.table.<id>             requests to a table, answered by its owner
//	unossh.node.<node>.screens    the shadows' screens for a node's sessions
//	KV unossh_tables              a line per live table (owner, code, list line)
//	KV unossh_codes               private codes, each claimed once (Create)
//	KV unossh_seats               seats kept for players away, by identity

const (
	bucketTables = "unossh_tables"
	bucketCodes  = "unossh_codes"
	bucketSeats  = "unossh_seats"
)

// Lobby is the lobby's seam to the other nodes (lobby.Config.Cluster).
type Lobby struct {
	c      *Conn
	leases *leases
	tables jetstream.KeyValue
	codes  jetstream.KeyValue
	seats  jetstream.KeyValue
}

var _ lobby.Cluster = (*Lobby)(nil)

// NewLobby opens (or makes) the buckets the lobby shares with the other
// nodes.
func NewLobby(ctx context.Context, c *Conn) (*Lobby, error) {
	l := &Lobby{c: c}
	for _, b := range []struct {
		name string
		kv   *jetstream.KeyValue
		ttls time.Duration // lines may expire by themselves (ExpireSeat), leaving a marker kept this long
	}{{bucketTables, &l.tables, 0}, {bucketCodes, &l.codes, 0}, {bucketSeats, &l.seats, seatMarkerTTL}} {
		kv, err := c.JS.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: b.name, History: 1, LimitMarkerTTL: b.ttls})
		if err != nil {
			return nil, fmt.Errorf("NATS bucket %s: %v", b.name, err)
		}
		*b.kv = kv
	}
	ls, err := openLeases(ctx, c)
	if err != nil {
		return nil, err
	}
	l.leases = ls
	return l, nil
}

// Node is this node's name.
func (l *Lobby) Node() string { return l.c.Node }

func tableSubject(id string) string     { return "unossh.table." + token(id) }
func screensSubject(node string) string { return "unossh.node." + token(node) + ".screens" }

// ServeTable answers table id's requests, one at a time in order (one
// subscription's handler never runs twice at once).
func (l *Lobby) ServeTable(id string, serve func(req []byte) []byte) (func(), error) {
	sub, err := l.c.NC.Subscribe(tableSubject(id), func(m *nats.Msg) {
		_ = m.Respond(serve(m.Data))
	})
	if err != nil {
		return nil, err
	}
	_ = sub.SetPendingLimits(-1, -1) // a table's requests are bounded by its players' own waits
	return func() { _ = sub.Unsubscribe() }, nil
}

// AskTable sends a request to table id's owner.
func (l *Lobby) AskTable(ctx context.Context, id string, req []byte) ([]byte, error) {
	m, err := l.c.NC.RequestWithContext(ctx, tableSubject(id), req)
	if errors.Is(err, nats.ErrNoResponders) {
		return nil, lobby.ErrNoOwner
	}
	if err != nil {
		return nil, err
	}
	return m.Data, nil
}

// ServeScreens hands deliver this node's screens, in order.
func (l *Lobby) ServeScreens(deliver func(msg []byte)) (func(), error) {
	sub, err := l.c.NC.Subscribe(screensSubject(l.c.Node), func(m *nats.Msg) { deliver(m.Data) })
	if err != nil {
		return nil, err
	}
	_ = sub.SetPendingLimits(-1, -1)
	return func() { _ = sub.Unsubscribe() }, nil
}

// SendScreens publishes to node's screens subject.
func (l *Lobby) SendScreens(node string, msg []byte) error {
	return l.c.NC.Publish(screensSubject(node), msg)
}

// PutTable writes table id's line.
func (l *Lobby) PutTable(ctx context.Context, id string, entry []byte) error {
	_, err := l.tables.Put(ctx, id, entry)
	return err
}

// DropTable removes table id's line.
func (l *Lobby) DropTable(ctx context.Context, id string) error {
	return ignoreMissing(l.tables.Delete(ctx, id))
}

// ClaimCode takes code for table id, if no table has it.
func (l *Lobby) ClaimCode(ctx context.Context, code, id string) error {
	_, err := l.codes.Create(ctx, code, []byte(id))
	if errors.Is(err, jetstream.ErrKeyExists) {
		return lobby.ErrCodeTaken
	}
	return err
}

// FindCode is the table that claimed code, "" if none.
func (l *Lobby) FindCode(ctx context.Context, code string) (string, error) {
	e, err := l.codes.Get(ctx, code)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return string(e.Value()), nil
}

// DropCode frees a code.
func (l *Lobby) DropCode(ctx context.Context, code string) error {
	return ignoreMissing(l.codes.Purge(ctx, code))
}

// PutSeat writes the seat kept for an identity (key is already safe).
func (l *Lobby) PutSeat(ctx context.Context, key string, entry []byte) error {
	_, err := l.seats.Put(ctx, key, entry)
	return err
}

// GetSeat reads a line of the seats' bucket, nil if there is none.
func (l *Lobby) GetSeat(ctx context.Context, key string) ([]byte, error) {
	e, err := l.seats.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return e.Value(), nil
}

// DropSeat removes it.
func (l *Lobby) DropSeat(ctx context.Context, key string) error {
	return ignoreMissing(l.seats.Delete(ctx, key))
}

func ignoreMissing(err error) error {
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	return err
}

// WatchDirectory calls seen with every table and seat line and every
// change to them until ctx ends.
func (l *Lobby) WatchDirectory(ctx context.Context, seen func(kind, key string, entry []byte)) error {
	tw, err := l.tables.WatchAll(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tw.Stop() }()
	sw, err := l.seats.WatchAll(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = sw.Stop() }()
	for {
		var e jetstream.KeyValueEntry
		var kind string
		ok := true
		select {
		case e, ok = <-tw.Updates():
			kind = lobby.DirTable
		case e, ok = <-sw.Updates():
			kind = lobby.DirSeat
		case <-ctx.Done():
			return nil
		}
		if !ok {
			return errors.New("the directory's watch ended")
		}
		if e == nil {
			continue // the lines there were have all been seen
		}
		if e.Operation() == jetstream.KeyValuePut {
			seen(kind, e.Key(), e.Value())
		} else {
			seen(kind, e.Key(), nil)
		}
	}
}
