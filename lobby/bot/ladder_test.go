package bot

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// TestLadderReferences measures the built-in levels' fixed ratings on the
// bot ladder (docs/benchmarks.md, "The ladder's references"): it runs only
// when UNOSSH_BOT_LADDER=1. The four levels and the first-legal player meet
// each other in ladder games (classic, two seats, one hand), every pair
// UNOSSH_BOT_LADDER_GAMES times (1,000 unless set; each pair sits both ways
// round), seeded, played on UNOSSH_BOT_WORKERS goroutines, and rated in
// one fixed order with the ladder's model (store.LadderModel: the project's
// OpenSkill with no drift), every player from a newcomer's rating. It
// prints each one's mu and sigma, and mu moved so that normal's is 25 (a
// newcomer's, the ladder's validation opponent): the ratings only compare,
// so the scale is placed there.
//
//	UNOSSH_BOT_LADDER=1 UNOSSH_BOT_WORKERS=2 go test -run TestLadderReferences -timeout 0 -v ./lobby/bot
func TestLadderReferences(t *testing.T) {
	if os.Getenv("UNOSSH_BOT_LADDER") != "1" {
		t.Skip("the ladder's references are measured with UNOSSH_BOT_LADDER=1")
	}
	games := 1000
	if n, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_LADDER_GAMES")); err == nil && n > 0 {
		games = n
	}
	workers := 1
	if n, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_WORKERS")); err == nil && n > 0 {
		workers = n
	}
	names := []string{"beginner", "easy", "normal", "hard", "first-legal"}
	seat := func(who int, seed uint64) player {
		if who < len(Levels) {
			return New(Levels[who], seed)
		}
		return firstLegal{}
	}
	type game struct{ a, b int } // a sits first
	var list []game
	for g := range games {
		for i := range names {
			for j := i + 1; j < len(names); j++ {
				if g%2 == 0 {
					list = append(list, game{i, j})
				} else {
					list = append(list, game{j, i})
				}
			}
		}
	}
	firstWon := make([]bool, len(list))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			for k := range next {
				seed := uint64(k+1) * 0x9e3779b97f4a7c15
				g := list[k]
				firstWon[k] = playHand(engine.Settings{Edition: engine.Classic2001}, seed,
					[]player{seat(g.a, seed^1), seat(g.b, seed^2)}) == 0
			}
		})
	}
	for k := range list {
		next <- k
	}
	close(next)
	wg.Wait()

	m := store.LadderModel()
	ratings := make([]store.Rating, len(names))
	for i := range ratings {
		ratings[i] = m.NewRating()
	}
	wins := make([]int, len(names))
	for k, g := range list {
		ranks := []int{2, 1}
		if firstWon[k] {
			ranks = []int{1, 2}
			wins[g.a]++
		} else {
			wins[g.b]++
		}
		post, err := m.Rate([][]store.Rating{{ratings[g.a]}, {ratings[g.b]}}, ranks)
		if err != nil {
			t.Fatal(err)
		}
		ratings[g.a], ratings[g.b] = post[0][0], post[1][0]
	}
	shift := 25 - ratings[2].Mu
	fmt.Printf("| player | games | wins | mu | sigma | mu, normal at 25 |\n|---|---|---|---|---|---|\n")
	for i, n := range names {
		r := ratings[i]
		fmt.Printf("| %s | %d | %d | %.2f | %.2f | %.1f |\n", n, games*(len(names)-1), wins[i], r.Mu, r.Sigma, r.Mu+shift)
	}
}
