package store

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/unossh/unossh/store/pgtest"
)

// This file runs the behaviours of Store that do not depend on the backend
// against every backend, so that neither can drift from the other: the
// embedded SQLite one always, PostgreSQL when UNOSSH_TEST_DATABASE names a
// server (package pgtest; .ci/run starts one). A test written with conform
// is a conformance test; the tests that open a store with openTest alone
// are SQLite's own (its files, its WAL, its disk).

// backend opens a fresh, empty store of one kind on a fake clock, closed
// when the test ends.
type backend struct {
	name string
	open func(t testing.TB, o Options) (*DB, *clock)
}

// backends are the stores every conformance test runs against.
var backends = []backend{
	{name: "sqlite", open: openTest},
	{name: "postgres", open: openPGTest},
}

// conform runs f once per backend, as a subtest named for it.
func conform(t *testing.T, o Options, f func(t *testing.T, db *DB, clk *clock)) {
	t.Helper()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			db, clk := b.open(t, o)
			f(t, db, clk)
		})
	}
}

// pgURLs are the URLs of the PostgreSQL stores openPGTest opened, for reopen.
var pgURLs sync.Map // *DB -> string

// openPGTest opens a store in a fresh PostgreSQL database with a fake
// clock, closed when the test ends; it skips the test without a server.
func openPGTest(t testing.TB, o Options) (*DB, *clock) {
	t.Helper()
	url := pgtest.New(t)
	c := newClock()
	if o.Now == nil {
		o.Now = c.Now
	}
	db := openPGAt(t, url, o)
	return db, c
}

func openPGAt(t testing.TB, url string, o Options) *DB {
	t.Helper()
	if o.Logger == nil {
		o.Logger = quiet
	}
	db, err := OpenPostgres(ctx, url, o)
	if err != nil {
		t.Fatal(err)
	}
	pgURLs.Store(db, url)
	t.Cleanup(func() { db.Close() })
	return db
}

// reopen closes db and opens the same store again, as after a restart, with
// o (its clock, if o has none).
func reopen(t testing.TB, db *DB, clk *clock, o Options) *DB {
	t.Helper()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if o.Now == nil {
		o.Now = clk.Now
	}
	if url, ok := pgURLs.Load(db); ok {
		return openPGAt(t, url.(string), o)
	}
	o.Dir = filepath.Dir(db.Path())
	again, _ := openTest(t, o)
	return again
}
