package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// autoPlay is the table while a bot plays for the player, who was idle.
func autoPlay() lobby.Screen {
	s := midGame()
	t := *s.Table
	t.Seats = append([]lobby.SeatInfo(nil), t.Seats...)
	t.Seats[0].AutoPlay = true
	s.Table = &t
	return s
}

// tenGameOver is the end of a ten-player game: the tallest standings.
func tenGameOver() lobby.Screen {
	s := tenPlayers()
	v := *s.Table.Game
	v.Phase, v.Winners, v.Legal, v.Hand = engine.PhaseGameOver, []int{1}, nil, nil
	s.Table.Game = &v
	s.Table.Status = lobby.Finished
	held, scores := make([]int, 10), make([]int, 10)
	for i := range held {
		held[i], scores[i] = 5*i, 10*i
	}
	scores[1] = 520
	s.Table.LastHand = &lobby.HandResult{Winner: 1, Partner: -1, Points: 225, Held: held, Scores: scores,
		GameOver: true, Winners: []int{1}}
	return s
}

// TestOverlaysFitAt80x24: no overlay leaves a word cut beside it, and none
// is drawn over the player's cards. Every overlay, and the banners that
// share the hand's title line, at the smallest window.
func TestOverlaysFitAt80x24(t *testing.T) {
	cases := []struct {
		name string
		scr  lobby.Screen
		keys []string
	}{
		{"colour", midGame(), []string{"end", "enter"}},
		{"challenge", challenge(), nil},
		{"scores", betweenHands(), nil},
		{"final", gameOver(), nil},
		{"final, ten players", tenGameOver(), nil},
		{"race", race(), nil},
		{"raid", raid(), nil},
		{"leave", midGame(), []string{"q"}},
		{"auto-play", autoPlay(), nil},
		{"partners' scores", partnersScores(), nil},
		{"greyskull", greyskull(), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := newTestModel(c.scr, 80, 24, plainRenderer())
			pressAll(m, c.keys)
			view := m.View()
			checkSize(t, view, 80, 24)
			rows := strings.Split(view, "\n")
			cards := -1 // the first row of the player's cards
			for i, r := range rows {
				if strings.Contains(r, "╭────╮") && cards < 0 {
					cards = i
				}
			}
			for i, r := range rows {
				rs := []rune(r)
				first := strings.IndexAny(r, "║╔╚")
				if first < 0 {
					continue
				}
				if cards >= 0 && i >= cards-1 {
					t.Errorf("row %d: an overlay over the cards:\n%s", i, view)
				}
				lastRune := strings.LastIndexAny(string(rs), "║╗╝")
				if tail := strings.TrimSpace(string(rs[runeIndex(r, lastRune)+1:])); tail != "" {
					t.Errorf("row %d: %q is left cut beside the box", i, tail)
				}
				start := runeIndex(r, first)
				if lead := strings.TrimSpace(string(rs[:start])); lead != "" && start < 30 {
					t.Errorf("row %d: %q is left cut beside the box", i, lead)
				}
			}
			for _, want := range []string{"press any key to take over", "next hand in", "back to the lobby"} {
				if strings.Contains(strings.Join(strings.Fields(view), " "), want[:10]) &&
					!strings.Contains(view, want) {
					t.Errorf("%q is cut:\n%s", want, view)
				}
			}
		})
	}
}

// runeIndex turns a byte index into a rune index.
func runeIndex(s string, b int) int { return len([]rune(s[:b])) }

// On a wide window the colour chooser stands as near the screen's middle
// as the players' column lets it (three cells clear of the piles), not in
// the middle of that column alone: at 120x40 it sat 47 cells from the left
// and 13 from the right.
func TestColourChooserNearTheMiddle(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {160, 48}, {80, 24}} {
		m, _ := newTestModel(midGame(), size[0], size[1], plainRenderer())
		pressAll(m, []string{"end", "enter"})
		var left, right int
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if i := strings.Index(l, "╔"); i >= 0 {
				r := []rune(l)
				left = len([]rune(l[:i]))
				for j := len(r) - 1; j >= 0; j-- {
					if r[j] == '╗' {
						right = size[0] - 1 - j
						break
					}
				}
				break
			}
		}
		if d := left - right; d > 16 || d < -16 {
			t.Errorf("%dx%d: the box is %d cells from the left and %d from the right", size[0], size[1], left, right)
		}
	}
}
