package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// shared is what the router's pages read of it: the window, the lobby's
// latest Screen, the session's styles and clock, how players reach the
// server, and the count of messages the table's caches are keyed by. The
// router owns it; the table page reads it, and acts through its context.
type shared struct {
	st   *styles
	now  func() time.Time
	w, h int
	scr  lobby.Screen
	addr string // the address players ssh to
	gen  uint64 // messages other than clock ticks so far (memo.go)
}

// tablePage is the waiting room (a tournament's too) and the table: the
// two share the chat line and the log's cache, so they are one page. Its
// state and its caches are its own. It reads what the router shares
// (shared) and acts through its page context (says, sends, calls, goes to
// another page), never the router's other fields.
//
// It draws through ui.Cards (cards()), never the router's styles' fields.
// Not yet done: reading through ui.Context alone, and a package of its
// own, tui/page/table (docs/design-tui.md, "What is not yet a page
// package").
type tablePage struct {
	*shared
	c pageCtx

	room roomState
	tbl  *tableState // from the first table on (nil before)
	memo *viewMemo   // the parts of the frame kept between ticks; nil off a table
	fl   *frameLists // while a table's frame is drawn: its lists (framePool)

	myTurn  bool     // the game waits for this player (see alert.go)
	turnAt  turnMark // which of their turns (see alert.go)
	bellOff bool     // the player turned the turn bell off
	ring    bool     // the bell should ring at the next paint (TakeBell)

	lin linearTable // the linear mode's (tablelinear.go)
}

// ctx is the page's context: the router's, for the page on screen.
func (tp *tablePage) ctx() pageCtx { return tp.c }

// screen takes the lobby's newer Screen s (prev: the one before): a new
// table (a tournament moves its players) starts the page afresh, and
// nothing is kept of a table the player left.
func (tp *tablePage) screen(prev, s *lobby.Screen) {
	switch {
	case s.Table != nil && (prev.Table == nil || prev.Table.ID != s.Table.ID):
		tp.tbl = newTableState()
		tp.room = roomState{}
		tp.memo = nil // the last table's frame is of no use
	case s.Table != nil && prev.Table != nil && prev.Table.Game == nil && s.Table.Game != nil:
		tp.room.invite = inviteBox{} // the game began: the invitation line is stale
	case prev.Table != nil && s.Table == nil, s.Table == nil && s.Left != prev.Left:
		tp.memo = nil
	}
	if s.Table != nil {
		tp.tbl.sync(s.Table, s.Notice.Seq)
		tp.room.sync(s.Table)
	}
	tp.noteTurn()
}

// resume starts the page on the table t of a seat kept for the player,
// who comes back to it (seq: the notice the Screen came with).
func (tp *tablePage) resume(t *lobby.TableView, seq int) {
	tp.tbl = newTableState()
	tp.tbl.sync(t, seq)
	tp.room.sync(t)
}

// leaveTable leaves the player's table: a call that waits, so that what
// the player does next finds them in the lobby.
func (tp *tablePage) leaveTable() tea.Cmd {
	return tp.ctx().Call(func(s ui.Session) error { return s.Leave() }, nil)
}

// cards are the session's styles as the table draws with them.
func (tp *tablePage) cards() ui.Cards { return tp.st }
