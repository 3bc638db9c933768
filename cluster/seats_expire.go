package cluster

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// This file is a line of the seats' bucket that expires by itself: a
// guest's live rejoin line whose node's run is gone (lobby's
// rejoin_cluster.go) is replaced with one the bucket removes once no seat
// can be kept for the guest any longer. Every node that sees the run gone
// tries; the replacement is made only while the line is still the one that
// node read, so one of them makes it.

// seatMarkerTTL is how long the marker of a line that expired stays in
// the seats' bucket, for the watchers to see.
const seatMarkerTTL = time.Minute

// ExpireSeat replaces line key, if it still holds was, with entry, which
// the bucket removes after ttl; false if the line holds anything else.
func (l *Lobby) ExpireSeat(ctx context.Context, key string, was, entry []byte, ttl time.Duration) (bool, error) {
	e, err := l.seats.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !bytes.Equal(e.Value(), was) {
		return false, nil
	}
	// A line is given a time to live only as it is made: the old one goes
	// first, if it is still the one read.
	if err := l.seats.Delete(ctx, key, jetstream.LastRevision(e.Revision())); err != nil {
		if errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
			return false, nil
		}
		return false, err
	}
	if _, err := l.seats.Create(ctx, key, entry, jetstream.KeyTTL(max(ttl, time.Second))); err != nil {
		if isKeyExists(err) {
			return false, nil // written again since
		}
		return false, err
	}
	return true, nil
}
