// Package table is the table page: the waiting room (a tournament's room
// too) and the table, from the first seat to the last hand's scores. The
// two share the chat line and the log's cache, so they are one page.
//
// Like every page (package ui), it sees the rest of the program only
// through the ui.Context each call is given: the window, the lobby's
// latest Screen, the clock, the session's styles and cards (Cards), the
// count of messages its caches are keyed by (Messages), and what it may do
// (Say, Send, Call, Go). Its state is its own (the room's cursor and
// invitation line, the table's hand, cursor and boxes, the turn bell) and
// so are its caches (memo.go, the frame's lists), which no other package
// can reach. The router (package tui) calls it through the methods of
// Page below: the waiting room's RoomUpdate, RoomLines and RoomKeyMap, the
// table's Update, Lines and KeyMap, and what the runtime's contract needs
// of it (YourTurn, TakeRing, Clocks, DropLists).
//
// In the linear (screen-reader) mode (ui.Context.Linear) the same page is
// said instead of drawn: RoomSaid and Said are its state as sentences,
// News what is said once as it comes (the log, the countdowns, what the
// player asked to hear), and the turn's moves are numbered questions that
// number keys answer (linear.go, linearturn.go, linearroom.go; the words
// are tui/speech's).
package table

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Page is the waiting room and the table. Its zero value is a page before
// any table.
type Page struct {
	// The context of the call under way and what the page reads of it
	// most (in sets them at every entry point): the page reads them only
	// during that call, and keeps nothing of a context between calls.
	c    ui.Context
	st   ui.Cards
	scr  *lobby.Screen
	w, h int
	gen  uint64

	room roomState
	tbl  *tableState // from the first table on (nil before)
	memo *viewMemo   // the parts of the frame kept between ticks; nil off a table
	fl   *frameLists // while a table's frame is drawn: its lists (framePool)

	myTurn  bool     // the game waits for this player (see bell.go)
	turnAt  turnMark // which of their turns (see bell.go)
	bellOff bool     // the player turned the turn bell off
	ring    bool     // the bell should ring at the next paint (TakeBell)

	lin linearTable // the linear mode's (linear.go)
}

// in takes the context of a call: every entry point starts with it.
func (tp *Page) in(c ui.Context) {
	tp.c, tp.st, tp.scr = c, c.Cards(), c.Screen()
	tp.w, tp.h = c.Size()
	tp.gen = c.Messages()
}

// SetScreen takes the lobby's newer Screen (c.Screen(); prev: the one
// before): a new table (a tournament moves its players) starts the page
// afresh, and nothing is kept of a table the player left.
func (tp *Page) SetScreen(c ui.Context, prev *lobby.Screen) {
	tp.in(c)
	s := tp.scr
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

// Resume starts the page on the table t of a seat kept for the player,
// who comes back to it (seq: the notice the Screen came with).
func (tp *Page) Resume(t *lobby.TableView, seq int) {
	tp.tbl = newTableState()
	tp.tbl.sync(t, seq)
	tp.room.sync(t)
}

// RoomUpdate handles a key in the waiting room.
func (tp *Page) RoomUpdate(c ui.Context, k tea.KeyMsg) tea.Cmd {
	tp.in(c)
	if c.Linear() {
		if cmd, ok := tp.linearRoomKey(k); ok {
			return cmd
		}
	}
	return tp.roomKey(k)
}

// RoomLines draws the waiting room, the whole window.
func (tp *Page) RoomLines(c ui.Context) []string {
	tp.in(c)
	return tp.roomView()
}

// RoomKeyMap is the waiting room's key map now.
func (tp *Page) RoomKeyMap(c ui.Context) help.KeyMap {
	tp.in(c)
	if c.Linear() {
		return tp.linearRoomKeyMapNow()
	}
	return tp.roomKeyMap()
}

// Update handles a key at the table.
func (tp *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	tp.in(c)
	if c.Linear() {
		return tp.linearTableKey(k)
	}
	return tp.tableKey(k)
}

// Lines draws the table, the whole window. The list is the page's until
// DropLists: the router copies what it keeps of it first.
func (tp *Page) Lines(c ui.Context) []string {
	tp.in(c)
	return tp.tableView()
}

// KeyMap is the table's key map now.
func (tp *Page) KeyMap(c ui.Context) help.KeyMap {
	tp.in(c)
	if c.Linear() {
		return tp.linearTableKeyMapNow()
	}
	return tp.tableKeyMap(tp.game())
}

// RoomSaid is the waiting room as sentences (the linear mode's form).
func (tp *Page) RoomSaid(c ui.Context) []string {
	tp.in(c)
	return tp.roomSaid()
}

// Said is the table as sentences (the linear mode's form).
func (tp *Page) Said(c ui.Context) []string {
	tp.in(c)
	return tp.tableSaid()
}

// News is what the linear mode says once, as it comes: the log's new
// lines, a countdown's moments, what the player asked to hear.
func (tp *Page) News(c ui.Context) []string {
	tp.in(c)
	return tp.news()
}

// DropLists gives back the lists the last frame was drawn in, once the
// router has made its frame of them.
func (tp *Page) DropLists() { tp.dropLists() }

// Clocks are the seconds each of the table's countdowns shows now: all
// that changes on the table's frame between two messages, so the router
// knows a frame unchanged (its Unchanged) without drawing it.
func (tp *Page) Clocks(c ui.Context) [4]int64 {
	tp.in(c)
	return tp.tableClocks()
}

// YourTurn says whether the game waits for this player (the window's
// title says so).
func (tp *Page) YourTurn() bool { return tp.yourTurn() }

// TakeRing says whether the bell should ring now, once.
func (tp *Page) TakeRing() bool { return tp.takeRing() }

// Chatting says whether the chat line is open: the status line is then
// the chat's prompt (ChatPrompt).
func (tp *Page) Chatting() bool { return tp.chatting() }

// ChatPrompt is the chat line being typed, as the status line.
func (tp *Page) ChatPrompt(c ui.Context) string {
	tp.in(c)
	return tp.chatPrompt()
}

// leaveTable leaves the player's table: a call that waits, so that what
// the player does next finds them in the lobby.
func (tp *Page) leaveTable() tea.Cmd {
	return tp.c.Call(func(s ui.Session) error { return s.Leave() }, nil)
}

// cards are the session's styles as the table draws with them.
func (tp *Page) cards() ui.Cards { return tp.st }
