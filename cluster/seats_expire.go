package cluster

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// This file is a line of the seats' bucket that expires by itself: a
// guest's rejoin line for a kept seat is written to go once the seat can be
// kept no longer, and a guest's live rejoin line whose node's run is gone
// (lobby's rejoin_cluster.go) is replaced with one the bucket removes once
// no seat can be kept for the guest any longer. Every node that sees the run gone
// tries; the replacement is made only while the line is still the one that
// node read, so one of them makes it, in one message.

// seatMarkerTTL is how long the marker of a line that expired stays in
// the seats' bucket, for the watchers to see.
const seatMarkerTTL = time.Minute

// PutSeatFor writes line key, which the bucket removes after ttl (unless
// it is written again meanwhile: a line's time to live is its message's).
func (l *Lobby) PutSeatFor(ctx context.Context, key string, entry []byte, ttl time.Duration) error {
	_, err := l.c.JS.Publish(ctx, "$KV."+bucketSeats+"."+key, entry, jetstream.WithMsgTTL(max(ttl, time.Second)))
	return err
}

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
	// One message does it, so that the line is never missing between the
	// two: the new line, with its time to live, written only if the line
	// is still at the revision read (as a KV update, which takes no time
	// to live, would be).
	_, err = l.c.JS.Publish(ctx, "$KV."+bucketSeats+"."+key, entry,
		jetstream.WithMsgTTL(max(ttl, time.Second)), jetstream.WithExpectLastSequencePerSubject(e.Revision()))
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant) {
		return false, nil // written again since
	}
	if err != nil {
		return false, err
	}
	return true, nil
}
