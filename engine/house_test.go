package engine

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

// withHouse is the matrix settings of e with the house rules h.
func withHouse(e Edition, h HouseRules) Settings {
	s := settings(e)
	s.House = h
	return s
}

// unjournaled is a scene whose hands a test may shorten (shrink): it is
// audited after every move but not replayed.
func unjournaled(t *testing.T, s Settings, d deal) *scene {
	t.Helper()
	g, err := NewStacked(s, 1, d.stack(t, s))
	if err != nil {
		t.Fatal(err)
	}
	sc := &scene{t: t, g: g, j: g.NewJournal()}
	sc.do(Action{Kind: Deal, Seat: SystemSeat})
	return sc
}

// shrink leaves seat its first keep cards, putting the rest under the top of
// the discard pile (as if played earlier), to reach the end of a hand quickly.
func (sc *scene) shrink(seat, keep int) {
	g := sc.g
	rest := g.hands[seat][keep:]
	g.discard = append(append([]Card(nil), rest...), g.discard...)
	g.hands[seat] = g.hands[seat][:keep]
	if err := g.Audit(); err != nil {
		sc.t.Fatal(err)
	}
}

// TestHouseRules pins each house rule, in every edition, on a stacked deal.
// The dealer is seat 0, so seat 1 plays first and play goes 1, 2, 3, 0.
func TestHouseRules(t *testing.T) {
	t.Run("stacking/draw_two", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, withHouse(e, HouseRules{Stacking: StackTwos}), deal{
				hands: []string{"", inEdition(e, "R+2"), inEdition(e, "B+2 R4"), inEdition(e, "G1")},
				first: inEdition(e, "R5"),
			})
			sc.play(1, inEdition(e, "R+2"))
			sc.turn(2, PhaseTurn)
			sc.want(sc.g.pending == 2 && sc.g.View(2).Pending == 2, "a penalty of 2 waiting")
			sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, inEdition(e, "R4"))}, ErrMustStack)
			sc.play(2, inEdition(e, "B+2")) // a Draw Two on a Draw Two
			sc.turn(3, PhaseTurn)
			legal := sc.g.Legal(3)
			sc.want(len(legal) == 1 && legal[0].Kind == Draw, "only the draw, not %v", legal)
			sc.draw(3) // takes all four and loses the turn
			sc.sizes(7, 6, 6, 11)
			sc.turn(0, PhaseTurn)
			sc.want(sc.g.pending == 0, "the penalty settled")
		})
	})
	t.Run("stacking/off_for_draw_two_under_fours", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, withHouse(e, HouseRules{Stacking: StackFours}), deal{
				hands: []string{"", inEdition(e, "R+2"), inEdition(e, "B+2")},
				first: inEdition(e, "R5"),
			})
			sc.play(1, inEdition(e, "R+2")) // drawn at once, as printed
			sc.sizes(7, 6, 9, 7)
			sc.turn(3, PhaseTurn)
		})
	})
	t.Run("stacking/draw_four", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			col := e.Colors()
			sc := newScene(t, withHouse(e, HouseRules{Stacking: StackFours}), deal{
				hands: []string{"", inEdition(e, "W+4 B1 B2 B3 G1 G2 G3"), inEdition(e, "W+4 R1"), inEdition(e, "R2")},
				first: inEdition(e, "R5"),
			})
			sc.wild(1, "W+4", col[1])
			sc.turn(2, PhaseChallenge)
			sc.wild(2, "W+4", col[2]) // stacked instead of accepted or challenged
			sc.turn(3, PhaseChallenge)
			sc.want(sc.g.pending == 8, "a penalty of 8, have %d", sc.g.pending)
			sc.do(Action{Kind: Accept, Seat: 3})
			sc.sizes(7, 6, 6, 15)
			sc.turn(0, PhaseTurn)
		})
	})
	t.Run("stacking/challenge_under_a_stack", func(t *testing.T) {
		// A guilty Wild Draw Four on a stack: its player draws its four, and
		// the challenger still faces the stack under it.
		each(t, func(t *testing.T, e Edition) {
			col := e.Colors()
			sc := newScene(t, withHouse(e, HouseRules{Stacking: StackFours}), deal{
				hands: []string{"", inEdition(e, "W+4 B1 B2 B3 G1 G2 G3"), inEdition(e, "W+4 B4"), inEdition(e, "R2")},
				first: inEdition(e, "R5"),
			})
			sc.wild(1, "W+4", col[1])
			sc.wild(2, "W+4", col[2]) // holding blue, the colour in play: guilty
			sc.do(Action{Kind: ChallengeDrawFour, Seat: 3})
			sc.sizes(7, 6, 10, 7)
			sc.turn(3, PhaseTurn)
			sc.want(sc.g.pending == 4, "the first four still wait, have %d", sc.g.pending)
			sc.draw(3)
			sc.sizes(7, 6, 10, 11)
			sc.turn(0, PhaseTurn)
		})
	})
	t.Run("stacking/same_refuses_mixed", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, withHouse(e, HouseRules{Stacking: StackSame}), deal{
				hands: []string{"", inEdition(e, "R+2"), inEdition(e, "W+4 B1")},
				first: inEdition(e, "R5"),
			})
			sc.play(1, inEdition(e, "R+2"))
			sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, "W+4"), Color: e.Colors()[0]}, ErrMustStack)
		})
	})
	t.Run("stacking/mixed", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			col := e.Colors()
			sc := newScene(t, withHouse(e, HouseRules{Stacking: StackMixed}), deal{
				hands: []string{"", inEdition(e, "R+2"), inEdition(e, "W+4 B1"), inEdition(e, "Y+2 G+2")},
				first: inEdition(e, "R5"),
			})
			sc.play(1, inEdition(e, "R+2"))
			sc.wild(2, "W+4", col[3]) // a Wild Draw Four on a Draw Two
			sc.turn(3, PhaseChallenge)
			sc.refuse(Action{Kind: Play, Seat: 3, Card: card(t, inEdition(e, "G+2"))}, ErrNoMatch)
			sc.play(3, inEdition(e, "Y+2")) // a Draw Two of the colour named, on the Wild Draw Four
			sc.turn(0, PhaseTurn)
			sc.want(sc.g.pending == 8, "a penalty of 8, have %d", sc.g.pending)
			sc.draw(0)
			sc.sizes(15, 6, 6, 6)
		})
	})
	t.Run("stacking/last_card", func(t *testing.T) {
		// Going out with a stacked Draw Two: the next player draws the whole stack.
		each(t, func(t *testing.T, e Edition) {
			sc := unjournaled(t, withHouse(e, HouseRules{Stacking: StackTwos}), deal{
				hands: []string{"", inEdition(e, "R+2"), inEdition(e, "B+2")},
				first: inEdition(e, "R5"),
			})
			sc.shrink(2, 1)
			sc.play(1, inEdition(e, "R+2"))
			ev := sc.do(Action{Kind: Play, Seat: 2, Card: card(t, inEdition(e, "B+2"))})
			sc.want(len(sc.g.hands[3]) == 11, "the next player drew 4, holds %d", len(sc.g.hands[3]))
			sc.want(slices.ContainsFunc(ev, func(x Event) bool { return x.Kind == EvHandOver }), "the hand over")
		})
	})
	t.Run("seven_o", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, withHouse(e, HouseRules{SevenO: true}), deal{
				hands: []string{"B1 B2 B3 B4 B5 B6 B7", inEdition(e, "R7 Y1"), inEdition(e, "R0 Y2 Y3"), inEdition(e, "G1 G2 G3 G4 G5 G6 G8")},
				first: inEdition(e, "R5"),
			})
			r7 := card(t, inEdition(e, "R7"))
			sc.refuse(Action{Kind: Play, Seat: 1, Card: r7, Target: 9}, ErrChooseTarget)
			sc.refuse(Action{Kind: Play, Seat: 1, Card: r7, Target: 1}, ErrChooseTarget)
			want3 := sc.hand(3)
			sc.do(Action{Kind: Play, Seat: 1, Card: r7, Target: 3})
			sc.want(sc.hand(1) == want3, "seat 1 holds seat 3's hand, has %s", sc.hand(1))
			sc.want(len(sc.g.hands[3]) == 6, "seat 3 holds seat 1's hand")
			sc.turn(2, PhaseTurn)
			h0, h1, h2 := sc.hand(0), sc.hand(1), sc.hand(2)
			h3 := sc.hand(3)
			sc.play(2, inEdition(e, "R0")) // every hand passes on to the left
			_ = h2
			sc.want(sc.hand(3) != h3 && sc.hand(1) == h0 && sc.hand(2) == h1, "hands passed on")
			sc.want(sc.count(EvPassHands) == 1, "a pass-hands event")
		})
	})
	t.Run("jump_in", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			for _, on := range []bool{false, true} {
				sc := newScene(t, withHouse(e, HouseRules{JumpIn: on}), deal{
					hands: []string{"", inEdition(e, "R3"), inEdition(e, "B5"), inEdition(e, "R5")},
					first: inEdition(e, "R5"),
				})
				r5 := Action{Kind: Play, Seat: 3, Card: card(t, inEdition(e, "R5"))}
				sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, inEdition(e, "B5"))}, ErrNotYourTurn)
				if !on {
					sc.refuse(r5, ErrNotYourTurn)
					continue
				}
				sc.want(slices.Contains(sc.g.Legal(3), r5), "the jump-in listed for seat 3")
				sc.do(r5)
				sc.turn(0, PhaseTurn) // play goes on from the one who jumped in
			}
		})
	})
	t.Run("draw_to_match", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, withHouse(e, HouseRules{DrawToMatch: true}), deal{
				hands: []string{"", inEdition(e, "B1 B2 B3 B4 G1 G2 G3")},
				first: inEdition(e, "R5"),
				draw:  inEdition(e, "B6 G6 R9"),
			})
			sc.draw(1)
			sc.turn(1, PhaseDrawn)
			sc.want(sc.g.drawn == card(t, inEdition(e, "R9")) && len(sc.g.hands[1]) == 10, "drew three, to the red 9")
		})
	})
	t.Run("force_play", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, withHouse(e, HouseRules{ForcePlay: true}), deal{
				hands: []string{"", inEdition(e, "B1 B2 B3 B4 G1 G2 G3")},
				first: inEdition(e, "R5"),
				draw:  inEdition(e, "R9"),
			})
			sc.draw(1)
			sc.refuse(Action{Kind: Pass, Seat: 1}, ErrMustPlayDrawn)
			sc.want(!sc.g.View(1).Can(Pass), "keeping it is not offered")
			sc.play(1, inEdition(e, "R9"))
		})
	})
	t.Run("no_bluff", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			col := e.Colors()
			sc := newScene(t, withHouse(e, HouseRules{NoBluff: true}), deal{
				hands: []string{"", inEdition(e, "W+4 R1 B1 B2 B3 G1 G2"), inEdition(e, "W+4 B4 B5 B6 G4 G5 G6")},
				first: inEdition(e, "R5"),
			})
			sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, "W+4"), Color: col[1]}, ErrBluff)
			sc.play(1, inEdition(e, "R1"))
			sc.wild(2, "W+4", col[2]) // no red card: fair, and drawn at once
			sc.sizes(7, 6, 6, 11)
			sc.turn(0, PhaseTurn)
		})
	})
	t.Run("uno_penalty", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := unjournaled(t, withHouse(e, HouseRules{UNOPenalty: 3}), deal{
				hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")},
				first: inEdition(e, "R5"),
			})
			sc.shrink(1, 2)
			sc.play(1, inEdition(e, "R1"))
			sc.do(Action{Kind: Catch, Seat: 2, Target: 1})
			sc.want(len(sc.g.hands[1]) == 4, "caught: drew 3, holds %d", len(sc.g.hands[1]))
		})
	})
	t.Run("auto_uno", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := unjournaled(t, withHouse(e, HouseRules{AutoUNO: true}), deal{
				hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")},
				first: inEdition(e, "R5"),
			})
			sc.shrink(1, 2)
			sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, inEdition(e, "R1")), UNO: true}, ErrUNOAutomatic)
			sc.play(1, inEdition(e, "R1"))
			sc.want(sc.count(EvUNO) == 1 && sc.g.exposed < 0 && sc.g.View(0).Seats[1].UNO, "UNO called for seat 1")
		})
	})
}

func TestHousePresets(t *testing.T) {
	for _, p := range Presets {
		if got := p.Rules().Preset(); p != PresetCustom && got != p {
			t.Errorf("%s's rules read back as %s", p, got)
		}
	}
	if (HouseRules{SevenO: true}).Preset() != PresetCustom {
		t.Error("7-0 alone is not a preset")
	}
	if got := PresetParty.Rules().Describe(); !slices.Contains(got, "jump-in") {
		t.Errorf("party describes as %v", got)
	}
	if len(PresetClassic.Rules().Describe()) != 0 {
		t.Error("the printed rules have no house rule to describe")
	}
}

func TestHouseSettings(t *testing.T) {
	s := Settings{Edition: Minions2016, Players: 3, House: PresetChaos.Rules()}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Settings
	if err := json.Unmarshal(b, &back); err != nil || back != s {
		t.Fatalf("settings came back from %s as %+v (%v)", b, back, err)
	}
	for _, bad := range []HouseRules{{Stacking: 9}, {UNOPenalty: -1}, {UNOPenalty: MaxUNOPenalty + 1}} {
		s := Settings{Edition: Classic2001, Players: 2, House: bad}
		if err := s.Validate(); !errors.Is(err, ErrBadSettings) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if b, _ := json.Marshal(Settings{Edition: Classic2001, Players: 2}); slices.Contains([]string{string(b)}, "house") {
		t.Error("the printed rules add nothing to the JSON")
	}
}
