package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
)

// End-to-end tests of a player who drops and comes back, or signs in twice:
// the seat and the whole state of the game are theirs again.

// TestReconnectKeepsTheSeatWithTheWholeState: a player whose connection
// drops keeps their seat, the others see them away, and coming back with the
// same key within the grace period puts them in the same seat, with their
// hand and their turn.
func TestReconnectKeepsTheSeatWithTheWholeState(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	key := sshtest.NewKey(t)
	ana, bo := twoAtATable(t, addr, key)

	before := bo.Screen()
	cards, seat := handCount(before), mySeat(before)
	require.Positive(t, cards, before)
	require.GreaterOrEqual(t, seat, 0, before)

	bo.Close()
	ana.WaitUntil(t, rowSays("bo", "away"), wait)
	ana.WaitFor(t, "bo lost their connection", wait)

	back := sshtest.Dial(t, addr, sshtest.User("bo"), sshtest.WithKey(key), big)
	back.WaitFor(t, "your hand", wait) // no nickname prompt: the key is known
	s := back.Screen()
	require.Equal(t, cards, handCount(s), "the same hand:\n%s", s)
	require.Equal(t, seat, mySeat(s), "the same seat:\n%s", s)
	require.Contains(t, s, "your turn", "the same turn")
	ana.WaitUntil(t, func(s string) bool { return !rowSays("bo", "away")(s) }, wait)
	ana.WaitFor(t, "bo is back", wait)

	// The seat is really bo's again: their move hands the turn to ana.
	playUntilTurn(t, ana, &player{c: back, name: "bo"})
}

// TestTakeoverByASecondConnection: a second connection with the same key
// takes the seat over; the older session is told why it is closed and ends,
// and its end does not cost the newer one the seat.
func TestTakeoverByASecondConnection(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	key := sshtest.NewKey(t)
	ana, bo := twoAtATable(t, addr, key)
	before := bo.Screen()
	cards, seat := handCount(before), mySeat(before)

	bo2 := sshtest.Dial(t, addr, sshtest.User("bo"), sshtest.WithKey(key), big)
	bo2.WaitFor(t, "your hand", wait)

	// The old session is told why, on a line of its own that stays in the
	// player's terminal after the game's screen is gone, and it ends.
	const why = "unossh: you signed in from another connection; this one is closed"
	require.Equal(t, 0, bo.Wait(t, wait), "the old session ends cleanly")
	require.Contains(t, string(bo.Stderr()), why)

	s := bo2.Screen()
	require.Equal(t, cards, handCount(s), "the same hand:\n%s", s)
	require.Equal(t, seat, mySeat(s), "the same seat:\n%s", s)
	require.Contains(t, s, "your turn")

	// The newer connection plays the seat; the old one's end freed nothing.
	playUntilTurn(t, ana, &player{c: bo2, name: "bo"})
	s = ana.Screen()
	require.NotContains(t, s, "lost their connection")
	require.False(t, rowSays("bo", "away")(s), s)
}

// playUntilTurn plays p's seat until it is c's turn: a move may take more
// than one screen (a wild asks for its colour) and more than one turn (a
// skip between two players).
func playUntilTurn(t *testing.T, c *sshtest.Client, p *player) {
	t.Helper()
	drive(t, wait, func() bool { return strings.Contains(c.Screen(), "your turn") }, p)
}

// twoAtATable seats ana (host) and bo, bo with the given key, at a private
// table of two with no turn timer, starts it and plays ana's turns until it
// is bo's: from then on nothing moves until bo does.
func twoAtATable(t *testing.T, addr string, boKey gossh.Signer) (ana, bo *sshtest.Client) {
	t.Helper()
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2", "turn timer", "off"})
	bo = joinPrivate(t, addr, "bo", code, ana, sshtest.WithKey(boKey))
	startGame(t, ana, bo)
	pa, pb := &player{c: ana, name: "ana"}, &player{c: bo, name: "bo"}
	drive(t, wait, func() bool {
		// bo answers what is not a turn (the first card's colour); a
		// turn of bo's is left for the test.
		if s := bo.Screen(); !strings.Contains(s, "your turn") {
			step(t, pb)
			return false
		}
		return true
	}, pa)
	return ana, bo
}
