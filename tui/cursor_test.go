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
	if got := underCursor(m).Label(); got != "R2" {
		t.Fatalf("before the turn the cursor rests on the first card, got %s", got)
	}

	turn := midGame()
	tv := turn.Table.Game
	tv.Top, tv.Color, tv.Current = card("G5"), engine.Green, 0
	tv.Legal = legalFor(tv.Hand, tv.Top, tv.Color, tv.Settings.Edition)
	m.setScreen(turn)
	if got := underCursor(m).Label(); got != "G7" {
		t.Fatalf("on the player's turn the cursor moves to the first playable card, got %s", got)
	}

	press(m, keys("left")...)
	m.setScreen(turn) // another update within the same turn
	if got := underCursor(m).Label(); got != "BS" {
		t.Fatalf("within the turn the cursor stays where the player put it, got %s", got)
	}
}

// A turn that comes straight back (the player's own Skip, with two
// players) is a new turn: the screen that showed it pass may never have
// been drawn, and the cursor, left on a card that no longer matches, moves
// to one that does; the bell rings again.
func TestCursorMeetsThePlayerWhenTheTurnComesStraightBack(t *testing.T) {
	turn := midGame()
	tv := turn.Table.Game
	tv.Top, tv.Color, tv.Current = card("G5"), engine.Green, 0
	tv.Legal = legalFor(tv.Hand, tv.Top, tv.Color, tv.Settings.Edition)
	m, _ := newTestModel(turn, 80, 24, plainRenderer())
	m.TakeBell()
	if got := underCursor(m).Label(); got != "G7" {
		t.Fatalf("the cursor starts on the first playable card, got %s", got)
	}

	back := midGame()
	bv := back.Table.Game
	bv.Top, bv.Color, bv.Current = card("RS"), engine.Red, 0
	bv.Discards = tv.Discards + 1
	bv.Legal = legalFor(bv.Hand, bv.Top, bv.Color, bv.Settings.Edition)
	m.setScreen(back)
	if got := underCursor(m); !bv.Playable(got) {
		t.Fatalf("the cursor rests on %s, which does not match %s", got.Label(), bv.Top.Label())
	}
	if !m.TakeBell() {
		t.Fatal("the bell rings for the turn that came back")
	}
}
