package engine

import (
	"encoding/json"
	"reflect"
	"testing"
)

// roundTrip encodes v to JSON and back into a new value of its type.
func roundTrip[T any](t *testing.T, v T) T {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%+v: %v", v, err)
	}
	var back T
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if !reflect.DeepEqual(back, v) {
		t.Fatalf("%+v came back from %s as %+v", v, b, back)
	}
	return back
}

func TestJSON(t *testing.T) {
	t.Run("enums", func(t *testing.T) {
		for _, e := range Editions {
			roundTrip(t, e)
		}
		for _, m := range Modes {
			roundTrip(t, m)
		}
		for _, r := range BlankRules {
			roundTrip(t, r)
		}
		for _, b := range BlankScores {
			roundTrip(t, b)
		}
		for c := NoColor; c <= Pink; c++ {
			roundTrip(t, c)
		}
		for k := Deal; k <= EndRaid; k++ {
			roundTrip(t, k)
		}
		for k := EvCut; k <= EvGameOver; k++ {
			roundTrip(t, k)
		}
		for p := PhaseDeal; p <= PhaseGameOver; p++ {
			roundTrip(t, p)
		}
		for r := DrawTurn; r <= DrawHandEnd; r++ {
			roundTrip(t, r)
		}
		for _, bad := range []string{`"nope"`, `3`} {
			var e Edition
			if json.Unmarshal([]byte(bad), &e) == nil {
				t.Errorf("edition %s accepted", bad)
			}
		}
	})
	t.Run("cards", func(t *testing.T) {
		roundTrip(t, Card{}) // no card: ""
		for _, e := range Editions {
			for _, foil := range []bool{false, true} {
				for _, c := range (Settings{Edition: e, Blanks: BlankSwapHands, Foil: foil}).Deck() {
					if back := roundTrip(t, c); back.Code() != c.Code() {
						t.Fatalf("%s", c)
					}
					if p, err := ParseCard(c.Code()); err != nil || p != c {
						t.Fatalf("ParseCard(%q) = %v, %v", c.Code(), p, err)
					}
				}
			}
		}
		for _, bad := range []string{"X1", "R", "R10", "WX", "W0", "RA"} {
			if _, err := ParseCard(bad); err == nil {
				t.Errorf("ParseCard(%q) accepted", bad)
			}
		}
	})
	t.Run("settings", func(t *testing.T) {
		for _, e := range Editions {
			for _, m := range Modes {
				for _, r := range BlankRules {
					roundTrip(t, Settings{Edition: e, Mode: m, Players: 4, Target: 250, Blanks: r, Foil: r == BlankPassHands,
						BlankPoints: BlankScore(int(r) % len(BlankScores))})
				}
			}
		}
	})
	t.Run("actions_events_views", func(t *testing.T) {
		g, _ := New(Settings{Edition: TheOffice2020, Players: 5}, 3)
		roundTrip(t, g.View(-1)) // before the deal: no top card
		tb := newRandomTable(3)
		for i := 0; i < 400 && !g.Over(); i++ {
			var k int
			tb.legal, k = tb.move(g, tb.legal)
			a := roundTrip(t, tb.legal[k])
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range evs {
				roundTrip(t, ev)
				roundTrip(t, ev.VisibleTo(0))
			}
			roundTrip(t, g.View(i%5))
		}
		roundTrip(t, Journal{Settings: g.Settings(), Seed: 3, Stack: &Stack{Dealer: 1, Cards: cards(t, "K1 WC")},
			Actions: []Action{{Kind: Deal, Seat: SystemSeat}, {Kind: Catch, Seat: 2, Target: 0}}})
	})
}
