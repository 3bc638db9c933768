package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/unossh/unossh/lobby"
)

// The end of a game: a stand-in bot's win is the bot's, and a player who
// left is named.

// The result of a game a stand-in bot won says the bot won, in the seat of
// the player who was away: not that the player won.
func TestStandInWinIsTheBots(t *testing.T) {
	s := gameOver()
	s.Table.LastHand.StandIns = []int{1}
	m, _ := newTestModel(s, 80, 24, plainRenderer())
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "A bot won in bo's seat") || strings.Contains(v, "bo wins") {
		t.Fatalf("the result credits the absent player:\n%s", v)
	}
}

// The result of a finished game names a player who has since left the
// table (their seat is empty), not "seat 3".
func TestGameOverNamesAPlayerWhoLeft(t *testing.T) {
	s := gameOver()
	names := make([]string, len(s.Table.Seats))
	for i, st := range s.Table.Seats {
		names[i] = st.Nick
	}
	left := names[2]
	s.Table.LastHand.Names = names
	s.Table.Seats = append([]lobby.SeatInfo(nil), s.Table.Seats...)
	s.Table.Seats[2] = lobby.SeatInfo{}
	m, _ := newTestModel(s, 80, 24, plainRenderer())
	v := ansi.Strip(m.View())
	if !strings.Contains(v, left) || strings.Contains(v, "seat 3") {
		t.Fatalf("the result does not name %s:\n%s", left, v)
	}
}
