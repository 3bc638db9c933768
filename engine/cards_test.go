package engine

import "testing"

// TestCardEffects pins what each card does when played in the middle of a
// hand, in every edition that has it: seat 1 plays it on a red 5, at a table
// of four where play goes to the left.
func TestCardEffects(t *testing.T) {
	type effect struct {
		card  string // the card seat 1 plays (Classic colours)
		color int    // the colour named, by index into the edition's colours, for a wild
		check func(sc *scene, e Edition)
	}
	effects := map[string]effect{
		"number": {"R7", -1, func(sc *scene, e Edition) {
			sc.turn(2, PhaseTurn)
			sc.sizes(7, 6, 7, 7)
		}},
		"skip": {"RS", -1, func(sc *scene, e Edition) {
			sc.want(sc.count(EvSkip) == 1 && sc.events[1].Seat == 2, "seat 2 skipped")
			sc.turn(3, PhaseTurn)
		}},
		"reverse": {"RR", -1, func(sc *scene, e Edition) {
			sc.want(sc.g.dir == -1, "play to the right")
			sc.turn(0, PhaseTurn)
		}},
		"draw_two": {"R+2", -1, func(sc *scene, e Edition) {
			sc.sizes(7, 6, 9, 7)
			sc.turn(3, PhaseTurn)
		}},
		"wild": {"W", 2, func(sc *scene, e Edition) {
			sc.want(sc.g.color == e.Colors()[2], "the colour named")
			sc.turn(2, PhaseTurn)
		}},
		"wild_draw_four": {"W+4", 3, func(sc *scene, e Edition) {
			sc.want(sc.g.color == e.Colors()[3], "the colour named")
			sc.turn(2, PhaseChallenge)
		}},
		"blank": {"R?", -1, func(sc *scene, e Edition) { // swap hands with seat 0 (Target 0)
			sc.want(sc.count(EvSwapHands) == 1 && len(sc.g.hands[1]) == 7 && len(sc.g.hands[0]) == 6, "hands swapped with seat 0")
			sc.turn(2, PhaseTurn)
		}},
		"wild_mutated_minion": {"WM", 1, func(sc *scene, e Edition) {
			sc.want(len(sc.g.hands[2]) > 7, "seat 2 drew")
			last := sc.g.hands[2][len(sc.g.hands[2])-1]
			sc.want(last.Color == e.Colors()[1] || len(sc.g.draw) == 0, "until the colour named")
			sc.turn(3, PhaseTurn)
		}},
		"wild_power_of_greyskull": {"WG", 1, func(sc *scene, e Edition) {
			sc.sizes(10, 6, 10, 10)
			sc.turn(2, PhaseTurn)
		}},
		"wild_kevins_famous_chili": {"WC", 1, func(sc *scene, e Edition) {
			sc.want(sc.g.phase == PhaseRace && sc.count(EvRaceStart) == 1, "a race")
		}},
		"wild_the_army_of_grayskull": {"WA", 1, func(sc *scene, e Edition) {
			// The filler hands hold number cards only: nobody to raid.
			sc.want(sc.count(EvRaidStart) == 1 && sc.count(EvRaidEnd) == 1, "a raid, at once over")
			sc.turn(2, PhaseTurn)
		}},
	}
	for _, k := range []string{"number", "skip", "reverse", "draw_two", "wild", "wild_draw_four", "blank",
		"wild_mutated_minion", "wild_power_of_greyskull", "wild_kevins_famous_chili", "wild_the_army_of_grayskull"} {
		ef := effects[k]
		t.Run(k, func(t *testing.T) {
			each(t, func(t *testing.T, e Edition) {
				c := card(t, inEdition(e, ef.card))
				if (c.Kind.IsWild() || c.Kind == Blank) && c.Kind != Wild && c.Kind != WildDrawFour && c.Kind != e.Special() {
					t.Skipf("no %s in %s", c.Kind, e.Title())
				}
				sc := newScene(t, settings(e), deal{hands: []string{"", c.Code()}, first: inEdition(e, "R5")})
				a := Action{Kind: Play, Seat: 1, Card: c}
				if ef.color >= 0 {
					a.Color = e.Colors()[ef.color]
				}
				sc.do(a)
				ef.check(sc, e)
			})
		})
	}
}
