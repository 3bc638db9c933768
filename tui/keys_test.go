package tui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// Every key a page handles is in its key map (and so on the help page),
// and every key in its key map is handled: for each moment of each page,
// every key of a keyboard is pressed on a fresh model, and it is handled
// when what follows (the view, the status line, the calls to the lobby)
// differs from what follows a key that no page binds.
func TestEveryHandledKeyIsInTheKeyMapAndNothingElse(t *testing.T) {
	for _, c := range keyMoments() {
		t.Run(c.name, func(t *testing.T) {
			km := c.setup().keyMap()
			for _, k := range keyboard(c.typing) {
				ref := tea.KeyMsg{Type: tea.KeyF12}
				if k.Type == tea.KeyRunes {
					ref = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'Z'}}
				}
				handled := outcome(c.setup(), k) != outcome(c.setup(), ref)
				if listed := inKeyMap(km, k); handled != listed {
					t.Errorf("%q: handled %v, in the key map %v", k.String(), handled, listed)
				}
			}
		})
	}
}

// keyMoment is a page at a moment, made afresh for every key.
type keyMoment struct {
	name   string
	setup  func() *model
	typing bool // what is typed goes into a text input: only named keys are tried
}

func keyMoments() []keyMoment {
	on := func(s lobby.Screen, keys ...string) func() *model {
		return func() *model {
			m, _ := newTestModel(s, 100, 40, plainRenderer())
			pressAll(m, keys)
			return m
		}
	}
	records := func(s lobby.Screen, keys ...string) func() *model {
		return func() *model {
			m, _ := newRecordsModel(s, 100, 40)
			pressAll(m, keys)
			return m
		}
	}
	filtered := func() *model {
		m := on(lobbyScreen(), "down", "down")()
		m.lob.Filter("a") // so that esc clears it
		return m
	}
	fresh := lobbyScreen()
	fresh.Nick = ""
	wild := midGame()
	return []keyMoment{
		{name: "nickname", setup: on(fresh, "a", "b"), typing: true},
		{name: "lobby quick play", setup: on(lobbyScreen())},
		{name: "lobby menu", setup: func() *model {
			m := on(lobbyScreen(), "down", "down")()
			m.lob.Filter("zzz") // no table shows: the menu's keys only
			return m
		}},
		{name: "lobby tables", setup: func() *model {
			m := filtered()
			m.lob.Filter("")
			pressAll(m, []string{"down", "down", "down", "down", "down", "down"})
			return m
		}},
		{name: "lobby filter", setup: on(lobbyScreen(), "/"), typing: true},
		{name: "create", setup: on(lobbyScreen(), "2", "down"), typing: false},
		{name: "join", setup: on(lobbyScreen(), "3"), typing: true},
		{name: "watch", setup: on(lobbyScreen(), "4", "down")},
		{name: "help", setup: on(lobbyScreen(), "?")},
		{name: "tournaments", setup: on(lobbyScreen(), "6", "down")},
		{name: "who", setup: on(lobbyScreen(), "7")},
		{name: "profile", setup: records(recordsScreen(), "p")},
		{name: "another's profile", setup: records(recordsScreen(), "t", "down", "enter")},
		{name: "leaderboard", setup: records(recordsScreen(), "t", "down")},
		{name: "waiting room host", setup: on(waitingRoom(), "down")},
		{name: "waiting room guest", setup: on(asGuest(waitingRoom()), "down")},
		{name: "turn", setup: on(midGame(), "right")},
		{name: "drawn", setup: on(drawnCard())},
		{name: "colour", setup: on(wild, "right", "right", "enter")},
		{name: "challenge", setup: on(challenge())},
		{name: "race", setup: on(race())},
		{name: "leave", setup: on(midGame(), "q")},
		{name: "game over", setup: on(gameOver())},
		{name: "spectator", setup: on(spectator())},
		{name: "chat", setup: on(midGame(), "t"), typing: true},
		{name: "whom to swap with", setup: on(blankSwap(), "right", "enter")},
		{name: "raid", setup: on(raid())},
		{name: "a minion's draw", setup: on(minionReveal(false, false))},
		{name: "tournament sign-up", setup: on(tourSignUp())},
		{name: "tournament room", setup: on(tourRoom())},
		{name: "typing a name to find", setup: records(recordsScreen(), "p", "/", "b"), typing: true},
		{name: "inviting", setup: on(waitingRoom(), "i", "b"), typing: true},
		{name: "linking a key", setup: func() *model {
			m, r := newRecordsModel(lobby.Screen{Online: 3, Account: lobby.AccountInfo{Records: true}}, 100, 40)
			r.err = lobby.ErrNoSuchPlayer // so that a code sent shows its answer
			pressAll(m, []string{"tab"})
			return m
		}, typing: true},
	}
}

// keyboard is the keys tried: named keys, and for a page that is not
// typed into, every printable character.
func keyboard(typing bool) []tea.KeyMsg {
	ks := []tea.KeyMsg{{Type: tea.KeyEnter}, {Type: tea.KeyEsc}, {Type: tea.KeyTab}, {Type: tea.KeyShiftTab},
		{Type: tea.KeyUp}, {Type: tea.KeyDown}, {Type: tea.KeyPgUp}, {Type: tea.KeyPgDown}}
	if typing {
		return ks
	}
	ks = append(ks, tea.KeyMsg{Type: tea.KeyLeft}, tea.KeyMsg{Type: tea.KeyRight}, tea.KeyMsg{Type: tea.KeyHome},
		tea.KeyMsg{Type: tea.KeyEnd}, tea.KeyMsg{Type: tea.KeyCtrlP}, tea.KeyMsg{Type: tea.KeyCtrlN},
		tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	for r := '!'; r <= '~'; r++ {
		if r != 'Z' { // the unbound key the others are compared with
			ks = append(ks, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	return ks
}

// outcome is everything a key changes that a player or the lobby sees.
func outcome(m *model, k tea.KeyMsg) string {
	quit := pressOnce(m, k)
	f := m.sess.(interface{ calls() string })
	return fmt.Sprint(quit, "\x00", m.hint, "\x00", m.View(), "\x00", f.calls())
}

// pressOnce presses k and runs every command it leads to, in order, as the
// runtime would (but not the clock's ticks); it says whether one quit.
func pressOnce(m *model, k tea.KeyMsg) (quit bool) {
	var drain func(tea.Cmd)
	drain = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		switch msg := cmd().(type) {
		case tea.QuitMsg:
			quit = true
		case tea.BatchMsg:
			for _, c := range msg {
				drain(c)
			}
		case nil, tickMsg:
		default:
			_, next := m.update(msg) // (not Update: its clock would tick on)
			drain(next)
		}
	}
	drain(m.onKey(k))
	return quit
}
