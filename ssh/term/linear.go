package term

import (
	"bytes"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The linear painter: the screen-reader mode (Model.Linear).
//
// A screen reader reads a terminal as a stream: what is appended is read
// out, and a screen redrawn in place is read out again from the top, or
// not at all. So while the model is linear the painter draws no frame: it
// never sets up the alternate screen, never moves the cursor or erases,
// sets no title and no colour, and asks for no mode (bracketed paste,
// synchronized output). After each message it appends the sentences the
// model has to say (Model.TakeSaid), each on a line of its own, and
// nothing else but the bell. It is the same painter, so the loop, the
// drawers and the counts are the same; a player may turn the mode on or
// off (the profile's switch) and the painter leaves or sets up the screen.

// speak makes the linear frame: the model's new sentences, in a buffer from
// paintBufs that sendSaid gives back. Turning linear on over a screen
// leaves the alternate screen first (the one sequence of the screen this
// mode ever writes, and only then).
func (p *painter) speak() *bytes.Buffer {
	b := paintBufs.Get().(*bytes.Buffer)
	b.Reset()
	if p.opened { // the mode was turned on over the screen
		b.WriteString(paintClose)
		p.opened = false
	}
	p.linear = true
	p.counts.Frame()
	if p.inner.TakeBell() {
		b.WriteByte('\a')
	}
	p.said = p.inner.TakeSaid(p.said[:0])
	for _, s := range p.said {
		writeSaid(b, s)
	}
	clear(p.said)
	return b
}

// writeSaid appends a sentence as plain lines: whatever styling or control
// a sentence carries by mistake is taken out here, so that a screen reader
// never reads an escape sequence; a line break inside it starts a line.
func writeSaid(b *bytes.Buffer, s string) {
	s = ansi.Strip(s)
	for line := range strings.SplitSeq(s, "\n") {
		line = strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
				return -1
			}
			return r
		}, line)
		b.WriteString(line)
		b.WriteString("\r\n")
	}
}

// sendSaid writes a linear frame and gives its buffer back.
func (p *painter) sendSaid(b *bytes.Buffer) {
	defer paintBufs.Put(b)
	if b.Len() > 0 {
		_, _ = p.out.Write(b.Bytes())
		p.counts.Sent(b.Len())
	}
	p.observe()
}
