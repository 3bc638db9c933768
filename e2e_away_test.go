package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// End-to-end tests of a player who steps away from a game: the lobby takes
// them back to their table, and news of a table stays at that table.

// TestBackToYourTable: a player who leaves a game with q finds "back to
// your table" in the lobby with the time their seat is kept, and gets back
// in it by choosing it, by Quick play, by watching that table, and after
// signing in again with the same key; the stand-in bot leaves.
func TestBackToYourTable(t *testing.T) {
	t.Parallel()
	// A seeded deal whose first card is a number: a first wild would put
	// the colour chooser over the log just as ana comes back.
	cfg := comebackLobby()
	cfg.Seed = func() uint64 { return 1 }
	addr, _ := startApp(t, cfg)
	key := sshtest.NewKey(t)
	ana := signIn(t, addr, "ana", sshtest.WithKey(key))
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitUntil(t, inGame, wait) // the countdown seats bots and deals
	short := tableShort(t, ana)

	leaveGame(t, ana, short)
	require.NoError(t, ana.Press("enter")) // the entry is where the cursor is
	backInSeat(t, ana, short)
	waitDrawn(t, ana, "ana is back; the bot leaves their seat")

	leaveGame(t, ana, short)
	ana.WaitFor(t, "back to your seat at "+short, wait) // Quick play says where it goes
	require.NoError(t, ana.Press("1"))
	backInSeat(t, ana, short)

	leaveGame(t, ana, short)
	require.NoError(t, ana.Press("4"))
	ana.WaitFor(t, "Watch a table", wait)
	ana.WaitFor(t, short, wait)
	require.NoError(t, ana.Press("enter"))
	backInSeat(t, ana, short) // watching her own table seats her, no dead end

	leaveGame(t, ana, short)
	ana.Close()
	again := sshtest.Dial(t, addr, sshtest.User("ana"), sshtest.WithKey(key))
	again.WaitFor(t, "Back to your table", wait)
	require.NoError(t, again.Press("enter"))
	backInSeat(t, again, short)
}

// TestKickNewsStaysAtItsTable: the host's "removed you" is news of that
// table, not of the next one the player sits at.
func TestKickNewsStaysAtItsTable(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	host, code := hostPrivate(t, addr, "ana", nil)
	bo := joinPrivate(t, addr, "bo", code, host)
	require.NoError(t, host.Press("down", "x")) // bo's seat
	bo.WaitFor(t, "the host removed you", wait)
	bo.WaitFor(t, "Quick play", wait)
	require.NoError(t, bo.Press("1"))
	bo.WaitFor(t, "1/4 taken", wait)
	require.NotContains(t, bo.Screen(), "removed you")
}

// leaveGame presses q and confirms, and waits for the lobby's entry.
func leaveGame(t *testing.T, c *sshtest.Client, short string) {
	t.Helper()
	require.NoError(t, c.Press("q"))
	c.WaitFor(t, "Leave the game?", wait)
	require.NoError(t, c.Press("y"))
	c.WaitUntil(t, func(s string) bool {
		return regexp.MustCompile(`Back to your table\s+your seat at ` + short + ` is kept for [0-3]:\d\d`).MatchString(s)
	}, wait)
}

// backInSeat waits until c is seated at the table named short again.
func backInSeat(t *testing.T, c *sshtest.Client, short string) {
	t.Helper()
	c.WaitUntil(t, func(s string) bool {
		return inGame(s) && strings.Contains(c.Lines()[0], short) && strings.Contains(s, "your hand")
	}, wait)
}
