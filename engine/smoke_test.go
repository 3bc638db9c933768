package engine

import (
	"math/rand/v2"
	"testing"
)

func TestSmokeRandom(t *testing.T) {
	for seed := uint64(0); seed < 2000; seed++ {
		for _, ed := range Editions {
			s := Settings{Edition: ed, Players: 2 + int(seed%9), Mode: Standard, Blanks: BlankRule(seed % 4)}
			g, err := New(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 1))
			steps := 0
			for !g.Over() {
				w := g.Waiting()
				seat := w[r.IntN(len(w))]
				legal := g.Legal(seat)
				if len(legal) == 0 {
					t.Fatalf("seed %d %v: no legal move for %d in %v", seed, ed, seat, g.Phase())
				}
				a := legal[r.IntN(len(legal))]
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("legal move refused: %v %v", a, err)
				}
				if err := g.Audit(); err != nil {
					t.Fatalf("seed %d %v after %v: %v", seed, ed, a, err)
				}
				steps++
				if steps > 200000 {
					t.Fatalf("seed %d %v: no end", seed, ed)
				}
			}
		}
	}
}
