package tui

import (
	"reflect"
	"testing"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// houseView is the game in the middle under house rules h, with ana's hand
// and legal moves replaced.
func houseView(h engine.HouseRules, hand []engine.Card, legal []engine.Action, change func(v *engine.View)) lobby.Screen {
	s := houseGame(h)
	v := *s.Table.Game
	v.Hand, v.Legal = hand, legal
	if change != nil {
		change(&v)
	}
	s.Table.Game = &v
	return s
}

// TestHouseKeys: the house rules that change what a move carries or when it
// may be made are playable by keys.
func TestHouseKeys(t *testing.T) {
	r7 := card("R7")
	sevens := []engine.Action{{Kind: engine.Play, Card: r7, Target: 1}, {Kind: engine.Play, Card: r7, Target: 2},
		{Kind: engine.Play, Card: r7, Target: 3}, {Kind: engine.Draw}}
	stack := []engine.Action{{Kind: engine.Accept}, {Kind: engine.ChallengeDrawFour}}
	for _, c := range engine.Classic2001.Colors() {
		stack = append(stack, engine.Action{Kind: engine.Play, Card: card("W+4"), Color: c})
	}
	challenged := func(v *engine.View) {
		v.Phase, v.Pending, v.FourBy, v.Top, v.Color = engine.PhaseChallenge, 4, 3, card("W+4"), engine.Red
	}
	cases := []struct {
		name string
		scr  lobby.Screen
		keys []string
		want []lobby.Intent
	}{
		{"a 7 asks whom to swap with", houseView(engine.HouseRules{SevenO: true}, cards("R7", "G3"), sevens, nil),
			[]string{"enter", "down", "enter"}, []lobby.Intent{move(engine.Action{Kind: engine.Play, Card: r7, Target: 2})}},
		{"esc puts the 7 back", houseView(engine.HouseRules{SevenO: true}, cards("R7", "G3"), sevens, nil),
			[]string{"enter", "esc", "d"}, []lobby.Intent{move(engine.Action{Kind: engine.Draw})}},
		{"jump in out of turn", houseView(engine.HouseRules{JumpIn: true}, cards("R7", "G3"),
			[]engine.Action{{Kind: engine.Play, Card: r7}}, func(v *engine.View) { v.Current = 2 }),
			[]string{"enter"}, []lobby.Intent{play("R7", 0)}},
		{"stack a Wild Draw Four on one", houseView(engine.HouseRules{Stacking: engine.StackFours}, cards("W+4", "G3"), stack, challenged),
			[]string{"right", "enter", "b"}, []lobby.Intent{play("W+4", engine.Blue)}},
		{"or take the stack", houseView(engine.HouseRules{Stacking: engine.StackFours}, cards("W+4", "G3"), stack, challenged),
			[]string{"n"}, []lobby.Intent{move(engine.Action{Kind: engine.Accept})}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, f := newTestModel(c.scr, 80, 24, plainRenderer())
			press(m, keys(c.keys...)...)
			if !reflect.DeepEqual(f.intents, c.want) {
				t.Errorf("intents:\n got %+v\nwant %+v", f.intents, c.want)
			}
		})
	}
}
