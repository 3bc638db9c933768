package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

func TestTheLinearTableSaysTheTurnAndItsNumberedChoices(t *testing.T) {
	m, _ := newTestModel(midGame(), 100, 30, plainRenderer())
	said := strings.Join(m.table.tableSaid(), " ")
	for _, want := range []string{
		"Table ana's table, private, Classic 2001, to 500.",
		"Your turn. You can play 1 red 2, 2 wild draw four, 3 green 7, 4 red draw two, 5 wild, or 6 draw. 9 cards.",
	} {
		if !strings.Contains(said, want) {
			t.Errorf("said %q\nwant it to hold %q", said, want)
		}
	}
	news := m.table.news()
	want := []string{"hand 3: dee deals.", "bo played green 7.", "cy drew 1.", "dee played red 7.", "bo called UNO!",
		"cy says: gg all, brb coffee.", "bo says: one card left, watch out red.", "Your turn ends in 24 seconds."}
	if !slices.Equal(news, want) {
		t.Errorf("news %q\nwant %q", news, want)
	}
	if again := m.table.news(); len(again) != 0 {
		t.Errorf("the news is said once, then %q", again)
	}
}

func TestANumberKeyPlaysACardAndAWildAsksItsColour(t *testing.T) {
	m, f := newTestModel(midGame(), 100, 30, plainRenderer())
	m.table.linearTableKey(keyMsg("5")) // wild: its colour is asked
	if len(f.intents) != 0 {
		t.Fatalf("a wild was sent before its colour: %v", f.intents)
	}
	if said := strings.Join(m.table.tableSaid(), " "); !strings.Contains(said, "Choose the colour: 1 red, 2 blue, 3 green, or 4 yellow.") {
		t.Fatalf("the colour is not asked: %q", said)
	}
	m.table.linearTableKey(keyMsg("esc")) // back to the turn
	m.table.linearTableKey(keyMsg("1"))   // red 2
	if len(f.intents) != 1 || f.intents[0].Action != (engine.Action{Kind: engine.Play, Seat: 0, Card: card("R2")}) {
		t.Fatalf("sent %v, want red 2 played", f.intents)
	}
}

func TestTheLinearTableSaysTheHandThePileAndTheScoresOnKeys(t *testing.T) {
	m, _ := newTestModel(midGame(), 100, 30, plainRenderer())
	m.table.news()
	for _, k := range []string{"h", "p", "s", "e"} {
		m.table.linearTableKey(keyMsg(k))
	}
	news := strings.Join(m.table.news(), "\n")
	for _, want := range []string{
		"Your hand, 9 cards: yellow 9, red 2, wild draw four, green 7, blue 0, blue skip, red draw two, yellow reverse and wild.",
		"On the pile: red 7. Play goes left, clockwise. 62 cards in the draw pile.",
		"bo 1 card, UNO called; cy 12 cards; dee 5 cards.",
		"Scores: you 120; bo 85; cy 40; dee 0.",
		"The last events:\ncy drew 1.\ndee played red 7.",
	} {
		if !strings.Contains(news, want) {
			t.Errorf("heard:\n%s\nwant it to hold %q", news, want)
		}
	}
}

func TestACountdownIsSaidAtItsMomentsOnly(t *testing.T) {
	s := midGame()
	m, _ := newTestModel(s, 100, 30, plainRenderer())
	s.Table.TurnEnds = at(40 * time.Second)
	m.setScreen(s)
	now := fixedNow
	m.table.shared.now = func() time.Time { return now }
	var heard []string
	for ; now.Before(s.Table.TurnEnds); now = now.Add(500 * time.Millisecond) {
		for _, n := range m.table.news() {
			if strings.Contains(n, "seconds") {
				heard = append(heard, n)
			}
		}
	}
	want := []string{"Your turn ends in 30 seconds.", "Your turn ends in 10 seconds.", "Your turn ends in 5 seconds."}
	if !slices.Equal(heard, want) {
		t.Errorf("heard %q, want %q", heard, want)
	}
}

func TestTheLinearWaitingRoomSaysEachSeatAndTheHostsChoices(t *testing.T) {
	m, _ := newTestModel(waitingRoom(), 100, 30, plainRenderer())
	said := m.table.roomSaid()
	for _, want := range []string{
		"The code to share with friends: K 7 Q X, 2 M H C, 9 D F A.",
		"Seat 1: ana, you, the host.",
		"Seat 2: dee, a normal bot.",
		"Seat 3: empty.",
		"Selected: seat 1.",
		"You are the host: press s to start.",
	} {
		if !slices.Contains(said, want) {
			t.Errorf("said %q\nwant it to hold %q", said, want)
		}
	}
	if _, ok := m.table.linearRoomKey(keyMsg("2")); !ok || m.table.room.cursor != 1 {
		t.Errorf("2 did not select seat 2")
	}
	if !slices.Contains(m.table.roomSaid(), "Selected: seat 2.") {
		t.Errorf("the seat selected is not said")
	}
}

func TestTheGamesEndOffersARematchAndTheLobbyByNumber(t *testing.T) {
	s := midGame()
	s.Table.Status = lobby.Finished
	s.Table.Game.Phase = engine.PhaseGameOver
	s.Table.Game.Legal = nil
	m, f := newTestModel(s, 100, 30, plainRenderer())
	said := strings.Join(m.table.tableSaid(), " ")
	if !strings.Contains(said, "Game over. Scores: you 120; bo 85; cy 40; dee 0. You can 1 play again with the same seats, or 2 go back to the lobby.") {
		t.Fatalf("said %q", said)
	}
	m.table.linearTableKey(keyMsg("1"))
	if len(f.intents) != 1 || f.intents[0].Kind != lobby.Rematch {
		t.Errorf("sent %v, want a rematch", f.intents)
	}
}
