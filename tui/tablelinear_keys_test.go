package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/unossh/unossh/lobby"
)

// In the linear mode the table's cursor keys have no use: its moves are
// numbered choices. Every other key of every moment at the table is
// reached in the linear mode, by a key of its key map or by a numbered
// choice, and every legal move by exactly one path of number keys; the
// waiting room's keys are its own in both modes, with the seats' numbers
// besides. A key added to the table without a linear form fails here.

// cursorKeys move the screen's cursors: the linear mode has none.
var cursorKeys = []key.Binding{tableKeys.Left, tableKeys.Right, tableKeys.RowUp, tableKeys.RowDown, tableKeys.First,
	tableKeys.Last, tableKeys.ColourBack, tableKeys.Colour, tableKeys.TargetUp, tableKeys.TargetDown,
	tableKeys.RaidUp, tableKeys.RaidDown, tableKeys.RaidLeft, tableKeys.RaidRight}

// moveKeys make moves: in the linear mode each move is a numbered choice
// (checked against the legal moves below).
var moveKeys = []key.Binding{tableKeys.Play, tableKeys.PlayIt, tableKeys.Draw, tableKeys.Keep, tableKeys.UNO,
	tableKeys.Catch, tableKeys.ChooseColour, tableKeys.Swap, tableKeys.Challenge, tableKeys.TakeFour, tableKeys.Drop,
	tableKeys.RaidChoose, tableKeys.EndRaid}

// pageKeys are the table's other keys, and how the linear mode reaches
// each: a key of its own key map, or a numbered choice's words.
var pageKeys = []struct {
	b      key.Binding
	linear string // a key ("t") or a choice's words
}{
	{tableKeys.Chat, "t"}, {tableKeys.Help, "?"}, {tableKeys.Leave, "q"}, {tableKeys.Bell, "b"},
	{tableKeys.Close, "esc"}, {tableKeys.CancelColour, "esc"}, {tableKeys.TargetBack, "esc"}, {tableKeys.RaidBack, "esc"},
	{tableKeys.Rematch, "play again with the same seats"}, {tableKeys.ToLobby, "go back to the lobby"},
	{tableKeys.LeaveYes, "yes, leave"}, {tableKeys.LeaveNo, "no, stay"},
	{tableKeys.Sit, "take a bot's seat"}, {tableKeys.Back, "go back to the lobby"},
}

func sameBinding(a, b key.Binding) bool {
	return a.Help() == b.Help() && slices.Equal(a.Keys(), b.Keys())
}

func bindings(km help.KeyMap) []key.Binding {
	var out []key.Binding
	for _, col := range km.FullHelp() {
		out = append(out, col...)
	}
	return out
}

// linearMoments are the table's moments, as keyMoments has them.
func linearMoments() []struct {
	name string
	s    lobby.Screen
	keys []string
} {
	return []struct {
		name string
		s    lobby.Screen
		keys []string
	}{
		{"turn", midGame(), nil}, {"colour", midGame(), []string{"right", "right", "enter"}},
		{"whom to swap with (the screen's)", blankSwap(), []string{"right", "enter"}}, {"drawn", drawnCard(), nil}, {"challenge", challenge(), nil}, {"race", race(), nil},
		{"leave", midGame(), []string{"q"}}, {"game over", gameOver(), nil}, {"game over guest", asGuest(gameOver()), nil},
		{"spectator", spectator(), nil}, {"whom to swap with", blankSwap(), nil}, {"raid", raid(), nil},
		{"a minion's draw", minionReveal(false, false), nil}, {"between hands", betweenHands(), nil},
	}
}

func TestEveryTableKeyIsReachableInLinearMode(t *testing.T) {
	for _, mo := range linearMoments() {
		t.Run(mo.name, func(t *testing.T) {
			m, _ := newTestModel(mo.s, 100, 40, plainRenderer())
			pressAll(m, mo.keys)
			visual := bindings(m.table.tableKeyMap(m.table.game()))
			// The linear mode's moment: the same table, its keys pressed
			// there (q asks to leave in both; the screen's cursor keys
			// that open a box have no linear use, and a box's own keys
			// are a numbered question's there).
			m, _ = newTestModel(mo.s, 100, 40, plainRenderer())
			for _, k := range mo.keys {
				m.table.linearTableKey(keyMsg(k))
			}
			linear := bindings(m.table.linearTableKeyMapNow())
			menu := m.table.linearMenu()
			var words []string
			for _, c := range menu.Choices {
				words = append(words, c.Words)
			}
		next:
			for _, b := range visual {
				if slices.ContainsFunc(cursorKeys, func(c key.Binding) bool { return sameBinding(b, c) }) ||
					slices.ContainsFunc(moveKeys, func(c key.Binding) bool { return sameBinding(b, c) }) {
					continue
				}
				for _, p := range pageKeys {
					if !sameBinding(b, p.b) {
						continue
					}
					inMap := slices.ContainsFunc(linear, func(l key.Binding) bool { return slices.Contains(l.Keys(), p.linear) })
					if !inMap && !slices.Contains(words, p.linear) {
						t.Errorf("%q (%s) has no linear form here: keys %v, choices %q", b.Help().Key, b.Help().Desc, keysOf(linear), words)
					}
					continue next
				}
				t.Errorf("the table's key %q (%s) is neither a cursor, a move, nor reached in linear mode", b.Help().Key, b.Help().Desc)
			}
		})
	}
}

func keysOf(bs []key.Binding) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Keys()...)
	}
	return out
}

// TestEveryLegalMoveIsReachedByNumberKeys explores every path of number
// keys at each moment, on a fresh model each, and checks that the moves
// sent are exactly the legal ones.
func TestEveryLegalMoveIsReachedByNumberKeys(t *testing.T) {
	for _, mo := range linearMoments() {
		if mo.s.Table.Game == nil || len(mo.s.Table.Game.Legal) == 0 || len(mo.keys) > 0 {
			continue
		}
		t.Run(mo.name, func(t *testing.T) {
			var sent []string
			var walk func(path []string)
			walk = func(path []string) {
				m, f := newTestModel(mo.s, 100, 40, plainRenderer())
				for _, k := range path {
					m.table.linearTableKey(keyMsg(k))
				}
				if len(f.intents) > 0 {
					for _, in := range f.intents {
						sent = append(sent, in.Action.String()+in.Action.Give.Code())
					}
					return
				}
				n := len(m.table.linearMenu().Choices)
				if n > 9 {
					t.Fatalf("%d choices: the walk presses one key a choice", n)
				}
				for i := 1; i <= n; i++ {
					walk(append(slices.Clone(path), fmt.Sprint(i)))
				}
			}
			walk(nil)
			var want []string
			for _, a := range mo.s.Table.Game.Legal {
				a.Seat = mo.s.Table.You
				want = append(want, a.String()+a.Give.Code())
			}
			slices.Sort(sent)
			slices.Sort(want)
			if !slices.Equal(sent, want) {
				t.Errorf("number keys sent\n%s\nlegal\n%s", strings.Join(sent, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestEveryRoomKeyIsInTheLinearRoomsKeyMap(t *testing.T) {
	for _, mo := range []struct {
		name string
		s    lobby.Screen
		keys []string
	}{
		{"host", waitingRoom(), nil}, {"guest", asGuest(waitingRoom()), nil}, {"inviting", waitingRoom(), []string{"i"}},
		{"chat", waitingRoom(), []string{"t"}}, {"tournament sign-up", tourSignUp(), nil}, {"tournament room", tourRoom(), nil},
	} {
		t.Run(mo.name, func(t *testing.T) {
			m, _ := newTestModel(mo.s, 100, 40, plainRenderer())
			pressAll(m, mo.keys)
			linear := bindings(m.table.linearRoomKeyMapNow())
			for _, b := range bindings(m.table.roomKeyMap()) {
				if !slices.ContainsFunc(linear, func(l key.Binding) bool { return sameBinding(b, l) }) {
					t.Errorf("the room's key %q (%s) is not in the linear mode's key map", b.Help().Key, b.Help().Desc)
				}
			}
		})
	}
}
