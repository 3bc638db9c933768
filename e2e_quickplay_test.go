package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestQuickPlayChoiceOverSSH: a player picks Minions 2016 on the lobby's
// Quick play row and presses enter: they pass by a waiting Classic table
// and land at a Minions table of their own. They leave; reconnecting with
// the same key, after the server restarts on the same data directory, the
// row shows the choice again, and a second key's player who chose nothing
// still sees any edition and any mode.
func TestQuickPlayChoiceOverSSH(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := fastLobby()
	cfg.StartCountdown = time.Hour // the Classic table stays waiting
	a := startRecords(t, dir, cfg)

	bo := signIn(t, a.addr, "bo", big)
	bo.WaitFor(t, "Quick play          any edition · any mode", wait)
	require.NoError(t, bo.Press("enter")) // any edition: opens a Classic 2001 table
	bo.WaitUntil(t, atTable("Classic 2001"), wait)

	anaKey := sshtest.NewKey(t)
	ana := signIn(t, a.addr, "ana", sshtest.WithKey(anaKey), big)
	ana.WaitFor(t, "Quick play          any edition · any mode", wait)
	require.NoError(t, ana.Press("right", "right")) // Classic 2001, then Minions 2016
	ana.WaitFor(t, "Quick play          Minions 2016 · any mode", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitUntil(t, atTable("Minions 2016"), wait)
	require.NotContains(t, ana.Screen(), "Classic 2001", "not at bo's Classic table")
	require.Contains(t, ana.Screen(), "1/4 taken", "alone at a table of her own")
	require.NoError(t, ana.Press("q")) // leaves the waiting room
	ana.WaitFor(t, "Quick play", wait)
	ana.Close()

	// The server restarts on the same data directory.
	a.stop()
	b := startRecords(t, dir, cfg)
	ana = sshtest.Dial(t, b.addr, sshtest.WithKey(anaKey), big)
	ana.WaitFor(t, "Quick play          Minions 2016 · any mode", wait)

	cy := signIn(t, b.addr, "cy", big)
	cy.WaitFor(t, "Quick play          any edition · any mode", wait)
}

// atTable is a screen of a table (no longer the lobby's menu) that names
// the edition.
func atTable(edition string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, edition) && !strings.Contains(s, "Quick play") }
}
