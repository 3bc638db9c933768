package engine

import (
	"slices"
	"testing"
)

// ---- Rotating partners (Classic's four-player variation; every edition) ----

func testRotatingPartners(t *testing.T) {
	t.Run("four_players", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			for _, n := range []int{2, 3, 5, 8} {
				if _, err := New(Settings{Edition: e, Mode: RotatingPartners, Players: n}, 1); err == nil {
					t.Fatalf("rotating partners with %d players", n)
				}
			}
		})
	})
	t.Run("first_partnership", func(t *testing.T) {
		// Hands 1 to 4: partners across (0 and 2, 1 and 3); the team that
		// goes out scores both opponents' hands, and each partner keeps it
		// under that partnership.
		each(t, func(t *testing.T, e Edition) {
			s := Settings{Edition: e, Mode: RotatingPartners, Players: 4}
			sc := newScene(t, s, deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")}, first: inEdition(e, "R5")})
			r := sc.g.View(0).Rotation
			sc.want(r != nil && slices.Equal(r.Order, []int{0, 1, 2, 3}) && slices.Equal(r.Partner, []int{2, 3, 0, 1}), "across: %+v", r)
			sc.want(sc.g.View(0).Seats[2].Team == 0 && sc.g.View(0).Seats[3].Team == 1, "teams")
			sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6 R7 R8"))
			over := sc.handOver()
			want := HandPoints(sc.g.hands[0]) + HandPoints(sc.g.hands[2])
			sc.want(over.Count == want && over.Target == 3, "the team scores both opponents' hands")
			sc.want(slices.Equal(sc.g.Scores(), []int{0, want, 0, want}), "scores %v", sc.g.Scores())
			r = sc.g.View(-1).Rotation
			sc.want(r.Tally[1][3] == want && r.Tally[3][1] == want && r.Total(1) == want && r.Total(0) == 0, "tally %v", r.Tally)
			sc.want(!sc.g.Over(), "eleven hands to go")
		})
	})
	t.Run("schedule", func(t *testing.T) {
		// Four hands with each partner: 0&2 | 1&3, then 0&1 | 2&3 (seated
		// 0, 2, 1, 3), then 0&3 | 1&2 (seated 0, 1, 3, 2); the game ends after
		// the twelfth hand, and the most points wins.
		each(t, func(t *testing.T, e Edition) {
			g, _ := New(Settings{Edition: e, Mode: RotatingPartners, Players: 4, Target: 1}, 7)
			orders := [][]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 1, 3, 2}}
			tb := newRandomTable(7)
			hands := 0
			for !g.Over() {
				var i int
				tb.legal, i = tb.move(g, tb.legal)
				evs, err := g.Apply(tb.legal[i])
				if err != nil {
					t.Fatal(err)
				}
				for _, ev := range evs {
					switch ev.Kind {
					case EvDealt:
						r := g.View(-1).Rotation
						want := orders[(g.hand-1)/4]
						if !slices.Equal(r.Order, want) {
							t.Fatalf("hand %d seated %v, want %v", g.hand, r.Order, want)
						}
						for k, s := range want {
							if g.next(s, 1) != want[(k+1)%4] || g.next(s, -1) != want[(k+3)%4] {
								t.Fatalf("hand %d: play does not follow the seating", g.hand)
							}
						}
					case EvHandOver:
						hands++
						p := RotationSchedule()[(g.hand-1)/4]
						if !p.Has(ev.Seat, ev.Target) {
							t.Fatalf("hand %d won by %d & %d, not partners in %v", g.hand, ev.Seat, ev.Target, p)
						}
					}
				}
			}
			if hands != RotationHands || g.hand != RotationHands {
				t.Fatalf("%d hands", hands)
			}
			best := slices.Max(g.scores)
			for _, w := range g.Winners() {
				if g.scores[w] != best {
					t.Fatalf("winner %d has %d, best %d", w, g.scores[w], best)
				}
			}
		})
	})
}

// TestViewNext: the View's next seat follows the rotation's seating and the
// direction of play, as the game does.
func TestViewNext(t *testing.T) {
	g, _ := New(Settings{Edition: Classic2001, Mode: RotatingPartners, Players: 4}, 3)
	tb := newRandomTable(3)
	for !g.Over() {
		v := g.View(-1)
		for s := range 4 {
			if got, want := v.Next(s), g.next(s, g.dir); got != want {
				t.Fatalf("hand %d: after seat %d comes %d, the view says %d", g.hand, s, want, got)
			}
		}
		var i int
		tb.legal, i = tb.move(g, tb.legal)
		if _, err := g.Apply(tb.legal[i]); err != nil {
			t.Fatal(err)
		}
	}
	g, _ = New(Settings{Edition: Classic2001, Mode: Challenge, Players: 3}, 3)
	v := g.View(-1)
	v.Seats[1].Out = true
	if v.Next(0) != 2 || v.Next(2) != 0 {
		t.Fatalf("a seat that is out is passed over: %d, %d", v.Next(0), v.Next(2))
	}
}
