package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestAStandInPlaysOnAfterARestart: ana leaves a game of two with q on her
// turn, and a bot stands in for her; the server restarts before the bot
// has moved. After the restart the bot plays her turn at once, where the
// table used to wait out her turn timer (two minutes here) three times
// over; bo, back with his key, sees her seat played and his turn come; and
// ana, back with hers within the grace, has her seat again and the bot
// leaves it.
func TestAStandInPlaysOnAfterARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := fastLobby()
	cfg.Grace, cfg.TurnTime = time.Minute, 2*time.Minute
	before := cfg
	before.BotDelay = time.Hour // the stand-in does not move before the restart
	a := startRecords(t, dir, before)
	anaKey, boKey := sshtest.NewKey(t), sshtest.NewKey(t)
	ana, code := hostPrivate(t, a.addr, "ana", []string{"seats", "2"}, sshtest.WithKey(anaKey))
	bo := joinPrivate(t, a.addr, "bo", code, ana, sshtest.WithKey(boKey))
	startGame(t, ana, bo)
	pa := &player{c: ana, name: "ana"}
	drive(t, wait, func() bool {
		// ana answers what is not a turn (a first card's colour, when it is
		// a wild and she starts); her turn is left for the test.
		if !strings.Contains(ana.Screen(), "your turn") {
			step(t, pa)
			return false
		}
		return true
	}, &player{c: bo, name: "bo"})
	require.NoError(t, ana.Press("q"))
	ana.WaitFor(t, "Leave the game?", wait)
	require.NoError(t, ana.Press("y"))
	ana.WaitFor(t, "Back to your table", wait)
	bo.WaitUntil(t, rowSays("ana", "bot plays"), wait)
	require.NotContains(t, bo.Screen(), "your turn")
	a.stop()

	a = startRecords(t, dir, cfg)
	n, err := a.hub.Restore(t.Context()) // as main does, before anyone connects
	require.NoError(t, err)
	require.Equal(t, 1, n)
	bo = sshtest.Dial(t, a.addr, sshtest.User("bo"), sshtest.WithKey(boKey), big)
	bo.WaitUntil(t, inGame, wait)
	waitDrawn(t, bo, "a bot plays ana's cards until they come back")
	// ana's turn is played, not waited out: bo's turn comes, or his
	// answer to the bot's Wild Draw Four (his turn, in which he may
	// challenge it).
	bo.WaitUntil(t, func(s string) bool {
		return strings.Contains(s, "your turn") || strings.Contains(s, "y challenge")
	}, wait)
	if strings.Contains(bo.Screen(), "y challenge") {
		// The challenge's box covers the log's newest lines, where ana's
		// return is told: bo takes the four cards, and the box is gone.
		require.NoError(t, bo.Press("n"))
		bo.WaitUntil(t, func(s string) bool { return !strings.Contains(s, "y challenge") }, wait)
	}

	ana = sshtest.Dial(t, a.addr, sshtest.User("ana"), sshtest.WithKey(anaKey), big)
	ana.WaitUntil(t, func(s string) bool { return inGame(s) && strings.Contains(s, "your hand") }, wait)
	waitDrawn(t, bo, "ana is back; the bot leaves their seat")
	bo.WaitUntil(t, func(s string) bool { return !rowSays("ana", "bot plays")(s) }, wait)
}
