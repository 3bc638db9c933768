package table

import (
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// What the page shows, read as the player would read it off the screen:
// the game, the box over the table, the hand with its cursor. The router's
// tests play through the page with them (a player who presses the keys a
// sensible player would), and they change nothing.

// Game is the game as the player sees it; nil before it begins (the
// waiting room) or off a table.
func (tp *Page) Game(c ui.Context) *engine.View {
	tp.in(c)
	return tp.game()
}

// Box is the box over the table now; NoBox if there is none (or no game).
func (tp *Page) Box(c ui.Context) Box {
	tp.in(c)
	return tp.box()
}

// Hand is the player's hand as it is shown (sorted), where the cursor is
// in it, and whether UNO is called with the next play; nothing before the
// first table.
func (tp *Page) Hand() (hand []engine.Card, cursor int, armed bool) {
	if tp.tbl == nil {
		return nil, 0, false
	}
	return tp.tbl.hand, tp.tbl.cursor, tp.tbl.armed
}

// Forget drops what the page keeps of its last frames, so that the next
// is drawn afresh: the router does when the table goes under another page
// (the help, the rules' form), where it may stay long, and its tests to
// compare what the caches keep with a frame drawn afresh.
func (tp *Page) Forget() { tp.memo = nil }
