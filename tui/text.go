package tui

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/unossh/unossh/lobby"
)

// clean makes text that came from a player (a nickname, a table name, a chat
// line, a log line) safe to draw: the lobby already sanitises it, but the TUI
// never trusts it, and strips escape sequences and control characters again.
func clean(s string) string { return lobby.Sanitize(s, 0) }

// width is the display width of s (escape sequences excluded): the width
// ansi.StringWidth gives, counted fast (width.go).
func width(s string) int { return fastWidth(s) }

// trunc cuts s, which may hold escape sequences, to at most w cells, marking
// a cut with an ellipsis.
func trunc(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// pad cuts or pads s to exactly w cells.
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := width(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = width(s)
	}
	if s == "" {
		return spaces(w) // a blank line, shared
	}
	if sw < w {
		s += spaces(w - sw)
	}
	return s
}

// padLeft right-aligns s in w cells.
func padLeft(s string, w int) string {
	s = trunc(s, w)
	if n := w - width(s); n > 0 {
		s = spaces(n) + s
	}
	return s
}

// center centres s in w cells.
func center(s string, w int) string {
	s = trunc(s, w)
	n := w - width(s)
	if n <= 0 {
		return s
	}
	return spaces(n/2) + s + spaces(n-n/2)
}

// spread puts left and right on one line of w cells, right-aligned; left is
// cut if both do not fit.
func spread(left, right string, w int) string {
	rw := width(right)
	if rw >= w {
		return trunc(right, w)
	}
	left = trunc(left, w-rw-1)
	gap := w - width(left) - rw
	return left + spaces(max(gap, 1)) + right
}

// spaces is n blanks: a slice of blanks, so that padding allocates nothing
// of its own and a blank line kept in a frame is shared by every session.
func spaces(n int) string {
	switch {
	case n <= 0:
		return ""
	case n <= len(blanks):
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// blanks is as wide as a wide window.
var blanks = strings.Repeat(" ", 512)

// lines splits a block into its lines.
func lines(block string) []string {
	if block == "" {
		return nil
	}
	return strings.Split(block, "\n")
}

// lineCount is len(lines(block)), without making the list.
func lineCount(block string) int {
	if block == "" {
		return 0
	}
	return strings.Count(block, "\n") + 1
}

// frame makes the final picture exactly w by h cells: every line cut or
// padded to w, lines cut or added to h. Nothing drawn can ever spill past the
// window, whatever a player typed.
func frame(ls []string, w, h int) string { return strings.Join(frameLines(ls, w, h), "\n") }

// frameLines is frame's picture as its h lines.
func frameLines(ls []string, w, h int) []string {
	out := make([]string, h)
	for i := range out {
		l := ""
		if i < len(ls) {
			l = ls[i]
		}
		out[i] = pad(l, w)
	}
	return out
}

// splice draws block over base with its top-left corner at row y, column x.
func splice(base []string, block []string, x, y int) []string {
	return spliceEach(nil, base, block, y, func(_ int, line, bl string) string { return spliceRow(line, bl, x) })
}

// spliceEach puts block over a copy of base, appended to dst, from row y
// (adding rows where base is too short): each row under it becomes what
// draw makes of the row and the block's line.
func spliceEach(dst, base, block []string, y int, draw func(row int, line, bl string) string) []string {
	out := append(dst, base...)
	for i, bl := range block {
		row := y + i
		if row < 0 {
			continue
		}
		for len(out) <= row {
			out = append(out, "")
		}
		out[row] = draw(row, out[row], bl)
	}
	return out
}

// spliceRow is line with bl drawn over it from column x.
func spliceRow(line, bl string, x int) string {
	if n := x - width(line); n > 0 {
		line += spaces(n)
	}
	left := ansi.Truncate(line, x, "")
	if strings.Contains(left, "\x1b") {
		left += "\x1b[0m" // close a style cut in the middle
	}
	right := ansi.TruncateLeft(line, x+width(bl), "")
	return left + bl + right
}

// clock formats a countdown as 0:12, rounding up so it never shows 0:00
// while time is left.
func clock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// seconds formats a short countdown as 24s.
func seconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return fmt.Sprintf("%ds", int((d+time.Second-1)/time.Second))
}

// plural is "1 card", "2 cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// hrule is a horizontal rule w cells wide.
func (s *styles) hrule(w int) string {
	return keep(&s.drawn, ruleKey(w), func() string { return s.rule.Render(strings.Repeat("─", max(w, 0))) })
}

// wrapText wraps plain text to lines of at most w cells.
func wrapText(s string, w int) []string {
	if singleSpaced(s) && width(s) <= w {
		return []string{s} // what the words joined again would be
	}
	return wrapWords(s, w)
}

// wrapWords is wrapText word by word: the words of s (as strings.Fields
// splits them) joined again by single spaces into lines of at most w
// cells. The lines are cut from one string built once: the notes under the
// piles are wrapped again at each second of their countdown, in every
// session, and joining the words one by one was a tenth of the bytes a
// playing session allocated.
func wrapWords(s string, w int) []string {
	var b strings.Builder
	b.Grow(len(s))
	var endsAt [8]int
	ends := endsAt[:0] // where each line ends in b
	lineW := -1        // the width of the line being made; -1: none yet
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
		ww := width(word)
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

// ruleKey names a rule of a width in the cache of drawn strings.
type ruleKey int
