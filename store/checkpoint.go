package store

import (
	"context"
	"time"
)

// checkpointEvery is how often the WAL is folded back into the database
// file.
const checkpointEvery = time.Second

// checkpointer folds the WAL into the database file from a reading
// connection, beside the writer. Left alone, SQLite does it inside whichever
// commit makes the WAL cross its size limit, and that commit (and every
// caller it acknowledges) waits for the copying and its disk syncs. Done
// here, between commits, the WAL is mostly copied already and starts over
// small, so that the commit path rarely checkpoints. SQLite's own
// checkpoint stays as the backstop: under writes that never pause this one
// cannot finish, and only a checkpoint in the writer's turn can.
func (db *DB) checkpointer(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		// PASSIVE: copy what no reader still needs, never wait for anyone.
		if _, err := db.read.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
			db.log.Warn("store: checkpoint failed; the WAL grows until one succeeds", "err", err)
		}
		cancel()
	}
}
