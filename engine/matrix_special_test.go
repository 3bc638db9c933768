package engine

import (
	"slices"
	"strings"
	"testing"
)

// ---- Special cards ----

func testSpecial(t *testing.T) {
	t.Run("mutated_minion", func(t *testing.T) {
		t.Run(name(Minions2016), func(t *testing.T) {
			e := Minions2016
			col := e.Colors()
			// The victim draws until a card of the colour named (a wild is of
			// no colour), then loses the turn.
			sc := newScene(t, settings(e), deal{hands: []string{"", "WM"}, first: inEdition(e, "R5"),
				draw: inEdition(e, "R1 Y2 W G7 B3")})
			sc.wild(1, "WM", col[2])
			sc.want(sc.count(EvDraw) == 4, "four draws, have %d", sc.count(EvDraw))
			sc.want(sc.hand(2) != "" && holds(sc.g.hands[2], card(t, inEdition(e, "G7"))), "the G7 drawn last")
			sc.sizes(7, 6, 11, 7)
			sc.turn(3, PhaseTurn)
			sc.want(sc.g.color == col[2], "the colour named")
		})
	})
	t.Run("mutated_minion_exhausted", func(t *testing.T) {
		t.Run(name(Minions2016), func(t *testing.T) {
			// Every card of the colour named is in a hand: the victim draws
			// the draw pile, then the reshuffled discards, then stops.
			e := Minions2016
			s := Settings{Edition: e, Players: 10}
			sc := newScene(t, s, deal{dealer: 0, first: inEdition(e, "R5"), hands: []string{"", "WM", "",
				inEdition(e, "G0 G1 G1 G2 G2 G3 G3"), inEdition(e, "G4 G4 G5 G5 G6 G6 G7"),
				inEdition(e, "G7 G8 G8 G9 G9 GS GS"), inEdition(e, "GR GR G+2 G+2")}})
			left := len(sc.g.draw)
			sc.wild(1, "WM", e.Colors()[2])
			sc.want(len(sc.g.hands[2]) == 7+left+1, "the victim drew all %d cards and the one reshuffled", left+1)
			sc.want(len(sc.g.draw) == 0 && len(sc.g.discard) == 1, "both piles empty")
			sc.turn(3, PhaseTurn)
		})
	})
	t.Run("power_of_greyskull", func(t *testing.T) {
		t.Run(name(MastersOfTheUniverse2020), func(t *testing.T) {
			// Every other player draws three; play goes on in order: the
			// next player is not skipped.
			e := MastersOfTheUniverse2020
			sc := newScene(t, settings(e), deal{hands: []string{"", "WG"}, first: inEdition(e, "R5")})
			sc.wild(1, "WG", e.Colors()[3])
			sc.sizes(10, 6, 10, 10)
			sc.turn(2, PhaseTurn)
		})
	})
	t.Run("kevins_chili", func(t *testing.T) {
		t.Run(name(TheOffice2020), func(t *testing.T) {
			e := TheOffice2020
			start := func(t *testing.T) *scene {
				sc := newScene(t, settings(e), deal{hands: []string{"", "WC"}, first: inEdition(e, "R5")})
				sc.wild(1, "WC", e.Colors()[1])
				sc.want(sc.g.phase == PhaseRace && slices.Equal(sc.g.Waiting(), []int{0, 1, 2, 3}),
					"everyone races, the card's player too: %v", sc.g.Waiting())
				sc.refuse(Action{Kind: Draw, Seat: 2}, ErrNotNow)
				sc.refuse(Action{Kind: Play, Seat: 2, Card: sc.g.hands[2][0]}, ErrNotNow)
				sc.refuse(Action{Kind: Deal, Seat: SystemSeat}, ErrSystemOnly)
				return sc
			}
			t.Run("last_to_drop", func(t *testing.T) {
				sc := start(t)
				sc.do(Action{Kind: Drop, Seat: 2})
				sc.refuse(Action{Kind: Drop, Seat: 2}, ErrAlreadyDropped)
				sc.do(Action{Kind: Drop, Seat: 1})
				sc.do(Action{Kind: Drop, Seat: 0})
				i := slices.IndexFunc(sc.events, func(e Event) bool { return e.Kind == EvRaceLost })
				sc.want(i >= 0 && sc.events[i].Seat == 3, "seat 3 was last")
				sc.sizes(7, 6, 7, 9)
				sc.turn(2, PhaseTurn) // then on, as after a wild
				sc.refuse(Action{Kind: Drop, Seat: 0}, ErrNotNow)
			})
			t.Run("closed", func(t *testing.T) {
				sc := start(t)
				sc.do(Action{Kind: Drop, Seat: 2})
				sc.do(Action{Kind: CloseRace, Seat: SystemSeat})
				sc.sizes(9, 8, 7, 9) // everyone who had not dropped
				sc.turn(2, PhaseTurn)
				sc.refuse(Action{Kind: CloseRace, Seat: SystemSeat}, ErrSystemOnly)
			})
		})
	})
	t.Run("army_of_grayskull", func(t *testing.T) {
		t.Run(name(MastersOfTheUniverse2023), func(t *testing.T) {
			e := MastersOfTheUniverse2023
			start := func(t *testing.T) *scene {
				sc := newScene(t, settings(e), deal{first: "R5",
					hands: []string{"", "WA R1 R2 R3 R4 R6 R7", "BS B+2 B1 B2 B3 B4 B6", "GR G1 G2 G3 G4 G6 G7"}})
				sc.wild(1, "WA", Green)
				sc.turn(1, PhaseRaid)
				sc.want(slices.Equal(sc.g.Waiting(), []int{1}), "the raider")
				sc.want(sc.g.View(1).Hands != nil && sc.g.View(2).Hands == nil, "every hand shown to the raider only")
				return sc
			}
			exchange := func(target int, take, give string) Action {
				return Action{Kind: Exchange, Seat: 1, Target: target, Card: card(t, take), Give: card(t, give)}
			}
			t.Run("each_player_once", func(t *testing.T) {
				sc := start(t)
				sc.refuse(exchange(0, "R0", "R1"), ErrNothingToTake) // no action card: nothing to take
				sc.refuse(exchange(2, "B1", "R1"), ErrNotActionCard)
				sc.refuse(exchange(2, "BS", "BS"), ErrNoCardToGive) // give from the hand as it was
				sc.refuse(exchange(1, "BS", "R1"), ErrChooseTarget)
				sc.refuse(Action{Kind: Exchange, Seat: 2, Target: 3, Card: card(t, "GR"), Give: card(t, "B1")}, ErrNotRaider)
				sc.do(exchange(2, "BS", "R1"))
				sc.want(holds(sc.g.hands[1], card(t, "BS")) && holds(sc.g.hands[2], card(t, "R1")), "BS and R1 swapped")
				sc.refuse(exchange(2, "B+2", "R2"), ErrAlreadyRaided)
				sc.do(exchange(3, "GR", "BS")) // the card taken before may be given on
				sc.want(sc.count(EvRaidEnd) == 1, "the raid ends when everyone is raided")
				sc.sizes(7, 6, 7, 7)
				sc.turn(2, PhaseTurn)
			})
			t.Run("ended_by_raider", func(t *testing.T) {
				sc := start(t)
				sc.refuse(Action{Kind: EndRaid, Seat: 2}, ErrNotRaider)
				sc.do(Action{Kind: EndRaid, Seat: 1})
				sc.turn(2, PhaseTurn)
			})
		})
	})
	t.Run("blank", func(t *testing.T) {
		// One Blank per colour, each a coloured card carrying the table's
		// house rule: played on its colour or on another Blank, naming no
		// colour; the colour in play becomes its own (docs/rules.md).
		t.Run(name(Classic2001), func(t *testing.T) {
			s := settings(Classic2001)
			blankDeal := deal{hands: []string{"", "B? B1 B2 B3 R7 G4 Y5"}, first: "B5"}
			t.Run("matches", func(t *testing.T) {
				for _, c := range []struct {
					first string
					ok    bool
				}{{"B5", true}, {"R5", false}, {"G?", true}, {"BS", true}, {"RS", false}} {
					sc := newScene(t, s, deal{hands: []string{"", "B? R1 R2 R3 R4 R6 R7"}, first: c.first})
					blank := Action{Kind: Play, Seat: 1, Card: card(t, "B?"), Target: 3}
					if sc.g.phase == PhaseTurn && sc.g.current != 1 {
						sc.until(1)
					}
					if !c.ok {
						sc.refuse(blank, ErrNoMatch)
						continue
					}
					sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, "B?"), Color: Blue, Target: 3}, ErrColorNotWanted)
					sc.want(slices.Contains(sc.g.Legal(1), blank), "listed: %v", sc.g.Legal(1))
					sc.do(blank)
					sc.want(sc.g.color == Blue, "blue in play")
				}
			})
			t.Run("swap_hands", func(t *testing.T) {
				s.Blanks = BlankSwapHands
				sc := newScene(t, s, blankDeal)
				three := sc.hand(3)
				for _, target := range []int{1, -1, 4} {
					sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, "B?"), Target: target}, ErrChooseTarget)
				}
				sc.do(Action{Kind: Play, Seat: 1, Card: card(t, "B?"), Target: 3})
				sc.want(sc.hand(1) == three && sc.hand(3) == sorted(t, "B1 B2 B3 R7 G4 Y5"), "hands swapped")
				sc.turn(2, PhaseTurn)
				sc.want(sc.g.color == Blue, "blue")
			})
			t.Run("pass_hands", func(t *testing.T) {
				s.Blanks = BlankPassHands
				sc := newScene(t, s, blankDeal)
				before := []string{sc.hand(0), "B1 B2 B3 G4 R7 Y5", sc.hand(2), sc.hand(3)}
				sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, "B?"), Target: 3}, ErrTargetNotWanted)
				sc.play(1, "B?")
				for s := range 4 {
					sc.want(sc.hand((s+1)%4) == sorted(t, before[s]), "seat %d's hand passed left", s)
				}
				sc.turn(2, PhaseTurn)
			})
			t.Run("discard_color", func(t *testing.T) {
				// The player discards every card of the Blank's colour.
				s.Blanks = BlankDiscardColor
				sc := newScene(t, s, blankDeal)
				sc.play(1, "B?")
				sc.want(sc.hand(1) == sorted(t, "R7 G4 Y5"), "the blues discarded: %s", sc.hand(1))
				sc.want(sc.g.top() == card(t, "B?") && len(sc.g.discard) == 5, "beneath the Blank")
				sc.want(sc.g.color == Blue, "blue")
				sc.turn(2, PhaseTurn)
			})
			t.Run("discard_color_uno", func(t *testing.T) {
				// UNO goes with the card that leaves one card, counting the
				// colour discarded with it.
				s.Blanks = BlankDiscardColor
				sc := newScene(t, s, deal{hands: []string{"", "B? B1 B2 B3 B4 G6 R7"}, first: "B5"})
				sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, "B?"), UNO: true}, ErrUNONotNow)
				sc = newScene(t, s, deal{hands: []string{"", "B? B1 B2 B3 B4 B6 R7"}, first: "B5"})
				sc.do(Action{Kind: Play, Seat: 1, Card: card(t, "B?"), UNO: true})
				sc.want(sc.hand(1) == "R7" && sc.g.called[1], "one card, UNO called")
			})
			t.Run("discard_color_out", func(t *testing.T) {
				s.Blanks = BlankDiscardColor
				sc := newScene(t, s, deal{hands: []string{"", "B? B1 B2 B3 B4 B6 B7"}, first: "B5"})
				sc.play(1, "B?")
				sc.want(sc.g.phase == PhaseDeal && sc.count(EvHandOver) == 1, "seat 1 is out")
			})
			t.Run("swap_pass_not_exposed", func(t *testing.T) {
				// A swap or a pass as the next-to-last card: the player's one
				// card goes elsewhere, so nobody is open to a catch.
				for _, r := range []BlankRule{BlankSwapHands, BlankPassHands} {
					s.Blanks = r
					sc := newScene(t, s, deal{hands: []string{"", "R? R1 R2 R3 R4 R6 R7"}, first: "R5"})
					sc.shed(1, "R1 R2 R3 R4 R6")
					sc.until(1)
					a := Action{Kind: Play, Seat: 1, Card: card(t, "R?")}
					if r == BlankSwapHands {
						a.Target = 3
					}
					sc.do(a)
					sc.want(sc.g.exposed < 0, "nobody exposed")
					sc.refuse(Action{Kind: Catch, Seat: 0, Target: 1}, ErrNothingToCatch)
				}
			})
			t.Run("points", func(t *testing.T) {
				// The rulebook's "?": the table's choice, 20 unless it says otherwise.
				if p := card(t, "Y?").Points(); p != 20 {
					t.Fatalf("a Blank scores %d", p)
				}
				for b, want := range map[BlankScore]int{BlankScoresAction: 20, BlankScoresWild: 50, BlankScoresNothing: 0} {
					s.BlankPoints = b
					if p := s.HandPoints(cards(t, "Y? R7 W")); p != want+7+50 {
						t.Fatalf("%s: a Blank scores %d", b, p-57)
					}
				}
				s.BlankPoints = 3
				if s.Validate() == nil {
					t.Fatal("an unknown Blank score accepted")
				}
			})
			t.Run("points_in_play", func(t *testing.T) {
				// A hand's score counts the Blank as the table chose.
				for _, b := range BlankScores {
					s := settings(Classic2001)
					s.BlankPoints, s.Target = b, 1
					sc := newScene(t, s, deal{first: "R5", hands: []string{"Y? G1 G2 G3 G4 G6 G7", "R1 R2 R3 R4 R6 R7 R8"}})
					sc.shed(1, "R1 R2 R3 R4 R6 R7 R8")
					over := sc.handOver()
					want := 0
					for seat, h := range sc.g.hands {
						if seat != 1 {
							want += s.HandPoints(h)
						}
					}
					sc.want(over.Count == want && slices.Contains(sc.g.hands[0], card(t, "Y?")), "%s: scored %d, want %d", b, over.Count, want)
				}
			})
		})
	})
}

// ---- Calling UNO ----

// shed has seat play codes in order (a wild naming the edition's first
// colour), the others drawing in between, calling UNO with the card that
// leaves one.
func (sc *scene) shed(seat int, codes string) {
	sc.t.Helper()
	for _, code := range strings.Fields(codes) {
		sc.until(seat)
		c := card(sc.t, code)
		a := Action{Kind: Play, Seat: seat, Card: c, UNO: len(sc.g.hands[seat]) == 2}
		if c.Kind.IsWild() {
			a.Color = sc.g.settings.Edition.Colors()[0]
		}
		sc.do(a)
	}
}

func testUNO(t *testing.T) {
	// twoLeft: seat 1 is down to R7 R8, its turn, on a red card.
	twoLeft := func(t *testing.T, e Edition, last string) *scene {
		sc := newScene(t, settings(e), deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 "+last)}, first: inEdition(e, "R5")})
		sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, inEdition(e, "R1")), UNO: true}, ErrUNONotNow)
		sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6"))
		sc.until(1)
		return sc
	}
	penalty := map[Edition]int{Classic2001: 4}
	t.Run("before_the_play", testUNOBefore)
	t.Run("when", func(t *testing.T) {
		// With the next-to-last card: then nobody can catch the player.
		each(t, func(t *testing.T, e Edition) {
			sc := twoLeft(t, e, "R8")
			sc.do(Action{Kind: Play, Seat: 1, Card: card(t, inEdition(e, "R7")), UNO: true})
			sc.want(sc.count(EvUNO) == 1 && sc.g.View(-1).Seats[1].UNO, "UNO called and shown")
			sc.refuse(Action{Kind: Catch, Seat: 3, Target: 1}, ErrNothingToCatch)
		})
	})
	t.Run("late_call", func(t *testing.T) {
		// Classic 2001 (a self-catch) and MotU 2023 ("the moment you have one
		// card") allow the call after the card is down, until caught; the
		// others do not.
		each(t, func(t *testing.T, e Edition) {
			sc := twoLeft(t, e, "R8")
			sc.play(1, inEdition(e, "R7"))
			sc.want(sc.g.View(-1).Seats[1].Exposed, "seat 1 open to a catch")
			if !e.lateUNOCall() {
				sc.refuse(Action{Kind: CallUNO, Seat: 1}, ErrUNOTooLate)
				return
			}
			sc.refuse(Action{Kind: CallUNO, Seat: 2}, ErrUNONotNow)
			sc.do(Action{Kind: CallUNO, Seat: 1})
			sc.refuse(Action{Kind: Catch, Seat: 3, Target: 1}, ErrNothingToCatch)
		})
	})
	t.Run("penalty", func(t *testing.T) {
		// Caught: four cards in Classic 2001, two elsewhere.
		each(t, func(t *testing.T, e Edition) {
			sc := twoLeft(t, e, "R8")
			sc.play(1, inEdition(e, "R7"))
			sc.refuse(Action{Kind: Catch, Seat: 1, Target: 1}, ErrCatchYourself)
			sc.do(Action{Kind: Catch, Seat: 3, Target: 1})
			want := max(penalty[e], 2)
			sc.want(len(sc.g.hands[1]) == 1+want, "seat 1 draws %d", want)
			sc.want(sc.events[0].Kind == EvCaught && sc.events[0].Count == want, "caught for %d", want)
			sc.refuse(Action{Kind: Catch, Seat: 0, Target: 1}, ErrNothingToCatch) // once
			sc.turn(2, PhaseTurn)                                                 // the turn is unchanged
		})
	})
	t.Run("catch_window", func(t *testing.T) {
		// Open until the next player begins a turn: their draw or play. Until
		// then anyone, the next player too, may catch.
		each(t, func(t *testing.T, e Edition) {
			for _, begin := range []string{"catch", "draw", "play"} {
				sc := newScene(t, settings(e), deal{first: inEdition(e, "R5"),
					hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8"), inEdition(e, "R9 B1 B2 B3 B4 B6 B7")}})
				sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6"))
				sc.until(1)
				sc.play(1, inEdition(e, "R7"))
				sc.turn(2, PhaseTurn)
				switch begin {
				case "catch":
					sc.do(Action{Kind: Catch, Seat: 2, Target: 1})
					continue
				case "draw":
					sc.draw(2)
				case "play":
					sc.play(2, inEdition(e, "R9"))
				}
				sc.refuse(Action{Kind: Catch, Seat: 3, Target: 1}, ErrNothingToCatch)
				if e.lateUNOCall() {
					sc.refuse(Action{Kind: CallUNO, Seat: 1}, ErrUNONotNow)
				}
			}
		})
	})
	t.Run("catch_window_challenge", func(t *testing.T) {
		// A Wild Draw Four as the next-to-last card: the window stays open
		// while the next player decides, and closes when they do.
		each(t, func(t *testing.T, e Edition) {
			sc := twoLeft(t, e, "W+4")
			sc.wild(1, "W+4", e.Colors()[0])
			sc.turn(2, PhaseChallenge)
			sc.want(slices.Contains(sc.g.Legal(3), Action{Kind: Catch, Seat: 3, Target: 1}), "a catch on offer")
			sc.do(Action{Kind: Accept, Seat: 2})
			sc.refuse(Action{Kind: Catch, Seat: 3, Target: 1}, ErrNothingToCatch)
		})
	})
	t.Run("catch_window_race", func(t *testing.T) {
		// The Chili race does not close it (docs/rules.md).
		t.Run(name(TheOffice2020), func(t *testing.T) {
			e := TheOffice2020
			sc := twoLeft(t, e, "WC")
			sc.wild(1, "WC", e.Colors()[0])
			sc.do(Action{Kind: Drop, Seat: 3})
			sc.do(Action{Kind: Catch, Seat: 0, Target: 1})
			sc.want(len(sc.g.hands[1]) == 1+2, "seat 1 caught during the race")
		})
	})
	t.Run("not_exposed", func(t *testing.T) {
		// Catching a player who is not open to it is refused, at no cost.
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, settings(e), deal{first: inEdition(e, "R5")})
			sc.refuse(Action{Kind: Catch, Seat: 3, Target: 1}, ErrNothingToCatch)
			sc.refuse(Action{Kind: Catch, Seat: 3, Target: 9}, ErrNothingToCatch)
		})
	})
}
