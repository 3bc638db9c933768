package engine

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
)

func TestNewStacked(t *testing.T) {
	s := Settings{Edition: Classic2001, Players: 3}
	t.Run("order", func(t *testing.T) {
		// Cards[i] goes to seat (Dealer+1+i)%n as its card i/n; then the
		// first card; then the top of the draw pile, in drawing order.
		st := Stack{Dealer: 2, Cards: append(slices.Clone(s.Deck()[:3*7]), cards(t, "B5 G1 G2")...)}
		g, err := NewStacked(s, 9, st)
		if err != nil {
			t.Fatal(err)
		}
		g.Apply(Action{Kind: Deal, Seat: SystemSeat})
		for i := 0; i < 21; i++ {
			seat, k := (2+1+i)%3, i/3
			if g.hands[seat][k] != st.Cards[i] {
				t.Fatalf("card %d: seat %d holds %s at %d, want %s", i, seat, g.hands[seat][k], k, st.Cards[i])
			}
		}
		if g.top() != st.Cards[21] {
			t.Fatalf("first card %s, want %s", g.top(), st.Cards[21])
		}
		if top := g.draw[len(g.draw)-2:]; top[1] != st.Cards[22] || top[0] != st.Cards[23] {
			t.Fatalf("draw pile top %v, want %v", top, st.Cards[22:])
		}
		if g.dealer != 2 || g.current != 0 {
			t.Fatalf("dealer %d, first player %d", g.dealer, g.current)
		}
	})
	t.Run("rest_from_the_seed", func(t *testing.T) {
		// The cards not listed come in the seed's shuffled order: two stacked
		// games of one seed agree, and the journal deals it again.
		st := Stack{Dealer: 0, Cards: cards(t, "R1 R2 R3")}
		a, _ := NewStacked(s, 5, st)
		b, _ := NewStacked(s, 5, st)
		a.Apply(Action{Kind: Deal, Seat: SystemSeat})
		b.Apply(Action{Kind: Deal, Seat: SystemSeat})
		if !reflect.DeepEqual(a.State(), b.State()) {
			t.Fatal("two stacked games of one seed differ")
		}
		j := a.NewJournal()
		j.Actions = []Action{{Kind: Deal, Seat: SystemSeat}}
		raw, _ := json.Marshal(j)
		var back Journal
		if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, j) {
			t.Fatalf("stacked journal JSON: %v\n%s", err, raw)
		}
		r, err := Replay(back)
		if err != nil || !reflect.DeepEqual(r.State(), a.State()) {
			t.Fatalf("replay of a stacked game: %v", err)
		}
		st.Cards[0] = Card{} // the game keeps its own copy
		if a.NewJournal().Stack.Cards[0] != card(t, "R1") {
			t.Fatal("the stack is shared with the caller")
		}
	})
	t.Run("later_hands_shuffled", func(t *testing.T) {
		g, _ := NewStacked(Settings{Edition: Classic2001, Players: 2}, 5, Stack{Dealer: 1, Cards: cards(t, "R1")})
		g.Apply(Action{Kind: Deal, Seat: SystemSeat})
		g.endHand(0, false)
		g.Apply(Action{Kind: Deal, Seat: SystemSeat})
		if g.dealer != 0 {
			t.Fatalf("the deal passes left: dealer %d", g.dealer)
		}
	})
	t.Run("refused", func(t *testing.T) {
		for name, st := range map[string]Stack{
			"dealer":        {Dealer: 3},
			"not in deck":   {Cards: []Card{{Kind: Blank}}},
			"too many":      {Cards: cards(t, "R1 R1 R1")},
			"no such card":  {Cards: []Card{{Color: Red, Kind: Number, Value: 12}}},
			"coloured wild": {Cards: []Card{{Color: Red, Kind: Wild}}},
			"too long":      {Cards: append(s.Deck(), card(t, "R5"))},
		} {
			if _, err := NewStacked(s, 1, st); !errors.Is(err, ErrBadSettings) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, err := NewStacked(Settings{Players: 1}, 1, Stack{}); !errors.Is(err, ErrBadSettings) {
			t.Errorf("bad settings: %v", err)
		}
		if _, err := NewStacked(s, 1, Stack{Cards: s.Deck()}); err != nil {
			t.Errorf("the whole deck: %v", err)
		}
	})
}
