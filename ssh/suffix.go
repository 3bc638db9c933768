package ssh

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

// cutPoint is a place a line may be cut: its byte index and its column
// counted from where the scan began.
type cutPoint struct{ i, col int }

// cutPoints scans s from byte from and returns the places it may be cut at,
// in order, up to the first character of uncertain width.
func cutPoints(s string, from int, buf []cutPoint) []cutPoint {
	styled, c := false, 0
	for i := from; i < len(s); {
		ch := s[i]
		switch {
		case ch == 0x1b:
			j := sgrEnd(s, i)
			if j < 0 {
				return buf
			}
			seq := s[i:j]
			styled = seq != "\x1b[0m" && seq != "\x1b[m"
			i = j
		case ch >= 0x20 && ch < 0x7f:
			i++
			c++
		case ch >= 0x80:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return buf
			}
			i += n
			c++
		default:
			return buf
		}
		if !styled && i < len(s) && s[i] < 0x80 {
			buf = append(buf, cutPoint{i, c})
		}
	}
	return buf
}

// sameAfter returns the byte index in line from which the terminal, which
// shows old, already shows the rest of line, given that both agree up to
// byte from (sameUntil); len(line) when nothing at the end can be kept.
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
	var nb, ob [32]cutPoint
	news := cutPoints(line, from, nb[:0])
	olds := cutPoints(old, from, ob[:0])
	k := 0
	for _, p := range news {
		tail := len(line) - p.i
		if tail > n {
			continue // the end from here is not the same
		}
		at := len(old) - tail // the same place in old
		for k < len(olds) && olds[k].i < at {
			k++
		}
		if k < len(olds) && olds[k].i == at && olds[k].col == p.col {
			return p.i
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
		seq := s[i:j]
		styled = seq != "\x1b[0m" && seq != "\x1b[m"
		i = j - 1
	}
	return !styled
}
