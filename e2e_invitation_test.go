package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// End-to-end tests of how a player finds a table: the invitation's command
// works as printed, a full table says so, and the public list seats them.

// TestInvitationWorksAsPrinted: the waiting room's command asks ssh for a
// terminal (-t), and a friend who runs it sits at the table.
func TestInvitationWorksAsPrinted(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	host, code := hostPrivate(t, addr, "ana", nil)

	var cmd []string
	host.WaitUntil(t, func(s string) bool {
		cmd = invitation.FindStringSubmatch(s)
		return cmd != nil
	}, wait)
	line := cmd[0]
	require.Contains(t, strings.Fields(line), "-t", "ssh runs a command without a terminal unless told: %q", line)
	require.Equal(t, code, strings.ReplaceAll(cmd[2], "-", ""))

	// As ssh -t does: a PTY, and the command after the host.
	bo := signIn(t, addr, "bo", sshtest.Command("join "+cmd[2]), big)
	host.WaitFor(t, "bo sat down", wait)
	bo.WaitFor(t, "2/4 taken", wait)
}

// TestJoiningAFullTableSaysSo: a friend's code for a table whose seats are
// all taken says "table full" and offers to watch; w watches.
func TestJoiningAFullTableSaysSo(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	host, code := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	addBots(t, host, 1, "2/2 taken")
	cy := signIn(t, addr, "cy", sshtest.Command("join "+code))
	cy.WaitFor(t, "table full", wait)
	cy.WaitFor(t, "w watch this table instead", wait)
	require.NotContains(t, cy.Screen(), "share this code", "not a spectator without a word")
	require.NoError(t, cy.Press("w"))
	cy.WaitFor(t, "cy is watching", wait) // the waiting room, as a spectator
	cy.WaitFor(t, "1 person watching", wait)
	host.WaitFor(t, "cy is watching", wait)
}

// TestChooseAPublicTable: the lobby's public tables are a list to move
// through; each shows its short name, also in its waiting room and header.
// Enter sits: in a free seat, or in a bot's seat with its hand; w watches;
// with no bot left, enter watches.
func TestChooseAPublicTable(t *testing.T) {
	t.Parallel()
	cfg := comebackLobby()
	cfg.StartCountdown = time.Hour // the host starts it
	cfg.QuickPlaySeats = 3
	addr, _ := startApp(t, cfg)
	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "1/3 taken", wait)
	var short string
	ana.WaitUntil(t, func(s string) bool {
		m := regexp.MustCompile(`^ ([a-z]+-[a-z]+) · public`).FindStringSubmatch(ana.Lines()[2])
		if m != nil {
			short = m[1]
		}
		return m != nil
	}, wait)

	// choose moves down through the lobby's menu to the table named short.
	choose := func(c *sshtest.Client) {
		c.WaitFor(t, short, wait)
		for i := 0; i < 8 && !regexp.MustCompile(`▶ `+short).MatchString(c.Screen()); i++ {
			before := c.Screen()
			require.NoError(t, c.Press("down"))
			c.WaitUntil(t, func(s string) bool { return s != before }, wait)
		}
		require.Regexp(t, `▶ `+short+`\s+Classic 2001`, c.Screen())
	}

	bo := signIn(t, addr, "bo")
	choose(bo)
	require.NoError(t, bo.Press("enter"))
	ana.WaitFor(t, "bo sat down", wait)
	bo.WaitFor(t, short, wait) // in the waiting room's title
	startGame(t, ana, bo)      // a public table fills its last seat with a bot
	require.Contains(t, ana.Lines()[0], "public "+short)

	// cy watches first (w), then takes the bot's seat from there (s).
	cy := signIn(t, addr, "cy")
	choose(cy)
	require.NoError(t, cy.Press("w"))
	cy.WaitFor(t, "WATCHING", wait)
	cy.WaitFor(t, "s take a bot's seat", wait)
	require.NoError(t, cy.Press("s"))
	ana.WaitUntil(t, func(s string) bool { return regexp.MustCompile(`cy took the seat of \w+ \(bot\)`).MatchString(s) }, wait)
	cy.WaitUntil(t, func(s string) bool { return handCount(s) > 0 }, wait)

	dee := signIn(t, addr, "dee")
	choose(dee)
	require.NoError(t, dee.Press("enter")) // every seat is a person's now
	dee.WaitFor(t, "WATCHING", wait)
	require.NotContains(t, dee.Screen(), "take a bot's seat")
}
