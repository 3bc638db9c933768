package tui

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
}
