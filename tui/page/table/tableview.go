package table

import (
	"fmt"
	"hash/maphash"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// seatName is the nickname in a seat. A table's frame names its seats
// several times over; while it shows one, the names are cleaned once for
// as long as they stay the same (memo.names).
func (tp *Page) seatName(seat int) string {
	t := tp.scr.Table
	if t != nil && seat >= 0 && seat < len(t.Seats) && t.Seats[seat].Nick != "" {
		raw := t.Seats[seat].Nick
		if tp.memo == nil {
			return ui.Clean(raw)
		}
		ns := &tp.memo.names
		for len(*ns) <= seat {
			*ns = append(*ns, keptName{})
		}
		if n := &(*ns)[seat]; n.raw != raw || n.clean == "" {
			*n = keptName{raw: raw, clean: ui.Clean(raw)}
		}
		return (*ns)[seat].clean
	}
	if t != nil && t.LastHand != nil && seat >= 0 && seat < len(t.LastHand.Names) && t.LastHand.Names[seat] != "" {
		return ui.Clean(t.LastHand.Names[seat]) // a player who left after the game ended
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// keptName is a seat's nickname as sent, and as shown.
type keptName struct{ raw, clean string }

// countdown is " · 0:24" until at, or "" without a deadline.
func (tp *Page) countdown(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	left := at.Sub(tp.c.Now())
	s := " · " + ui.Seconds(left)
	if left > time.Minute {
		s = " · " + ui.Clock(left)
	}
	urgent := left <= 5*time.Second
	return keep(tp.cards().Drawn(), countdownKey{s, urgent}, func() string {
		if urgent {
			return tp.cards().Err(s)
		}
		return tp.cards().Accent(s)
	})
}

// phaseNote says what the game waits for, in a few words.
func (tp *Page) phaseNote(v *engine.View) string {
	who := tp.seatName(v.Current)
	mine := v.Seat >= 0 && v.Current == v.Seat
	if t := tp.scr.Table; t != nil && t.Reveal != nil {
		if t.Reveal.Seat == v.Seat {
			return "you draw for the Mutated Minion"
		}
		return tp.seatName(t.Reveal.Seat) + " draws for the Mutated Minion"
	}
	switch v.Phase {
	case engine.PhaseDeal:
		if v.HandNo == 0 {
			return "shuffling and dealing…"
		}
		return "hand over: the next is dealt soon"
	case engine.PhaseFirstColor:
		if mine {
			return "the first card is wild: name the colour"
		}
		return who + " names the first colour"
	case engine.PhaseDrawn:
		if mine {
			return "you drew " + v.Drawn.Label() + ": enter plays it, k keeps it"
		}
		return who + " drew a card that plays"
	case engine.PhaseChallenge:
		if mine {
			return "challenge the Wild Draw Four?"
		}
		return who + " may challenge the Wild Draw Four"
	case engine.PhaseRace:
		return "CHILI RACE: everyone drops!"
	case engine.PhaseRaid:
		return tp.seatName(v.Player) + " raids with the Army of Grayskull"
	case engine.PhaseGameOver:
		return "the game is over"
	}
	if mine && v.Pending > 0 {
		return fmt.Sprintf("your turn: +%d on you", v.Pending) // stack a draw card on it, or draw them all
	}
	if mine {
		return "your turn"
	}
	return who + "'s turn"
}

// deadline is when the game's current wait ends.
func (tp *Page) deadline(v *engine.View) time.Time {
	t := tp.scr.Table
	switch v.Phase {
	case engine.PhaseRace:
		return t.RaceEnds
	case engine.PhaseRaid:
		return t.RaidEnds
	case engine.PhaseDeal:
		return t.NextHandAt
	case engine.PhaseGameOver:
		return time.Time{}
	}
	return t.TurnEnds
}

// tableView draws the table: the header; the piles and the players beside
// them, the log below the players; the hand; the status line and the keys.
func (tp *Page) tableView() []string {
	t := tp.scr.Table
	v := t.Game
	tp.memoNow()
	hk := headerKey{w: tp.w, watching: t.Watching, dir: v.Direction, tour: -1, short: t.Short, code: t.Code, set: v.Settings}
	if t.Tournament != nil {
		hk.tour = t.Tournament.Table
	}
	fl := tp.lists()
	out := append(fl.frame[:0], keptByShown(&tp.memo.header, hk, func() []string { return tp.tableHeader(t, v) })...)
	handH, blank := 6, 1 // title, four lines of cards, marks; a blank above
	if !tp.seated() {
		handH = 2
	} else if sh := tp.handShape(); !sh.lift {
		// Rows of cards: the log gives them its room, and the blank
		// above them goes first.
		handH = 1 + sh.lines()
		if tp.h-4-handH-1 < 12 {
			blank = 0
		}
	}
	midH := tp.h - len(out) - handH - blank - 2
	leftW := 30
	if tp.w >= 110 {
		leftW = 34
	}
	left := tp.pileColumn(v, leftW)
	right := tp.playersColumn(t, v, tp.w-leftW-1, midH)
	fl.sides = tp.memo.sides.SideBySide(fl.sides[:0], left, right, leftW, tp.w)
	out = append(out, fl.sides...)
	for len(out) < 2+midH {
		out = append(out, "")
	}
	out = out[:2+midH]
	if blank > 0 {
		out = append(out, "")
	}
	ov := tp.box()
	// Between hands and at the end the hand is over: the standings take
	// its place rather than being drawn over its cards.
	handOver := ov == ScoresBox || ov == FinalBox
	switch {
	case tp.seated() && !handOver:
		out = append(out, tp.keptShown(&tp.memo.hand, 0, func() []string { return tp.padHand(tp.handBlock(t, v)) })...)
	case !tp.seated():
		out = append(out, tp.watchingBanner(t)...)
	}
	out = tp.c.Bottom(out, tp.tableKeyMap(v))
	fl.frame = out
	if ov == NoBox {
		tp.memo.under.Forget() // (the rows under a box that has gone)
		tp.memo.placed = placedBox{}
	} else {
		bottom := 2 + midH
		if handOver {
			bottom = tp.h - 2
		}
		// Below the list of players if it fits there, so that everyone's
		// count stays in view (a Mutated Minion's victim's grows).
		below := 3 + len(v.Seats)
		box := tp.keptOverlay(ov, v, false)
		if ui.LineCount(box) > bottom-below {
			box = tp.keptOverlay(ov, v, true)
		}
		out = tp.placeOverlay(out, box, leftW, below, bottom)
	}
	return out
}

// placeOverlay draws an overlay's box over the players' column (from x0),
// from the row below (or, if it does not fit, from under the header) down
// to bottom, covering whole rows of that column
// so that no word is left cut in half beside it; the piles, the colour in
// play and whose turn it is stay in view. A box too wide for the column
// covers whole rows of the screen; one too tall may reach down to the
// footer.
func (tp *Page) placeOverlay(base []string, block string, x0, below, bottom int) []string {
	pb := &tp.memo.placed
	if !pb.ok || pb.block != block || pb.x0 != x0 || pb.below != below || pb.bottom != bottom || pb.w != tp.w || pb.h != tp.h {
		*pb = placedBox{ok: true, block: block, x0: x0, below: below, bottom: bottom, w: tp.w, h: tp.h}
		bl := ui.Lines(block)
		bw := 0
		for _, l := range bl {
			bw = max(bw, ui.Width(l))
		}
		top := below
		if len(bl) > bottom-top {
			top = 2
		}
		if len(bl) > bottom-top {
			bottom = tp.h - 2
		}
		pb.y = top + max((bottom-top-len(bl))/2, 0)
		colW := tp.w - x0
		if bw > colW { // the whole width, whole rows
			x0, colW = 0, tp.w
		}
		pb.x = x0
		// As near the screen's middle as the column lets it be, a few cells
		// clear of the piles: centred in the column alone, a box sat well
		// right of the middle on a wide window.
		margin := min(3, max((colW-bw)/2, 0))
		left := min(max((tp.w-bw)/2-x0, margin), max(colW-bw, 0))
		for i, l := range bl {
			bl[i] = ui.Spaces(left) + l + ui.Spaces(colW-left-bw)
		}
		pb.rows = bl
	}
	fl := tp.lists()
	fl.under = tp.memo.under.Splice(fl.under[:0], base, pb.rows, pb.x, pb.y, tp.w)
	return fl.under
}

// placedBox is a box as last placed over the table: its rows, padded to
// the column it covers, and where they go. It is kept while the box and
// where it may go are the same: a box with no countdown, or between two
// of its seconds, is not cut into rows again for every frame.
type placedBox struct {
	ok                      bool
	block                   string
	x0, below, bottom, w, h int
	rows                    []string
	x, y                    int
}

// pileColumn is the draw pile and the discard pile, drawn large, with the
// colour in play and whose turn it is beneath.
func (tp *Page) pileColumn(v *engine.View, w int) []string {
	st := tp.cards()
	pk := pileKey{w: w, pile: v.DrawPile, discards: v.Discards > 0, top: v.Top, color: v.Color,
		edition: v.Settings.Edition, hand: v.HandNo}
	if v.HandNo > 0 {
		pk.dealer = tp.seatName(v.Dealer)
	}
	fl := tp.lists()
	out := append(fl.pile[:0], keptByShown(&tp.memo.pile, pk, func() []string { return tp.piles(v, w) })...)
	note := tp.phaseNote(v)
	mine := v.Seat >= 0 && v.Current == v.Seat && v.Phase != engine.PhaseDeal && v.Phase != engine.PhaseGameOver &&
		tp.scr.Table.Reveal == nil
	if mine {
		note = st.Turn("▶ " + note)
	} else {
		note = "  " + note
	}
	out = append(out, tp.pileNotes(note, tp.countdown(tp.deadline(v)), w)...)
	out = append(out, tp.moment(v, w)...)
	if code := tp.scr.Rejoin; code != "" && v.Seat >= 0 {
		// A guest has no key to come back with: this code is theirs
		// (`ssh -t HOST rejoin CODE`, in help and in the waiting room).
		out = append(out, " "+st.Dim("rejoin code ")+st.Bold(lobby.FormatCode(ui.Clean(code))))
	}
	fl.pile = out
	return out
}

// notesKey is what the lines under the piles say, at a column's width:
// they are kept from one frame to the next while they say the same, as
// through every move of one turn.
type notesKey struct {
	note, count string
	w           int
}

// pileNotes is note and the countdown after it, wrapped to the column w
// wide, each line indented by a space.
func (tp *Page) pileNotes(note, count string, w int) []string {
	return keptByShown(&tp.memo.notes, notesKey{note, count, w}, func() []string {
		ls := ui.Wrap(note+count, w-2)
		for i, l := range ls {
			ls[i] = " " + l
		}
		return ls
	})
}

// piles is the top of the pile column: both piles, the hand's number and
// the colour in play (nothing in it counts down).
func (tp *Page) piles(v *engine.View, w int) []string {
	st := tp.cards()
	var out []string
	draw := st.DrawPile(v.DrawPile)
	var disc []string
	if v.Discards > 0 || v.Top != (engine.Card{}) {
		disc = st.BigCard(v.Top, v.Color, v.Settings.Edition)
	} else {
		disc = make([]string, len(draw))
		for i := range disc {
			disc[i] = ui.Spaces(ui.BigCardW)
		}
	}
	gap := ui.Spaces(max((w-2*ui.BigCardW-2)/2, 1))
	for i := range draw {
		out = append(out, " "+draw[i]+gap+disc[i])
	}
	out = append(out, keep(st.Drawn(), pileLabelsKey(len(gap)), func() string {
		return " " + ui.Center(st.Dim("draw"), ui.BigCardW) + gap + ui.Center(st.Dim("discard"), ui.BigCardW)
	}))
	if v.HandNo > 0 {
		out = append(out, " "+st.Dim(ui.Trunc(fmt.Sprintf("hand %d · %s dealt", v.HandNo, tp.seatName(v.Dealer)), w-2)))
	} else {
		out = append(out, "")
	}
	if v.Color != engine.NoColor {
		out = append(out, keep(st.Drawn(), colourRowKey(v.Color), func() string {
			return " " + st.Dim("colour in play ") + st.Chip(v.Color)
		}))
	} else {
		out = append(out, "")
	}
	return out
}

// playersColumn is every seat, in the order of play, then the log.
func (tp *Page) playersColumn(t *lobby.TableView, v *engine.View, w, h int) []string {
	st := tp.cards()
	nameW := 12
	if w >= 60 {
		nameW = 16
	}
	scoreHead := "score"
	if v.Settings.Mode == engine.LowestScore || v.Settings.Mode == engine.Challenge {
		scoreHead = "tally"
	}
	arrow := "↓"
	if v.Direction < 0 {
		arrow = "↑"
	}
	team := hasTeams(v)
	teamW := 0
	if team {
		teamW = 2
	}
	head := "  " + ui.Spaces(teamW) + ui.Pad("player "+arrow, nameW) + ui.PadLeft("cards", 6) + ui.PadLeft(scoreHead, 7)
	fl := tp.lists()
	out := append(fl.players[:0], keep(st.Drawn(), dimKey(head), func() string { return st.Dim(head) }))
	if len(tp.memo.rows) != len(v.Seats) {
		tp.memo.rows = make([]keptRow, len(v.Seats))
	}
	for _, i := range seatOrder(v) {
		out = append(out, ui.Trunc(tp.playerRow(t, v, i, v.Seats[i], nameW, teamW), w))
	}
	if rl := tp.rotationLines(v, w); len(rl) > 0 {
		out = append(out, "")
		out = append(out, rl...)
	}
	logH := h - len(out) - 1
	if logH > 0 {
		out = append(out, "")
		out = append(out, tp.keptShown(&tp.memo.log, w<<16|logH, func() []string { return tp.logLines(t.Log, w-1, logH) })...)
	}
	fl.players = out
	return out
}

// playerRow is one seat: turn mark, team, name, cards, score and state,
// and the time left on the turn. All but the time is kept from the frame
// before while the seat's row has not changed (memo.go).
func (tp *Page) playerRow(t *lobby.TableView, v *engine.View, i int, s engine.SeatView, nameW, teamW int) string {
	current := i == v.Current && v.Phase != engine.PhaseDeal && v.Phase != engine.PhaseGameOver
	if v.Phase == engine.PhaseRace || v.Phase == engine.PhaseRaid || t.Reveal != nil {
		current = false
	}
	k := rowKey{s: s, i: i, you: i == v.Seat, current: current, phase: v.Phase, player: v.Player,
		name: tp.seatName(i), nameW: nameW, teamW: teamW}
	if i < len(t.Seats) {
		k.info, k.seated = t.Seats[i], true
	}
	if r := t.Reveal; r != nil && i == r.Seat && !r.Done {
		k.drawing = true
	}
	kr := &tp.memo.rows[i] // (playersColumn makes one per seat)
	if !kr.ok || kr.key != k {
		*kr = keptRow{ok: true, key: k, row: tp.drawPlayerRow(k)}
	}
	row := kr.row
	if !current || t.TurnEnds.IsZero() {
		return row.text
	}
	left := t.TurnEnds.Sub(tp.c.Now())
	ts := ui.Seconds(left)
	if left <= 5*time.Second {
		ts = keep(tp.cards().Drawn(), countdownKey{ts, true}, func() string { return tp.cards().Err(ts) })
	}
	if row.notes {
		return row.text + " " + ts
	}
	return row.text + "  " + ts
}

// drawPlayerRow draws a seat's row from its key, without the time left.
func (tp *Page) drawPlayerRow(k rowKey) drawnRow {
	st := tp.cards()
	s := k.s
	mark := "  "
	if k.current {
		mark = st.Turn("▶ ")
	}
	tm := ""
	if k.teamW > 0 && s.Team >= 0 {
		tm = ui.Pad(string(rune('A'+s.Team)), k.teamW)
	}
	name := ui.Pad(k.name, k.nameW)
	switch {
	case s.Out:
		name = st.Dim(name)
	case k.you:
		name = st.Bold(name)
	case k.current:
		name = st.Turn(name)
	}
	cards := ui.PadLeft(fmt.Sprint(s.Cards), 6)
	if s.Out {
		cards = ui.PadLeft("—", 6)
	}
	row := mark + tm + name + cards + ui.PadLeft(fmt.Sprint(s.Score), 7)
	notes := tp.seatNotes(k)
	if notes != "" {
		row += "  " + notes
	}
	return drawnRow{text: row, notes: notes != ""}
}

// seatNotes are a seat's states: UNO!, open to a catch, out, racing,
// raided, bot, away, you (the time left is added by playerRow).
func (tp *Page) seatNotes(k rowKey) string {
	st := tp.cards()
	s := k.s
	var ns []string
	switch {
	case s.Out:
		ns = append(ns, st.Dim("out"))
	case s.UNO:
		ns = append(ns, st.Warn("UNO!"))
	case s.Exposed:
		ns = append(ns, st.Err("no UNO! catch (c)"))
	}
	if k.phase == engine.PhaseRace && !s.Out {
		if s.Racing {
			ns = append(ns, st.Warn("racing"))
		} else {
			ns = append(ns, st.OK("dropped"))
		}
	}
	if k.phase == engine.PhaseRaid && k.i == k.player {
		ns = append(ns, st.Warn("raiding"))
	}
	if k.drawing {
		ns = append(ns, st.Warn("drawing…"))
	}
	if k.you {
		ns = append(ns, "you")
	}
	seat := k.info
	switch {
	case !k.seated:
	case seat.Bot:
		ns = append(ns, st.Dim("bot"))
	case seat.Program && seat.Connected && !seat.AutoPlay: // a program plays the seat (the bot API)
		ns = append(ns, st.Dim("API bot"))
	case seat.Nick == "": // left once the game was over: named from the result (seatName)
		ns = append(ns, st.Dim("left"))
	case !seat.Connected && seat.AutoPlay: // left: a bot stands in until they come back
		ns = append(ns, st.Warn("away")+st.Dim(" · bot plays"))
	case !seat.Connected:
		ns = append(ns, st.Warn("away"))
	case seat.AutoPlay:
		ns = append(ns, st.Dim("bot plays"))
	}
	return strings.Join(ns, " ")
}

// handBlock is the player's hand: a title, the cards (the one under the
// cursor raised), and ▲ under each card that can be played now.
func (tp *Page) handBlock(t *lobby.TableView, v *engine.View) []string {
	st := tp.cards()
	ts := tp.tbl
	hand := ts.hand
	tk := handTitleKey{cards: len(hand), score: v.Seats[v.Seat].Score, word: ui.ScoreWord(v.Settings),
		partner: tp.partnerText(v), armed: ts.armed, auto: t.You >= 0 && t.You < len(t.Seats) && t.Seats[t.You].AutoPlay}
	if tt := &tp.memo.title; !tt.ok || tt.key != tk {
		*tt = keptTitle{ok: true, key: tk, title: tp.handTitle(tk)}
	}
	title := tp.memo.title.title
	shape := tp.handShape()
	lm, rm := "  ", ""
	if shape.first > 0 {
		lm = st.Dim(fmt.Sprintf("‹%d", shape.first))
		if shape.first > 9 {
			lm = st.Dim("‹‹")
		}
	}
	if after := len(hand) - shape.first - shape.shown; after > 0 {
		rm = st.Dim(fmt.Sprintf(" %d›", after))
	}
	myTurn := v.Current == v.Seat && (v.Phase == engine.PhaseTurn || v.Phase == engine.PhaseDrawn)
	shown := hand[shape.first : shape.first+shape.shown]
	k := handCardsKey{n: len(shown), myTurn: myTurn, cursor: ts.cursor - shape.first, shape: shape,
		lm: lm, rm: rm, edition: v.Settings.Edition, w: tp.w}
	var rows []string
	if len(shown) <= 64 {
		// Kept while the same cards show the same way: a move by
		// another player that leaves which of them play as it was
		// draws none of them again.
		var buf [3 * 64]byte
		for i, c := range shown {
			buf[3*i], buf[3*i+1], buf[3*i+2] = byte(c.Color), byte(c.Kind), c.Value
			if v.Playable(c) {
				k.plays |= 1 << i
			}
		}
		k.cards = maphash.Bytes(ui.RowSeed, buf[:3*len(shown)])
		rows = keptByShown(&tp.memo.handCards, k, func() []string { return tp.handCards(shown, v, k) })
	} else {
		rows = tp.handCards(shown, v, k)
	}
	out := make([]string, 0, 1+len(rows))
	out = append(out, title)
	out = append(out, rows...)
	if len(hand) == 0 {
		out[2] = "  " + st.Dim("no cards")
		if v.Seats[v.Seat].Out {
			out[2] = "  " + st.Banner(" OUT ") + " " + st.Dim("you are out of the game: you watch it to the end")
		}
	}
	return out
}

// handTitleKey is everything the hand's title says.
type handTitleKey struct {
	cards, score  int
	word, partner string
	armed, auto   bool
}

// keptTitle is the hand's title as last drawn: it is kept while what it
// says is the same, as it is through most moves of the others.
type keptTitle struct {
	ok    bool
	key   handTitleKey
	title string
}

// handTitle is the line over the hand: how many cards, the score, the
// partner, whether UNO! is armed; or that a bot plays the seat.
func (tp *Page) handTitle(k handTitleKey) string {
	st := tp.cards()
	if k.auto {
		// The banner must be read whole: it takes the details' place.
		return " " + st.Bold("your hand") + "  " +
			st.Banner(" a bot plays for you: press any key to take over ")
	}
	title := " " + st.Bold("your hand") + st.Dim(" · "+ui.Plural(k.cards, "card", "cards"))
	title += st.Dim(fmt.Sprintf(" · %s %d", strings.ToLower(k.word), k.score))
	if k.partner != "" {
		title += st.Dim(" · " + k.partner)
	}
	if k.armed {
		title += "  " + st.Banner(" UNO! armed ")
	}
	return title
}

// watchingBanner replaces the hand for a spectator.
func (tp *Page) watchingBanner(t *lobby.TableView) []string {
	st := tp.cards()
	return []string{
		" " + st.Banner(" WATCHING ") + " " + st.Dim("you see the table and the chat, never a hand"),
		"",
	}
}

// tableKeyMap is the table's key map now: a spectator's, the chat line's,
// a box's, or the turn's.
func (tp *Page) tableKeyMap(v *engine.View) help.KeyMap {
	switch {
	case !tp.seated() && tp.canSit():
		return SitterKeyMap
	case !tp.seated():
		return spectatorKeyMap
	case tp.tbl.chat.open:
		return ChatKeyMap
	}
	switch tp.box() {
	case ColourBox, FirstColourBox:
		return ColourKeyMap(v.Settings.Edition)
	case TargetBox:
		return TargetKeyMap
	case ChallengeBox:
		return ChallengeKeyMap
	case RaceBox:
		return RaceKeyMap
	case RaidBox:
		return RaidKeyMap
	case RevealBox:
		return revealKeyMap
	case ScoresBox:
		return outKeyMap
	case FinalBox:
		if tp.scr.Table.Host {
			return FinalHostKeyMap
		}
		return finalKeyMap
	case LeaveBox:
		return LeaveKeyMap
	}
	if v.Seat >= 0 && v.Seat < len(v.Seats) && v.Seats[v.Seat].Out {
		return outKeyMap
	}
	if v.Phase == engine.PhaseDrawn && v.Current == v.Seat {
		return DrawnKeyMap
	}
	return PlayKeyMap
}

// handCardsKey is everything the hand's rows of cards and of marks are
// drawn from: the cards on screen (hashed, three bytes each), which of them
// play, whether it is the player's turn (the cards that do not play are
// dimmed only then), the cursor (from the first card shown), the hand's
// layout, the margins and the window's width.
type handCardsKey struct {
	cards   uint64
	n       int
	plays   uint64 // bit i: the i-th card shown plays
	myTurn  bool
	cursor  int
	shape   handShape
	lm, rm  string
	edition engine.Edition
	w       int
}

// handCards is the hand's rows of cards (the one under the cursor raised,
// or framed heavy) each with its row of marks (▲ under each card that
// plays), for the cards shown, each line padded to the window's width as
// the frame would pad it (the frame, the memo and the painter then share
// one copy of the lines).
func (tp *Page) handCards(hand []engine.Card, v *engine.View, k handCardsKey) []string {
	st := tp.cards()
	sh := k.shape
	cardW, gap := sh.cardW, sh.gap
	per := sh.lines() / max(sh.rows, 1) // the lines of one row of cards and its marks
	label := 1                          // the line of a row that the margins go on
	if sh.lift {
		label = 2
	} else if sh.chips {
		label = 0
	}
	// The lines are written one after another into one string, its size
	// counted first, and cut from it: one allocation for them all, where a
	// builder for each, growing, made three times as many.
	var few [32][5]string // each card's part of each line of its row
	cells := few[:0]
	if len(hand) > len(few) {
		cells = make([][5]string, 0, len(hand))
	}
	size := 0
	for i, c := range hand {
		playable := v.Playable(c)
		var s [5]string
		if sh.chips {
			s[0] = st.ChipCard(c, k.edition, k.myTurn && !playable, i == k.cursor)
		} else {
			card := st.SmallCard(c, k.edition, cardW, k.myTurn && !playable, i == k.cursor)
			lift := 0
			if sh.lift && i != k.cursor {
				lift = 1
			}
			for r := range per - 1 {
				s[r] = ui.Spaces(cardW)
				if j := r - lift; j >= 0 && j < 3 {
					s[r] = card[j]
				}
			}
		}
		s[per-1] = ui.Spaces(cardW)
		if playable {
			s[per-1] = keep(st.Drawn(), playableMarkKey(cardW), func() string {
				return " " + st.OK(strings.Repeat("▲", cardW-2)) + " "
			})
		}
		for _, part := range s[:per] {
			size += len(part) + gap
		}
		cells = append(cells, s)
	}
	n := max(sh.rows, 1) * per
	var nums [2 * 48]int
	fill, ends := nums[:0], nums[48:48]
	if n > 48 {
		fill, ends = make([]int, 0, n), make([]int, 0, n)
	}
	fill, ends = fill[:n], ends[:n]
	last := max(sh.rows, 1) - 1
	for r := range n {
		row, line := r/per, r%per
		inRow := min(max(len(cells)-row*sh.perRow, 0), sh.perRow)
		lineW := 2 + inRow*(cardW+gap) // (the left margin is two cells, marked or not)
		if line == label && row == last {
			lineW += ui.Width(k.rm)
		}
		fill[r] = max(k.w-lineW, 0)
		size += fill[r] + 2 + len(k.lm) + len(k.rm)
	}
	var b strings.Builder
	b.Grow(size)
	for r := range n {
		row, line := r/per, r%per
		from := min(row*sh.perRow, len(cells))
		to := min(from+sh.perRow, len(cells))
		if line == label && row == 0 {
			b.WriteString(k.lm)
		} else {
			b.WriteString("  ")
		}
		for _, s := range cells[from:to] {
			b.WriteString(s[line])
			b.WriteString(ui.Spaces(gap))
		}
		if line == label && row == last {
			b.WriteString(k.rm)
		}
		b.WriteString(ui.Spaces(fill[r]))
		ends[r] = b.Len()
	}
	all := b.String()
	rows := make([]string, n)
	for r, from := 0, 0; r < n; r++ {
		rows[r] = all[from:ends[r]]
		from = ends[r]
	}
	return rows
}
