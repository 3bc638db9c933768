package bot

import (
	"os"
	"testing"

	"github.com/unossh/unossh/engine"
)

// jumpHand plays one seeded single hand of bots that jump in (Bot.JumpIn)
// before each move, the first seat after the one waited on first, except
// the seat noJump (-1: none), and returns the winner's seat.
func jumpHand(s engine.Settings, seed uint64, bots []*Bot, noJump int) int {
	g, err := engine.New(s, seed)
	if err != nil {
		panic(err)
	}
	var events, seen []engine.Event
	apply := func(a engine.Action) {
		var err error
		if events, err = g.AppendApply(events[:0], a); err != nil {
			panic(err)
		}
		for seat, b := range bots {
			seen = seen[:0]
			for _, e := range events {
				seen = append(seen, e.VisibleTo(seat))
			}
			b.Observe(seen)
		}
	}
	for moves := 0; !g.Over() && moves < 100000; moves++ {
		seat := g.Waiting()[0]
		if seat == engine.SystemSeat {
			if g.Phase() == engine.PhaseDeal {
				apply(engine.Action{Kind: engine.Deal, Seat: seat})
			} else {
				apply(engine.Action{Kind: engine.CloseRace, Seat: seat})
			}
			continue
		}
		jumped := false
		for k := range bots {
			j := (seat + 1 + k) % len(bots)
			if j == g.Current() || j == noJump {
				continue
			}
			if a, ok := bots[j].JumpIn(g.View(j)); ok {
				apply(a)
				jumped = true
				break
			}
		}
		if jumped {
			continue
		}
		a, _ := bots[seat].Choose(g.View(seat))
		apply(a)
		for i, b := range bots {
			if c, ok := b.Catch(g.View(i)); ok {
				apply(c)
				break
			}
		}
	}
	return g.Winners()[0]
}

// TestJumpInStrength measures what jumping in is worth to the hard bot:
// 600 seeded single hands of Classic under the Party rules, one hard bot
// (at each seat in turn) against three normal bots that jump in at their
// rate, once with the hard bot jumping in as it judges and once with it
// never jumping in, on the same deals. It runs only when asked
// (UNOSSH_JUMPIN_STRENGTH=1; docs/benchmarks.md has the figures) and
// checks that jumping in does not lose.
func TestJumpInStrength(t *testing.T) {
	if os.Getenv("UNOSSH_JUMPIN_STRENGTH") != "1" {
		t.Skip("set UNOSSH_JUMPIN_STRENGTH=1 to measure")
	}
	const hands = 600
	var wins [2]int
	for k, noJump := range []int{-1, 0} {
		won := 0
		for h := range hands {
			at := h % 4
			bots := make([]*Bot, 4)
			for i := range bots {
				l := Normal
				if i == at {
					l = Hard
				}
				bots[i] = New(l, uint64(h*10+i))
			}
			nj := -1
			if noJump == 0 {
				nj = at
			}
			s := engine.Settings{Edition: engine.Classic2001, Mode: engine.SingleHand, Players: 4, House: engine.PresetParty.Rules()}
			if jumpHand(s, uint64(h), bots, nj) == at {
				won++
			}
		}
		lo, hi := wilson(won, hands)
		t.Logf("hard jumping in: %v: %d/%d = %.1f%% [%.1f, %.1f]", noJump < 0, won, hands, 100*float64(won)/hands, 100*lo, 100*hi)
		wins[k] = won
	}
	if wins[0] < wins[1] {
		t.Fatalf("the hard bot won %d hands jumping in, %d never jumping in", wins[0], wins[1])
	}
}
