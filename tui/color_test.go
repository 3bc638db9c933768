package tui

import (
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// TestColorProfiles checks that each session is drawn in its own terminal's
// colours: true colour, 256 and 16 colours each use their own escape
// sequences, and a terminal without colour gets none at all.
func TestColorProfiles(t *testing.T) {
	screens := map[string]lobby.Screen{"table": midGame(), "lobby": lobbyScreen(), "waiting": waitingRoom(),
		"race": race(), "raid": raid(), "final": gameOver()}
	for _, c := range []struct {
		profile termenv.Profile
		want    string // a foreground colour sequence this profile uses
		not     []string
	}{
		{termenv.TrueColor, "\x1b[38;2;", nil},
		{termenv.ANSI256, "\x1b[38;5;", []string{"38;2;"}},
		{termenv.ANSI, "\x1b[9", []string{"38;2;", "38;5;"}},
		{termenv.Ascii, "", []string{"\x1b"}},
	} {
		for name, scr := range screens {
			m, _ := newTestModel(scr, 80, 24, renderer(c.profile))
			v := m.View()
			if c.want != "" && !strings.Contains(v, c.want) {
				t.Errorf("profile %v, %s: no %q in the view", c.profile, name, c.want)
			}
			for _, n := range c.not {
				if strings.Contains(v, n) {
					t.Errorf("profile %v, %s: %q in the view", c.profile, name, n)
				}
			}
			checkSize(t, v, 80, 24)
		}
	}
}

// TestCardColors checks each edition's colours reach its cards, and that
// two sessions with different profiles do not share styles.
func TestCardColors(t *testing.T) {
	rich := newStyles(renderer(termenv.TrueColor))
	plain := newStyles(renderer(termenv.Ascii))
	for _, e := range engine.Editions {
		seen := map[string]engine.Color{}
		for _, col := range e.Colors() {
			c := engine.Card{Color: col, Kind: engine.Number, Value: 7}
			l := rich.label(c, e)
			if !strings.Contains(l, "38;2;") || !strings.Contains(l, c.Label()) {
				t.Errorf("%v: %v drawn as %q", e, col, l)
			}
			if other, ok := seen[l]; ok {
				t.Errorf("%v: %v and %v look the same", e, col, other)
			}
			seen[l] = col
			if got := plain.label(c, e); got != c.Label() {
				t.Errorf("without colour %v is %q", c, got)
			}
		}
		w := rich.label(engine.Card{Kind: engine.WildDrawFour}, e)
		if strings.Count(w, "38;2;") != 3 {
			t.Errorf("%v: a wild is not a rainbow: %q", e, w)
		}
	}
	// 16 colours: the four colours of every edition stay distinct
	ansi := newStyles(renderer(termenv.ANSI))
	for _, e := range engine.Editions {
		seen := map[string]bool{}
		for _, col := range e.Colors() {
			l := ansi.color(col).Render("x")
			if seen[l] {
				t.Errorf("%v: two colours share %q in 16 colours", e, l)
			}
			seen[l] = true
		}
	}
}
