package tui

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/create"
)

// What a new player trips on (issue 14), as the TUI shows it: the public
// tables as a list to choose from, "back to your table", a full table, a
// stand-in bot's win, and the turn timers the README promises.

// The fake session chooses seats too; what it is asked is noted among the
// watches ("sit:t3", "back", "code:K7QX...").
func (f *fakeSession) Back() error { return f.note("back") }
func (f *fakeSession) Sit(id string) error {
	return f.note("sit:" + id)
}
func (f *fakeSession) WatchCode(code string) error { return f.note("code:" + code) }

func (f *fakeSession) note(what string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.watches = append(f.watches, what)
	return f.err
}

// shortLobby is the lobby's list with each table's short name, and a seat
// kept for the player at one of them.
func shortLobby(held bool) lobby.Screen {
	s := lobbyScreen()
	for i, short := range []string{"brave-otter", "misty-heron", "quiet-lynx", "jolly-walrus"} {
		s.Tables[i].Short = short
	}
	if held {
		s.Held = &lobby.HeldSeat{TableID: "t2", Short: "quiet-lynx", Name: "minions!", Until: at(97 * time.Second)}
	}
	return s
}

func TestLobbyListGoldens(t *testing.T) {
	cases := []struct {
		name string
		held bool
		keys []string
	}{
		{"lobby_list_80x24", false, []string{"down", "down", "down", "down", "down", "down", "down", "down"}},
		{"lobby_back_80x24", true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := newTestModel(shortLobby(c.held), 80, 24, plainRenderer())
			pressAll(m, c.keys)
			v := m.View()
			checkSize(t, v, 80, 24)
			golden(t, c.name, v)
		})
	}
}

// Up and down move through the menu (six entries) and on through the tables; enter sits
// at the table under the cursor, w watches it, and enter on "back to your
// table" (where the cursor starts while a seat is kept) goes back.
func TestLobbyListChooses(t *testing.T) {
	cases := []struct {
		name string
		held bool
		keys []string
		want []string
	}{
		{"enter sits at the table chosen", false, []string{"down", "down", "down", "down", "down", "down", "down", "down", "enter"}, []string{"sit:t3"}},
		{"w watches it", false, []string{"down", "down", "down", "down", "down", "down", "down", "w"}, []string{"t1"}},
		{"w on the menu watches nothing", false, []string{"w"}, nil},
		{"up from the top goes round to the last table", false, []string{"up", "enter"}, []string{"sit:t4"}},
		{"the cursor starts on back to your table", true, []string{"enter"}, []string{"back"}},
		{"the filter narrows the list chosen from", false, []string{"/", "j", "o", "enter", "down", "down", "down", "down", "down", "down", "down", "enter"}, []string{"sit:t4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, f := newTestModel(shortLobby(c.held), 80, 24, plainRenderer())
			pressAll(m, c.keys)
			f.mu.Lock()
			defer f.mu.Unlock()
			if strings.Join(f.watches, ",") != strings.Join(c.want, ",") {
				t.Errorf("asked %v, want %v", f.watches, c.want)
			}
		})
	}
}

// A seat kept for the player shows with the time left, and goes once it is up.
func TestBackEntryCountsDown(t *testing.T) {
	m, _ := newTestModel(shortLobby(true), 80, 24, plainRenderer())
	v := ansi.Strip(m.View())
	if !regexp.MustCompile(`▶ Back to your table\s+your seat at quiet-lynx is kept for 1:37`).MatchString(v) {
		t.Fatalf("no entry:\n%s", v)
	}
	if !strings.Contains(v, "back to your seat at quiet-lynx") {
		t.Errorf("Quick play does not say it goes back:\n%s", v)
	}
	if !m.showsClock() {
		t.Error("the entry's countdown does not tick")
	}
	m.now = func() time.Time { return at(98 * time.Second) }
	if v := ansi.Strip(m.View()); strings.Contains(v, "Back to your table") {
		t.Errorf("the entry outlived the seat:\n%s", v)
	}
}

// A full table says so and offers to watch it; w watches by the code.
func TestJoinFullOffersToWatch(t *testing.T) {
	s := lobbyScreen()
	m, f := newTestModel(s, 80, 24, plainRenderer())
	f.err = lobby.ErrTableFull
	pressAll(m, []string{"3"})
	pressAll(m, strings.Split("K7QX2MHC9DFA", ""))
	pressAll(m, []string{"enter"})
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "table full") || !strings.Contains(v, "w watch this table instead") {
		t.Fatalf("no offer:\n%s", v)
	}
	f.err = nil
	pressAll(m, []string{"w"})
	f.mu.Lock()
	defer f.mu.Unlock()
	if got := strings.Join(f.watches, ","); got != "code:K7QX2MHC9DFA" {
		t.Errorf("asked %q", got)
	}
}

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

// The README offers the turn timers the create form does.
func TestReadmeAgreesWithTheForm(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	var secs []string
	for _, d := range create.Timers {
		n := strconv.Itoa(int(d.Seconds()))
		switch d {
		case 0:
			if !strings.Contains(readme, `"standard" in the create form is 30 seconds a turn`) {
				t.Error(`the README does not say what "standard" is`)
			}
		case lobby.NoTurnTimer:
			if !strings.Contains(readme, "turn it off at a private table") {
				t.Error("the README does not offer the timer off")
			}
		default:
			secs = append(secs, n)
		}
	}
	want := "the host may pick " + strings.Join(secs[:len(secs)-1], ", ") + " or " + secs[len(secs)-1] + " seconds"
	if !strings.Contains(readme, want) {
		t.Errorf("the README's timers are not the form's: want %q", want)
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
