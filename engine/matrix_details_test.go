package engine

import (
	"errors"
	"testing"
)

// testDetails pins the rulebook details docs/rules.md states outright
// (interpretations 24 to 27).
func testDetails(t *testing.T) {
	t.Run("players_2_to_10", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			for n := 0; n <= 12; n++ {
				err := Settings{Edition: e, Players: n}.Validate()
				if ok := n >= 2 && n <= 10; ok != (err == nil) || !ok && !errors.Is(err, ErrBadSettings) {
					t.Fatalf("%d players: %v", n, err)
				}
			}
		})
	})
	t.Run("keep_drawn_playable", func(t *testing.T) {
		// Classic: a drawn card that can be played may be kept instead.
		sc := newScene(t, settings(Classic2001), deal{first: "R5", draw: "R9",
			hands: []string{"", "B1 B2 B3 B4 G6 G7 Y8"}})
		sc.draw(1)
		sc.turn(1, PhaseDrawn)
		sc.pass(1)
		sc.turn(2, PhaseTurn)
		sc.want(holds(sc.g.hands[1], card(t, "R9")), "R9 kept")
	})
	t.Run("minion_one_colour", func(t *testing.T) {
		// The colour named aims the draw and is the colour in play.
		e := Minions2016
		sc := newScene(t, settings(e), deal{hands: []string{"", "WM"}, first: inEdition(e, "R5"),
			draw: inEdition(e, "R1 G7")})
		sc.wild(1, "WM", e.Colors()[2])
		h := sc.g.hands[2]
		sc.want(len(h) == 9 && h[8] == card(t, inEdition(e, "G7")) && sc.g.color == e.Colors()[2], "one colour for both: %v", h)
	})
	t.Run("chili_closed_order", func(t *testing.T) {
		// A race closed undecided: those still racing draw two each, in
		// seat-number order.
		e := TheOffice2020
		sc := newScene(t, settings(e), deal{hands: []string{"", "WC"}, first: inEdition(e, "R5"),
			draw: inEdition(e, "R1 R2 B1 B2 G1 G2")})
		sc.wild(1, "WC", e.Colors()[1])
		sc.do(Action{Kind: Drop, Seat: 1})
		sc.do(Action{Kind: CloseRace, Seat: SystemSeat})
		for seat, want := range map[int]string{0: "R1 R2", 2: "B1 B2", 3: "G1 G2"} {
			h := sc.g.hands[seat]
			sc.want(len(h) == 9 && h[7] == cards(t, inEdition(e, want))[0] && h[8] == cards(t, inEdition(e, want))[1],
				"seat %d drew %s last: %v", seat, want, h)
		}
	})
}
