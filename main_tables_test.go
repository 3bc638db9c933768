package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/tui"
)

// realDatabase makes a database with live tables and their journals, big
// enough to span many pages, and returns its bytes.
func realDatabase(t *testing.T) []byte {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(store.Options{Dir: dir, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	ctx := t.Context()
	for i := range 20 {
		id := fmt.Sprintf("t%d", i+1)
		settings := engine.Settings{Edition: engine.Classic2001, Players: 3, Target: 500}
		require.NoError(t, st.CreateTable(ctx, store.Table{ID: id, Settings: settings, Seed: uint64(i),
			Seats: []store.TableSeat{{Kind: store.SeatAccount, Name: "p" + id, Key: "SHA256:" + id}, {Kind: store.SeatBot, Name: "ada"}, {Kind: store.SeatBot, Name: "bix"}}}))
		g, err := engine.New(settings, uint64(i))
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(uint64(i), 1))
		for seq := 0; seq < 60 && !g.Over(); seq++ {
			w := g.Waiting()
			legal := g.Legal(w[r.IntN(len(w))])
			a := legal[r.IntN(len(legal))]
			_, err := g.Apply(a)
			require.NoError(t, err)
			require.NoError(t, st.Append(ctx, id, 0, seq, a))
		}
	}
	require.NoError(t, st.Close())
	b, err := os.ReadFile(filepath.Join(dir, store.FileName))
	require.NoError(t, err)
	return b
}

// TestRunRefusesBadDataDirs: a data directory that cannot be made or
// written, a file that is not a database (garbage, text, cut short) and a
// schema from a newer unossh each stop the start with one line, before
// anything listens, and leave the file exactly as it was.
func TestRunRefusesBadDataDirs(t *testing.T) {
	t.Parallel()
	good := realDatabase(t)
	const page = 4096
	require.Greater(t, len(good), 4*page)
	garbage := make([]byte, 3*page)
	r := rand.New(rand.NewPCG(7, 7))
	for i := range garbage {
		garbage[i] = byte(r.Uint32())
	}
	newer := func(t *testing.T, dir string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, store.FileName), good, 0o600))
		db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
		require.NoError(t, err)
		_, err = db.Exec(`INSERT INTO schema_version(version, name, applied_ms) VALUES (999, '0999_future.sql', 0)`)
		require.NoError(t, err)
		require.NoError(t, db.Close())
	}
	file := func(b []byte) func(*testing.T, string) {
		return func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, store.FileName), b, 0o600))
		}
	}
	tests := []struct {
		name  string
		make  func(t *testing.T, dir string) // fills the data directory
		under bool                           // the data directory is under a plain file
		want  string
	}{
		{name: "directory under a file", under: true, want: "cannot be created"},
		{name: "garbage", make: file(garbage), want: "not an SQLite file"},
		{name: "text", make: file([]byte("hello, not a database\n")), want: "not a unossh database"},
		{name: "truncated mid-page", make: file(good[:len(good)/2+100]), want: "cut short"},
		{name: "truncated at a page", make: file(good[:2*page]), want: "cut short"},
		{name: "newer schema", make: newer, want: "newer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.under {
				plain := filepath.Join(dir, "plain")
				require.NoError(t, os.WriteFile(plain, []byte("x"), 0o600))
				dir = filepath.Join(plain, "data")
			} else {
				tt.make(t, dir)
			}
			before, _ := os.ReadFile(filepath.Join(dir, store.FileName))
			err := run(t.Context(), []string{"-data", dir, "-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir()},
				func(string) string { return "" }, log.New(io.Discard))
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.want)
			require.NotContains(t, err.Error(), "\n", "one line")
			after, _ := os.ReadFile(filepath.Join(dir, store.FileName))
			require.True(t, bytes.Equal(before, after), "the file is left as it was")
		})
	}
	t.Run("read-only directory", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes anywhere: a read-only directory cannot be made here")
		}
		ro := filepath.Join(t.TempDir(), "ro")
		require.NoError(t, os.Mkdir(ro, 0o500))
		err := run(t.Context(), []string{"-data", ro, "-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir()},
			func(string) string { return "" }, log.New(io.Discard))
		require.ErrorContains(t, err, "not writable")
	})
}

// TestLobbyFlags: the lobby's timings are flags and variables too.
func TestLobbyFlags(t *testing.T) {
	t.Parallel()
	env := map[string]string{"UNOSSH_GRACE": "5m", "UNOSSH_BOT_DELAY": "50ms"}
	o, err := parseFlags([]string{"-bot-delay", "20ms", "-next-hand", "1s", "-turn-time", "2m", "-start-countdown", "3s"},
		func(k string) string { return env[k] }, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 5*time.Minute, o.lobby.Grace)
	require.Equal(t, 20*time.Millisecond, o.lobby.BotDelay, "the flag wins")
	require.Equal(t, time.Second, o.lobby.NextHand)
	require.Equal(t, 2*time.Minute, o.lobby.TurnTime)
	require.Equal(t, 3*time.Second, o.lobby.StartCountdown)
	_, err = parseFlags(nil, func(k string) string { return map[string]string{"UNOSSH_GRACE": "soon"}[k] }, io.Discard)
	require.ErrorContains(t, err, "UNOSSH_GRACE")
}

// TestJournalMetrics: the metrics endpoint counts the journal's writes and
// lists the live tables (a hash of each game, no cards).
func TestJournalMetrics(t *testing.T) {
	t.Parallel()
	st, err := store.Open(store.Options{Dir: t.TempDir(), Logger: log.New(io.Discard)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	cfg := fastLobby()
	cfg.Store = st
	hub := lobby.NewHub(cfg)
	t.Cleanup(func() { _ = hub.Shutdown(context.Background()) })
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv, _ := sshtest.Serve(t, ssh.Config{NewModel: modelMaker(hub, "ssh -p 23234 localhost", nil)})
	stop := serveMetrics(l, srv, hub, &tui.PageCounts{}, log.New(io.Discard), journalMetrics(st, hub))
	t.Cleanup(stop)

	ana := hub.Connect("s1", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("ana"))
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 2, Target: 500},
		Bots: 1, TurnTime: lobby.NoTurnTimer}))
	ana.Do(lobby.Intent{Kind: lobby.Start})

	get := func(path string) string {
		resp, err := http.Get("http://" + l.Addr().String() + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(b)
	}
	require.Eventually(t, func() bool {
		return strings.Contains(get("/debug/tables"), `"hash"`)
	}, wait, 10*time.Millisecond)
	var tables []lobby.TableSnapshot
	require.NoError(t, json.Unmarshal([]byte(get("/debug/tables")), &tables))
	require.Len(t, tables, 1)
	require.True(t, tables[0].Private)
	require.Equal(t, "ana", tables[0].Seats[0].Nick)
	require.Positive(t, tables[0].Actions)
	body := get("/metrics")
	for _, want := range []string{"unossh_journal_appends_total ", "unossh_journal_batches_total ",
		"unossh_journal_write_failures_total 0", "unossh_journal_table_write_errors_total 0", "unossh_journal_tables_held 0", "unossh_journal_unwritten ",
		"unossh_journal_wait_seconds_bucket{le=\"0.05\"} ", "unossh_journal_wait_seconds_count "} {
		require.Contains(t, body, want)
	}
	require.NotContains(t, body, "unossh_journal_appends_total 0")
}
