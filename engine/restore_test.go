package engine

import (
	"errors"
	"reflect"
	"testing"
)

// TestFromState: a game rebuilt from its State at any point plays on exactly
// as the original does; a state that loses a card is refused.
func TestFromState(t *testing.T) {
	for _, e := range Editions {
		t.Run(name(e), func(t *testing.T) {
			s := Settings{Edition: e, Mode: SingleHand, Players: 4, Blanks: BlankPassHands, House: PresetChaos.Rules()}
			g, _ := New(s, 5)
			bot := newRandomTable(9)
			var legal []Action
			for moves := 0; !g.Over(); moves++ {
				if g.phase != PhaseDeal && moves%7 == 0 {
					c, err := FromState(g.State())
					if err != nil {
						t.Fatalf("move %d: %v", moves, err)
					}
					if !reflect.DeepEqual(c.State(), g.State()) {
						t.Fatalf("move %d: the state differs once rebuilt", moves)
					}
					var i int
					legal, i = bot.move(g, legal)
					a := legal[i]
					if _, err := c.Apply(a); err != nil {
						t.Fatalf("move %d: the copy refuses %s: %v", moves, a, err)
					}
					g.Apply(a)
					if !reflect.DeepEqual(c.State(), g.State()) {
						t.Fatalf("move %d: the copy went its own way after %s", moves, a)
					}
					continue
				}
				var i int
				legal, i = bot.move(g, legal)
				g.Apply(legal[i])
			}
			st := g.State()
			st.Phase = PhaseTurn
			st.Draw = st.Draw[1:]
			if _, err := FromState(st); !errors.Is(err, ErrBadSettings) {
				t.Fatalf("a card lost: %v", err)
			}
		})
	}
}
