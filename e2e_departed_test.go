package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGameOverNamesAPlayerWhoLeftOverSSH: the single hand is the game; bo
// leaves from the game-over screen; ana's screen, still on the result,
// names him as before and says he left (it said "seat 2 … away").
func TestGameOverNamesAPlayerWhoLeftOverSSH(t *testing.T) {
	t.Parallel()
	cfg := edLobby(t, edStack(t, 1, [][]string{outHand, {"B1", "B2", "B3", "G1", "G2", "G3", "Y1"}}, "R9"))
	e := edOpen(t, cfg, edSpec{edition: "Classic 2001", mode: "single hand", seats: "2", bots: "0",
		blanks: "discard all of its colour"}, "ana", "bo")
	ana, bo := e.c["ana"], e.c["bo"]
	e.goOut()
	ana.WaitFor(t, "GAME OVER", wait)
	bo.WaitFor(t, "GAME OVER", wait)
	require.NoError(t, bo.Press("enter"))
	bo.WaitFor(t, "Quick play", wait)
	left := regexp.MustCompile(`bo\s+7\s+0\s+left`)
	ana.WaitUntil(t, left.MatchString, wait)
	s := ana.Screen()
	require.Regexp(t, `bo\s+13\s+0\s`, s, "the result's row names bo")
	require.NotContains(t, s, "seat 2")
	require.NotContains(t, s, "away")
}
