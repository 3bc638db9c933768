package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// Golden views of every special interaction at 80x24, each twice: without
// colour (ANSI stripped, testdata/NAME.golden) and in colour, as the raw
// output for a 256-colour terminal (testdata/NAME.ansi256.golden), so that a
// change to a colour, a style or the edition's palette shows up too.

// specialCases are the special interactions: the screen and the keys that
// bring the overlay up.
func specialCases() []struct {
	name string
	scr  lobby.Screen
	keys []string
} {
	return []struct {
		name string
		scr  lobby.Screen
		keys []string
	}{
		{"table_color_80x24", midGame(), []string{"end", "enter"}},
		{"table_target_80x24", blankSwap(), []string{"right", "enter"}},
		{"table_challenge_80x24", challenge(), nil},
		{"table_race_80x24", race(), nil},
		{"table_raid_80x24", raid(), nil},
		{"table_raid_give_80x24", raid(), []string{"right", "enter", "right", "right"}},
		{"table_reveal_80x24", minionReveal(false, false), nil},
		{"table_reveal_drawer_80x24", minionReveal(true, false), nil},
		{"table_reveal_done_80x24", minionReveal(false, true), nil},
		{"table_greyskull_80x24", greyskull(), nil},
		{"table_scores_80x24", betweenHands(), nil},
		{"table_partners_scores_80x24", partnersScores(), nil},
		{"table_challenge_mode_80x24", challengeMode(), nil},
		{"table_eliminated_80x24", eliminated(), nil},
		{"table_final_80x24", gameOver(), nil},
		{"table_rotation_80x24", rotation(), nil},
		{"table_rotation_scores_80x24", rotationScores(), nil},
		{"table_rotation_final_80x24", rotationOver(), nil},
	}
}

// drawSpecial draws a case with the given renderer.
func drawSpecial(t *testing.T, scr lobby.Screen, keys []string, p termenv.Profile) string {
	t.Helper()
	m, _ := newTestModel(scr, 80, 24, renderer(p))
	pressAll(m, keys)
	view := m.View()
	checkSize(t, view, 80, 24)
	return view
}

func TestGoldenSpecialInteractions(t *testing.T) {
	for _, c := range specialCases() {
		t.Run(c.name, func(t *testing.T) {
			plain := drawSpecial(t, c.scr, c.keys, termenv.Ascii)
			if strings.Contains(plain, "\x1b") {
				t.Errorf("escape sequences in a view drawn without colour")
			}
			golden(t, c.name, plain)

			colour := drawSpecial(t, c.scr, c.keys, termenv.ANSI256)
			if !strings.Contains(colour, "\x1b[38;5;") {
				t.Errorf("no 256-colour sequence in the colour view")
			}
			if got := ansi.Strip(colour); got != plain {
				t.Errorf("the colour view does not read like the plain one:\n%s", got)
			}
			goldenRaw(t, c.name+".ansi256", colour)
		})
	}
}

// goldenRaw compares a view, escape sequences and all, with
// testdata/name.golden.
func goldenRaw(t *testing.T, name, view string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	got := view + "\n"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui/ -update to create it)", err)
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(gl), len(wl)); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s line %d:\n got: %q\nwant: %q", name, i+1, g, w)
		}
	}
}

// ---- the screens of the special interactions ----

// blankSwap is ana on turn holding a Blank whose house rule swaps hands.
func blankSwap() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Hand = cards("R2", "G7", "B0", "Y9", "R?")
	v.Seats = append([]engine.SeatView(nil), v.Seats...)
	v.Seats[0].Cards = 5
	v.Legal = legalFor(v.Hand[:4], v.Top, v.Color, v.Settings.Edition)
	for target := 1; target < 4; target++ { // a coloured Blank names a player, no colour
		v.Legal = append(v.Legal, engine.Action{Kind: engine.Play, Card: card("R?"), Target: target})
	}
	s.Table.Game = &v
	return s
}

// minionReveal is bo drawing for ana's Mutated Minion (Minions 2016), three
// cards shown so far; drawer: ana is the one who draws (she sees the faces);
// done: the fourth card came up orange.
func minionReveal(drawer, done bool) lobby.Screen {
	s := midGame()
	set := engine.Settings{Edition: engine.Minions2016, Mode: engine.Standard, Players: 4, Target: 500}
	v := *s.Table.Game
	v.Settings, v.Top, v.Color, v.Current, v.Legal = set, card("WM"), engine.Orange, 2, nil
	v.Hand = cards("B2", "G7", "O4", "Y9", "YS", "W")
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 6, Team: -1}, {Seat: 1, Cards: 4, Team: -1},
		{Seat: 2, Cards: 12, Team: -1}, {Seat: 3, Cards: 5, Team: -1},
	}
	r := &lobby.Reveal{Seat: 1, By: 0, Color: engine.Orange, Drawn: 3, Cards: make([]engine.Card, 3)}
	if drawer {
		r.Seat, r.By = 0, 3
		r.Cards = cards("G9", "Y9", "B6")
		v.Seats[0].Cards, v.Seats[1].Cards = 9, 1
		v.Hand = append(v.Hand, r.Cards...)
	}
	if done {
		r.Drawn, r.Done, r.Found = 4, true, true
		r.Cards = append(r.Cards, engine.Card{})
		v.Seats[1].Cards = 5
	}
	s.Table.Game = &v
	s.Table.Settings = set
	s.Table.TurnEnds = time.Time{}
	s.Table.Reveal = r
	s.Table.Log = []lobby.LogLine{{Text: "hand 3: dee deals"}, {Text: "you played WM: ORANGE"}}
	return s
}

// greyskull is the table just after ana's Power of Greyskull (MotU 2020):
// everyone else drew three, and it is bo's turn.
func greyskull() lobby.Screen {
	s := midGame()
	set := engine.Settings{Edition: engine.MastersOfTheUniverse2020, Mode: engine.Standard, Players: 4, Target: 500}
	v := *s.Table.Game
	v.Settings, v.Top, v.Color, v.Current, v.Legal = set, card("WG"), engine.Purple, 1, nil
	v.Hand = cards("B2", "R7", "G7", "P4", "PS", "W")
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 6, Team: -1}, {Seat: 1, Cards: 4, Team: -1},
		{Seat: 2, Cards: 15, Team: -1}, {Seat: 3, Cards: 8, Team: -1},
	}
	s.Table.Game = &v
	s.Table.Settings = set
	s.Table.Log = []lobby.LogLine{
		{Text: "you played WG: PURPLE"},
		{Text: "bo drew 3 cards: BY THE POWER OF GREYSKULL!"},
		{Text: "cy drew 3 cards: BY THE POWER OF GREYSKULL!"},
		{Text: "dee drew 3 cards: BY THE POWER OF GREYSKULL!"},
	}
	return s
}

// partnersScores is a Partners hand over: ana and cy (team A) went out.
func partnersScores() lobby.Screen {
	s := betweenHands()
	v := *s.Table.Game
	v.Settings.Mode = engine.Partners
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 0, Score: 45, Team: 0}, {Seat: 1, Cards: 7, Score: 0, Team: 1},
		{Seat: 2, Cards: 7, Score: 45, Team: 0}, {Seat: 3, Cards: 7, Score: 0, Team: 1},
	}
	s.Table.Game = &v
	s.Table.Settings.Mode = engine.Partners
	s.Table.LastHand = &lobby.HandResult{Winner: 0, Partner: 2, Points: 45, Held: []int{0, 13, 42, 32},
		Scores: []int{45, 0, 45, 0}}
	return s
}

// eliminated is Challenge UNO after ana was put out: she watches hand 4
// from her seat.
func eliminated() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Settings.Mode, v.Settings.Target = engine.Challenge, 200
	v.HandNo, v.Current, v.Hand, v.Legal = 4, 1, nil, nil
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 0, Score: 215, Team: -1, Out: true}, {Seat: 1, Cards: 7, Score: 12, Team: -1},
		{Seat: 2, Cards: 7, Score: 54, Team: -1}, {Seat: 3, Cards: 7, Score: 19, Team: -1},
	}
	s.Table.Game = &v
	s.Table.Settings = v.Settings
	s.Table.Log = []lobby.LogLine{{Text: "you are eliminated"}, {Text: "hand 4: dee deals"}}
	return s
}
