package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// linearModel is a model in the linear mode showing s, what it said on
// arriving already heard; now, if given, is its clock.
func linearModel(s lobby.Screen, now ...func() time.Time) (*model, *fakeSession) {
	f := newFake(s)
	clock := func() time.Time { return fixedNow }
	if len(now) > 0 {
		clock = now[0]
	}
	m := New(Options{Client: f, Renderer: plainRenderer(), Width: 100, Height: 30, Linear: true, Now: clock}).(*model)
	m.setScreen(s)
	return m, f
}

// hear is what the model says now, one sentence a line.
func hear(m *model) string { return strings.Join(m.TakeSaid(nil), "\n") }

func TestTheLinearTableSaysTheNewsThenTheTurnWithItsChoicesNumbered(t *testing.T) {
	m, _ := linearModel(midGame())
	said := hear(m)
	want := strings.Join([]string{"hand 3: dee deals.", "bo played green 7.", "cy drew 1.", "dee played red 7.", "bo called UNO!",
		"cy says: gg all, brb coffee.", "bo says: one card left, watch out red.",
		"Table ana's table, private, Classic 2001, to 500.",
		"Your turn. You can play 1 red 2, 2 wild draw four, 3 green 7, 4 red draw two, 5 wild, or 6 draw. 9 cards."}, "\n")
	if !strings.HasSuffix(said, want) {
		t.Errorf("said:\n%s\nwant it to end:\n%s", said, want)
	}
	if again := hear(m); again != "" {
		t.Errorf("each thing is said once, then %q", again)
	}
}

func TestANumberKeyPlaysACardAndAWildAsksItsColour(t *testing.T) {
	m, f := linearModel(midGame())
	hear(m)
	press(m, keyMsg("5")) // wild: its colour is asked
	if len(f.intents) != 0 {
		t.Fatalf("a wild was sent before its colour: %v", f.intents)
	}
	if said := hear(m); said != "Choose the colour: 1 red, 2 blue, 3 green, or 4 yellow." {
		t.Fatalf("said %q, want the colour asked", said)
	}
	press(m, keyMsg("esc"))
	if said := hear(m); !strings.Contains(said, "You can play 1 red 2") {
		t.Errorf("escape did not go back to the turn: %q", said)
	}
	press(m, keyMsg("1")) // red 2
	if len(f.intents) != 1 || f.intents[0].Action != (engine.Action{Kind: engine.Play, Seat: 0, Card: card("R2")}) {
		t.Fatalf("sent %v, want red 2 played", f.intents)
	}
	press(m, keyMsg("7"))
	if said := hear(m); said != "there is no choice 7." {
		t.Errorf("a number with no choice: %q", said)
	}
}

func TestTheLinearTableSaysTheHandThePileAndTheScoresOnKeys(t *testing.T) {
	m, _ := linearModel(midGame())
	hear(m)
	for _, k := range []string{"h", "p", "s", "e"} {
		press(m, keyMsg(k))
	}
	said := hear(m)
	for _, want := range []string{
		"Your hand, 9 cards: red 2, red draw two, blue 0, blue skip, green 7, yellow 9, yellow reverse, wild and wild draw four.",
		"On the pile: red 7. Play goes left, clockwise. 62 cards in the draw pile.",
		"bo 1 card, UNO called; cy 12 cards; dee 5 cards.",
		"Scores: you 120; bo 85; cy 40; dee 0.",
		"The last events:\ncy drew 1.\ndee played red 7.",
	} {
		if !strings.Contains(said, want) {
			t.Errorf("heard:\n%s\nwant it to hold %q", said, want)
		}
	}
}

func TestACountdownIsSaidAtItsMomentsOnly(t *testing.T) {
	s := midGame()
	s.Table.TurnEnds = at(40 * time.Second)
	now := fixedNow
	m, _ := linearModel(s, func() time.Time { return now })
	var heard []string
	for ; now.Before(s.Table.TurnEnds); now = now.Add(500 * time.Millisecond) {
		m.update(tickMsg(now))
		for _, n := range m.TakeSaid(nil) {
			if strings.Contains(n, "seconds") {
				heard = append(heard, n)
			}
		}
	}
	want := []string{"Your turn ends in 30 seconds.", "Your turn ends in 10 seconds.", "Your turn ends in 5 seconds."}
	if !slices.Equal(heard, want) {
		t.Errorf("heard %q, want %q", heard, want)
	}
	// A turn seen first with its whole 30 seconds to go: "Your turn" says
	// it; the clock is said at 10 and 5.
	s.Table.TurnEnds, s.Table.Moves = now.Add(30*time.Second), s.Table.Moves+1
	m.setScreen(s)
	heard = nil
	for end := s.Table.TurnEnds; now.Before(end); now = now.Add(500 * time.Millisecond) {
		m.update(tickMsg(now))
		for _, n := range m.TakeSaid(nil) {
			if strings.Contains(n, "seconds") {
				heard = append(heard, n)
			}
		}
	}
	if want := want[1:]; !slices.Equal(heard, want) {
		t.Errorf("a new turn: heard %q, want %q", heard, want)
	}
}

func TestTheLinearWaitingRoomSaysEachSeatAndASeatIsChosenByNumber(t *testing.T) {
	m, f := linearModel(waitingRoom())
	said := hear(m)
	for _, want := range []string{
		"The code to share with friends: K 7 Q X, 2 M H C, 9 D F A.",
		"Seat 1: ana, the host, you.",
		"Seat 2: dee, a normal bot.",
		"Seat 3: empty.",
		"Selected: seat 1.",
		"You are the host: press s to start.",
		"ana says: invite sent!",
	} {
		if !strings.Contains(said, want) {
			t.Errorf("said:\n%s\nwant it to hold %q", said, want)
		}
	}
	press(m, keyMsg("2"))
	if said := hear(m); said != "Selected: seat 2." {
		t.Errorf("2 said %q, want seat 2 selected", said)
	}
	press(m, keyMsg("x"))
	if len(f.intents) != 1 || f.intents[0].Kind != lobby.RemoveBot || f.intents[0].Seat != 1 {
		t.Errorf("x on seat 2 sent %v, want its bot removed", f.intents)
	}
}

func TestReportingAPlayerIsSaidInTheLinearWaitingRoom(t *testing.T) {
	s := waitingRoom()
	s.Table.Seats[2] = lobby.SeatInfo{Nick: "cy", Connected: true}
	m, _ := linearModel(s)
	hear(m)
	press(m, keyMsg("3"))
	hear(m)
	press(m, keyMsg("r"))
	if said := hear(m); said != "Reporting cy to the operators: type a reason if you like, enter sends it, escape cancels." {
		t.Errorf("r on cy's seat said %q", said)
	}
}

func TestTheGamesEndOffersARematchAndTheLobbyByNumber(t *testing.T) {
	m, f := linearModel(gameOver())
	said := hear(m)
	for _, want := range []string{"Game over. Scores: you 120; bo 512; cy 40; dee 0.",
		"You can 1 play again with the same seats, or 2 go back to the lobby."} {
		if !strings.Contains(said, want) {
			t.Errorf("said:\n%s\nwant it to hold %q", said, want)
		}
	}
	press(m, keyMsg("1"))
	if len(f.intents) != 1 || f.intents[0].Kind != lobby.Rematch {
		t.Errorf("sent %v, want a rematch", f.intents)
	}
}

func TestTheLinearTournamentRoomSaysTheStandingsAndTheTablesToWatch(t *testing.T) {
	m, f := linearModel(tourRoom())
	said := hear(m)
	for _, want := range []string{"Tournament ", "Round ", "Place 1: ", "Table 1: ", "Press 1 to watch it.", "Table 2: "} {
		if !strings.Contains(said, want) {
			t.Errorf("said:\n%s\nwant it to hold %q", said, want)
		}
	}
	press(m, keyMsg("2"))
	if len(f.intents) != 1 || f.intents[0].Kind != lobby.TourWatch || f.intents[0].Seat != 1 {
		t.Errorf("2 sent %v, want table 2 watched", f.intents)
	}
	m, _ = linearModel(tourSignUp())
	if said := hear(m); !strings.Contains(said, "Place 1: ") || !strings.Contains(said, "Tournament ") {
		t.Errorf("the sign-up list said:\n%s", said)
	}
}
