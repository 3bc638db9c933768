package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Most of a frame's styling is a colour or a weight put on a few words: a
// dim note, a bold name, a red countdown. lipgloss's Render does that and
// much more (tabs, wrapping, alignment, margins, borders), and for one line
// of text with none of those it costs a microsecond or two and several
// allocations each time, a fifth of a table frame's cost. What it puts
// around such a line is always the same two escape sequences (or nothing,
// on a terminal without colour): an ink measures them once, when its set of
// styles is built, and wraps text in them.

// ink is a style that only colours or weights text (no width, padding,
// margin or border), with the sequences it puts before and after a line.
type ink struct {
	lipgloss.Style
	pre, post string
}

// newInk measures what s puts around a line of text.
func newInk(s lipgloss.Style) ink {
	const probe = "x" // no escape sequence holds an x
	out := s.Render(probe)
	i := strings.Index(out, probe)
	if i < 0 { // never, for a style of colours and weights
		return ink{Style: s, pre: "\x00"}
	}
	return ink{Style: s, pre: out[:i], post: out[i+len(probe):]}
}

// Render styles text as lipgloss would (strs joined by spaces): by
// wrapping one line in the ink's sequences, and through lipgloss for
// anything else (several lines, tabs).
func (k ink) Render(strs ...string) string {
	var text string
	switch len(strs) {
	case 0:
	case 1:
		text = strs[0]
	default:
		text = strings.Join(strs, " ")
	}
	if k.pre == "\x00" || strings.ContainsAny(text, "\t\r\n") {
		return k.Style.Render(text)
	}
	if k.pre == "" && k.post == "" {
		return text
	}
	return k.pre + text + k.post
}

// boxPieces are what a bordered, padded style puts around the lines of a
// box w cells wide: its top and bottom lines, and what goes before and
// after each line between them.
type boxPieces struct {
	top, bottom, left, right string
}

// boxPiecesKey names the pieces of a box: what tells the set's bordered
// styles apart (their border, its colour, their padding), and the width.
type boxPiecesKey struct {
	corner     string
	fg         lipgloss.TerminalColor
	padL, padR int
	w          int
}

// framed is s.Render of body's lines joined, for lines all w cells wide
// and styled already, with the border's pieces measured once per width:
// the overlay's box is drawn again at every second of a countdown in it,
// and lipgloss measures and pads every line of it each time.
func (s *styles) framed(st lipgloss.Style, body []string, w int) string {
	k := boxPiecesKey{st.GetBorderStyle().TopLeft, st.GetBorderTopForeground(), st.GetPaddingLeft(), st.GetPaddingRight(), w}
	p := keep(&s.drawn, k, func() boxPieces { return measureBox(st, w) })
	if p.left == "\x00" || len(body) == 0 {
		return st.Render(strings.Join(body, "\n"))
	}
	var b strings.Builder
	b.Grow(len(p.top) + len(p.bottom) + len(body)*(len(p.left)+len(p.right)+w+2) + 64)
	b.WriteString(p.top)
	for _, l := range body {
		if strings.ContainsAny(l, "\t\r\n") {
			return st.Render(strings.Join(body, "\n"))
		}
		b.WriteByte('\n')
		b.WriteString(p.left)
		b.WriteString(l)
		b.WriteString(p.right)
	}
	b.WriteByte('\n')
	b.WriteString(p.bottom)
	return b.String()
}

// measureBox renders a box of two lines of w x's with st and takes its
// pieces apart; a style that does anything else to a line (aligns it,
// colours its text) gives pieces that say so ("\x00"), and framed then
// leaves the box to lipgloss.
func measureBox(st lipgloss.Style, w int) boxPieces {
	row := strings.Repeat("x", w)
	ls := strings.Split(st.Render(row+"\n"+row), "\n")
	bad := boxPieces{left: "\x00"}
	if len(ls) != 4 {
		return bad
	}
	p := boxPieces{top: ls[0], bottom: ls[3]}
	for _, l := range ls[1:3] {
		i := strings.Index(l, row)
		if i < 0 || strings.Contains(l[i+len(row):], "x") || strings.Contains(l[:i], "x") {
			return bad
		}
		if p.left != "" && (l[:i] != p.left || l[i+len(row):] != p.right) {
			return bad
		}
		p.left, p.right = l[:i], l[i+len(row):]
	}
	return p
}
