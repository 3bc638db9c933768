package main

import (
	"io"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/store/pgtest"
)

// pgTool finds one of PostgreSQL's programs: on PATH, or in Debian's
// /usr/lib/postgresql/*/bin (as .ci/postgres does).
func pgTool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
	if len(found) == 0 {
		t.Skipf("%s is not installed", name)
	}
	return found[len(found)-1]
}

// TestPostgresBackupWithPgDumpAndPgRestore: docs/deploy.md's backup of a
// cluster's database, word for word: `pg_dump -Fc` while the database is
// in use, then `pg_restore --clean --if-exists --no-owner` into the same
// database (what was written after the dump is gone, what was before is
// back) and `pg_restore --no-owner` into a fresh one; a store opens each
// (its schema is whole and current) with the account and the table in
// play as they stood at the dump, every move of its journal there.
func TestPostgresBackupWithPgDumpAndPgRestore(t *testing.T) {
	t.Parallel()
	url := pgtest.New(t)
	open := func(u string) store.Store {
		st, err := store.OpenPostgres(t.Context(), u, store.Options{Logger: log.New(io.Discard)})
		require.NoError(t, err)
		return st
	}
	st := open(url)
	ana, err := st.Register(t.Context(), "SHA256:ana", "ana")
	require.NoError(t, err)
	s := engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: 2}
	require.NoError(t, st.CreateTable(t.Context(), store.Table{ID: "t1", Settings: s, Seed: 9}))
	fence, err := st.ClaimTable(t.Context(), "t1", "n1")
	require.NoError(t, err)
	for seq := range 3 {
		require.NoError(t, st.Append(t.Context(), "t1", fence, seq, engine.Action{Kind: engine.Draw, Seat: seq % 2}))
	}

	dump := filepath.Join(t.TempDir(), "unossh-Tue.dump")
	run := func(name string, args ...string) {
		t.Helper()
		out, err := exec.Command(pgTool(t, name), args...).CombinedOutput()
		require.NoError(t, err, "%s %v: %s", name, args, out)
	}
	run("pg_dump", "-Fc", "-d", url, "-f", dump) // the node's store still open: online

	// Written after the backup: lost by a restore.
	_, err = st.Register(t.Context(), "SHA256:bo", "bo")
	require.NoError(t, err)
	require.NoError(t, st.Append(t.Context(), "t1", fence, 3, engine.Action{Kind: engine.Draw, Seat: 1}))
	require.NoError(t, st.Close()) // every node stopped for the restore

	check := func(u string) {
		t.Helper()
		st := open(u)
		defer st.Close()
		got, err := st.AccountByKey(t.Context(), "SHA256:ana")
		require.NoError(t, err)
		require.Equal(t, ana.ID, got.ID)
		require.Equal(t, "ana", got.Nickname)
		_, err = st.AccountByKey(t.Context(), "SHA256:bo")
		require.ErrorIs(t, err, store.ErrNotFound, "bo signed up after the backup")
		saved, err := st.UnfinishedTables(t.Context())
		require.NoError(t, err)
		require.Len(t, saved, 1)
		require.Equal(t, "t1", saved[0].ID)
		require.Len(t, saved[0].Journal.Actions, 3, "the moves stored before the backup, none after")
		// The restored database takes writes as before: a node claims the
		// table with a fence above the old owner's, and plays on.
		f, err := st.ClaimTable(t.Context(), "t1", "n2")
		require.NoError(t, err)
		require.Greater(t, f, fence)
		require.NoError(t, st.Append(t.Context(), "t1", f, 3, engine.Action{Kind: engine.Draw, Seat: 1}))
		_, err = st.Register(t.Context(), "SHA256:cy", "cy")
		require.NoError(t, err, "the accounts' ids go on after the restored ones")
	}
	run("pg_restore", "--clean", "--if-exists", "--no-owner", "-d", url, dump)
	check(url)
	fresh := pgtest.New(t)
	run("pg_restore", "--no-owner", "-d", fresh, dump)
	check(fresh)
}
