package engine

import (
	"slices"
	"testing"
)

// ---- Going out ----

// handOver is the hand-over event of the last move.
func (sc *scene) handOver() Event {
	sc.t.Helper()
	for _, ev := range sc.events {
		if ev.Kind == EvHandOver {
			return ev
		}
	}
	sc.t.Fatalf("the hand goes on (phase %s)", sc.g.phase)
	return Event{}
}

// othersHold is what the seats other than winner hold.
func (sc *scene) othersHold(winner int) int {
	p := 0
	for s, h := range sc.g.hands {
		if s != winner {
			p += HandPoints(h)
		}
	}
	return p
}

func testGoingOut(t *testing.T) {
	// lastCard: seat 1 gets down to last (its turn), on a red card.
	lastCard := func(t *testing.T, s Settings, last string) *scene {
		e := s.Edition
		sc := newScene(t, s, deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 "+last)}, first: inEdition(e, "R5")})
		sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6 R7"))
		sc.until(1)
		return sc
	}
	t.Run("draw_two", func(t *testing.T) {
		// The next player still draws, and the cards count.
		each(t, func(t *testing.T, e Edition) {
			sc := lastCard(t, settings(e), "R+2")
			before := len(sc.g.hands[2])
			sc.play(1, inEdition(e, "R+2"))
			over := sc.handOver()
			sc.want(len(sc.g.hands[2]) == before+2, "seat 2 drew two")
			sc.want(over.Seat == 1 && over.Count == sc.othersHold(1) && sc.g.scores[1] == over.Count, "the cards drawn count")
		})
	})
	t.Run("wild_draw_four", func(t *testing.T) {
		// ... four, with no challenge: the hand is over.
		each(t, func(t *testing.T, e Edition) {
			sc := lastCard(t, settings(e), "W+4")
			before := len(sc.g.hands[2])
			sc.wild(1, "W+4", e.Colors()[0])
			over := sc.handOver()
			sc.want(len(sc.g.hands[2]) == before+4 && sc.g.phase == PhaseDeal, "seat 2 drew four, unchallenged")
			sc.want(over.Count == sc.othersHold(1), "the cards drawn count")
		})
	})
	t.Run("special_card", func(t *testing.T) {
		// Draw effects still happen; the Chili race still runs; the Blank's
		// swap and pass and the Army's raid do nothing (docs/rules.md).
		each(t, func(t *testing.T, e Edition) {
			special := Card{Kind: e.Special()}
			if e == Classic2001 {
				special.Color = Red // the red Blank, on red
			}
			sc := lastCard(t, settings(e), special.Code())
			sizes := []int{len(sc.g.hands[0]), len(sc.g.hands[1]), len(sc.g.hands[2]), len(sc.g.hands[3])}
			a := Action{Kind: Play, Seat: 1, Card: special, Color: e.Colors()[1]}
			if e == Classic2001 {
				a.Color, a.Target = NoColor, 3 // a swap with seat 3: nothing to swap
			}
			sc.do(a)
			switch e {
			case Classic2001, MastersOfTheUniverse2023:
				sc.handOver()
				sc.sizes(sizes[0], 0, sizes[2], sizes[3])
			case Minions2016:
				sc.handOver()
				sc.want(len(sc.g.hands[2]) > sizes[2], "the victim drew")
			case MastersOfTheUniverse2020:
				sc.handOver()
				sc.sizes(sizes[0]+3, 0, sizes[2]+3, sizes[3]+3)
			case TheOffice2020:
				sc.want(sc.g.phase == PhaseRace, "the race runs")
				sc.do(Action{Kind: Drop, Seat: 1})
				sc.do(Action{Kind: Drop, Seat: 0})
				sc.do(Action{Kind: Drop, Seat: 2})
				over := sc.handOver()
				sc.want(over.Seat == 1 && len(sc.g.hands[3]) == sizes[3]+2, "seat 3 drew two, seat 1 won")
				sc.want(over.Count == sc.othersHold(1), "and they count")
			}
		})
	})
}

// ---- Scoring ----

func testScoring(t *testing.T) {
	t.Run("points", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			for _, c := range settings(e).Deck() {
				want := 50
				switch {
				case c.Kind == Number:
					want = int(c.Value)
				case c.Kind.IsAction(), c.Kind == Blank: // a Blank: 20 unless the table says otherwise
					want = 20
				}
				if c.Points() != want {
					t.Fatalf("%s scores %d, want %d", c, c.Points(), want)
				}
			}
			if HandPoints(cards(t, "R7 BS G+2 YR W W+4 Y? WM WG WC WA WA*")) != 7+4*20+7*50 {
				t.Fatalf("HandPoints %d", HandPoints(cards(t, "R7 BS G+2 YR W W+4 Y? WM WG WC WA WA*")))
			}
		})
	})
	// outOf plays a hand in which seat 1 goes out on the seventh card.
	outOf := func(t *testing.T, s Settings) *scene {
		e := s.Edition
		sc := newScene(t, s, deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")}, first: inEdition(e, "R5")})
		sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6 R7 R8"))
		return sc
	}
	t.Run("standard", func(t *testing.T) {
		// Whoever goes out scores what the others hold; first to the target wins.
		each(t, func(t *testing.T, e Edition) {
			for _, target := range []int{1, 100000} {
				s := settings(e)
				s.Target = target
				sc := outOf(t, s)
				over := sc.handOver()
				sc.want(over.Seat == 1 && over.Count == sc.othersHold(1), "seat 1 scores the others' hands")
				sc.want(slices.Equal(sc.g.Scores(), []int{0, over.Count, 0, 0}), "scores %v", sc.g.Scores())
				sc.want(sc.g.Over() == (target == 1), "over at target %d", target)
				if target == 1 {
					sc.want(slices.Equal(sc.g.Winners(), []int{1}), "seat 1 wins")
				}
			}
		})
	})
	t.Run("lowest_score", func(t *testing.T) {
		// Each is charged what they hold; when one reaches the target, the
		// lowest tally wins (a tie is shared: docs/rules.md).
		each(t, func(t *testing.T, e Edition) {
			s := settings(e)
			s.Mode, s.Target = LowestScore, 1
			sc := outOf(t, s)
			sc.handOver()
			for seat, h := range sc.g.hands {
				sc.want(sc.g.scores[seat] == HandPoints(h), "seat %d charged %d", seat, HandPoints(h))
			}
			sc.want(sc.g.Over() && slices.Equal(sc.g.Winners(), []int{1}), "seat 1, with nothing, wins")

			g := newGame(s, 1) // a tie, shared
			copy(g.scores, []int{40, 500, 40, 90})
			g.finishLowest(s.target())
			if !slices.Equal(g.winners, []int{0, 2}) || !g.Over() {
				t.Fatalf("winners %v", g.winners)
			}
		})
	})
	t.Run("single_hand", func(t *testing.T) {
		// MotU 2023's own rule (first out wins; scores optional), open to
		// all. In MotU 2023 it scores nothing: its points belong to the
		// optional victory method; the other editions score the hand.
		each(t, func(t *testing.T, e Edition) {
			s := settings(e)
			s.Mode = SingleHand
			sc := outOf(t, s)
			over := sc.handOver()
			sc.want(sc.g.Over() && slices.Equal(sc.g.Winners(), []int{1}), "seat 1 wins the game")
			if e == MastersOfTheUniverse2023 {
				sc.want(over.Unscored && over.Count == 0 && slices.Equal(sc.g.Scores(), []int{0, 0, 0, 0}), "no points: %+v %v", over, sc.g.Scores())
			} else {
				sc.want(!over.Unscored && over.Count == sc.othersHold(1) && sc.g.Scores()[1] == over.Count, "the hand scores: %+v", over)
			}
			sc.refuse(Action{Kind: Deal, Seat: SystemSeat}, ErrGameOver)
			sc.refuse(Action{Kind: Draw, Seat: 2}, ErrGameOver)
		})
	})
}

// ---- Two players (Classic's rules; here in every edition: docs/rules.md) ----

func testTwoPlayers(t *testing.T) {
	two := func(t *testing.T, e Edition, hand string) *scene {
		return newScene(t, Settings{Edition: e, Players: 2},
			deal{hands: []string{"", inEdition(e, hand)}, first: inEdition(e, "R5")})
	}
	t.Run("reverse_acts_as_skip", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := two(t, e, "RR R1 R2 R3 R4 R6 R7")
			sc.play(1, inEdition(e, "RR"))
			sc.turn(1, PhaseTurn)
			sc.want(sc.g.dir == 1, "direction unchanged")
		})
	})
	t.Run("skip_plays_again", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := two(t, e, "RS R1 R2 R3 R4 R6 R7")
			sc.play(1, inEdition(e, "RS"))
			sc.turn(1, PhaseTurn)
		})
	})
	t.Run("draw_two_comes_back", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := two(t, e, "R+2 R1 R2 R3 R4 R6 R7")
			sc.play(1, inEdition(e, "R+2"))
			sc.sizes(9, 6)
			sc.turn(1, PhaseTurn)
		})
	})
	t.Run("wild_draw_four_comes_back", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			for _, answer := range []ActionKind{Accept, ChallengeDrawFour} {
				for _, hand := range []string{"W+4 R1 B2 B3 B4 B6 B7", "W+4 G1 B2 B3 B4 B6 B7"} {
					sc := two(t, e, hand)
					sc.wild(1, "W+4", e.Colors()[1])
					sc.turn(0, PhaseChallenge)
					sc.do(Action{Kind: answer, Seat: 0})
					if answer == ChallengeDrawFour && sc.g.fourGuilty {
						sc.sizes(7, 10) // guilty: the challenger plays
						sc.turn(0, PhaseTurn)
						continue
					}
					sc.turn(1, PhaseTurn) // the opponent drew: back to the player
				}
			}
		})
	})
}

// ---- Partners (Classic's mode; open to every edition) ----

func testPartners(t *testing.T) {
	each(t, func(t *testing.T, e Edition) {
		s := settings(e)
		s.Mode, s.Target = Partners, 1
		for _, n := range []int{2, 3, 5} {
			s.Players = n
			if _, err := New(s, 1); err == nil {
				t.Fatalf("partners with %d players", n)
			}
		}
		s.Players = 4
		sc := newScene(t, s, deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")}, first: inEdition(e, "R5")})
		sc.want(sc.g.View(0).Seats[2].Team == 0 && sc.g.View(0).Seats[3].Team == 1, "partners sit across")
		sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6 R7 R8"))
		over := sc.handOver()
		want := HandPoints(sc.g.hands[0]) + HandPoints(sc.g.hands[2])
		sc.want(over.Count == want && over.Target == 3, "the team scores both opponents' hands")
		sc.want(slices.Equal(sc.g.Scores(), []int{0, want, 0, want}), "both partners credited: %v", sc.g.Scores())
		sc.want(slices.Equal(sc.g.Winners(), []int{1, 3}), "both partners win")
	})
}

// ---- Challenge UNO (Classic's mode; open to every edition) ----

func testChallengeUNO(t *testing.T) {
	t.Run("eliminated", func(t *testing.T) {
		// Everyone at or over the target is out; the last one standing wins.
		each(t, func(t *testing.T, e Edition) {
			s := Settings{Edition: e, Players: 3, Mode: Challenge, Target: 1}
			sc := newScene(t, s, deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")}, first: inEdition(e, "R5")})
			sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6 R7 R8"))
			sc.handOver()
			sc.want(sc.count(EvEliminated) == 2 && sc.g.Over() && slices.Equal(sc.g.Winners(), []int{1}), "seat 1 stands alone")
		})
	})
	t.Run("head_to_head", func(t *testing.T) {
		// One is out; the last two play a final hand under the two-player
		// rules, and its winner wins.
		each(t, func(t *testing.T, e Edition) {
			s := Settings{Edition: e, Players: 3, Mode: Challenge}
			sc := newScene(t, s, deal{dealer: 0, first: inEdition(e, "R5"), hands: []string{
				inEdition(e, "Y9 Y8 G9 G8 B9 B8 W+4"), // 52 + 50 and more when the hand ends
				inEdition(e, "R1 R2 R3 R4 R6 R7 R8"),
				inEdition(e, "R0 B1 G1 Y1 B2 G2 Y2"),
			}})
			sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6 R7 R8"))
			sc.handOver()
			lo, hi := 0, 2
			if sc.g.scores[lo] > sc.g.scores[hi] {
				lo, hi = hi, lo
			}
			sc.want(sc.g.scores[lo] < sc.g.scores[hi], "different tallies %v", sc.g.scores)
			// The same hand with a target between the two tallies.
			s.Target = sc.g.scores[lo] + 1
			sc2 := newScene(t, s, deal{dealer: 0, first: inEdition(e, "R5"), hands: []string{
				inEdition(e, "Y9 Y8 G9 G8 B9 B8 W+4"), inEdition(e, "R1 R2 R3 R4 R6 R7 R8"), inEdition(e, "R0 B1 G1 Y1 B2 G2 Y2")}})
			for _, a := range sc.j.Actions[1:] {
				sc2.do(a)
			}
			sc2.want(sc2.count(EvEliminated) == 1 && !sc2.g.active[hi] && !sc2.g.Over(), "seat %d out, the game on", hi)
			sc2.do(Action{Kind: Deal, Seat: SystemSeat})
			sc2.want(sc2.g.headToHead && sc2.g.players() == 2, "a head-to-head final")
			tb := newRandomTable(3)
			var winner int
			for !sc2.g.Over() {
				var i int
				tb.legal, i = tb.move(sc2.g, tb.legal)
				evs := sc2.do(tb.legal[i])
				for _, ev := range evs {
					if ev.Kind == EvHandOver {
						winner = ev.Seat
						sc2.want(sc2.g.Over(), "the final decides the game")
					}
				}
			}
			sc2.want(slices.Equal(sc2.g.Winners(), []int{winner}), "the final's winner wins")
		})
	})
	t.Run("two_players", func(t *testing.T) {
		// Two players from the start: the first hand is the final.
		each(t, func(t *testing.T, e Edition) {
			s := Settings{Edition: e, Players: 2, Mode: Challenge}
			sc := newScene(t, s, deal{hands: []string{"", inEdition(e, "RS R1 R2 R3 R4 R6 R7")}, first: inEdition(e, "R5")})
			sc.shed(1, inEdition(e, "RS R1 R2 R3 R4 R6 R7"))
			sc.handOver()
			sc.want(sc.g.Over() && slices.Equal(sc.g.Winners(), []int{1}), "seat 1 wins the final")
		})
	})
}
