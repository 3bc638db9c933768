package term

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/hinshun/vt10x"
	"github.com/stretchr/testify/require"
)

// TestPainterDiffsDrawWhatWholeLinesDraw: whatever frames follow one
// another, a terminal fed the painter's partial lines shows, cell by cell
// (character, colours, attributes), what one fed every changed line whole
// shows. A changed line keeps some of its first pieces, some of its last,
// or both, with new ones between.
func TestPainterDiffsDrawWhatWholeLinesDraw(t *testing.T) {
	const w, h = 40, 6
	pieces := []string{
		"a", "bc", "7", " ", "16s", "15s", "you", "▶ ", "·", "─", "╭", "é", "★", "中",
		"\x1b[1m", "\x1b[38;5;214m", "\x1b[1;38;5;196m", "\x1b[0m", "\x1b[m", "\x1b[22m", "\x1b[7m",
	}
	r := rand.New(rand.NewPCG(3, 4))
	// A frame is lines of pieces; a changed line keeps some of its first
	// pieces, as a countdown or a card count changes at a line's end.
	var kept [][]string
	frameOf := func(prev [][]string) []string {
		kept = make([][]string, h)
		out := make([]string, h)
		for i := range out {
			var tail []string
			if prev != nil && r.IntN(3) > 0 {
				kept[i] = append([]string(nil), prev[i][:r.IntN(len(prev[i])+1)]...)
			}
			if prev != nil && r.IntN(2) == 0 {
				tail = prev[i][r.IntN(len(prev[i])+1):]
			}
			for range r.IntN(8) {
				kept[i] = append(kept[i], pieces[r.IntN(len(pieces))])
			}
			kept[i] = append(kept[i], tail...)
			if n := len(kept[i]); n == 0 || kept[i][n-1] != "\x1b[0m" {
				kept[i] = append(kept[i], "\x1b[0m") // as every line of a frame ends
			}
			out[i] = strings.Join(kept[i], "")
		}
		return out
	}
	for run := range 300 {
		m := &linesModel{lines: frameOf(nil)}
		var diffs bytes.Buffer
		p := newPainter(m, &diffs, w, h, false)
		p.View()
		whole := newWholeLines(w, h)
		whole.paint(m.lines)
		for step := range 12 {
			next := frameOf(kept)
			m.lines = next
			p.Update(struct{}{})
			whole.paint(next)
			vtD := vt10x.New(vt10x.WithSize(w, h))
			_, _ = vtD.Write(diffs.Bytes())
			for y := range h {
				for x := range w {
					require.Equal(t, whole.vt.Cell(x, y), vtD.Cell(x, y),
						"run %d step %d cell %d,%d\nframe:\n%q", run, step, x, y, strings.Join(next, "\n"))
				}
			}
		}
	}
}

// wholeLines draws each changed line whole, as the painter did before.
type wholeLines struct {
	vt    vt10x.Terminal
	shown []string
	w     int
}

func newWholeLines(w, h int) *wholeLines {
	return &wholeLines{vt: vt10x.New(vt10x.WithSize(w, h)), w: w}
}

func (wl *wholeLines) paint(lines []string) {
	var b bytes.Buffer
	for i, l := range lines {
		if i < len(wl.shown) && wl.shown[i] == l {
			continue
		}
		// Erased to the row's end unless the line fills it: at the last
		// column the cursor waits to wrap, and an erase there clears the
		// line's last cell.
		out := ansi.Truncate(l, wl.w, "")
		b.WriteString(cursorTo(i) + out)
		if ansi.StringWidth(out) < wl.w {
			b.WriteString("\x1b[K")
		}
	}
	wl.shown = append(wl.shown[:0], lines...)
	_, _ = wl.vt.Write(b.Bytes())
}

// Finding a changed line's kept end allocates nothing: it runs for every
// changed line of every frame (a first version built lists of the places a
// line may be cut, and was a large share of a playing server's
// allocations: docs/benchmarks.md).
func TestSameAfterAllocatesNothing(t *testing.T) {
	old := "\x1b[1;38;5;214m▶ your turn · 25s\x1b[0m          ada played G3 and a long line after it\x1b[0m   "
	line := "\x1b[1;38;5;214m▶ your turn · 24s\x1b[0m          ada played G3 and a long line after it\x1b[0m   "
	from, _ := sameUntil(old, line)
	to := sameAfter(old, line, from)
	require.Less(t, to, len(line), "the end is kept")
	require.Zero(t, testing.AllocsPerRun(100, func() { sameAfter(old, line, from) }))
}

// fittedModel is a linesModel whose lines are made exactly w cells wide.
type fittedModel struct {
	linesModel
	w int
}

func (m *fittedModel) FittedWidth() int { return m.w }
func (m *fittedModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.linesModel.Update(msg)
	return m, nil
}

// A model that makes its lines exactly as wide as the window spares the
// painter cutting and measuring them: what goes on the wire is the same,
// byte for byte.
func TestPainterTakesFittedLinesAsTheyAre(t *testing.T) {
	const w, h = 30, 5
	pieces := []string{"a", "bc", "7", " ", "16s", "·", "─", "é", "中", "\x1b[1m", "\x1b[38;5;214m", "\x1b[0m"}
	r := rand.New(rand.NewPCG(5, 6))
	fit := func(s string) string { // as the tui's frame makes its rows
		s = ansi.Truncate(s, w, "")
		return s + strings.Repeat(" ", w-ansi.StringWidth(s))
	}
	frame := func() []string {
		out := make([]string, h)
		for i := range out {
			var b strings.Builder
			for range r.IntN(14) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			out[i] = fit(b.String() + "\x1b[0m")
		}
		return out
	}
	plain, fitted := &linesModel{}, &fittedModel{w: w}
	var a, b bytes.Buffer
	pa, pb := newPainter(plain, &a, w, h, false), newPainter(fitted, &b, w, h, false)
	for step := range 200 {
		next := frame()
		if step > 0 && r.IntN(3) > 0 { // most frames change a line or two
			next = append([]string(nil), plain.lines...)
			next[r.IntN(h)] = frame()[0]
		}
		plain.lines, fitted.lines = next, append([]string(nil), next...)
		if step == 0 {
			pa.View()
			pb.View()
		} else {
			pa.Update(struct{}{})
			pb.Update(struct{}{})
		}
		require.Equal(t, a.String(), b.String(), "step %d", step)
	}
}
