package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The waiting room: its hints go with the game.

// A hint about the waiting room's keys is gone once the game begins: it
// showed under the running game until the next key.
func TestWaitingRoomHintGoesWhenTheGameBegins(t *testing.T) {
	room := waitingRoom()
	m, _ := newTestModel(room, 80, 24, plainRenderer())
	press(m, keys("z")...) // an unknown key: the room's keys as a hint
	if v := ansi.Strip(m.View()); !strings.Contains(v, "s start · b add a bot") {
		t.Fatalf("no hint of the room's keys:\n%s", v)
	}
	game := midGame()
	game.Table.ID = room.Table.ID
	m.setScreen(game)
	if v := ansi.Strip(m.View()); strings.Contains(v, "b add a bot") {
		t.Fatalf("the room's keys under the game:\n%s", v)
	}
}
