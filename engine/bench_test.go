package engine

import "testing"

// BenchmarkRandomGame plays complete single-hand games (to the first player
// out, as RLCard's UNO environment does): four players, Classic 2001 rules,
// every seat a randomTable. It reports games per second.
func BenchmarkRandomGame(b *testing.B) {
	benchGames(b, Settings{Edition: Classic2001, Mode: SingleHand, Players: 4})
}

// BenchmarkRandomGameTo500 plays complete games to 500 points.
func BenchmarkRandomGameTo500(b *testing.B) {
	benchGames(b, Settings{Edition: Classic2001, Mode: Standard, Players: 4})
}

func benchGames(b *testing.B, s Settings) {
	t := newRandomTable(1)
	games, moves := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		g, err := New(s, uint64(games))
		if err != nil {
			b.Fatal(err)
		}
		moves += t.play(g)
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(games), "moves/game")
}
