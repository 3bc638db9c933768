package term

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// linesModel shows its lines; a string message replaces line 1.
type linesModel struct{ lines []string }

func (m *linesModel) Init() tea.Cmd { return nil }
func (m *linesModel) View() string  { return strings.Join(m.lines, "\n") }
func (m *linesModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(string); ok {
		m.lines[1] = s
	}
	return m, nil
}

// The rest of the contract: a model with nothing more to say. The test
// models below that have more to say embed linesModel and say it.
func (m *linesModel) AppendLines(dst []string) []string { return append(dst, m.lines...) }
func (*linesModel) FittedWidth() int                    { return 0 }
func (*linesModel) Unchanged() bool                     { return false }
func (*linesModel) Title() string                       { return "" }
func (*linesModel) TakeBell() bool                      { return false }
func (*linesModel) TakeMoveStamp() (time.Time, bool)    { return time.Time{}, false }
func (*linesModel) Background(tea.Msg) bool             { return false }
func (*linesModel) TakePump() (<-chan struct{}, func() tea.Msg) {
	return nil, nil
}
func (*linesModel) TakeClock() (func() bool, func(time.Time) tea.Msg) { return nil, nil }
func (*linesModel) Linear() bool                                      { return false }
func (*linesModel) TakeSaid(dst []string) []string                    { return dst }

func TestPainterSendsOnlyChangedLines(t *testing.T) {
	var out bytes.Buffer
	m := &linesModel{lines: []string{"header", "turn 0:30", "hand"}}
	p := newPainter(m, &out, 20, 5, false)

	p.View() // the program's first paint
	first := out.String()
	require.True(t, strings.HasPrefix(first, paintOpen), "the first paint sets up the screen")
	for _, l := range m.lines {
		require.Contains(t, first, l)
	}

	cases := []struct {
		name string
		msg  tea.Msg
		want string // the only text on the wire; "" for nothing at all
	}{
		{"a message that changes nothing sends nothing", struct{}{}, ""},
		{"one changed line is the only one sent, from where it changed", "turn 0:29", "29"},
		{"the same view again sends nothing", "turn 0:29", ""},
		{"a line that changed from its start goes whole", "your turn", "your turn"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out.Reset()
			p.Update(c.msg)
			require.Equal(t, c.want, ansi.Strip(out.String()))
		})
	}
	out.Reset()
	p.Update("your turn 0:28")
	require.Equal(t, cursorAt(1, 9)+" 0:28"+ansi.EraseLineRight, out.String())
}

func TestPainterRepaintsAllAfterAResize(t *testing.T) {
	var out bytes.Buffer
	m := &linesModel{lines: []string{"a", "b", "c"}}
	p := newPainter(m, &out, 20, 5, false)
	p.View()
	out.Reset()
	p.Update(tea.WindowSizeMsg{Width: 30, Height: 6})
	got := out.String()
	require.True(t, strings.HasPrefix(got, ansi.EraseEntireScreen))
	require.Equal(t, "abc", ansi.Strip(got))
}

func TestPainterTruncatesAndClearsBelow(t *testing.T) {
	var out bytes.Buffer
	m := &linesModel{lines: []string{"0123456789", "x", "y", "z"}}
	p := newPainter(m, &out, 4, 3, false) // 4 columns, 3 rows
	p.View()
	require.Equal(t, "0123xy", ansi.Strip(out.String()), "wide lines are cut, rows past the window dropped")

	out.Reset()
	m.lines = []string{"0123"}
	p.Update(struct{}{})
	require.Contains(t, out.String(), cursorTo(1)+ansi.EraseScreenBelow, "rows no longer drawn are cleared")
}

func TestPainterRestoresTheTerminal(t *testing.T) {
	var out bytes.Buffer
	p := newPainter(&linesModel{lines: []string{"a", "b"}}, &out, 10, 5, false)
	p.restore()
	require.Empty(t, out.String(), "nothing to restore before the first paint")
	p.View()
	out.Reset()
	p.restore()
	require.Equal(t, paintClose, out.String())
}

// alertModel has a title and a bell.
type alertModel struct {
	linesModel
	title string
	ring  bool
}

func (m *alertModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m *alertModel) Title() string                       { return m.title }
func (m *alertModel) TakeBell() bool {
	r := m.ring
	m.ring = false
	return r
}

func TestPainterSetsTheTitleAndRingsTheBell(t *testing.T) {
	var out bytes.Buffer
	m := &alertModel{linesModel: linesModel{lines: []string{"a", "b"}}, title: "UNO"}
	p := newPainter(m, &out, 10, 5, true)
	p.View()
	require.Contains(t, out.String(), ansi.SetWindowTitle("UNO"))

	out.Reset()
	p.Update(struct{}{})
	require.Empty(t, out.String(), "the same title is not sent again")

	m.title, m.ring = "your turn", true
	p.Update(struct{}{})
	require.Equal(t, ansi.SetWindowTitle("your turn")+"\a", out.String())

	out.Reset()
	dumb := newPainter(&alertModel{linesModel: linesModel{lines: []string{"a"}}, title: "UNO", ring: true}, &out, 10, 5, false)
	dumb.View()
	require.NotContains(t, out.String(), ansi.SetWindowTitle("UNO"), "no title on a terminal that would print it")
	require.Contains(t, out.String(), "\a")
}

// stillModel is a linesModel that says when its view would not change, and
// counts the frames it was asked for.
type stillModel struct {
	linesModel
	still  bool
	frames int
}

func (m *stillModel) Unchanged() bool { return m.still }
func (m *stillModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.linesModel.Update(msg)
	return m, nil
}
func (m *stillModel) AppendLines(dst []string) []string {
	m.frames++
	return append(dst, m.lines...)
}

// TestPainterSkipsAFrameThatWouldNotChange: a model that knows its view is
// the one on screen is not asked for it; after a resize it always is.
func TestPainterSkipsAFrameThatWouldNotChange(t *testing.T) {
	var out bytes.Buffer
	m := &stillModel{linesModel: linesModel{lines: []string{"header", "turn 0:30", "hand"}}}
	p := newPainter(m, &out, 20, 5, false)
	p.View()
	require.Equal(t, 1, m.frames)

	m.still = true
	out.Reset()
	p.Update(struct{}{})
	require.Equal(t, 1, m.frames, "no frame drawn")
	require.Empty(t, out.String())

	p.Update(tea.WindowSizeMsg{Width: 30, Height: 5})
	require.Equal(t, 2, m.frames, "a resize redraws all")

	m.still = false
	p.Update("turn 0:29")
	require.Equal(t, 3, m.frames)
	require.Contains(t, out.String(), "29")
}

// TestPainterSynchronizesLongFrames: a frame longer than one write goes out
// between the marks of synchronized output; a short one without them.
func TestPainterSynchronizesLongFrames(t *testing.T) {
	var out bytes.Buffer
	long := make([]string, 30)
	for i := range long {
		long[i] = strings.Repeat(string(rune('a'+i%26)), 70)
	}
	m := &linesModel{lines: long}
	p := newPainter(m, &out, 80, 30, false)
	p.View()
	require.Greater(t, out.Len(), DefaultChunk)
	require.True(t, strings.HasPrefix(out.String(), syncBegin), "a long frame starts with the mark")
	require.True(t, strings.HasSuffix(out.String(), syncEnd), "and ends with its end")
	out.Reset()
	p.Update("short")
	require.NotContains(t, out.String(), syncBegin)
	require.Equal(t, "short", ansi.Strip(out.String()))
}
