package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// prepareDir creates the data directory if need be and proves it writable,
// with room enough (room.go), so that a bad or full disk is refused at
// start with one line instead of failing the first game.
func prepareDir(dir string) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("data directory %s cannot be created: %w", dir, unwrapPath(err))
	}
	if err := checkRoom(dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".write-test-*")
	if err != nil {
		return fmt.Errorf("data directory %s is not writable: %w", dir, unwrapPath(err))
	}
	name := f.Name()
	_, werr := f.Write([]byte("ok"))
	cerr := f.Close()
	rerr := os.Remove(name)
	if err := errors.Join(werr, cerr, rerr); err != nil {
		return fmt.Errorf("data directory %s is not writable: %w", dir, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the path an *os.PathError repeats, so the line names it once.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// sqliteMagic opens every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// checkHeader refuses, before SQLite touches it, a file that is not a whole
// SQLite database: garbage, or a database cut short. An empty or missing
// file is a new database. Only reads.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s cannot be read: %w", path, unwrapPath(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("%s cannot be read: %w", path, unwrapPath(err))
	}
	if st.IsDir() {
		return fmt.Errorf("%s is a directory: %w", path, ErrNotDatabase)
	}
	size := st.Size()
	if size == 0 {
		return nil
	}
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return fmt.Errorf("%s: %w (%d bytes, shorter than a database header)", path, ErrNotDatabase, size)
	}
	if !bytes.Equal(h[:16], sqliteMagic) {
		return fmt.Errorf("%s: %w (it is not an SQLite file)", path, ErrNotDatabase)
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return fmt.Errorf("%s: %w (damaged header: page size %d)", path, ErrNotDatabase, pageSize)
	}
	if size%pageSize != 0 {
		return fmt.Errorf("%s: %w (cut short: %d bytes is not a whole number of %d-byte pages)", path, ErrNotDatabase, size, pageSize)
	}
	// The page count in the header is valid when its change counter matches
	// the "version valid for" number (SQLite file format, section 1.3.7).
	// A process killed while it folded the WAL into the file (a checkpoint
	// writes page 1, with the new count, before the pages after the old
	// end) leaves a file shorter than its count beside a WAL that still
	// holds every one of those pages: SQLite reads them from there.
	pages := int64(binary.BigEndian.Uint32(h[28:32]))
	valid := binary.BigEndian.Uint32(h[24:28]) == binary.BigEndian.Uint32(h[92:96])
	if valid && pages > 0 && size < pages*pageSize && !hasWAL(path) {
		return fmt.Errorf("%s: %w (cut short: %d of %d pages)", path, ErrNotDatabase, size/pageSize, pages)
	}
	return nil
}

// hasWAL reports whether the database has a write-ahead log with frames.
func hasWAL(path string) bool {
	st, err := os.Stat(path + "-wal")
	return err == nil && st.Size() > 32 // more than the WAL's header
}

// probe opens an existing file read-only and checks that it is ours and not
// from a newer binary, so that nothing is written to a file we then refuse.
func probe(ctx context.Context, path string) error {
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		return nil // new database
	}
	db, err := sql.Open(driverName, "file:"+filepath.ToSlash(path)+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()
	var tables, ours int
	err = db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE name = 'schema_version')
		FROM sqlite_master WHERE type = 'table'`).Scan(&tables, &ours)
	if err != nil {
		return fmt.Errorf("%s: %w (%v)", path, ErrNotDatabase, err)
	}
	if tables == 0 {
		return nil // an empty database: ours from now on
	}
	if ours == 0 {
		return fmt.Errorf("%s: %w (an SQLite database of something else)", path, ErrNotDatabase)
	}
	var have int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return fmt.Errorf("%s: %w (%v)", path, ErrNotDatabase, err)
	}
	if known := SchemaVersion(); have > known {
		return fmt.Errorf("%s: %w (schema %d; this binary knows up to %d): upgrade unossh", path, ErrSchemaTooNew, have, known)
	}
	return nil
}
