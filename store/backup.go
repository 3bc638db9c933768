package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// Backup writes a consistent copy of the database in dir to dest while a
// server may be using it, and returns the copy's size in bytes.
//
// It takes no lock of the data directory (the running server holds it) and
// writes nothing to the database: SQLite's VACUUM INTO reads one snapshot
// in a read transaction, which in WAL mode neither waits for the server's
// writes nor holds them up; only the server's checkpoints stop short of
// the snapshot until the copy is done (they never wait for it either), so
// the write-ahead log may grow meanwhile. The copy is written beside dest
// and renamed over it once it is complete, synced and checked, so dest is
// always either the previous backup or a whole new one.
func Backup(ctx context.Context, dir, dest string) (int64, error) {
	src := filepath.Join(dir, FileName)
	if st, err := os.Stat(src); err != nil || st.Size() == 0 {
		return 0, fmt.Errorf("no database to back up at %s", src)
	}
	if err := checkHeader(src); err != nil {
		return 0, err
	}
	if err := probe(ctx, src); err != nil {
		return 0, err
	}
	if same(src, dest) {
		return 0, fmt.Errorf("%s is the database itself; write the backup elsewhere", dest)
	}
	part := dest + ".part" + strconv.Itoa(os.Getpid())
	_ = os.Remove(part)
	defer os.Remove(part) // gone after the rename; left over only on failure
	if err := vacuumInto(ctx, src, part); err != nil {
		return 0, fmt.Errorf("backing up %s: %w", src, err)
	}
	if err := checkCopy(ctx, part); err != nil {
		return 0, fmt.Errorf("the copy of %s does not check: %w", src, err)
	}
	size, err := syncFile(part)
	if err != nil {
		return 0, err
	}
	if err := os.Rename(part, dest); err != nil {
		return 0, fmt.Errorf("backup: %w", unwrapPath(err))
	}
	if d, err := os.Open(filepath.Dir(dest)); err == nil {
		_ = d.Sync() // the rename itself outlives a power cut
		d.Close()
	}
	return size, nil
}

// vacuumInto copies the database at src to dest through a connection of
// its own, which only reads. It is not opened read-only: on a stopped
// server's file SQLite makes the write-ahead log and its shared-memory
// file to read through, and only a connection that may write removes them
// when it closes; left behind, and owned by whoever ran the backup, they
// could keep the server from opening its database.
func vacuumInto(ctx context.Context, src, dest string) error {
	db, err := sql.Open(driverName, "file:"+filepath.ToSlash(src)+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, `VACUUM INTO ?`, dest)
	return err
}

// checkCopy reads the copy through: SQLite's quick check, and the schema
// is ours and known to this binary.
func checkCopy(ctx context.Context, path string) error {
	if err := probe(ctx, path); err != nil {
		return err
	}
	db, err := sql.Open(driverName, "file:"+filepath.ToSlash(path)+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return errors.New(res)
	}
	return nil
}

// syncFile flushes path to the disk and returns its size.
func syncFile(path string) (int64, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return 0, fmt.Errorf("backup: %w", unwrapPath(err))
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return 0, fmt.Errorf("backup: %w", unwrapPath(err))
	}
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("backup: %w", unwrapPath(err))
	}
	return st.Size(), nil
}

// same reports whether a and b are one file (b may not exist).
func same(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
