package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// These end-to-end tests prove the records over real SSH: nicknames kept
// for their keys (and refused to anyone else), a finished game on the
// players' profiles and the leaderboard, printed without a terminal, and
// all of it back after the server restarts on the same data directory.

var linkCode = regexp.MustCompile(`link ([0-9A-Z]{4}-[0-9A-Z]{4})`)

// TestRecordsOverSSH: a game played over SSH is on both players' profiles
// and on the leaderboard, printed by `profile` and `top` without a terminal;
// a nickname is refused to another key and to a guest, in any letter case;
// a second key joins an account with `link`; and after a restart on the
// same data directory a keyed player is back under their nickname with no
// prompt, and their record with them.
func TestRecordsOverSSH(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	anaKey, boKey := sshtest.NewKey(t), sshtest.NewKey(t)
	a := startRecords(t, dir, oneHandLobby(t))
	playOneHand(t, a, anaKey, boKey)

	// The game is written off the table's goroutine: wait for it.
	require.Eventually(t, func() bool { return a.hub.HistoryStats().Recorded == 1 }, wait, 10*time.Millisecond)

	t.Run("profile", func(t *testing.T) {
		out, _, code := a.print(t, "profile ANA")
		require.Equal(t, 0, code)
		for _, want := range []string{"ana · playing since", "1 game · 1 win (100%)", "Classic 2001", "single hand",
			"recent games", "1st/3"} {
			require.Contains(t, out, want)
		}
		out, _, code = a.print(t, "profile", sshtest.WithKey(boKey))
		require.Equal(t, 0, code)
		require.Contains(t, out, "bo · playing since")
		require.Contains(t, out, "1 game · 0 wins (0%)")
		_, stderr, code := a.print(t, "profile zed")
		require.Equal(t, 1, code)
		require.Contains(t, stderr, `no player is called "zed"`)
	})
	t.Run("top", func(t *testing.T) {
		out, _, code := a.print(t, "top")
		require.Equal(t, 0, code)
		require.Contains(t, out, "leaderboard · all editions · all time")
		require.Contains(t, out, "leaderboard · all editions · this week")
		require.Regexp(t, `1  ana `, out)
		require.Contains(t, out, "bo ")
		require.Contains(t, out, "bot (normal)")
		out, _, code = a.print(t, "top classic")
		require.Equal(t, 0, code)
		require.Contains(t, out, "Classic 2001 · all time")
		_, stderr, code := a.print(t, "top uno")
		require.Equal(t, 1, code)
		require.Contains(t, stderr, "no such edition")
	})
	t.Run("a nickname squat is refused", func(t *testing.T) {
		eve := sshtest.Dial(t, a.addr, sshtest.User("ANA"))
		eve.WaitFor(t, "nickname", wait)
		typeNick(t, eve, "ANA")
		eve.WaitFor(t, "that nickname belongs to another player; choose another", wait)
		guest := sshtest.Dial(t, a.addr, sshtest.Guest())
		guest.WaitFor(t, "you play as a guest", wait)
		guest.WaitFor(t, "Press enter to play as guest-", wait)
		require.NoError(t, guest.Press("B", "o", "enter"))
		guest.WaitFor(t, "that nickname belongs to another player; choose another", wait)
	})
	t.Run("link a second key", func(t *testing.T) {
		ana := sshtest.Dial(t, a.addr, sshtest.WithKey(anaKey))
		ana.WaitFor(t, "Quick play", wait)
		require.NoError(t, ana.Press("p"))
		ana.WaitFor(t, "1 game · 1 win", wait)
		require.NoError(t, ana.Press("a"))
		var code string
		ana.WaitUntil(t, func(s string) bool {
			m := linkCode.FindStringSubmatch(s)
			if m != nil {
				code = m[1]
			}
			return m != nil
		}, wait)
		laptop := sshtest.NewKey(t)
		out, _, status := a.print(t, "link "+strings.ToLower(code), sshtest.WithKey(laptop))
		require.Equal(t, 0, status)
		require.Contains(t, out, "this key now signs in as ana")
		// The code is used up: ana's profile page stops showing it and
		// says why (the lobby is told; the page reads the store no more).
		ana.WaitUntil(t, func(s string) bool {
			return !strings.Contains(s, code) && strings.Contains(s, "a key was added to your account") &&
				strings.Contains(s, "2 keys") // the page read the profile again
		}, wait)
		_, stderr, status := a.print(t, "link "+code, sshtest.WithKey(sshtest.NewKey(t)))
		require.Equal(t, 1, status, "a code works once")
		require.Contains(t, stderr, "that code is not valid")
		out, _, _ = a.print(t, "profile", sshtest.WithKey(laptop))
		require.Contains(t, out, "ana · playing since")
		require.Contains(t, out, "2 keys")
		ana.Close()
	})

	// The server restarts on the same data directory.
	a.stop()
	b := startRecords(t, dir, oneHandLobby(t))
	ana := sshtest.Dial(t, b.addr, sshtest.WithKey(anaKey))
	ana.WaitFor(t, "Quick play", wait)
	require.Contains(t, ana.Lines()[0], "ana", "back under her nickname with no prompt")
	require.NotContains(t, ana.Screen(), "Choose a nickname")
	out, _, code := b.print(t, "profile ana")
	require.Equal(t, 0, code)
	require.Contains(t, out, "1 game · 1 win (100%)")
	eve := sshtest.Dial(t, b.addr, sshtest.User("Ana"))
	eve.WaitFor(t, "nickname", wait)
	typeNick(t, eve, "Ana")
	eve.WaitFor(t, "that nickname belongs to another player; choose another", wait)
}
