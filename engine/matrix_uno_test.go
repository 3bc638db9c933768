package engine

import (
	"slices"
	"strings"
	"testing"
)

// testUNOBefore pins Classic 2001's "before playing your next to last card,
// you must say UNO": a call of its own, on the player's turn with two cards,
// that makes the play after it safe. The other editions call with the play.
func testUNOBefore(t *testing.T) {
	twoLeft := func(t *testing.T, e Edition) *scene {
		sc := newScene(t, settings(e), deal{hands: []string{"", inEdition(e, "R1 R2 R3 R4 R6 R7 R8")}, first: inEdition(e, "R5")})
		sc.refuse(Action{Kind: CallUNO, Seat: 1}, ErrUNONotNow) // seven cards
		sc.shed(1, inEdition(e, "R1 R2 R3 R4 R6"))
		sc.until(1)
		return sc
	}
	call := Action{Kind: CallUNO, Seat: 1}
	t.Run("then_play", func(t *testing.T) {
		each(t, func(t *testing.T, e Edition) {
			sc := twoLeft(t, e)
			if e != Classic2001 {
				sc.want(!slices.Contains(sc.g.Legal(1), call), "no call before the play")
				sc.refuse(call, ErrUNONotNow)
				return
			}
			sc.want(slices.Contains(sc.g.Legal(1), call), "the call is a legal move")
			sc.refuse(Action{Kind: CallUNO, Seat: 2}, ErrUNONotNow) // not seat 2's turn
			sc.do(call)
			sc.want(sc.count(EvUNO) == 1 && sc.g.View(-1).Seats[1].UNO, "UNO called and shown")
			sc.turn(1, PhaseTurn)
			sc.refuse(call, ErrUNONotNow) // once
			sc.play(1, "R7")
			sc.want(!sc.g.View(-1).Seats[1].Exposed && sc.g.View(-1).Seats[1].UNO, "safe, UNO shown")
			sc.refuse(Action{Kind: Catch, Seat: 3, Target: 1}, ErrNothingToCatch)
		})
	})
	t.Run("then_draw", func(t *testing.T) {
		// A call followed by a draw instead of a play holds no more: the
		// player holds three cards.
		sc := twoLeft(t, Classic2001)
		sc.do(call)
		sc.draw(1)
		sc.want(!sc.g.called[1] && !sc.g.View(-1).Seats[1].UNO, "the call lapses")
		if sc.g.phase == PhaseDrawn {
			sc.pass(1)
		}
		sc.want(!sc.g.called[1], "still lapsed")
	})
	t.Run("after_drawing", func(t *testing.T) {
		// One card and a playable card drawn: two cards, the call is open,
		// and keeping the card instead lets the call lapse.
		// Two players: after a Skip or Reverse the player plays again.
		for _, keep := range []bool{false, true} {
			sc := newScene(t, Settings{Edition: Classic2001, Players: 2}, deal{first: "R5", draw: "B9",
				hands: []string{"", "RS RR GR GS BS BR Y8"}})
			for _, c := range strings.Fields("RS RR GR GS BS BR") {
				sc.play(1, c)
			}
			sc.draw(1)
			sc.turn(1, PhaseDrawn)
			sc.do(call)
			if keep {
				sc.pass(1)
				sc.want(!sc.g.called[1] && !sc.g.View(-1).Seats[1].UNO, "kept: the call lapses")
				continue
			}
			sc.play(1, "B9")
			sc.want(sc.g.exposed < 0 && sc.g.View(-1).Seats[1].UNO, "safe")
		}
	})
	t.Run("keeps_a_catch_open", func(t *testing.T) {
		// Calling before one's own play is not a play: the previous player,
		// open to a catch, stays open until this player plays or draws. (The
		// hands are set by hand: no deal leads here in a few moves.)
		s := settings(Classic2001)
		g, _ := NewStacked(s, 1, deal{first: "R5"}.stack(t, s))
		g.Apply(Action{Kind: Deal, Seat: SystemSeat})
		prev, cur := g.next(g.current, -1), g.current
		g.hands[prev], g.hands[cur] = g.hands[prev][:1], g.hands[cur][:2]
		g.exposed = prev
		if _, err := g.Apply(Action{Kind: CallUNO, Seat: cur}); err != nil {
			t.Fatal(err)
		}
		if g.exposed != prev || !g.called[cur] {
			t.Fatalf("exposed %d, called %v", g.exposed, g.called)
		}
		if _, err := g.Apply(Action{Kind: Catch, Seat: cur, Target: prev}); err != nil {
			t.Fatalf("the catch is still open: %v", err)
		}
	})
}
