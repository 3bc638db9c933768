package ui

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// This file is the text every page draws with: widths in cells (escape
// sequences excluded, wide characters two), and lines cut, padded, centred
// and wrapped to them.

// Width is the display Width of s (escape sequences excluded): the Width
// ansi.StringWidth gives, counted fast (Width.go).
func Width(s string) int { return fastWidth(s) }

// Trunc cuts s, which may hold escape sequences, to at most w cells, marking
// a cut with an ellipsis.
func Trunc(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// Pad cuts or pads s to exactly w cells.
func Pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := Width(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = Width(s)
	}
	if s == "" {
		return Spaces(w) // a blank line, shared
	}
	if sw < w {
		s += Spaces(w - sw)
	}
	return s
}

// PadLeft right-aligns s in w cells.
func PadLeft(s string, w int) string {
	s = Trunc(s, w)
	if n := w - Width(s); n > 0 {
		s = Spaces(n) + s
	}
	return s
}

// Center centres s in w cells.
func Center(s string, w int) string {
	s = Trunc(s, w)
	n := w - Width(s)
	if n <= 0 {
		return s
	}
	return Spaces(n/2) + s + Spaces(n-n/2)
}

// Spread puts left and right on one line of w cells, right-aligned; left is
// cut if both do not fit.
func Spread(left, right string, w int) string {
	rw := Width(right)
	if rw >= w {
		return Trunc(right, w)
	}
	left = Trunc(left, w-rw-1)
	gap := w - Width(left) - rw
	return left + Spaces(max(gap, 1)) + right
}

// Spaces is n blanks: a slice of blanks, so that padding allocates nothing
// of its own and a blank line kept in a frame is shared by every session.
func Spaces(n int) string {
	switch {
	case n <= 0:
		return ""
	case n <= len(blanks):
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// Lines splits a block into its Lines.
func Lines(block string) []string {
	if block == "" {
		return nil
	}
	return strings.Split(block, "\n")
}

// LineCount is len(Lines(block)), without making the list.
func LineCount(block string) int {
	if block == "" {
		return 0
	}
	return strings.Count(block, "\n") + 1
}

// Plural is "1 card", "2 cards".
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Wrap wraps plain text to Lines of at most w cells.
func Wrap(s string, w int) []string {
	if singleSpaced(s) && Width(s) <= w {
		return []string{s} // what the words joined again would be
	}
	return WrapWords(s, w)
}

// WrapWords is Wrap word by word: the words of s (as strings.Fields
// splits them) joined again by single Spaces into Lines of at most w
// cells. The Lines are cut from one string built once: the notes under the
// piles are wrapped again at each second of their countdown, in every
// session, and joining the words one by one was a tenth of the bytes a
// playing session allocated.
func WrapWords(s string, w int) []string {
	var b strings.Builder
	b.Grow(len(s))
	var endsAt [8]int
	ends := endsAt[:0] // where each line ends in b
	lineW := -1        // the Width of the line being made; -1: none yet
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += n
			continue
		}
		j := i + n
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		word := s[i:j]
		i = j
		ww := Width(word)
		switch {
		case lineW < 0:
			lineW = ww
		case lineW+1+ww <= w:
			b.WriteByte(' ')
			lineW += 1 + ww
		default:
			ends = append(ends, b.Len())
			lineW = ww
		}
		b.WriteString(word)
	}
	if lineW < 0 {
		return nil
	}
	ends = append(ends, b.Len())
	all := b.String()
	out := make([]string, len(ends))
	from := 0
	for k, e := range ends {
		out[k], from = all[from:e], e
	}
	return out
}

// singleSpaced says whether s is its words (strings.Fields) joined by one
// space: no space at either end, none doubled, no other kind of space.
func singleSpaced(s string) bool {
	if s == "" {
		return false
	}
	prev := ' ' // as if a space came before: one at the start fails
	for _, r := range s {
		if unicode.IsSpace(r) && (r != ' ' || prev == ' ') {
			return false
		}
		prev = r
	}
	return prev != ' '
}

// blanks is as wide as a wide window.
var blanks = strings.Repeat(" ", 512)

// Clock formats a countdown as 0:12, rounding up so it never shows 0:00
// while time is left.
func Clock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Seconds formats a short countdown as 24s.
func Seconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return fmt.Sprintf("%ds", int((d+time.Second-1)/time.Second))
}
