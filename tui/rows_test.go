package tui

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/table"
	"github.com/unossh/unossh/tui/ui"
)

// TestRowMemoMakesWhatTheFrameWould: over runs of frames where rows change
// a few at a time and the window is resized now and then, the kept rows are
// the rows frameLines and sideBySide make from scratch (side by side rows
// padded to the width, as the frame pads them), and a box kept spliced over
// rows is the box spliced afresh, wherever it moves.
func TestRowMemoMakesWhatTheFrameWould(t *testing.T) {
	pool := []string{"", "plain", "\x1b[1mbold\x1b[0m text", "wide 日本語 row", "│ box ╰─╯",
		"a much longer line that will not fit in a narrow column at all, not even close",
		"\x1b[38;5;196mred\x1b[0m and \x1b[38;5;21mblue\x1b[0m", "ends in space ", "24s", "23s"}
	pick := func(r *rand.Rand) string { return pool[r.IntN(len(pool))] }
	rng := rand.New(rand.NewPCG(7, 9))
	var frame ui.RowMemo
	var sides, under ui.PairMemo
	var into []string
	box := make([]string, 6)
	left := make([]string, 12)
	right := make([]string, 14)
	ls := make([]string, 20)
	w, lw, h := 80, 30, 24
	for step := range 3000 {
		if rng.IntN(50) == 0 {
			w, lw, h = 20+rng.IntN(100), 5+rng.IntN(30), 5+rng.IntN(30)
		}
		for range rng.IntN(3) {
			left[rng.IntN(len(left))] = pick(rng)
			right[rng.IntN(len(right))] = pick(rng)
			ls[rng.IntN(len(ls))] = pick(rng)
		}
		got := sides.SideBySide(nil, left, right, lw, w)
		want := ui.SideBySide(left, right, lw, w)
		require.Len(t, got, len(want), "step %d", step)
		for i := range want {
			require.Equal(t, pad(want[i], w), got[i], "step %d, row %d", step, i)
		}
		into = frame.AppendFrameLines(into[:0], ls, w, h) // (the painter's list of the frame before last)
		require.Equal(t, frameLines(ls, w, h), into, "step %d", step)
		box[rng.IntN(len(box))] = pick(rng)
		x, y := rng.IntN(lw+1), rng.IntN(len(ls)) // (sometimes past the rows' end)
		require.Equal(t, splice(ls, box, x, y), under.Splice(nil, ls, box, x, y, w), "step %d", step)
	}
}

// TestKeptOverlayIsTheOverlayNow: as the clock runs down and keys are
// pressed, the frame with the box the table page kept is always the frame
// with the box drawn afresh, in a window where the box fits and in one
// where it is drawn compact; a box with nothing counting down is drawn
// once between messages.
func TestKeptOverlayIsTheOverlayNow(t *testing.T) {
	for name, scr := range map[string]lobby.Screen{"challenge": challenge(), "scores": betweenHands(), "colour": midGame(),
		"race": race(), "raid": raid(), "final": gameOver(), "rotation": rotationScores(), "partners": partnersScores(),
		"tournament": tourBetween()} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			// m keeps its box between frames; fresh, told the same, draws it
			// afresh every frame.
			m, _ := newTestModel(scr, size[0], size[1], renderer(termenv.ANSI256))
			fresh, _ := newTestModel(scr, size[0], size[1], renderer(termenv.ANSI256))
			now := fixedNow
			m.now = func() time.Time { return now }
			fresh.now = m.now
			if name == "colour" {
				pressAll(m, []string{"end", "enter"})
				pressAll(fresh, []string{"end", "enter"})
			}
			require.NotEqual(t, table.NoBox, m.table.Box(m.ctx()), name)
			for step := range 80 {
				now = fixedNow.Add(time.Duration(step) * 250 * time.Millisecond)
				if step%10 == 9 { // through Update, as every key comes
					for _, mm := range []*model{m, fresh} {
						_, cmd := mm.Update(keyMsg("right"))
						run(mm, cmd)
					}
				}
				kept := m.Lines()
				fresh.table.Forget()
				fresh.frame = ui.RowMemo{}
				require.Equal(t, fresh.Lines(), kept, "%s at %dx%d, step %d", name, size[0], size[1], step)
			}
		}
	}
}

// TestUnchangedOnlyWhenTheFrameWouldBe: at a table, a frame is known to be
// the one on screen while no message came and no countdown moved by a
// second; drawn or not, Unchanged agrees with a frame drawn afresh.
func TestUnchangedOnlyWhenTheFrameWouldBe(t *testing.T) {
	for name, scr := range map[string]lobby.Screen{"turn": midGame(), "scores": betweenHands(), "challenge": challenge()} {
		m, _ := newTestModel(scr, 80, 24, renderer(termenv.ANSI256))
		now := fixedNow
		m.now = func() time.Time { return now }
		require.False(t, m.Unchanged(), "%s: nothing drawn yet", name)
		last := m.Lines()
		for step := range 120 {
			now = fixedNow.Add(time.Duration(step) * 100 * time.Millisecond)
			if step%25 == 24 {
				_, cmd := m.Update(keyMsg("right"))
				run(m, cmd)
			} else {
				m.Update(tickMsg(now))
			}
			unchanged := m.Unchanged()
			fresh := m.Lines()
			if unchanged {
				require.Equal(t, last, fresh, "%s, step %d: said unchanged", name, step)
			}
			last = fresh
		}
	}
	m, _ := newTestModel(midGame(), 80, 24, renderer(termenv.ANSI256))
	m.Lines()
	require.True(t, m.Unchanged(), "a tick within the same second")
	m.now = func() time.Time { return fixedNow.Add(1500 * time.Millisecond) }
	require.False(t, m.Unchanged(), "a second went by")
}

// TestAMoveGoingThroughDrawsNothing: the answer to a call that went through
// changes nothing on a table's screen, so no frame is drawn for it; one
// that failed shows its error.
func TestAMoveGoingThroughDrawsNothing(t *testing.T) {
	m, _ := newTestModel(midGame(), 80, 24, renderer(termenv.ANSI256))
	before := m.Lines()
	m.Update(callDoneMsg{})
	require.True(t, m.Unchanged())
	require.Equal(t, before, m.Lines())
	m.Update(callDoneMsg{err: errors.New("not your turn")})
	require.False(t, m.Unchanged())
	require.Contains(t, strings.Join(m.Lines(), "\n"), "not your turn")
}

// A line that fits is its own wrapping only when it is its words joined by
// single spaces: wrapText's shortcut gives what joining the words again
// (wrapWords) would. And wrapWords, which cuts its lines from one string it
// builds, gives the lines joining the words one by one gives (joinWords,
// its former body): words measured apart add up to the line they make.
func TestWrapTextShortcutIsTheWords(t *testing.T) {
	parts := []string{"a", "word", "longer-word", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "é", "e\u0301", "日本",
		"\x1b[2m", "\x1b[0m", "·", "▶", "\u200d", "👍", "🏽"}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 10000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s, w := b.String(), 1+rng.IntN(30)
		require.Equal(t, wrapWords(s, w), wrapText(s, w), "%q at %d", s, w)
		require.Equal(t, joinWords(s, w), wrapWords(s, w), "%q at %d", s, w)
	}
}

// joinWords is wrapWords as it was: each line joined a word at a time.
func joinWords(s string, w int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case width(line)+1+width(word) <= w:
			line += " " + word
		default:
			out = append(out, line)
			line = word
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
