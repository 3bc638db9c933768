package main

import (
	"io"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/store/pgtest"
)

// TestPostgresNodeKeepsItsTablesAcrossAKill: a node started with -database
// keeps everything in PostgreSQL. ana (a keyed player) plays a bot over
// real SSH; the node is killed with SIGKILL mid-hand; the journal in the
// database holds what her screen showed; a node started again with the
// same -database and an empty data directory brings the table back, and
// ana, coming back with her key, finds her seat without being asked her
// name, plays the game to its end, and her profile has it.
func TestPostgresNodeKeepsItsTablesAcrossAKill(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and restarts it: not with -short")
	}
	url := pgtest.New(t)
	bin := serverBinary(t)
	keys := t.TempDir()
	srv := startBinary(t, bin, t.TempDir(), keys, "-database", url)
	require.Contains(t, srv.logs.String(), "database open path=\"database unossh_test_")

	ana := &person{nick: "ana", key: sshtest.NewKey(t)}
	ana.c, _ = hostPrivate(t, srv.addr, "ana", []string{"mode", "single hand", "seats", "2", "turn timer", "off"},
		sshtest.WithKey(ana.key))
	addBots(t, ana.c, 1, "2/2 taken")
	startGame(t, ana.c)
	plays := &player{c: ana.c, name: "ana"}
	var before lobby.TableSnapshot
	untilFor(t, "ten actions, then ana's turn", gameWait, func() bool {
		for _, s := range srv.tables(t) {
			if s.Actions >= 10 && s.Unwritten == 0 && waitsForMe(ana.c) {
				before = s
				return true
			}
		}
		step(t, plays)
		return false
	})
	ana.seat = mySeat(ana.c.Screen())
	srv.stop(t, 9) // SIGKILL
	ana.c.Wait(t, wait)

	st, err := store.OpenPostgres(t.Context(), url, store.Options{Logger: log.New(io.Discard)})
	require.NoError(t, err)
	saved, err := st.UnfinishedTables(t.Context())
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.Len(t, saved, 1)
	require.Equal(t, before.ID, saved[0].ID)
	require.GreaterOrEqual(t, len(saved[0].Journal.Actions), before.Actions)
	require.Equal(t, before.Hash, hashAt(t, saved[0].Journal, before.Actions), "the journal holds what was shown")

	srv = startBinary(t, bin, t.TempDir(), keys, "-database", url) // (a data directory with nothing in it)
	after := srv.tables(t)[before.ID]
	require.Equal(t, hashAt(t, saved[0].Journal, len(saved[0].Journal.Actions)), after.RestoredHash)
	ana.c = sshtest.Dial(t, srv.addr, sshtest.User("ana"), sshtest.WithKey(ana.key), big)
	ana.c.WaitUntil(t, func(s string) bool { return inGame(s) && mySeat(s) >= 0 }, wait)
	require.NotContains(t, string(ana.c.Raw()), "Choose a nickname")
	require.Equal(t, ana.seat, mySeat(ana.c.Screen()))

	plays = &player{c: ana.c, name: "ana"}
	drive(t, gameWait, func() bool { return srv.tables(t)[before.ID].Status != "playing" }, plays)
	st, err = store.OpenPostgres(t.Context(), url, store.Options{Logger: log.New(io.Discard)})
	require.NoError(t, err)
	defer st.Close()
	until(t, "the game is on ana's record", func() bool {
		p, err := st.ProfileByName(t.Context(), "ana")
		return err == nil && len(p.Recent) == 1
	})
}
