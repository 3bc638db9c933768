package ui

import (
	"hash/maphash"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A frame is put together row by row: the two columns of a table joined
// side by side, then every row padded to the window's width. Between two
// frames of a session most rows are the same (a clock tick moves one
// countdown, a move changes a few rows), and padding and joining cost as
// much as drawing the row that changed: each row's width is measured
// through its escape sequences. A memo keeps, for each row, what it was
// made from and what it became, and makes again only the rows whose inputs
// changed.
//
// Hashing every row of every frame to know it was a visible share of the
// server's CPU with 2,000 playing (docs/benchmarks.md, "The TUI's
// figures"). Most rows are known without it:
//   - RowMemo pads rows: most come padded already, as the very string it
//     made the frame before (a row of the table's columns, of the hand), and
//     are known by their address. Only the others are hashed. It keeps the
//     hash, not the row it was given, so that a session holds no more
//     strings than the ones on its screen (the lobby's rows come unpadded,
//     and their copies cost every session in the lobby). Two different rows with the
//     same 64-bit hash would show the older one: at ten thousand rows a
//     second, that is once in some fifty million years.
//   - PairMemo joins two rows into one: it keeps both, nearly always parts
//     the view keeps anyway (the piles, the players' rows, the log's lines,
//     a box's), known again by their addresses.

// RowSeed is the hash seed of rows, and of the hand's cards (the table page's handCardsKey).
var RowSeed = maphash.MakeSeed()

// RowMemo is what a session's rows were last padded from, and became.
type RowMemo struct {
	w    int      // the width the rows were made at
	keys []uint64 // per row, the hash of what it was made from
	rows []string // per row, what it became
}

// Pad returns row i, made from l: what it became before if it was made
// from the same, or l padded to w cells kept for the next frame (and cut
// to w if fit, as the frame's rows are; if not, a wider row is left as it
// is). A row that came padded as it was (kept by the view, or made again
// with the same text) is known by comparing it with what it became,
// without hashing; if it was made again, the view's copy is kept and the
// older one let go, not both. Rows are padded in order: i is at most the
// number kept.
func (r *RowMemo) Pad(i int, l string, w int, fit bool) string {
	if i < len(r.rows) && l == r.rows[i] {
		r.rows[i] = l
		return l
	}
	key := maphash.String(RowSeed, l)
	if i < len(r.keys) && r.keys[i] == key {
		return r.rows[i]
	}
	s := l
	if fit || Width(l) < w {
		s = Pad(l, w)
	}
	if i == len(r.keys) {
		r.keys, r.rows = append(r.keys, key), append(r.rows, s)
	} else {
		r.keys[i], r.rows[i] = key, s
	}
	return s
}

// At forgets every row if the width changed, and makes room for n rows,
// no More: append would double the room, and a session keeps these while
// it lives.
func (r *RowMemo) At(w, n int) {
	if r.w != w {
		r.w = w
		r.Cut(0)
	}
	if cap(r.keys) < n {
		r.keys = append(make([]uint64, 0, n), r.keys...)
		r.rows = append(make([]string, 0, n), r.rows...)
	}
}

// Cut forgets the rows from n on.
func (r *RowMemo) Cut(n int) {
	if len(r.rows) > n {
		clear(r.rows[n:])
		r.keys, r.rows = r.keys[:n], r.rows[:n]
	}
}

// AppendFrameLines appends the frame's h rows of ls, each padded or cut to
// w cells, to dst, making only the rows that changed.
func (r *RowMemo) AppendFrameLines(dst, ls []string, w, h int) []string {
	r.At(w, h)
	for i := range h {
		l := ""
		if i < len(ls) {
			l = ls[i]
		}
		dst = append(dst, r.Pad(i, l, w, true))
	}
	r.Cut(h)
	return dst
}

// PairMemo is what a session's joined rows were last made from, and
// became.
type PairMemo struct {
	w, x int         // the widths (or offset) the rows were made at
	ins  [][2]string // per row, what it was made from
	rows []string    // per row, what it became ("": not made)
}

// Row returns what row i became from a and b, if it was made from them,
// and reports whether it was. A row that became "" is made again: rows are
// made out of order (a box's), and those between were never made.
func (r *PairMemo) Row(i int, a, b string) (string, bool) {
	if i < len(r.rows) && r.rows[i] != "" && r.ins[i] == [2]string{a, b} {
		return r.rows[i], true
	}
	return "", false
}

// Keep records that row i, made from a and b, became s.
func (r *PairMemo) Keep(i int, a, b, s string) {
	for len(r.ins) <= i {
		r.ins, r.rows = append(r.ins, [2]string{}), append(r.rows, "")
	}
	r.ins[i], r.rows[i] = [2]string{a, b}, s
}

// At forgets every row if the widths changed, and makes room for n rows,
// no more.
func (r *PairMemo) At(w, x, n int) {
	if r.w != w || r.x != x {
		r.w, r.x = w, x
		r.Cut(0)
	}
	if cap(r.ins) < n {
		r.ins = append(make([][2]string, 0, n), r.ins...)
		r.rows = append(make([]string, 0, n), r.rows...)
	}
}

// Cut forgets the rows from n on.
func (r *PairMemo) Cut(n int) {
	if len(r.rows) > n {
		clear(r.ins[n:])
		clear(r.rows[n:])
		r.ins, r.rows = r.ins[:n], r.rows[:n]
	}
}

// Forget lets every kept row go, for a part no longer on screen.
func (r *PairMemo) Forget() { r.Cut(0) }

// SideBySide is SideBySide(left, right, lw, w), each row padded to w (as
// the frame pads it anyway: the padded row is then the frame's row itself,
// and a session keeps one string for it, not two), making only the rows
// that changed.
func (r *PairMemo) SideBySide(dst, left, right []string, lw, w int) []string {
	n := max(len(left), len(right))
	r.At(w, lw, n)
	out := dst
	for i := range n {
		l, rt := rowPair(left, right, i)
		if s, ok := r.Row(i, l, rt); ok {
			out = append(out, s)
			continue
		}
		s := joinRow(l, rt, lw, w)
		r.Keep(i, l, rt, s)
		out = append(out, s)
	}
	r.Cut(n)
	return out
}

// Splice is Splice(base, block, x, y) for a frame w wide, making again
// only the rows whose row beneath or line of the block changed: a box over
// the table (a challenge, the scores between hands) shows a countdown, and
// each of its seconds changed one line of the box but cut every row under
// it again, through their escape sequences.
func (r *PairMemo) Splice(dst, base, block []string, x, y, w int) []string {
	r.At(w, x, len(base))
	return spliceEach(dst, base, block, y, func(row int, line, bl string) string {
		if s, ok := r.Row(row, line, bl); ok {
			return s
		}
		s := spliceRow(line, bl, x)
		r.Keep(row, line, bl, s)
		return s
	})
}

// joinRow is Pad(Trunc(Pad(l, lw)+rt, w), w): l padded to lw cells, then rt,
// the whole padded to w. When both fit, as they nearly always do, it is
// put together in one allocation instead of three.
func joinRow(l, rt string, lw, w int) string {
	if lw > 0 && w > 0 {
		if l0, r0 := Width(l), Width(rt); l0 <= lw && lw+r0 <= w {
			return l + Spaces(lw-l0) + rt + Spaces(w-lw-r0)
		}
	}
	return Pad(Trunc(Pad(l, lw)+rt, w), w)
}

// SideBySide puts right beside left, left padded to lw cells, within w.
func SideBySide(left, right []string, lw, w int) []string {
	n := max(len(left), len(right))
	out := make([]string, n)
	for i := range out {
		l, r := rowPair(left, right, i)
		out[i] = Trunc(Pad(l, lw)+r, w)
	}
	return out
}

// rowPair is row i of two columns side by side, "" where one is shorter.
func rowPair(left, right []string, i int) (l, r string) {
	if i < len(left) {
		l = left[i]
	}
	if i < len(right) {
		r = right[i]
	}
	return l, r
}

// Splice draws block over base with its top-left corner at row y, column x.
func Splice(base []string, block []string, x, y int) []string {
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
	if n := x - Width(line); n > 0 {
		line += Spaces(n)
	}
	left := ansi.Truncate(line, x, "")
	if strings.Contains(left, "\x1b") {
		left += "\x1b[0m" // close a style cut in the middle
	}
	right := ansi.TruncateLeft(line, x+Width(bl), "")
	return left + bl + right
}
