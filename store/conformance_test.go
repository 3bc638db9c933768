package store

import (
	"testing"
)

// This file runs the behaviours of Store that do not depend on the backend
// against every backend, so that neither can drift from the other: the
// embedded SQLite one always, PostgreSQL when UNOSSH_TEST_DATABASE names a
// server (pgtest).

// backend opens a fresh, empty store of one kind on a fake clock, closed
// when the test ends.
type backend struct {
	name string
	open func(t testing.TB, o Options) (Store, *clock)
}

func sqliteBackend() backend {
	return backend{name: "sqlite", open: func(t testing.TB, o Options) (Store, *clock) { return openTest(t, o) }}
}

// backends are the stores every conformance test runs against.
func backends() []backend {
	return []backend{sqliteBackend()}
}

// conform runs f once per backend, as a subtest named for it.
func conform(t *testing.T, o Options, f func(t *testing.T, st Store, c *clock)) {
	t.Helper()
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			st, c := b.open(t, o)
			f(t, st, c)
		})
	}
}
