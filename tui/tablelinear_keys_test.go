package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/table"
)

// In the linear mode the table's cursor keys have no use: its moves are
// numbered choices. Every other key of every moment at the table is
// reached in the linear mode, by a key of its key map or by a numbered
// choice, and every legal move by exactly one path of number keys; the
// waiting room's keys are its own in both modes, with the seats' numbers
// besides. A key added to the table without a linear form fails here.

// tableKeyRoles sorts the table's keys by what the linear mode does with
// them: the cursor keys have no use there, a move is a numbered choice
// (checked against the legal moves), and every other key is reached by a
// key of the linear key map or a choice's words.
func tableKeyRoles() (cursor, moves []key.Binding, page map[string]string) {
	k := table.Keys
	cursor = []key.Binding{k.Left, k.Right, k.RowUp, k.RowDown, k.First, k.Last, k.ColourBack, k.Colour, k.TargetUp,
		k.TargetDown, k.RaidUp, k.RaidDown, k.RaidLeft, k.RaidRight}
	moves = []key.Binding{k.Play, k.PlayIt, k.Draw, k.Keep, k.UNO, k.Catch, k.ChooseColour, k.Swap, k.Challenge,
		k.TakeFour, k.Drop, k.RaidChoose, k.EndRaid}
	page = map[string]string{}
	for b, how := range map[*key.Binding]string{
		&k.Chat: "t", &k.Help: "?", &k.Leave: "q", &k.Bell: "b", &k.Close: "esc", &k.CancelColour: "esc",
		&k.TargetBack: "esc", &k.RaidBack: "esc", &k.Rematch: "1 play again with the same seats",
		&k.ToLobby: "go back to the lobby", &k.LeaveYes: "1 yes, leave", &k.LeaveNo: "2 no, stay",
		&k.Sit: "1 take a bot's seat", &k.Back: "go back to the lobby",
	} {
		page[bindingID(*b)] = how
	}
	return cursor, moves, page
}

func bindingID(b key.Binding) string { return fmt.Sprint(b.Help(), b.Keys()) }

func bindings(km help.KeyMap) []key.Binding {
	var out []key.Binding
	for _, col := range km.FullHelp() {
		out = append(out, col...)
	}
	return out
}

// tableMoments are the table's moments: the screen's keys pressed to
// reach each (a box opened), and the linear mode's (q asks to leave in
// both; a box's own keys are a numbered question's there).
func tableMoments() []struct {
	name           string
	s              lobby.Screen
	screen, linear []string
} {
	return []struct {
		name           string
		s              lobby.Screen
		screen, linear []string
	}{
		{"turn", midGame(), nil, nil}, {"colour", midGame(), []string{"right", "right", "enter"}, nil},
		{"whom to swap with", blankSwap(), []string{"right", "enter"}, nil}, {"drawn", drawnCard(), nil, nil},
		{"challenge", challenge(), nil, nil}, {"race", race(), nil, nil}, {"leave", midGame(), []string{"q"}, []string{"q"}},
		{"game over", gameOver(), nil, nil}, {"game over guest", asGuest(gameOver()), nil, nil},
		{"spectator", spectator(), nil, nil}, {"raid", raid(), nil, nil},
		{"a minion's draw", minionReveal(false, false), nil, nil}, {"between hands", betweenHands(), nil, nil},
	}
}

func TestEveryTableKeyIsReachableInLinearMode(t *testing.T) {
	cursor, moves, page := tableKeyRoles()
	isIn := func(bs []key.Binding, b key.Binding) bool {
		return slices.ContainsFunc(bs, func(c key.Binding) bool { return bindingID(c) == bindingID(b) })
	}
	for _, mo := range tableMoments() {
		t.Run(mo.name, func(t *testing.T) {
			m, _ := newTestModel(mo.s, 100, 40, plainRenderer())
			pressAll(m, mo.screen)
			screen := bindings(m.keyMap())
			m, _ = linearModel(mo.s)
			pressAll(m, mo.linear)
			m.onKey(keyMsg("ctrl+l"))
			said := hear(m)
			linear := bindings(m.keyMap())
			for _, b := range screen {
				if isIn(cursor, b) || isIn(moves, b) {
					continue
				}
				how, ok := page[bindingID(b)]
				if !ok {
					t.Errorf("the table's key %q (%s) is neither a cursor, a move, nor reached in linear mode", b.Help().Key, b.Help().Desc)
					continue
				}
				if !slices.ContainsFunc(linear, func(l key.Binding) bool { return slices.Contains(l.Keys(), how) }) &&
					!strings.Contains(said, how) {
					t.Errorf("%q (%s) is not reached in linear mode: no key %q, and the page says:\n%s", b.Help().Key, b.Help().Desc, how, said)
				}
			}
		})
	}
}

// TestEveryLegalMoveIsReachedByNumberKeys walks every path of number keys
// at each moment, on a fresh model in the linear mode each, and checks
// that the moves sent are exactly the legal ones.
func TestEveryLegalMoveIsReachedByNumberKeys(t *testing.T) {
	for _, mo := range tableMoments() {
		if mo.s.Table.Game == nil || len(mo.s.Table.Game.Legal) == 0 || len(mo.screen)+len(mo.linear) > 0 {
			continue
		}
		t.Run(mo.name, func(t *testing.T) {
			var sent []string
			var walk func(path []string)
			walk = func(path []string) {
				require := len(path) < 5
				if !require {
					t.Fatalf("a path of more than four choices: %v", path)
				}
				for i := 1; i <= 9; i++ {
					m, f := linearModel(mo.s)
					next := append(slices.Clone(path), fmt.Sprint(i))
					pressAll(m, next)
					switch said := hear(m); {
					case len(f.intents) > 0:
						for _, in := range f.intents {
							sent = append(sent, in.Action.String()+in.Action.Give.Code())
						}
					case strings.Contains(said, "there is no choice"):
						return
					default:
						walk(next)
					}
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
			screen := bindings(m.keyMap())
			m, _ = linearModel(mo.s)
			pressAll(m, mo.keys)
			linear := bindings(m.keyMap())
			for _, b := range screen {
				if !slices.ContainsFunc(linear, func(l key.Binding) bool { return bindingID(l) == bindingID(b) }) {
					t.Errorf("the room's key %q (%s) is not in the linear mode's key map", b.Help().Key, b.Help().Desc)
				}
			}
		})
	}
}
