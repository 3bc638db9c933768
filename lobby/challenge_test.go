package lobby

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/engine"
)

// A challenged player's hand is shown to the challenger, and to nobody else.
func TestChallengeShowsTheHandToTheChallengerOnly(t *testing.T) {
	cfg := testConfig()
	var cards []engine.Card
	mine := []string{"W+4", "R1", "R2", "R3", "R4", "R5", "R6"} // seat 0: holds red, so guilty
	theirs := []string{"B1", "B2", "B3", "B4", "B5", "B6", "B7"}
	for i := range mine {
		for _, code := range []string{mine[i], theirs[i]} {
			c, err := engine.ParseCard(code)
			require.NoError(t, err)
			cards = append(cards, c)
		}
	}
	first, _ := engine.ParseCard("R9")
	cards = append(cards, first)
	cfg.NewGame = func(s engine.Settings, seed uint64) (*engine.Game, error) {
		return engine.NewStacked(s, seed, engine.Stack{Dealer: 1, Cards: cards})
	}
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 0, NoTurnTimer, b)
	require.Equal(t, 0, a.Screen().Table.You)

	a.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Play, Card: cards[0], Color: engine.Blue}})
	waitScreen(t, b, func(s Screen) bool { return s.Table.Game.Phase == engine.PhaseChallenge })
	b.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.ChallengeDrawFour}})
	line := func(s Screen) string {
		for _, l := range s.Table.Log {
			if strings.Contains(l.Text, "challenged") {
				return l.Text
			}
		}
		return ""
	}
	sb := waitScreen(t, b, func(s Screen) bool { return line(s) != "" })
	require.Contains(t, line(sb), "guilty")
	require.Contains(t, line(sb), "ana showed you: R")
	sa := waitScreen(t, a, func(s Screen) bool { return line(s) != "" })
	require.NotContains(t, line(sa), "showed you")
}
