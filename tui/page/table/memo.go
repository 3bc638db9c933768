package table

import (
	"slices"
	"sync"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Between two clock ticks only the countdowns on a page change: the rest of
// a frame is drawn from the page's state and the Screen alone, and both
// change only with a message. The router counts the messages other than
// ticks (ui.Context's Messages, kept as gen while a call lasts), and
// the parts of the table's frame that show no time are kept from one tick to
// the next instead of being drawn again; a table of four players with a
// turn timer otherwise redraws four whole frames a second to move one
// number.

// memoNow makes the page's memo if it has none: a session keeps one only
// while it shows a table, so that players in the lobby carry none.
func (tp *Page) memoNow() *viewMemo {
	if tp.memo == nil {
		tp.memo = new(viewMemo)
	}
	return tp.memo
}

// memoSlot keeps one part of a frame: the lines built for generation gen at
// a window of w by h, from the table view t, with the part's own parameter k.
type memoSlot struct {
	ok      bool
	gen     uint64
	t       *lobby.TableView
	w, h, k int
	lines   []string
}

// viewMemo is the parts of the table's frame a session keeps between ticks.
type viewMemo struct {
	log, hand memoSlot
	header    keyedSlot[headerKey]
	// pile is kept while the piles stay as they were (a key press that
	// moves the hand's cursor draws them again no more than a tick).
	pile keyedSlot[pileKey]
	// logs are the log's lines as last drawn, newest first, kept while
	// they are on screen: a move adds one line and moves the others up.
	logs *keptLogs
	// rows are the players' rows, without the time left, as last drawn,
	// by seat. (A slice, not a map: a map of a few rows is mostly empty
	// slots, and one was made for every frame.)
	rows []keptRow
	// sides are the rows of the piles and the players side by side.
	sides ui.PairMemo
	// handCards are the hand's rows of cards and of marks, kept while
	// the same cards show the same way (handCardsKey).
	handCards keyedSlot[handCardsKey]
	// handRows are the hand's rows as last padded (padHand).
	handRows ui.RowMemo
	// overlays are the boxes last drawn over the table (at most two sizes).
	overlays [2]keptBox
	// names are the seats' nicknames, cleaned (seatName).
	names []keptName
	// title is the hand's title, notes the lines under the piles.
	title keptTitle
	notes keyedSlot[notesKey]
	// placed is the box last placed over the table, in rows.
	placed placedBox
	// under are the rows with the box drawn over them.
	under ui.PairMemo
	// challenge is the text of a challenge's box, scores the standings'.
	challenge, scores keyedSlot[boxTextKey]
}

// frameLists are the lists a table's frame is put together in: the frame,
// its two columns, the rows side by side and with a box over them. Each is
// read once, by the next step of the same frame, and dropped. Made afresh
// for every frame they were nearly a quarter of the bytes a playing session
// allocated, and so of the collector's work; kept by each session they
// would be a few kilobytes of its memory. They are shared instead, through
// framePool: a session holds a set only while it draws a frame, and frames
// are drawn a few at a time (on the drawers).
type frameLists struct {
	frame, pile, players, sides, under []string
}

var framePool = sync.Pool{New: func() any { return new(frameLists) }}

// lists are the lists of the frame being drawn, taken from framePool for
// it.
func (tp *Page) lists() *frameLists {
	if tp.fl == nil {
		tp.fl = framePool.Get().(*frameLists)
	}
	return tp.fl
}

// dropLists gives the frame's lists back to framePool once the frame is
// made, emptied: the rows they held are the session's no longer.
func (tp *Page) dropLists() {
	fl := tp.fl
	if fl == nil {
		return
	}
	tp.fl = nil
	for _, l := range [...]*[]string{&fl.frame, &fl.pile, &fl.players, &fl.sides, &fl.under} {
		clear((*l)[:cap(*l)]) // (to its end: a list may have been cut after it was filled)
		*l = (*l)[:0]
	}
	framePool.Put(fl)
}

// keptLogs is a list of the log's lines as drawn, in a box for logPool.
type keptLogs struct{ l []keptLog }

// logPool holds the lists of log lines a session no longer keeps: a frame
// fills one while it reads the one before, which then goes back.
var logPool = sync.Pool{New: func() any { return new(keptLogs) }}

// boxTextKey is what a box's text is drawn from: the message last handled
// and the table it showed, at a width (and, for the standings, whether the
// game is over).
type boxTextKey struct {
	gen   uint64
	t     *lobby.TableView
	w     int
	final bool
}

// padHand pads the hand's rows narrower than the window to its width, in
// place, as the frame would: the frame, the memo and the painter then hold
// one copy of each row, not a padded one beside the memo's. A row drawn as
// it was for the frame before is the string padded then (a move that
// leaves the hand as it was pads nothing), or the new one if it came
// padded (the rows of cards do: handCards). Rows wider than the window are
// left for the frame to cut.
func (tp *Page) padHand(ls []string) []string {
	r := &tp.memo.handRows
	r.At(tp.w, len(ls))
	for i, l := range ls {
		ls[i] = r.Pad(i, l, tp.w, false)
	}
	r.Cut(len(ls))
	return ls
}

// keptRow is a player's row as last drawn, and what it was drawn from.
type keptRow struct {
	ok  bool
	key rowKey
	row drawnRow
}

// keptLog is a line of the log as last drawn (one or more lines wrapped).
type keptLog struct {
	key   logKey
	lines []string
}

// overlayKey is everything a box over the table is drawn from: the page as it
// is after gen messages, the window, and the seconds each of the table's
// countdowns shows (the only thing in a box that changes between messages).
type overlayKey struct {
	gen     uint64
	t       *lobby.TableView
	w, h    int
	ov      Box
	compact bool
	clocks  [4]int64
}

// keptBox is an overlay's box and what it was drawn from.
type keptBox struct {
	ok  bool
	key overlayKey
	box string
}

// keptOverlay is overlayBox, drawn again only when what it shows may have
// changed: a message, or a second of a countdown the box shows. A tick
// under a box that shows none (a colour to choose, whom to swap hands
// with) draws nothing new.
func (tp *Page) keptOverlay(ov Box, v *engine.View, compact bool) string {
	k := overlayKey{gen: tp.gen, t: tp.scr.Table, w: tp.w, h: tp.h, ov: ov, compact: compact, clocks: tp.overlayClocks(ov)}
	memo := tp.memoNow()
	slot := &memo.overlays[0]
	if compact {
		slot = &memo.overlays[1]
	}
	if slot.ok && slot.key == k {
		return slot.box
	}
	box := tp.overlayBox(ov, v, compact)
	*slot = keptBox{ok: true, key: k, box: box}
	return box
}

// overlayClocks are the seconds of the countdowns ov's box shows (-1 for
// the others): the turn's under a challenge, the race's, the raid's, the
// next hand's between hands. The other boxes show none, and a second of
// the turn's countdown beside them leaves them as they are.
func (tp *Page) overlayClocks(ov Box) [4]int64 {
	c := [4]int64{-1, -1, -1, -1}
	all := tp.tableClocks()
	switch ov {
	case ChallengeBox:
		c[0] = all[0]
	case RaceBox:
		c[1] = all[1]
	case RaidBox:
		c[2] = all[2]
	case ScoresBox:
		c[3] = all[3]
	}
	return c
}

// tableClocks are the seconds each of the table's countdowns (turn, race,
// raid, next hand) shows now: all that changes on a table's page between
// two messages.
func (tp *Page) tableClocks() (c [4]int64) {
	t := tp.scr.Table
	if t == nil {
		return c
	}
	now := tp.c.Now()
	for i, at := range [4]time.Time{t.TurnEnds, t.RaceEnds, t.RaidEnds, t.NextHandAt} {
		c[i] = shownSeconds(at, now)
	}
	return c
}

// shownSeconds is the whole seconds a countdown to at shows at now (as
// seconds and clock round them), -1 for no countdown.
func shownSeconds(at, now time.Time) int64 {
	if at.IsZero() {
		return -1
	}
	d := max(at.Sub(now), 0)
	return int64((d + time.Second - 1) / time.Second)
}

// rowKey is everything a player's row is drawn from but the time left.
type rowKey struct {
	s                             engine.SeatView
	info                          lobby.SeatInfo
	i, player, nameW, teamW       int
	phase                         engine.Phase
	you, current, drawing, seated bool
	name                          string
}

// drawnRow is a player's row without the time left; notes says whether it
// ends with notes (the time follows them after one space, else two).
type drawnRow struct {
	text  string
	notes bool
}

// keptShown returns the lines of slot s if they were built for the page
// as it is now (and parameter k), else builds them with build and keeps
// them. The lines are the slot's own, for a part the frame only copies
// from (appends to its lines): the caller must not change them.
func (tp *Page) keptShown(s *memoSlot, k int, build func() []string) []string {
	t := tp.scr.Table
	if !s.ok || s.gen != tp.gen || s.t != t || s.w != tp.w || s.h != tp.h || s.k != k {
		*s = memoSlot{ok: true, gen: tp.gen, t: t, w: tp.w, h: tp.h, k: k, lines: build()}
	}
	return s.lines
}

// keptByShown is keptBy for a part the frame only copies from: the slot's
// own lines, which the caller must not change.
func keptByShown[K comparable](s *keyedSlot[K], key K, build func() []string) []string {
	if !s.ok || s.key != key {
		*s = keyedSlot[K]{ok: true, key: key, lines: build()}
	}
	return s.lines
}

// keep is ui.Keep: what depends only on the styles and its arguments,
// drawn once per set of styles.
func keep[V any](c *ui.Drawn, key any, build func() V) V { return ui.Keep(c, key, build) }

// keyedSlot keeps one part of a frame for as long as the inputs it was
// drawn from (its key) stay the same, across moves as well as ticks.
type keyedSlot[K comparable] struct {
	ok    bool
	key   K
	lines []string
}

// keptBy returns the lines of slot s if they were drawn for key, else
// builds them and keeps them; the caller gets its own copy.
func keptBy[K comparable](s *keyedSlot[K], key K, build func() []string) []string {
	if s.ok && s.key == key {
		return roomy(s.lines)
	}
	ls := build()
	*s = keyedSlot[K]{ok: true, key: key, lines: slices.Clone(ls)}
	return ls
}

// Keys of lines kept per set of styles: the piles' labels by the gap
// between them, the colour in play, a heading drawn dim, a countdown's
// time (red when urgent: a tick draws one every second).
type (
	pileLabelsKey int
	colourRowKey  engine.Color
	dimKey        string
	// playableMarkKey is the mark under a card that plays, by card width.
	playableMarkKey int
	countdownKey    struct {
		text   string
		urgent bool
	}
)

// headerKey is everything the table's header is drawn from.
type headerKey struct {
	w, watching, dir, tour int
	short, code            string
	set                    engine.Settings
}

// pileKey is everything the top of the pile column is drawn from.
type pileKey struct {
	w, pile, hand int
	discards      bool
	top           engine.Card
	color         engine.Color
	edition       engine.Edition
	dealer        string
}

// logKey is one line of the log as drawn at a width.
type logKey struct {
	line lobby.LogLine
	w    int
}

// roomy is a copy of ls with room for a few more lines: the parts kept are
// added to (the pile's notes follow its piles), and one copy is cheaper
// than a copy and a larger one.
func roomy(ls []string) []string {
	out := make([]string, len(ls), len(ls)+8)
	copy(out, ls)
	return out
}
