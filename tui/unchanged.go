package tui

// A tick comes every second while a countdown is on screen, but not every
// tick moves one: a timer that ran out shows 0s until the table acts, and a
// countdown may be kept while the page shows another (a hand being dealt, a
// game over). Measured with 600 players at tables, close to half the ticks
// drew a frame identical to the one on screen. So the model remembers what
// the table's frame it last drew was drawn from; a tick that changes none
// of it draws nothing.

// frameStamp is what a table's frame is drawn from besides the model's
// state: the seconds each of the table's countdowns shows.
type frameStamp struct {
	ok     bool
	gen    uint64
	w, h   int
	clocks [4]int64
}

// tableStamp is the stamp of a frame of the table's page drawn now.
func (c pageCtx) tableStamp() frameStamp {
	return frameStamp{ok: true, gen: c.m.gen, w: c.m.w, h: c.m.h, clocks: c.m.table.Clocks(c)}
}

// Unchanged says whether a frame drawn now would be the one last drawn: at
// a table, when no message but ticks came since and no countdown moved by a
// second. Elsewhere it says false (a page's frame is then drawn and
// compared as always).
func (m *model) Unchanged() bool {
	return m.drawn.ok && m.where() == atTable && m.ctx().tableStamp() == m.drawn
}

// stampFrame records what the frame being drawn is drawn from.
func (m *model) stampFrame(at where) {
	if at == atTable {
		m.drawn = m.ctx().tableStamp()
	} else {
		m.drawn = frameStamp{}
	}
}
