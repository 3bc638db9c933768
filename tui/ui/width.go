package ui

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Measuring the width of drawn text was a tenth of the server's CPU under
// load: ansi.StringWidth runs every string through a full escape-sequence
// parser and grapheme segmentation. Nearly all of what a frame holds is
// printable ASCII, SGR colour sequences and a few single-cell symbols (box
// drawing, arrows, dots), which fastWidth counts directly; anything else,
// and anything that could join the character before it into one grapheme,
// sends the whole string to ansi.StringWidth, so the two always agree
// (TestFastWidthAgrees).

// narrowTop bounds the runes fastWidth knows: narrow[r] says r takes one
// cell on its own and never joins its neighbours.
const narrowTop = 0x2700

var narrow = func() (t [narrowTop / 64]uint64) {
	ranges := [][2]rune{
		{0x00A1, 0x024F}, // Latin-1 supplement, Latin extended
		{0x0370, 0x03FF}, // Greek
		{0x0400, 0x0482}, // Cyrillic (before its combining marks)
		{0x048A, 0x04FF},
		{0x2010, 0x2027}, // dashes, quotes, bullets, ellipsis
		{0x2030, 0x205E},
		{0x2190, 0x21FF}, // arrows
		{0x2200, 0x22FF}, // mathematical operators
		{0x2500, 0x26FF}, // box drawing, blocks, shapes, symbols
	}
	for _, rg := range ranges {
		for r := rg[0]; r <= rg[1]; r++ {
			if ansi.StringWidth(string(r)) == 1 && ansi.StringWidth("a"+string(r)) == 2 {
				t[r/64] |= 1 << (r % 64)
			}
		}
	}
	return t
}()

func isNarrow(r rune) bool {
	return r >= 0 && r < narrowTop && narrow[r/64]&(1<<(r%64)) != 0
}

// fastWidth is ansi.StringWidth(s), counted without parsing where s is made
// of what a frame is usually made of.
func fastWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c == 0x1b:
			j, ok := skipCSI(s, i)
			if !ok {
				return ansi.StringWidth(s)
			}
			i = j
		case c < 0x80:
			return ansi.StringWidth(s) // a control character
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !isNarrow(r) {
				return ansi.StringWidth(s)
			}
			n++
			i += size
		}
	}
	return n
}

// skipCSI returns the index after the control sequence (ESC [ parameters
// intermediates final) that starts at s[i], and false for anything else.
func skipCSI(s string, i int) (int, bool) {
	if i+1 >= len(s) || s[i+1] != '[' {
		return 0, false
	}
	j := i + 2
	for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
		j++
	}
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j < len(s) && s[j] >= 0x40 && s[j] <= 0x7e {
		return j + 1, true
	}
	return 0, false
}
