package tui

import (
	"reflect"
	"strings"
	"testing"

	"github.com/unossh/unossh/lobby"
)

// TestRoomBotKeys: in the waiting room the host changes the selected bot's
// level with ←/→, on another seat the level of the bots added next, and the
// bots' pace with f; a guest is told only the host may.
func TestRoomBotKeys(t *testing.T) {
	cases := []struct {
		name string
		host bool
		keys []string
		want []lobby.Intent
	}{
		{"a bot's level up", true, []string{"down", "right"}, []lobby.Intent{{Kind: lobby.BotLevel, Seat: 1, Level: lobby.Hard}}},
		{"a bot's level down", true, []string{"down", "left"}, []lobby.Intent{{Kind: lobby.BotLevel, Seat: 1, Level: lobby.Easy}}},
		{"new bots' level on an empty seat", true, []string{"down", "down", "left"},
			[]lobby.Intent{{Kind: lobby.BotLevel, Seat: -1, Level: lobby.Easy}}},
		{"past hard comes beginner", true, []string{"down", "down", "down", "up", "up", "right"},
			[]lobby.Intent{{Kind: lobby.BotLevel, Seat: 1, Level: lobby.Beginner}}},
		{"fast bots", true, []string{"f"}, []lobby.Intent{{Kind: lobby.BotPace, Fast: true}}},
		{"a guest may not", false, []string{"down", "right", "f"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scr := waitingRoom()
			scr.Table.Host = c.host
			if c.name == "past hard comes beginner" {
				scr.Table.Seats[1].Level = lobby.Hard
			}
			m, f := newTestModel(scr, 80, 24, plainRenderer())
			press(m, keys(c.keys...)...)
			if !reflect.DeepEqual(f.intents, c.want) {
				t.Errorf("intents:\n got %+v\nwant %+v", f.intents, c.want)
			}
			if !c.host && !strings.Contains(m.View(), "the host, can") {
				t.Errorf("the guest is not told why:\n%s", m.View())
			}
		})
	}
}
