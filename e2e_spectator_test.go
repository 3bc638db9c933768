package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// End-to-end test of watching a table: a spectator never sees a hand.

// TestSpectatorSeesNoHand: a spectator of a public table (from the lobby's
// "Watch a table") or of a private one (by its code, once started) sees the
// table but never a hand, cannot play, and the players see them counted.
func TestSpectatorSeesNoHand(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())

	t.Run("public table from the lobby", func(t *testing.T) {
		ana := signIn(t, addr, "ana", big)
		ana.WaitFor(t, "Quick play", wait)
		require.NoError(t, ana.Press("enter"))
		ana.WaitUntil(t, inGame, wait) // the countdown seats bots and deals

		wes := signIn(t, addr, "wes", big)
		wes.WaitFor(t, "Quick play", wait)
		require.NoError(t, wes.Press("4"))
		wes.WaitFor(t, "Watch a table", wait)
		wes.WaitFor(t, "playing", wait)
		require.NoError(t, wes.Press("enter"))
		wes.WaitFor(t, "WATCHING", wait)
		ana.WaitFor(t, "1 watching", wait)

		require.NoError(t, wes.Press("d"))
		wes.WaitFor(t, "you are watching", wait)
		watchWhile(t, wes, 8, &player{c: ana, name: "ana"})
	})

	t.Run("private table by its code", func(t *testing.T) {
		cy, code := hostPrivate(t, addr, "cy", []string{"seats", "3"})
		dee := joinPrivate(t, addr, "dee", code, cy)
		addBots(t, cy, 1, "3/3 taken")
		startGame(t, cy, dee)

		vi := signIn(t, addr, "vi", sshtest.Command("join "+code), big)
		vi.WaitFor(t, "WATCHING", wait)
		cy.WaitFor(t, "1 watching", wait)
		dee.WaitFor(t, "1 watching", wait)
		watchWhile(t, vi, 8, &player{c: cy, name: "cy"}, &player{c: dee, name: "dee"})
	})

	t.Run("a spectator who signs in again is not counted twice", func(t *testing.T) {
		// Names of their own: the last subtest's players may still be
		// leaving, and a nickname is taken while its player is online.
		cy, code := hostPrivate(t, addr, "cyd", []string{"seats", "2"})
		addBots(t, cy, 1, "2/2 taken")
		startGame(t, cy)
		key := sshtest.NewKey(t)
		vi := signIn(t, addr, "vix", sshtest.Command("join "+code), sshtest.WithKey(key), big)
		vi.WaitFor(t, "WATCHING", wait)
		cy.WaitFor(t, "1 watching", wait)

		// A second connection takes over from the first, which ends; then
		// the second goes too. Nobody is left watching.
		vi2 := sshtest.Dial(t, addr, sshtest.User("vix"), sshtest.WithKey(key), big)
		vi.Wait(t, wait)
		vi2.WaitFor(t, "Quick play", wait)
		vi2.Close()
		cy.WaitUntil(t, func(s string) bool { return !strings.Contains(cy.Lines()[0], "watching") }, wait)
	})
}

// watchWhile steps the players until they have pressed n keys between
// them, and fails if the spectator's screen ever shows a hand meanwhile.
func watchWhile(t *testing.T, spectator *sshtest.Client, n int, players ...*player) {
	t.Helper()
	pressed := func() int {
		k := 0
		for _, p := range players {
			k += p.keys
		}
		return k
	}
	start := pressed()
	drive(t, gameWait, func() bool {
		s := spectator.Screen()
		require.NotContains(t, s, "your hand", "a spectator sees a hand")
		require.NotContains(t, s, "▲", "a spectator sees playable cards")
		require.Contains(t, s, "WATCHING")
		return pressed() >= start+n
	}, players...)
}
