package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// The lobby as one list to move through: the public tables to choose
// from, and "back to your table" while a seat is kept.

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
