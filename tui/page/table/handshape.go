package table

import "github.com/unossh/unossh/tui/ui"

// This file lays a hand out in the window: in one row of cards while it
// fits, then in rows of cards, then in rows of labels, so that a player who
// has drawn twenty or forty cards still sees every one of them. The keys
// that move the cursor (play.go) and the view (tableview.go) read the same
// layout, so ↑/↓ move to the card drawn above or below.

// handShape is how a hand is drawn in a window.
type handShape struct {
	cardW, gap int  // a card's width, and the cells after it
	perRow     int  // the cards in a full row
	rows       int  // the rows drawn
	first      int  // the first card drawn (the hand's rows above it scroll away)
	shown      int  // the cards drawn from first
	lift       bool // one row, the cursor's card raised above the others
	chips      bool // each card its label only, one line: no frame
}

// lines is how many lines the cards take: each row of cards (or labels)
// and its row of marks (▲ under each card that plays).
func (s handShape) lines() int {
	switch {
	case s.lift:
		return 5
	case s.chips:
		return 2 * s.rows
	}
	return 4 * s.rows
}

// The narrower card of a hand too big for rows of the usual ones, a label
// alone, and the least of the table a hand may leave above it.
const (
	compactCardW = 5 // "│W+4│": the longest label and its frame
	minTableMid  = 9 // the piles, the colour in play and whose turn it is
)

// shapeHand lays n cards out w cells wide in room lines at most; cursor is
// the card under the cursor. One row of cards keeps the look of a small
// hand (the cursor's card raised); rows of framed cards come next, the
// cursor's drawn heavy; then rows of labels; and if even those are too
// many for room, the rows around the cursor's, scrolled.
func shapeHand(n, cursor, w, room int) handShape {
	cardW, gap := 6, 0
	if w >= 100 {
		cardW, gap = 7, 1
	}
	inRow := func(slot int) int { return max((w-4)/slot, 1) }
	if per := inRow(cardW + gap); n <= per {
		return handShape{cardW: cardW, gap: gap, perRow: per, rows: 1, shown: n, lift: true}
	}
	for _, c := range [][2]int{{cardW, gap}, {compactCardW, 0}} {
		per := inRow(c[0] + c[1])
		rows := (n + per - 1) / per
		if 4*rows <= room {
			return handShape{cardW: c[0], gap: c[1], perRow: per, rows: rows, shown: n}
		}
	}
	per := inRow(ui.ChipW)
	rows := (n + per - 1) / per
	s := handShape{cardW: ui.ChipW, perRow: per, rows: rows, shown: n, chips: true}
	if fit := max(room/2, 1); rows > fit {
		at := min(max(cursor/per-fit/2, 0), rows-fit)
		s.rows, s.first = fit, at*per
		s.shown = min(fit*per, n-s.first)
	}
	return s
}

// handShape is the hand's layout in this window: the lines the table
// leaves it are the window's but for the header, the status line, the
// footer, the hand's title and the least of the table above it.
func (tp *Page) handShape() handShape {
	ts := tp.tbl
	if ts == nil {
		return handShape{}
	}
	return shapeHand(len(ts.hand), ts.cursor, tp.w, tp.h-4-1-minTableMid)
}

// moveRow moves the cursor to the card drawn above (d = -1) or below
// (d = 1) it in a hand laid out as sh; below the end of a short last row
// is the hand's last card. A hand in one row has no row to move to.
func (ts *tableState) moveRow(sh handShape, d int) {
	n := len(ts.hand)
	if sh.lift || sh.perRow <= 0 || n == 0 {
		return
	}
	to := ts.cursor + d*sh.perRow
	switch {
	case to < 0:
		return
	case to >= n && ts.cursor/sh.perRow == (n-1)/sh.perRow:
		return
	}
	ts.moveCursor(to - ts.cursor)
}
