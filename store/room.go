package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
)

// This file is the room the store needs on its disk. A nearly full disk
// must degrade gently: the write-ahead log is kept from growing into the
// last free bytes (walLimit, checkpoint.go), and a start that could not
// write the tables it brings back is refused with one line that says how
// much room to free, rather than failing on the first move.

const (
	// walLimit bounds the write-ahead log: SQLite cuts it back to this
	// size each time it starts over (journal_size_limit), and the
	// checkpointer truncates a log grown past it once everything in it is
	// in the database file.
	walLimit = 512 << 10
	// MinRoom is the free space the data directory needs at start: room
	// for the write-ahead log to reach walLimit while the restored tables
	// write their seats and first moves, and as much again for the
	// database file to grow.
	MinRoom = 2 * walLimit
)

// tightRoom is the free space under which the WAL is kept short: the
// writer folds it into the database file itself once it holds walLimit
// (tightPages), where SQLite's default lets it reach 1000 pages. Under
// writes that never pause, the checkpointer cannot finish and only the
// writer's own checkpoint starts the log over; at the default, a log
// growing towards 4 MiB took the last free bytes, and then no checkpoint
// could grow the database file to empty it. With room to spare, the
// default keeps that work off the commit path.
const (
	tightRoom  = 64 << 20
	tightPages = walLimit / 4096 // (SQLite's default page size)
	loosePages = 1000            // SQLite's default
)

// fitWAL sets how long the writer lets the WAL grow, from the room left
// now. While the room is tight it is set again each time, in case the
// writer's connection was opened afresh.
func (db *DB) fitWAL(ctx context.Context) {
	free, ok := freeSpace(filepath.Dir(db.path))
	tight := ok && free < tightRoom
	if !tight && !db.walTight {
		return
	}
	pages := loosePages
	if tight {
		pages = tightPages
	}
	if _, err := db.write.ExecContext(ctx, fmt.Sprintf(`PRAGMA wal_autocheckpoint = %d`, pages)); err != nil {
		return // (tried again in a second)
	}
	if tight != db.walTight {
		db.log.Info("store: free space on the data directory's disk", "free", bytesText(free), "wal-pages", pages)
	}
	db.walTight = tight
}

// ErrNoRoom is a data directory too full to restore the tables safely.
var ErrNoRoom = errors.New("not enough free space")

// NoRoomError says how much room the data directory has and needs. It
// matches ErrNoRoom.
type NoRoomError struct {
	Dir        string
	Free, Need uint64
}

func (e *NoRoomError) Error() string {
	return fmt.Sprintf("data directory %s has %s free and needs %s to bring its tables back safely: free %s on its disk "+
		"(nothing is served meanwhile: every table, profile and leaderboard is in the one database, and a game "+
		"restored on a full disk could not be saved)", e.Dir, bytesText(e.Free), bytesText(e.Need), bytesText(e.Need-e.Free))
}

// Is makes errors.Is(err, ErrNoRoom) true.
func (e *NoRoomError) Is(target error) bool { return target == ErrNoRoom }

// checkRoom refuses a data directory with less than MinRoom free. Where
// the free space cannot be read, it passes.
func checkRoom(dir string) error {
	free, ok := freeSpace(dir)
	if !ok || free >= MinRoom {
		return nil
	}
	return &NoRoomError{Dir: dir, Free: free, Need: MinRoom}
}

// bytesText is n in B, KiB or MiB, as an operator reads df -h.
func bytesText(n uint64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
