package term

import (
	"bytes"
	"io"
	"strconv"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// painter draws a session's screen only when it changes, and sends only the
// lines that changed.
//
// Bubble Tea v1's standard renderer runs a 60 Hz ticker for the program's
// whole life and, at each tick, compares the whole frame with the last one:
// with thousands of sessions that idle work alone fills a core. No
// tea.Program and no renderer runs here: painter wraps the model, and the
// loop (loop.go) hands it every message; after each Update it asks the
// model for its lines and writes those that differ from what the terminal
// already shows, at once. A session that receives no message does no work.
//
// It draws on the alternate screen, with the cursor hidden and bracketed
// paste on, as the standard renderer did with tea.WithAltScreen; restore
// undoes that when the program ends.
type painter struct {
	inner Model
	out   io.Writer

	w, h   int       // the window; 0 until known
	shown  []string  // the lines on the terminal now
	box    *[]string // from takeList until giveList: lineLists' holder
	opened bool      // the alternate screen is set up
	clear  bool      // the next paint starts from a cleared screen

	linear bool     // the last frame was said, not drawn (linear.go)
	said   []string // the sentences of a linear frame, kept for the next

	titles bool   // the terminal takes window titles (not TERM=dumb)
	title  string // the title last set

	chunk   int      // the most out takes in one write (see syncBegin)
	drawers *Drawers // where frames are made; nil: on the caller's goroutine
	counts  *Counts  // the server's totals; nil in tests
}

// A frame too long for one write (Options.Chunk) goes out in several packets,
// and a terminal could show it torn between them for a moment. Such a frame
// is sent between the marks of synchronized output (DEC private mode 2026):
// a terminal that knows them draws the frame whole, at its end; one that
// does not ignores them, as it ignores every mode it does not know.
const (
	syncBegin = "\x1b[?2026h"
	syncEnd   = "\x1b[?2026l"
)

// Sequences of the terminal set-up, the same the standard renderer sends.
const (
	paintOpen  = ansi.SetAltScreenSaveCursorMode + ansi.HideCursor + ansi.SetBracketedPasteMode
	paintClose = ansi.ResetBracketedPasteMode + ansi.ShowCursor + ansi.ResetAltScreenSaveCursorMode
)

func newPainter(inner Model, out io.Writer, w, h int, titles bool) *painter {
	return &painter{inner: inner, out: out, w: w, h: h, titles: titles, chunk: DefaultChunk}
}

func (p *painter) Init() tea.Cmd { return p.inner.Init() }

// Update passes the message on, then paints what changed. The model's
// update and the frame are made on a drawer (drawers.go), in one job; the
// frame is written from the session's own goroutine, since a write may
// wait on a client that reads slowly.
func (p *painter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		if ws.Width != p.w || ws.Height != p.h {
			p.clear = true // lines wrap or move: start again
		}
		p.w, p.h = ws.Width, ws.Height
	}
	var cmd tea.Cmd
	var frame, said *bytes.Buffer
	p.drawers.do(func() {
		var next tea.Model
		next, cmd = p.inner.Update(msg)
		p.inner = asModel(next)
		if p.inner.Linear() {
			said = p.speak() // (linear.go)
			return
		}
		if p.opened && !p.clear && !p.linear && p.inner.Unchanged() {
			return // nothing on screen would change
		}
		frame = p.compose()
	}, p.inner.Background(msg))
	switch {
	case said != nil:
		p.sendSaid(said)
	case frame != nil:
		p.send(frame)
	}
	return p, cmd
}

// View is called by the program after every message; painting happened in
// Update already (and the first paint happens here, before any message).
func (p *painter) View() string {
	if !p.opened && !p.linear {
		p.paint()
	}
	return ""
}

// paint makes the frame on a drawer and writes it (or says it).
func (p *painter) paint() {
	var frame, said *bytes.Buffer
	p.drawers.do(func() {
		if p.inner.Linear() {
			said = p.speak()
			return
		}
		frame = p.compose()
	}, false)
	if said != nil {
		p.sendSaid(said)
		return
	}
	p.send(frame)
}

// compose puts the frame together, in a buffer from paintBufs that send
// gives back: the changed lines only, each ended by clearing the rest of
// its row, then a clearing of the rows below the view.
func (p *painter) compose() *bytes.Buffer {
	b := paintBufs.Get().(*bytes.Buffer)
	b.Reset()
	b.WriteString(syncBegin) // kept only if the frame takes more than one write
	if !p.opened {
		b.WriteString(paintOpen)
		p.opened = true
		p.clear = true
		p.linear = false // (the mode was turned off: the screen again)
	}
	if p.clear {
		b.WriteString(ansi.EraseEntireScreen)
		p.shown = p.shown[:0]
		p.clear = false
	}
	p.counts.Frame()
	// Into a list from lineLists: it becomes the list of what is shown,
	// and the list it replaces goes back for another frame.
	lines := p.inner.AppendLines(p.takeList())
	if p.h > 0 && len(lines) > p.h {
		lines = lines[:p.h]
	}
	// Lines made exactly as wide as the window (as the session's model
	// makes them) are neither cut nor measured again (a share of the CPU
	// under load worth saving: docs/benchmarks.md).
	fitted := p.w > 0 && p.inner.FittedWidth() == p.w
	for i, line := range lines {
		if i < len(p.shown) && p.shown[i] == line {
			continue
		}
		out := line
		if p.w > 0 && !fitted {
			out = ansi.Truncate(line, p.w, "")
		}
		from, col, to := 0, 0, len(out)
		if i < len(p.shown) && out == line {
			from, col = sameUntil(p.shown[i], line)
			to = sameAfter(p.shown[i], line, from)
		}
		b.WriteString(cursorAt(i, col))
		b.WriteString(out[from:to])
		if to == len(out) && (p.w <= 0 || !fitted && ansi.StringWidth(out) < p.w) {
			b.WriteString(ansi.EraseLineRight)
		}
	}
	if len(p.shown) > len(lines) {
		b.WriteString(cursorTo(len(lines)))
		b.WriteString(ansi.EraseScreenBelow)
	}
	p.giveList(p.shown)
	p.shown = lines
	p.signal(b)
	if b.Len() > len(syncBegin)+p.chunk {
		b.WriteString(syncEnd)
	}
	return b
}

// send writes a frame compose made (without the synchronized output's
// marks if it fits in one write) and gives its buffer back.
func (p *painter) send(b *bytes.Buffer) {
	defer paintBufs.Put(b)
	frame := b.Bytes()
	if len(frame) <= len(syncBegin)+p.chunk {
		frame = frame[len(syncBegin):]
	}
	if len(frame) > 0 {
		_, _ = p.out.Write(frame)
		p.counts.Sent(len(frame))
	}
	p.observe()
}

// observe measures how long the move on screen took to reach it.
func (p *painter) observe() {
	if p.counts != nil {
		if at, ok := p.inner.TakeMoveStamp(); ok {
			p.counts.Observe(time.Since(at))
		}
	}
}

// signal adds the window title, when it changed, and the bell. The bell
// always follows a title sequence where the terminal takes titles, so that
// the program's own BEL is never a lone byte (tests tell it apart from one a
// player might try to send others).
func (p *painter) signal(b *bytes.Buffer) {
	ring := p.inner.TakeBell()
	if p.titles {
		if title := p.inner.Title(); title != p.title || ring {
			b.WriteString(ansi.SetWindowTitle(title))
			p.title = title
		}
	}
	if ring {
		b.WriteByte('\a')
	}
}

// restore leaves the alternate screen, for the end of the program.
func (p *painter) restore() {
	if p.opened {
		_, _ = io.WriteString(p.out, paintClose)
	}
}

// paintBufs are the buffers paints are put together in, shared by all
// sessions: a session holds one only while it paints, so idle sessions
// hold none.
var paintBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// lineLists are lists for a frame's lines, shared by all sessions: a
// session keeps the list of what its terminal shows, and takes one for its
// next frame only while it paints, so that a frame makes no list and an
// idle session holds no second one.
var lineLists = sync.Pool{New: func() any { return new([]string) }}

// takeList is an empty list from lineLists. The pool holds pointers (a
// slice put in it as it is would be copied to the heap each time); the
// painter keeps the one it took for giveList.
func (p *painter) takeList() []string {
	p.box = lineLists.Get().(*[]string)
	out := (*p.box)[:0]
	*p.box = nil
	return out
}

// giveList gives a list of lines that is no longer shown back to
// lineLists, emptied: the rows it held may be gone from the screen.
func (p *painter) giveList(ls []string) {
	b := p.box
	p.box = nil
	clear(ls)
	*b = ls[:0]
	lineLists.Put(b)
}

// cursorTo moves the cursor to the start of row i (from 0).
func cursorTo(i int) string {
	return "\x1b[" + strconv.Itoa(i+1) + "H"
}

// cursorAt moves the cursor to column col of row i (both from 0).
func cursorAt(i, col int) string {
	if col == 0 {
		return cursorTo(i)
	}
	return "\x1b[" + strconv.Itoa(i+1) + ";" + strconv.Itoa(col+1) + "H"
}

// sameUntil finds how much of a changed line the terminal already shows: it
// returns the byte index in line, and the column, from which line must be
// written, 0 and 0 for the whole line. Most changes are at a line's end (a
// countdown's seconds, a card count), and the row around them need not go
// on the wire again.
//
// The cut is made only where it is safe to start writing: where no style is
// open in line (at its start, or after a full reset, as lipgloss ends every
// styled span), after text whose columns are certain (printable ASCII and
// the few one-cell symbols frames are drawn with), and before a character
// that cannot join the one before it.
func sameUntil(old, line string) (from, col int) {
	c := scan{s: line, ok: true} // (suffix.go)
	for c.i < len(line) && c.i < len(old) {
		start := c.i
		c.step()
		if !c.ok || c.i > len(old) || old[start:c.i] != line[start:c.i] {
			return from, col
		}
		if !c.styled && (c.i == len(line) || line[c.i] < 0x80) {
			from, col = c.i, c.col
		}
	}
	return from, col
}

// sgrEnd is the index after the SGR sequence (ESC [ ... m) at s[i], or -1.
func sgrEnd(s string, i int) int {
	if i+1 >= len(s) || s[i+1] != '[' {
		return -1
	}
	for j := i + 2; j < len(s); j++ {
		switch c := s[j]; {
		case c == 'm':
			return j + 1
		case c >= '0' && c <= '9' || c == ';' || c == ':':
		default:
			return -1
		}
	}
	return -1
}

// oneCell says whether r is one of the symbols frames are drawn with that
// every terminal shows in one cell: box drawing, blocks, shapes, arrows,
// dots and dashes, and Latin-1 letters.
func oneCell(r rune) bool {
	switch {
	case r >= 0x2500 && r <= 0x25FF, r >= 0x2190 && r <= 0x21FF, r >= 0x2010 && r <= 0x2027:
		return true
	case r >= 0xA1 && r <= 0xFF:
		return r != 0xAD // the soft hyphen takes no cell
	}
	return false
}
