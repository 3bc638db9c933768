package tui

import "hash/maphash"

// A frame is put together row by row: the two columns of a table joined
// side by side, then every row padded to the window's width. Between two
// frames of a session most rows are the same (a clock tick moves one
// countdown, a move changes a few rows), and padding and joining cost as
// much as drawing the row that changed: each row's width is measured
// through its escape sequences. rowMemo keeps, for each row, a hash of what
// it was made from and what it became, and makes again only the rows whose
// inputs changed.
//
// It keeps hashes, not the inputs, so that a session holds no more strings
// than the ones on its screen. Two different inputs with the same 64-bit
// hash would show the older row: at ten thousand rows a second, that is
// once in some fifty million years.

// rowSeed is the hash seed of every session's rows, and rightSeed the one
// of a table's right column: a pair of columns is hashed as two strings,
// each by a hash of its own, so that no copy is made to hash them as one.
var rowSeed, rightSeed = maphash.MakeSeed(), maphash.MakeSeed()

// rowMemo is what a session's rows were last made from, and became.
type rowMemo struct {
	w, lw int      // the widths the rows were made at
	keys  []uint64 // per row, the hash of its inputs
	rows  []string // per row, what it became
}

// row returns what row i became from the inputs hashed to key, if it was
// made at widths w and lw, and reports whether it was.
func (r *rowMemo) row(i int, key uint64) (string, bool) {
	if i < len(r.keys) && r.keys[i] == key {
		return r.rows[i], true
	}
	return "", false
}

// keep records that row i, from the inputs hashed to key, became s.
func (r *rowMemo) keep(i int, key uint64, s string) {
	for len(r.keys) <= i {
		r.keys = append(r.keys, 0)
		r.rows = append(r.rows, "")
	}
	r.keys[i], r.rows[i] = key, s
}

// at forgets every row if the widths changed.
func (r *rowMemo) at(w, lw int) {
	if r.w != w || r.lw != lw {
		r.w, r.lw = w, lw
		r.keys, r.rows = r.keys[:0], r.rows[:0]
	}
}

// forget lets every kept row go, for a part no longer on screen.
func (r *rowMemo) forget() {
	if len(r.rows) > 0 {
		clear(r.rows)
		r.keys, r.rows = r.keys[:0], r.rows[:0]
	}
}

// size makes room for n rows, no more: append would double the room, and
// a session keeps these while it lives.
func (r *rowMemo) size(n int) {
	if cap(r.keys) < n {
		r.keys = append(make([]uint64, 0, n), r.keys...)
		r.rows = append(make([]string, 0, n), r.rows...)
	}
}

// appendFrameLines appends frameLines(ls, w, h) to dst, making only the
// rows that changed.
func (r *rowMemo) appendFrameLines(dst, ls []string, w, h int) []string {
	r.at(w, 0)
	r.size(h)
	for i := range h {
		l := ""
		if i < len(ls) {
			l = ls[i]
		}
		key := maphash.String(rowSeed, l)
		if s, ok := r.row(i, key); ok {
			if l == s {
				// The row came padded, made again with the same text
				// and kept by the view (memo.go): keep the view's copy
				// and let the older one go, not both.
				s = l
				r.rows[i] = l
			}
			dst = append(dst, s)
			continue
		}
		s := pad(l, w)
		r.keep(i, key, s)
		dst = append(dst, s)
	}
	if len(r.keys) > h {
		r.keys, r.rows = r.keys[:h], r.rows[:h]
	}
	return dst
}

// sideBySide is sideBySide(left, right, lw, w), each row padded to w (as
// the frame pads it anyway: the padded row is then the frame's row itself,
// and a session keeps one string for it, not two), making only the rows
// that changed.
func (r *rowMemo) sideBySide(dst, left, right []string, lw, w int) []string {
	r.at(w, lw)
	n := max(len(left), len(right))
	r.size(n)
	out := dst
	for i := range n {
		l, rt := rowPair(left, right, i)
		key := pairKey(l, rt)
		if s, ok := r.row(i, key); ok {
			out = append(out, s)
			continue
		}
		s := joinRow(l, rt, lw, w)
		r.keep(i, key, s)
		out = append(out, s)
	}
	if len(r.keys) > n {
		r.keys, r.rows = r.keys[:n], r.rows[:n]
	}
	return out
}

// splice is splice(base, block, x, y) for a frame w wide, making again
// only the rows whose row beneath or line of the block changed: a box over
// the table (a challenge, the scores between hands) shows a countdown, and
// each of its seconds changed one line of the box but cut every row under
// it again, through their escape sequences.
func (r *rowMemo) splice(dst, base, block []string, x, y, w int) []string {
	r.at(w, x)
	return spliceEach(dst, base, block, y, func(row int, line, bl string) string {
		key := pairKey(line, bl)
		if s, ok := r.row(row, key); ok {
			return s
		}
		s := spliceRow(line, bl, x)
		r.keep(row, key, s)
		return s
	})
}

// pairKey is the key of a row made from two strings: two independent
// hashes, one of each ("ab" beside "c" is not "a" beside "bc").
func pairKey(a, b string) uint64 {
	return maphash.String(rowSeed, a) ^ maphash.String(rightSeed, b)
}

// joinRow is pad(trunc(pad(l, lw)+rt, w), w): l padded to lw cells, then rt,
// the whole padded to w. When both fit, as they nearly always do, it is
// put together in one allocation instead of three.
func joinRow(l, rt string, lw, w int) string {
	if lw > 0 && w > 0 {
		if l0, r0 := width(l), width(rt); l0 <= lw && lw+r0 <= w {
			return l + spaces(lw-l0) + rt + spaces(w-lw-r0)
		}
	}
	return pad(trunc(pad(l, lw)+rt, w), w)
}
