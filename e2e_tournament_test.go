package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestTournamentOverSSH: ana opens a private tournament from the lobby's
// tournament page; bo signs up with its code on the ssh command line; ana
// starts it and bots take the six free places. Both tables play at once,
// the players are reseated between rounds, and both humans reach the final
// standings, with points from a partnership with each of the seven
// others. A spectator who comes by the code watches table 2 from the
// tournament's room. The humans leave their turns to the timer: after
// three a bot plays for each, as for any player who steps away, so the 56
// hands run at bot speed (this server never stands them up for it).
func TestTournamentOverSSH(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.BotDelay = time.Millisecond
	cfg.NextHand = 20 * time.Millisecond
	cfg.TurnTime = 30 * time.Millisecond
	cfg.IdleMoves = -1 // the humans leave their turns to the timer, and are never stood up for it
	addr, _ := startApp(t, cfg)

	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("6"))
	ana.WaitFor(t, "Tournaments", wait)
	require.NoError(t, ana.Press("p"))
	ana.WaitFor(t, "private tournament", wait)
	code := readCode(t, ana)

	bo := signIn(t, addr, "bo", sshtest.Command("join "+code))
	bo.WaitFor(t, "it begins when all eight have signed up", wait)
	ana.WaitFor(t, "2/8 taken", wait)
	require.NoError(t, ana.Press("s"))

	atTable := regexp.MustCompile(`tournament · round \d of 7|TOURNAMENT OVER`)
	for _, c := range []*sshtest.Client{ana, bo} {
		c.WaitUntil(t, atTable.MatchString, wait)
	}

	cy := signIn(t, addr, "cy", sshtest.Command("join "+code))
	cy.WaitFor(t, "1/2 watch a table", wait)
	require.Regexp(t, `with →\s+ana\s+bo\s+ada`, cy.Screen())
	require.NoError(t, cy.Press("2"))
	cy.WaitFor(t, "tournament table 2", wait)
	// "watching" in the footer, or "WATCHING" under the final standings
	// when the bots have already played the 56 hands out.
	cy.WaitUntil(t, func(s string) bool { return strings.Contains(strings.ToLower(s), "watching") }, wait)

	final := regexp.MustCompile(`\w+ wins the tournament with \d+ points|A tie at \d+ points`)
	for _, c := range []*sshtest.Client{ana, bo} {
		c.WaitFor(t, "TOURNAMENT OVER", 3*time.Minute)
		c.WaitUntil(t, final.MatchString, wait)
		s := c.Screen()
		require.Contains(t, s, "tournament · final standings")
		require.Regexp(t, `★ ?1 \w+ \d+`, s)
		// Reseated round after round at both tables, each partnered all
		// seven others: a score with each.
		require.Regexp(t, `you with( \w+ \d+){7}`, s)
	}
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "Quick play", wait)
}

// TestTournamentChosenFromTheLobbyListOpensItsRoom: a public tournament in
// the lobby's list, chosen with Enter, signs the player up and shows its
// room (a guest's likewise), and the session goes on working: back in the
// lobby, Create opens a table. Enter on it used to wait for ever for an
// answer, and every later call waited behind it.
func TestTournamentChosenFromTheLobbyListOpensItsRoom(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())

	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("6"))
	ana.WaitFor(t, "Tournaments", wait)
	require.NoError(t, ana.Press("o"))
	ana.WaitFor(t, "1/8 taken", wait)

	for i, who := range []sshtest.Option{sshtest.User("bo"), sshtest.Guest()} {
		c := sshtest.Dial(t, addr, who)
		c.WaitFor(t, "nickname", wait)
		if i == 0 {
			typeNick(t, c, "bo")
		} else {
			require.NoError(t, c.Press("enter")) // a guest takes the guest name offered
		}
		c.WaitFor(t, "tournament", wait)
		require.NoError(t, c.Press("up")) // round from the menu's top to the list's last row
		require.NoError(t, c.Press("enter"))
		c.WaitFor(t, "eight have signed up", wait)
		require.NoError(t, c.Press("q"))
		c.WaitFor(t, "Quick play", wait)
		require.NoError(t, c.Press("2"))
		c.WaitFor(t, "Create", wait)
		require.NoError(t, c.Press("enter"))
		c.WaitUntil(t, func(s string) bool { return strings.Contains(s, "waiting for players") || strings.Contains(s, "start") }, wait)
	}
	ana.WaitFor(t, "bo signed up", wait)
	ana.WaitFor(t, "guest-", wait)
}
