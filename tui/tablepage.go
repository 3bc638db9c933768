package tui

import tea "github.com/charmbracelet/bubbletea"

// tablePage is the waiting room (a tournament's too) and the table: the
// two share the chat line and the log's cache, so they are one page. Its
// state and its caches are its own; the router keeps only what every page
// shares.
//
// It still reaches the router's globals (the window, the Screen, the
// styles, the status line, the calls) through the embedded *model, not yet
// through ui.Context: that, and a package of its own (tui/page/table), is
// the next step (docs/design-tui.md, "What is not yet a page package").
type tablePage struct {
	*model

	room  roomState
	tbl   *tableState // from the first table on (nil before)
	frame rowMemo     // the rows of the last frame (rows.go)
	memo  *viewMemo   // the parts of the frame kept between ticks; nil off a table
	fl    *frameLists // while a table's frame is drawn: its lists (framePool)

	myTurn  bool     // the game waits for this player (see alert.go)
	turnAt  turnMark // which of their turns (see alert.go)
	bellOff bool     // the player turned the turn bell off
}

// leaveTable leaves the player's table: a call that waits, so that what
// the player does next finds them in the lobby.
func (tp *tablePage) leaveTable() tea.Cmd {
	return tp.ctx().Call(func(s Session) error { return s.Leave() }, nil)
}
