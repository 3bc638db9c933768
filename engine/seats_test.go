package engine

import "testing"

// TestViewNext holds View.Next to the game's own rule over random games of
// Challenge UNO (seats drop out) in both directions.
func TestViewNextFollowsTheGame(t *testing.T) {
	for seed := range uint64(200) {
		g, _ := New(Settings{Edition: Classic2001, Mode: Challenge, Players: 2 + int(seed%9), Target: 60}, seed)
		bot := newRandomTable(seed)
		var legal []Action
		for moves := 0; !g.Over() && moves < 3000; moves++ {
			if g.phase != PhaseDeal {
				v := g.View(-1)
				for s := range g.hands {
					if got, want := v.Next(s), g.next(s, g.dir); got != want {
						t.Fatalf("seed %d: after seat %d the view says %d, the game %d", seed, s, got, want)
					}
				}
			}
			var i int
			legal, i = bot.move(g, legal)
			g.Apply(legal[i])
		}
	}
}
