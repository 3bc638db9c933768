package engine

import (
	"slices"
	"testing"
)

// ---- A turn ----

func testTurn(t *testing.T) {
	t.Run("match", func(t *testing.T) {
		// Colour, number or symbol; a wild matches anything.
		each(t, func(t *testing.T, e Edition) {
			col := e.Colors()
			sc := newScene(t, settings(e), deal{
				hands: []string{
					inEdition(e, "GS B7 B8 G9 G8 Y6 Y7"),
					inEdition(e, "B5 Y9 G+2 BR R1 R2 G1"),
					inEdition(e, "BS W R4 R6 G4 G6 Y3"),
					inEdition(e, "Y9 R3 R7 G5 B3 Y1 Y2"),
				},
				first: inEdition(e, "R5"),
			})
			for _, c := range []string{"Y9", "G+2", "BR"} {
				sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, inEdition(e, c))}, ErrNoMatch)
			}
			sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, inEdition(e, "G5"))}, ErrNoSuchCard)
			sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, inEdition(e, "R4"))}, ErrNotYourTurn)
			sc.play(1, inEdition(e, "B5")) // the number
			sc.want(sc.g.color == col[1], "colour %s", col[1])
			sc.play(2, inEdition(e, "BS")) // the colour; seat 3 is skipped
			sc.turn(0, PhaseTurn)
			sc.play(0, inEdition(e, "GS")) // the symbol; seat 1 is skipped
			sc.turn(2, PhaseTurn)
			sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, "W")}, ErrChooseColor)
			sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, inEdition(e, "R4"))}, ErrNoMatch)
			sc.refuse(Action{Kind: Play, Seat: 2, Card: card(t, inEdition(e, "G4")), Color: col[2]}, ErrColorNotWanted)
			sc.wild(2, "W", col[3]) // a wild, on anything
			sc.want(sc.g.color == col[3], "the colour named")
			sc.turn(3, PhaseTurn)
			sc.play(3, inEdition(e, "Y9"))
		})
	})
	t.Run("wild_draw_four_hitch", func(t *testing.T) {
		// Playable only without a card of the colour in play (other colours'
		// numbers and symbols do not count). A bluff is accepted, and
		// recorded for a challenge to reveal (docs/rules.md).
		each(t, func(t *testing.T, e Edition) {
			for _, tc := range []struct {
				hand   string
				guilty bool
			}{
				{"W+4 B5 GS B1 B2 G3 Y4", false}, // the number 5 and a Skip of other colours
				{"W+4 R2 GS B1 B2 G3 Y4", true},  // a red card
			} {
				sc := newScene(t, settings(e), deal{hands: []string{"", inEdition(e, tc.hand)}, first: inEdition(e, "R5")})
				legal := sc.g.Legal(1)
				sc.want(slices.Contains(legal, Action{Kind: Play, Seat: 1, Card: card(t, "W+4"), Color: e.Colors()[1]}),
					"a Wild Draw Four among %v", legal)
				sc.wild(1, "W+4", e.Colors()[1])
				sc.want(sc.g.fourGuilty == tc.guilty, "guilty %v", tc.guilty)
				sc.turn(2, PhaseChallenge)
			}
		})
	})
	t.Run("draw_then_play", func(t *testing.T) {
		// No playable card: draw one; a drawn card that matches may be
		// played at once, or kept.
		each(t, func(t *testing.T, e Edition) {
			hand := inEdition(e, "B1 B2 G3 Y4 B6 G7 Y8")
			for _, keep := range []bool{false, true} {
				sc := newScene(t, settings(e), deal{hands: []string{"", hand}, first: inEdition(e, "R5"), draw: inEdition(e, "R7")})
				sc.want(slices.Equal(sc.g.Legal(1), []Action{{Kind: Draw, Seat: 1}}), "only a draw, have %v", sc.g.Legal(1))
				sc.draw(1)
				sc.turn(1, PhaseDrawn)
				sc.want(slices.Equal(sc.g.Legal(1), []Action{{Kind: Play, Seat: 1, Card: card(t, inEdition(e, "R7"))}, {Kind: Pass, Seat: 1}}),
					"play R7 or keep it, have %v", sc.g.Legal(1))
				sc.refuse(Action{Kind: Draw, Seat: 1}, ErrAlreadyDrew)
				if keep {
					sc.pass(1)
					sc.turn(2, PhaseTurn)
					sc.sizes(7, 8, 7, 7)
				} else {
					sc.play(1, inEdition(e, "R7"))
					sc.turn(2, PhaseTurn)
					sc.sizes(7, 7, 7, 7)
				}
			}
			// A drawn card that does not match: the turn passes at once.
			sc := newScene(t, settings(e), deal{hands: []string{"", hand}, first: inEdition(e, "R5"), draw: inEdition(e, "Y9")})
			sc.draw(1)
			sc.turn(2, PhaseTurn)
			sc.refuse(Action{Kind: Pass, Seat: 2}, ErrNothingToKeep)
		})
	})
	t.Run("reneging", func(t *testing.T) {
		// A player may draw instead of playing; then only the drawn card
		// may be played.
		each(t, func(t *testing.T, e Edition) {
			sc := newScene(t, settings(e), deal{hands: []string{"", inEdition(e, "R2 B1 G3 Y4 B6 G7 Y8")},
				first: inEdition(e, "R5"), draw: inEdition(e, "B5")})
			sc.draw(1)
			sc.turn(1, PhaseDrawn)
			sc.refuse(Action{Kind: Play, Seat: 1, Card: card(t, inEdition(e, "R2"))}, ErrOnlyDrawnCard)
			sc.play(1, inEdition(e, "B5"))
			sc.turn(2, PhaseTurn)
		})
	})
	t.Run("reshuffle", func(t *testing.T) {
		// An empty draw pile: the discard pile but its top card is shuffled
		// into a new one.
		each(t, func(t *testing.T, e Edition) {
			g, _ := New(Settings{Edition: e, Players: 3, Target: 100000}, 7)
			var buf []Action
			for steps := 0; ; steps++ {
				if steps > 20000 {
					t.Fatal("no reshuffle")
				}
				if g.phase == PhaseDeal {
					g.Apply(Action{Kind: Deal, Seat: SystemSeat})
					continue
				}
				buf = g.AppendLegal(buf[:0], g.Waiting()[0])
				a := buf[0] // plays come first: play whenever possible
				discards := len(g.discard)
				if a.Kind == Play {
					discards++ // the card played goes on the pile first
				}
				evs, err := g.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Audit(); err != nil {
					t.Fatal(err)
				}
				for _, ev := range evs {
					if ev.Kind != EvReshuffle {
						continue
					}
					if ev.Count != discards-1 || len(g.discard) != 1 {
						t.Fatalf("reshuffled %d of %d discards, leaving %d", ev.Count, discards, len(g.discard))
					}
					return
				}
			}
		})
	})
	t.Run("both_piles_empty", func(t *testing.T) {
		// Nobody plays: the piles run out, each player in turn passes, and
		// when all have passed the hand is blocked: the fewest points win it
		// (earliest in turn order from the next player on a tie).
		each(t, func(t *testing.T, e Edition) {
			s := Settings{Edition: e, Players: 10, Target: 100000}
			sc := newScene(t, s, deal{dealer: 9, first: inEdition(e, "R5")})
			passes := 0
			for sc.g.phase != PhaseDeal {
				if passes > 10 {
					t.Fatal("the hand goes on after everyone passed")
				}
				switch sc.g.phase {
				case PhaseTurn:
					sc.want(len(sc.g.Legal(sc.g.current)) > 0, "a move for the player")
					empty := len(sc.g.draw) == 0
					seat := sc.g.current
					sc.draw(seat)
					if empty {
						sc.want(sc.count(EvPass) == 1, "a pass with nothing to draw")
						passes++
					}
				case PhaseDrawn:
					sc.pass(sc.g.current)
				default:
					t.Fatalf("phase %s", sc.g.phase)
				}
			}
			sc.want(passes == 10, "ten passes, have %d", passes)
			var over Event
			for _, ev := range sc.events {
				if ev.Kind == EvHandOver {
					over = ev
				}
			}
			sc.want(over.Blocked, "a blocked hand")
			best, want := -1, -1
			for i, s := 0, (sc.g.current+1)%10; i < 10; i, s = i+1, (s+1)%10 {
				if p := HandPoints(sc.g.hands[s]); best < 0 || p < best {
					best, want = p, s
				}
			}
			sc.want(over.Seat == want, "seat %d (fewest points) wins, have %d", want, over.Seat)
			total := 0
			for s, h := range sc.g.hands {
				if s != want {
					total += HandPoints(h)
				}
			}
			sc.want(over.Count == total && sc.g.scores[want] == total, "scored as usual: %d", total)
		})
	})
}

// ---- Wild Draw Four challenge ----

func testChallenge(t *testing.T) {
	// fourOn has seat 1 play a Wild Draw Four naming the edition's second
	// colour on a red 5, holding hand.
	fourOn := func(t *testing.T, e Edition, hand string) *scene {
		sc := newScene(t, settings(e), deal{hands: []string{"", inEdition(e, hand), inEdition(e, "B3")}, first: inEdition(e, "R5")})
		sc.wild(1, "W+4", e.Colors()[1])
		sc.turn(2, PhaseChallenge)
		return sc
	}
	const innocent, guilty = "W+4 B5 GS B1 B2 G3 Y4", "W+4 R2 GS B1 B2 G3 Y4"
	t.Run("who_may_challenge", func(t *testing.T) {
		// Only the player who must draw (MotU 2023: the next player).
		each(t, func(t *testing.T, e Edition) {
			sc := fourOn(t, e, guilty)
			for _, s := range []int{0, 1, 3} {
				sc.refuse(Action{Kind: ChallengeDrawFour, Seat: s}, ErrChallengeNotYours)
				sc.refuse(Action{Kind: Accept, Seat: s}, ErrChallengeNotYours)
			}
			sc.refuse(Action{Kind: Draw, Seat: 2}, ErrNotNow)
			sc.refuse(Action{Kind: Play, Seat: 2, Card: sc.g.hands[2][0]}, ErrNotNow)
			sc.want(slices.Equal(sc.g.Legal(2), []Action{{Kind: Accept, Seat: 2}, {Kind: ChallengeDrawFour, Seat: 2}}),
				"accept or challenge, have %v", sc.g.Legal(2))
		})
	})
	t.Run("accept", func(t *testing.T) {
		// The next player draws four and loses the turn.
		each(t, func(t *testing.T, e Edition) {
			sc := fourOn(t, e, guilty)
			sc.do(Action{Kind: Accept, Seat: 2})
			sc.sizes(7, 6, 11, 7)
			sc.turn(3, PhaseTurn)
			sc.want(sc.g.color == e.Colors()[1], "the colour stands")
		})
	})
	t.Run("guilty", func(t *testing.T) {
		// The player of the card draws four instead; the challenger draws
		// none (and, silent in every rulebook, then plays: docs/rules.md).
		each(t, func(t *testing.T, e Edition) {
			sc := fourOn(t, e, guilty)
			sc.do(Action{Kind: ChallengeDrawFour, Seat: 2})
			sc.want(sc.count(EvChallenge) == 1 && sc.events[0].Guilty && sc.events[0].Target == 1, "a guilty verdict on seat 1")
			sc.want(len(sc.g.View(2).Shown) == 6, "the challenged hand (6 cards, before the penalty) is shown to the challenger")
			sc.want(sc.g.View(0).Shown == nil && sc.g.View(3).Shown == nil && sc.g.View(-1).Shown == nil,
				"nobody else is shown it")
			sc.sizes(7, 10, 7, 7)
			sc.turn(2, PhaseTurn)
		})
	})
	t.Run("innocent", func(t *testing.T) {
		// The challenger draws 4 + 2 = 6 (MotU 2023: and loses the turn; so
		// too in the others, as the drawer of a Wild Draw Four does).
		each(t, func(t *testing.T, e Edition) {
			sc := fourOn(t, e, innocent)
			sc.do(Action{Kind: ChallengeDrawFour, Seat: 2})
			sc.want(!sc.events[0].Guilty, "an innocent verdict")
			sc.sizes(7, 6, 13, 7)
			sc.turn(3, PhaseTurn)
		})
	})
	t.Run("colour_chosen", func(t *testing.T) {
		// The colour named stands, whatever the outcome.
		each(t, func(t *testing.T, e Edition) {
			for _, hand := range []string{guilty, innocent} {
				sc := fourOn(t, e, hand)
				sc.do(Action{Kind: ChallengeDrawFour, Seat: 2})
				sc.want(sc.g.color == e.Colors()[1], "the colour stands")
			}
		})
	})
	t.Run("turn_after_guilty", func(t *testing.T) {
		// Silent everywhere: the challenger takes their turn normally.
		each(t, func(t *testing.T, e Edition) {
			sc := fourOn(t, e, guilty)
			sc.do(Action{Kind: ChallengeDrawFour, Seat: 2})
			sc.turn(2, PhaseTurn)
			sc.play(2, inEdition(e, "B3"))
			sc.turn(3, PhaseTurn)
		})
	})
	t.Run("wild_counts_as_match", func(t *testing.T) {
		// MotU 2023: a wild card left in the hand is a match in a challenge;
		// elsewhere only a card of the colour in play is.
		each(t, func(t *testing.T, e Edition) {
			sc := fourOn(t, e, "W+4 W B5 B1 B2 G3 Y4")
			sc.do(Action{Kind: ChallengeDrawFour, Seat: 2})
			guilty := e == MastersOfTheUniverse2023
			sc.want(sc.events[0].Guilty == guilty, "guilty %v", guilty)
		})
	})
}
