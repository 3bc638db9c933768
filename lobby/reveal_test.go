package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// revealStack deals hands (card codes, by seat) with dealer, the first card,
// then the top of the draw pile.
func revealStack(t *testing.T, dealer int, hands [][]string, first string, draw ...string) engine.Stack {
	t.Helper()
	parse := func(s string) engine.Card {
		c, err := engine.ParseCard(s)
		require.NoError(t, err)
		return c
	}
	n := len(hands)
	var cards []engine.Card
	for i := 0; i < engine.HandSize*n; i++ {
		cards = append(cards, parse(hands[(dealer+1+i)%n][i/n]))
	}
	cards = append(cards, parse(first))
	for _, d := range draw {
		cards = append(cards, parse(d))
	}
	return engine.Stack{Dealer: dealer, Cards: cards}
}

// revealTable opens a Minions table for ana with bo (and cy, or a bot, in
// seat 2) on a stacked deal, and starts it.
func revealTable(t *testing.T, cfg Config, st engine.Stack, botLast bool) (h *Hub, ana, bo, cy *Client) {
	t.Helper()
	cfg.NewGame = func(s engine.Settings, seed uint64) (*engine.Game, error) { return engine.NewStacked(s, seed, st) }
	h = NewHub(cfg)
	t.Cleanup(func() { _ = h.Shutdown(t.Context()) })
	players := len(st.Cards) / engine.HandSize
	ana, bo = connect(t, h, "ana"), connect(t, h, "bo")
	settings := engine.Settings{Edition: engine.Minions2016, Players: players, Target: 500}
	require.NoError(t, ana.Create(TableOptions{Settings: settings, TurnTime: 10 * time.Second}))
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })
	require.NoError(t, bo.Join(s.Table.Code))
	if players == 3 {
		if botLast {
			waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 2 })
			ana.Do(Intent{Kind: AddBot})
		} else {
			cy = connect(t, h, "cy")
			require.NoError(t, cy.Join(s.Table.Code))
		}
		waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 3 })
	}
	ana.Do(Intent{Kind: Start})
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil && s.Table.Game.Current == 0 })
	return h, ana, bo, cy
}

// TestMinionDrawIsShownCardByCard: the table shows a Mutated Minion's draw
// one card a step, hides the cards not yet shown from every view, refuses
// every move and holds the bots and the turn timer until the colour has come
// up, then goes on.
func TestMinionDrawIsShownCardByCard(t *testing.T) {
	for _, botLast := range []bool{false, true} {
		name := map[bool]string{false: "a player plays next", true: "a bot plays next"}[botLast]
		t.Run(name, func(t *testing.T) {
			cfg := testConfig()
			st := revealStack(t, 2, [][]string{
				{"WM", "B1", "B2", "G3", "G4", "Y5", "Y6"},
				{"B7", "G7", "Y7", "B8", "G8", "Y8", "B9"},
				{"G1", "G2", "Y1", "Y2", "B3", "B4", "G5"},
			}, "B5", "G9", "Y9", "B6", "O3")
			h, ana, bo, cy := revealTable(t, cfg, st, botLast)
			clk := clockOf(h)
			ana.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Play, Card: engine.Card{Kind: engine.MutatedMinion}, Color: engine.Orange}})

			// One card a step: bo sees the faces, ana only backs; the cards
			// not yet shown are in nobody's view; nobody may move; no timer
			// runs. The clock moves only here, a step at a time.
			for drawn := 0; drawn <= 4; drawn++ {
				s := waitScreen(t, bo, func(s Screen) bool { return s.Table.Reveal != nil && s.Table.Reveal.Drawn == drawn })
				r, g := s.Table.Reveal, s.Table.Game
				require.Equal(t, 1, r.Seat)
				require.Equal(t, 0, r.By)
				require.Equal(t, engine.Orange, r.Color)
				require.Len(t, r.Cards, r.Drawn)
				require.Len(t, g.Hand, 7+r.Drawn, "bo holds the cards shown so far")
				require.Equal(t, 7+r.Drawn, g.Seats[1].Cards)
				require.Empty(t, g.Legal)
				require.True(t, s.Table.TurnEnds.IsZero(), "the turn timer waits")
				require.Equal(t, engine.MutatedMinion, g.Top.Kind, "nobody has played since")
				require.Equal(t, r.Drawn == 4, r.Done)
				for _, c := range r.Cards {
					require.NotEqual(t, engine.Card{}, c, "bo sees the cards he draws")
				}
				if drawn == 2 {
					as := ana.Screen().Table
					for _, c := range as.Reveal.Cards {
						require.Equal(t, engine.Card{}, c, "ana sees only the backs")
					}
					require.Len(t, as.Game.Hand, 6)
					for _, c := range []*Client{bo, cy} {
						if c != nil {
							c.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Draw}})
							n := c.Screen().Notice
							require.Equal(t, "wait: bo is still drawing", n.Text)
							require.True(t, n.Error)
						}
					}
				}
				clk.Advance(cfg.withDefaults().RevealStep)
			}

			// Then the game goes on: bo was skipped, and seat 2 plays.
			s := waitScreen(t, ana, func(s Screen) bool {
				return s.Table.Reveal == nil && s.Table.Game.Seats[1].Cards == 11
			})
			minionLines := 0
			for _, l := range s.Table.Log {
				if strings.Contains(l.Text, "looking for ORANGE") {
					minionLines++
					require.Equal(t, "bo drew 4 cards (looking for ORANGE)", l.Text)
				}
			}
			require.Equal(t, 1, minionLines, "one line for the whole draw")
			if botLast {
				runUntil(t, ana, func(s Screen) bool { return s.Table.Game.Current != 2 })
			} else {
				s := waitScreen(t, cy, func(s Screen) bool { return !s.Table.TurnEnds.IsZero() })
				require.Equal(t, 2, s.Table.Game.Current)
				require.NotEmpty(t, s.Table.Game.Legal)
			}
		})
	}
}

// TestMinionAsLastCardShowsTheDrawBeforeTheScores: a Minion that ends the
// hand is shown card by card too; the hand's result comes after it.
func TestMinionAsLastCardShowsTheDrawBeforeTheScores(t *testing.T) {
	cfg := testConfig()
	cfg.NextHand = time.Minute
	st := revealStack(t, 1, [][]string{
		{"OS", "OS", "BS", "BS", "GS", "GS", "WM"}, // two players: a Skip plays again
		{"B7", "G7", "Y7", "B8", "G8", "Y8", "B9"},
	}, "O5", "G1", "B1", "O1")
	_, ana, bo, _ := revealTable(t, cfg, st, false)
	for i, c := range []string{"OS", "OS", "GS", "GS", "BS", "BS"} {
		card, err := engine.ParseCard(c)
		require.NoError(t, err)
		ana.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Play, Card: card, UNO: i == 5}})
		waitScreen(t, ana, func(s Screen) bool { return len(s.Table.Game.Hand) == 6-i })
	}
	ana.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Play, Card: engine.Card{Kind: engine.MutatedMinion}, Color: engine.Orange}})
	s := waitScreen(t, bo, func(s Screen) bool { return s.Table.Reveal != nil })
	require.Nil(t, s.Table.LastHand, "no result while the draw is shown")
	require.True(t, s.Table.NextHandAt.IsZero())
	s = runUntil(t, bo, func(s Screen) bool { return s.Table.Reveal == nil && s.Table.LastHand != nil })
	require.Equal(t, 0, s.Table.LastHand.Winner)
	require.Equal(t, 57, s.Table.LastHand.Held[1], "bo's hand and the three cards he drew")
	require.False(t, s.Table.NextHandAt.IsZero(), "the next hand is timed after the draw")
}
