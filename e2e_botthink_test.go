package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestHardBotsThinkOverSSH: a player opens a table of three hard bots,
// fast, over SSH, and plays a hand out with them: the bots' searches run
// on goroutines of their own, within the server's one thinking slot, the
// player's turns come and the game ends; each search gives its slot back.
func TestHardBotsThinkOverSSH(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.BotThinkers = 1
	addr, hub := startApp(t, cfg)
	ana := signIn(t, addr, "ana", sshtest.Command("new"), big)
	ana.WaitFor(t, "Create a table", wait)
	setField(t, ana, "mode", "single hand")
	setField(t, ana, "bots", "3")
	setField(t, ana, "bot level", "hard, fast")
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "4/4 taken", wait)
	require.NoError(t, ana.Press("s"))
	p := &player{c: ana, name: "ana"}
	playUntilOver(t, p)
	require.NotZero(t, p.keys, "ana played")
	require.NotZero(t, hub.Stats().BotSearches, "the hard bots searched")
	require.Eventually(t, func() bool { return hub.Stats().BotThinking == 0 }, wait, 10*time.Millisecond,
		"every search gave its slot back")
}
