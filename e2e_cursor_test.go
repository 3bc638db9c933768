package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCursorRestsOnAPlayableCardWhenTheTurnComesStraightBack: with two
// players, ana's Skip brings her turn straight back, with no screen between
// in which it was bo's. In her sorted hand the card after the green Skip is
// the yellow 1, which does not play on it: the cursor, left where the Skip
// was, must move to the one card that now plays (the yellow Skip), so that
// enter plays it instead of saying it does not match.
func TestCursorRestsOnAPlayableCardWhenTheTurnComesStraightBack(t *testing.T) {
	t.Parallel()
	st := edStack(t, 1, [][]string{
		{"R1", "Y1", "GS", "YS", "B4", "B6", "B7"}, // ana, left of the dealer: she plays first
		{"R3", "R4", "R5", "R6", "R7", "R8", "R9"}, // bo
	}, "G5", "B9", "B8")
	e := edOpen(t, edLobby(t, st), edSpec{seats: "2"}, "ana", "bo")
	ana := e.c["ana"]
	e.play("ana", "GS")
	ana.WaitFor(t, "bo is skipped", wait)
	var labels []string
	cur := -1
	ana.WaitUntil(t, func(string) bool {
		labels, cur = hand(ana.Lines())
		return len(labels) == 6 && cur >= 0
	}, wait)
	require.Equal(t, "YS", labels[cur], "the cursor rests on the card that plays on GS: %v", labels)
	require.NoError(t, ana.Press("enter"))
	e.waitCards(map[string]int{"ana": 5})
}
