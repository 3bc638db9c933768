package store

import (
	"context"
	"os"
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
//
// On a nearly full disk the WAL must not keep what it once grew to: a log
// that has grown past walLimit is truncated as soon as everything in it is
// in the database file and nobody reads it (shrink).
func (db *DB) checkpointer(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		db.fitWAL(ctx)
		err := db.checkpoint(ctx)
		cancel()
		// Logged when it begins to fail and when it mends, not every
		// second of a full disk.
		switch {
		case err != nil && !failing:
			db.log.Warn("store: checkpoint failed; the WAL grows until one succeeds", "err", err)
		case err == nil && failing:
			db.log.Info("store: checkpoints succeed again")
		}
		failing = err != nil
	}
}

// checkpoint copies what it can of the WAL into the database file and, if
// that was all of a log grown past walLimit, shrinks it.
func (db *DB) checkpoint(ctx context.Context) error {
	// PASSIVE: copy what no reader still needs, never wait for anyone.
	var busy, frames, copied int
	err := db.read.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied)
	if err != nil {
		return err
	}
	if busy != 0 || frames <= 0 || copied < frames {
		return nil
	}
	if st, err := os.Stat(db.path + "-wal"); err != nil || st.Size() <= walLimit {
		return nil
	}
	return db.shrink(ctx)
}

// shrink truncates the WAL, everything in it being in the database file
// already. TRUNCATE takes the writer's lock and waits for the readers; on a
// connection that does not wait (busy_timeout 0), it gives up at once
// rather than hold up a commit, and the next second tries again.
func (db *DB) shrink(ctx context.Context) error {
	conn, err := db.read.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA busy_timeout = 0`); err != nil {
		return err
	}
	var busy, frames, copied int
	_ = conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &frames, &copied) // (busy: next time)
	// Back to the wait openPool sets, for the pool's next user.
	_, err = conn.ExecContext(ctx, `PRAGMA busy_timeout = 10000`)
	return err
}
