package tui

import (
	"testing"

	"github.com/unossh/unossh/engine"
)

// When the turn comes round, the cursor meets the player at a playable card;
// during the turn it stays where the player puts it.
func TestCursorMeetsThePlayerAtAPlayableCard(t *testing.T) {
	s := midGame()
	v := s.Table.Game
	v.Top, v.Color = card("G5"), engine.Green
	v.Current = 1 // bo's turn first
	v.Legal = nil
	m, _ := newTestModel(s, 80, 24, plainRenderer())
	if got := m.tbl.hand[m.tbl.cursor].Label(); got != "R2" {
		t.Fatalf("before the turn the cursor rests on the first card, got %s", got)
	}

	turn := midGame()
	tv := turn.Table.Game
	tv.Top, tv.Color, tv.Current = card("G5"), engine.Green, 0
	tv.Legal = legalFor(tv.Hand, tv.Top, tv.Color, tv.Settings.Edition)
	m.setScreen(turn)
	if got := m.tbl.hand[m.tbl.cursor].Label(); got != "G7" {
		t.Fatalf("on the player's turn the cursor moves to the first playable card, got %s", got)
	}

	press(m, keys("left")...)
	m.setScreen(turn) // another update within the same turn
	if got := m.tbl.hand[m.tbl.cursor].Label(); got != "BS" {
		t.Fatalf("within the turn the cursor stays where the player put it, got %s", got)
	}
}
