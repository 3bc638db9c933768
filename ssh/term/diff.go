package term

import "unicode/utf8"

// A changed line often changes in its middle only: a countdown's seconds in
// the pile column, with the players' column beside it as it was; a card
// count with the row's notes after it. sameUntil finds what the terminal
// already shows at the line's start; sameAfter finds it at the line's end,
// so that only the middle goes on the wire and the cursor stops there.
//
// The end is kept only where that is certain to show the same cells: the
// middle, in the line shown and in the new one, holds only characters
// whose width every terminal agrees on (printable ASCII and the symbols
// frames are drawn with) and SGR sequences, so that both middles end at the
// same column; no style is open where the end starts, in either line, so
// that the kept cells were drawn with the style the new line gives them
// (a line shown cut at the window's edge showed its cells up to it: an end
// kept at the columns of the new line's, which fits, lies within them);
// the end starts with a byte below 0x80, so that it cannot join the
// character before it; and no style is left open after it, so that the
// next line written starts as it would after the whole line.

// scan walks a line from a place with no style open, a character (or an
// SGR sequence) at a time, keeping the column reached and whether a style
// is open; ok turns false at anything of uncertain width. sameUntil and
// sameAfter both walk lines with it.
type scan struct {
	s      string
	i, col int
	styled bool
	ok     bool
}

// step moves past one character or SGR sequence.
func (c *scan) step() {
	ch := c.s[c.i]
	switch {
	case ch == 0x1b:
		j := sgrEnd(c.s, c.i)
		if j < 0 {
			c.ok = false
			return
		}
		c.styled = !isReset(c.s[c.i:j])
		c.i = j
	case ch >= 0x20 && ch < 0x7f:
		c.i++
		c.col++
	case ch >= 0x80:
		r, n := utf8.DecodeRuneInString(c.s[c.i:])
		if !oneCell(r) {
			c.ok = false
			return
		}
		c.i += n
		c.col++
	default:
		c.ok = false
	}
}

// to steps until at least byte at; false if it met anything uncertain.
func (c *scan) to(at int) bool {
	for c.ok && c.i < at && c.i < len(c.s) {
		c.step()
	}
	return c.ok
}

// sameAfter returns the byte index in line from which the terminal, which
// shows old, already shows the rest of line, given that both agree up to
// byte from (sameUntil); len(line) when nothing at the end can be kept.
//
// Both lines end with the same n bytes. Each is walked from from into
// those bytes, and the two walks are brought to the same place in them;
// from there the bytes are the same, so the columns of the two walks keep
// their difference (which must be none) and a style opened or closed is
// opened or closed in both. The first place after that where neither has
// a style open and a byte below 0x80 follows is where the end is kept.
// Nothing is allocated: this runs for every changed line of every frame.
func sameAfter(old, line string, from int) int {
	n := 0 // the bytes both end with
	for n < len(line)-from && n < len(old)-from && line[len(line)-1-n] == old[len(old)-1-n] {
		n++
	}
	if n == 0 || !endsClosed(line[len(line)-n:]) {
		// A style left open at the end reaches the next line written;
		// the end is then written, as a whole line would be.
		return len(line)
	}
	a := scan{s: line, i: from, ok: true}
	b := scan{s: old, i: from, ok: true}
	if !a.to(len(line)-n) || !b.to(len(old)-n) {
		return len(line)
	}
	// Bring both to the same offset into the shared end.
	for a.i-(len(line)-n) != b.i-(len(old)-n) {
		if a.i-(len(line)-n) < b.i-(len(old)-n) {
			a.step()
		} else {
			b.step()
		}
		if !a.ok || !b.ok || a.i >= len(line) || b.i >= len(old) {
			return len(line)
		}
	}
	if a.col != b.col {
		return len(line)
	}
	for a.i < len(line) {
		if !a.styled && !b.styled && line[a.i] < 0x80 {
			return a.i
		}
		sgr := line[a.i] == 0x1b
		a.step()
		if !a.ok {
			return len(line)
		}
		if sgr {
			b.styled = a.styled // the same sequence in both: the same style
		}
	}
	return len(line)
}

// endsClosed says whether no style is open at the end of s (its SGR
// sequences read in turn), given none open at its start; false for any
// other escape sequence.
func endsClosed(s string) bool {
	styled := false
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			continue
		}
		j := sgrEnd(s, i)
		if j < 0 {
			return false
		}
		styled = !isReset(s[i:j])
		i = j - 1
	}
	return !styled
}

// isReset says whether an SGR sequence closes every style (lipgloss ends
// each styled span with one).
func isReset(seq string) bool { return seq == "\x1b[0m" || seq == "\x1b[m" }
