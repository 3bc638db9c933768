package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestBackupWhileServingRestoresProfilesAndTables: `unossh backup`, run
// while a server serves on the data directory (and holds its lock) with a
// finished game recorded and another table mid-game, writes a file that,
// put in place as unossh.db in a fresh data directory (docs/deploy.md's
// restore), gives a server with ana's profile and her game, and the table
// still in play with every move it had made.
func TestBackupWhileServingRestoresProfilesAndTables(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	anaKey, boKey, cyKey := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	a := startRecords(t, dir, oneHandLobby(t))
	playOneHand(t, a, anaKey, boKey)
	require.Eventually(t, func() bool { return a.hub.HistoryStats().Recorded == 1 }, wait, 10*time.Millisecond)

	// cy plays two bots with no turn timer, on the deal the lobby stacks
	// (she plays first): the table waits for her, mid-game.
	cy, _ := hostPrivate(t, a.addr, "cy", []string{"edition", "Classic 2001", "Blank cards", "discard all of its colour", "seats", "3", "turn timer", "off"}, sshtest.WithKey(cyKey))
	addBots(t, cy, 2, "3/3 taken")
	startGame(t, cy)
	var live store.SavedTable
	until(t, "cy's table has moves in its journal", func() bool {
		saved, err := a.st.UnfinishedTables(t.Context())
		require.NoError(t, err)
		for _, s := range saved {
			if len(s.Journal.Actions) > 0 {
				live = s
				return true
			}
		}
		return false
	})

	file := filepath.Join(t.TempDir(), "unossh-backup.db")
	logs := &syncBuffer{}
	err := run(t.Context(), []string{"backup", "-data", dir, file}, func(string) string { return "" }, log.New(logs))
	require.NoError(t, err, "a backup needs neither the server stopped nor its lock")
	require.Contains(t, logs.String(), "backup written")
	require.Contains(t, logs.String(), file)
	st, err := os.Stat(file)
	require.NoError(t, err)
	require.Contains(t, logs.String(), "bytes="+strconv.FormatInt(st.Size(), 10))

	// The first server goes on (cy still plays); the restore is into a
	// fresh data directory, with the server there stopped.
	require.NoError(t, cy.Press("d"))
	a.stop()
	fresh := t.TempDir()
	copyFile(t, file, filepath.Join(fresh, store.FileName))

	restored := journals(t, fresh)
	require.Contains(t, restored, live.ID, "the table in play is in the backup")
	require.GreaterOrEqual(t, len(restored[live.ID].Journal.Actions), len(live.Journal.Actions))

	b := startRecords(t, fresh, oneHandLobby(t))
	out, _, code := b.print(t, "profile ana")
	require.Equal(t, 0, code)
	for _, want := range []string{"ana · playing since", "1 game · 1 win (100%)", "recent games", "1st/3"} {
		require.Contains(t, out, want)
	}
	back := sshtest.Dial(t, b.addr, sshtest.WithKey(boKey))
	back.WaitFor(t, "Quick play", wait) // bo is known: no nickname prompt
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	require.NoError(t, err)
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o640)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}
