package lobby

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
)

// logEntry is a line of a table's log: a game event (told differently to
// each viewer: only a card's owner sees it drawn), a chat line, or a note.
type logEntry struct {
	isEvent bool
	event   engine.Event
	// shown is the hand a Wild Draw Four challenge showed the challenger
	// (event.Seat), who alone reads it in their log.
	shown []engine.Card
	chat  bool
	nick  string
	text  string
	// from is a chat line's speaker (Client.speaker), by which a player
	// who ignores them hides it (moderation_players.go).
	from string
	seq  uint64 // its place in the table's log since it opened (addLog)
	// told is the event as narrated so far, by viewer, while the seats'
	// names and the mode stay as they were (toldNames, toldMode): every
	// flush narrates the last lines of the log for every viewer, and the
	// same sentences come out until a name changes. Viewers told the same
	// sentence share one string.
	told      []toldLine
	toldNames string
	toldMode  engine.Mode
}

// toldLine is a log line as one viewer reads it.
type toldLine struct {
	seat int
	text string
}

// tell is narrate for the entry's event and viewer seat, kept.
func (e *logEntry) tell(seat int, names []string, namesKey string, rules engine.Settings) string {
	if e.toldNames != namesKey || e.toldMode != rules.Mode {
		e.told, e.toldNames, e.toldMode = e.told[:0], namesKey, rules.Mode
	}
	for _, l := range e.told {
		if l.seat == seat {
			return l.text
		}
	}
	text := narrateFor(e.event, seat, names, rules)
	for _, l := range e.told {
		if l.text == text {
			text = l.text // one copy for the viewers who read the same
			break
		}
	}
	e.told = append(e.told, toldLine{seat, text})
	return text
}

// flush sends the views and the lobby line, if anything changed.
func (t *table) flush() {
	t.persist() // kept before it is shown (journal.go)
	if t.listDirty {
		t.listDirty = false
		if !t.closed {
			t.publish()
		}
	}
	if !t.dirty || t.closed || t.held() {
		return // (held: what changed is not stored, and nobody sees it yet)
	}
	t.dirty = false
	for i, s := range t.seats {
		if s.client != nil {
			s.client.show(t.q, t.viewFor(i))
		}
	}
	// Each spectator gets a view of their own: nothing one holds that can
	// change is shared with another (the log's lines are, and never change).
	for c := range t.watchers {
		c.show(t.q, t.viewFor(-1))
	}
}

func (t *table) info() TableInfo {
	humans := 0
	for _, s := range t.seats {
		if s.human() {
			humans++
		}
	}
	return TableInfo{
		ID: t.id, Short: t.short, Name: t.opts.Name, Public: t.opts.Public, APIBots: t.opts.APIBots, Ladder: t.opts.Ladder, Settings: t.opts.Settings,
		Seats: len(t.seats), Taken: t.taken(), Humans: humans, Status: t.status,
		Watching: len(t.watchers), StartsAt: t.startsAt, Tournament: t.tourID(),
	}
}

func (t *table) publish() {
	info := t.info()
	t.hub.publish(info)
	if t.hub.clustered() && t.tour == nil {
		t.hub.dir.putTable(t, info) // the other nodes' lobbies (directory.go)
	}
}

// viewFor is the table as seat sees it (-1: a spectator). Each viewer gets a
// fresh copy: nothing in it that can change is shared with the table or
// another viewer. Its log's strings may be, and so may its log's lines:
// they never change, and the list is cut to its length (told).
func (t *table) viewFor(seat int) *TableView {
	v := &TableView{TableInfo: t.info(), Code: t.code, You: seat, Moves: t.moves, MovedAt: t.movedAt, TurnEnds: t.turnEnds,
		RaceEnds: t.raceEnds, RaidEnds: t.raidEnds, NextHandAt: t.nextHandAt}
	v.Seats = make([]SeatInfo, 0, len(t.seats))
	for _, s := range t.seats {
		v.Seats = append(v.Seats, SeatInfo{Nick: s.nick, Bot: s.bot, Program: s.program, Host: s.host,
			Connected: s.bot || s.client != nil, AutoPlay: s.auto, Level: s.level()})
	}
	v.BotLevel, v.FastBots = t.addLevel(), t.opts.FastBots
	v.APIBots = t.opts.APIBots
	if seat >= 0 {
		v.Host = t.seats[seat].host
	}
	if t.game != nil {
		gv := t.game.View(seat)
		v.Game = &gv
		if t.reveal != nil {
			v.Reveal = t.reveal.view(seat)
			t.reveal.hide(v.Game)
		}
		v.Drops = append([]int(nil), t.dropOrder...)
	}
	if t.lastHand != nil {
		v.LastHand = t.lastHand.clone()
	}
	v.Tournament = t.tourView()
	v.Log = t.told(seat)
	return v
}

// toldLog is the log's lines as one viewer reads them (a seat, or the
// spectators), kept from one flush to the next while the seats' names, the
// mode and the lines already told stay as they were. Every flush sends
// every viewer the log's last lines, and a move adds one: each viewer's
// lines were copied afresh, a large share of what a playing server
// allocated (docs/benchmarks.md). Lines are only ever added at the end of the list, past the
// length of every view already sent, and a view's list is cut to its
// length, so a view never sees a line change; the list is moved to a new
// one, dropping the lines no longer shown, only when it is full.
type toldLog struct {
	names string      // the seats' names it was told with (tell's namesKey)
	mode  engine.Mode // the mode it was told in
	gen   uint64      // the table's logGen when it was begun
	next  uint64      // the seq of the first entry not told yet
	lines []LogLine
	seqs  []uint64 // per line, its entry's seq
}

// toldRoom is the lines a told log holds beyond those shown: it is moved
// to a new list once every toldRoom lines.
const toldRoom = 8

// told is the log's last logShown entries as seat reads them.
func (t *table) told(seat int) []LogLine {
	if len(t.log) == 0 {
		return []LogLine{}
	}
	first := t.log[max(0, len(t.log)-logShown)].seq
	names, namesKey := t.seatNames()
	for len(t.toldLogs) <= seat+1 {
		t.toldLogs = append(t.toldLogs, toldLog{})
	}
	tl := &t.toldLogs[seat+1]
	if tl.names != namesKey || tl.mode != t.opts.Settings.Mode || tl.gen != t.logGen || tl.next < first || tl.next > t.logSeq {
		*tl = toldLog{names: namesKey, mode: t.opts.Settings.Mode, gen: t.logGen, next: first}
	}
	for k := len(t.log) - int(t.logSeq-tl.next); k < len(t.log); k++ {
		e := &t.log[k]
		line, ok := t.tellLine(e, seat, names, namesKey)
		if !ok {
			continue
		}
		if len(tl.lines) == cap(tl.lines) {
			i := shownFrom(tl.seqs, first)
			lines := make([]LogLine, 0, max(len(tl.lines)-i, logShown)+toldRoom)
			seqs := make([]uint64, 0, cap(lines))
			tl.lines, tl.seqs = append(lines, tl.lines[i:]...), append(seqs, tl.seqs[i:]...)
		}
		tl.lines, tl.seqs = append(tl.lines, line), append(tl.seqs, e.seq)
	}
	tl.next = t.logSeq
	n := len(tl.lines)
	return tl.lines[shownFrom(tl.seqs, first):n:n]
}

// shownFrom is the index of the first line told of an entry from seq first
// on.
func shownFrom(seqs []uint64, first uint64) int {
	i := 0
	for i < len(seqs) && seqs[i] < first {
		i++
	}
	return i
}

// tellLine is entry e as seat reads it in the log, if it reads anything.
func (t *table) tellLine(e *logEntry, seat int, names []string, namesKey string) (LogLine, bool) {
	switch {
	case e.chat:
		return LogLine{Chat: true, Nick: e.nick, Text: e.text, From: e.from}, true
	case e.isEvent:
		text := e.tell(seat, names, namesKey, t.opts.Settings)
		if e.text != "" { // told otherwise at the time (a stand-in bot's win)
			text = e.text
		}
		text = showedYou(text, e.event, e.shown, seat, names)
		return LogLine{Text: text}, text != ""
	default:
		return LogLine{Text: e.text}, true
	}
}

// seatNames is the seats' nicknames, and them joined (tell's namesKey),
// made again only when a nickname changed: every view asks.
func (t *table) seatNames() ([]string, string) {
	same := len(t.names) == len(t.seats)
	for i := 0; same && i < len(t.seats); i++ {
		same = t.names[i] == t.seats[i].nick
	}
	if !same {
		t.names = make([]string, len(t.seats))
		for i, s := range t.seats {
			t.names[i] = s.nick
		}
		t.namesKey = strings.Join(t.names, "\x00")
	}
	return t.names, t.namesKey
}

// narrate tells an event in a sentence, from the viewer's side ("you").
func narrate(e engine.Event, names []string, viewer int, rules engine.Settings) string {
	who := func(s int) string {
		if s == viewer {
			return "you"
		}
		if s >= 0 && s < len(names) {
			return names[s]
		}
		return "?"
	}
	// whose is "your" for the viewer, else "bo's"; is is "you are" or "bo is";
	// verb picks the form of a verb for the viewer or someone else.
	whose := func(s int) string {
		if s == viewer {
			return "your"
		}
		return who(s) + "'s"
	}
	verb := func(s int, you, other string) string {
		if s == viewer {
			return "you " + you
		}
		return who(s) + " " + other
	}
	conj := func(s int, you, other string) string {
		if s == viewer {
			return you
		}
		return other
	}
	color := func(c engine.Color) string { return strings.ToUpper(c.String()) }
	card := func(c engine.Card) string { return c.Label() }
	switch e.Kind {
	case engine.EvCut:
		return fmt.Sprintf("%s cut %s", who(e.Seat), card(e.Card))
	case engine.EvDealer:
		return fmt.Sprintf("hand %d: %s", e.Count, verb(e.Seat, "deal", "deals"))
	case engine.EvFirstCard:
		return fmt.Sprintf("first card: %s", card(e.Card))
	case engine.EvFirstCardReturned:
		return fmt.Sprintf("%s turned up first goes back into the deck", card(e.Card))
	case engine.EvFirstCardIgnored:
		return fmt.Sprintf("%s turned up first is ignored", card(e.Card))
	case engine.EvPlay:
		if e.Card.Kind.IsWild() {
			return fmt.Sprintf("%s played %s: %s", who(e.Seat), card(e.Card), color(e.Color))
		}
		return fmt.Sprintf("%s played %s", who(e.Seat), card(e.Card))
	case engine.EvDraw:
		return narrateDraw(e, who(e.Seat))
	case engine.EvPass:
		return fmt.Sprintf("%s passed", who(e.Seat))
	case engine.EvSkip:
		return verb(e.Seat, "are skipped", "is skipped")
	case engine.EvReverse:
		if e.Count < 0 {
			return "play goes right (counter-clockwise)"
		}
		return "play goes left (clockwise)"
	case engine.EvColor:
		return fmt.Sprintf("%s chose %s", who(e.Seat), color(e.Color))
	case engine.EvUNO:
		return fmt.Sprintf("%s called UNO!", who(e.Seat))
	case engine.EvCaught:
		return fmt.Sprintf("%s caught %s without UNO: +%d", who(e.Seat), who(e.Target), e.Count)
	case engine.EvReshuffle:
		return fmt.Sprintf("the discard pile was reshuffled: %d cards to draw", e.Count)
	case engine.EvChallenge:
		verdict := fmt.Sprintf("%s challenged %s W+4: innocent, %s 6", who(e.Seat), whose(e.Target), verb(e.Seat, "draw", "draws"))
		if e.Guilty {
			verdict = fmt.Sprintf("%s challenged %s W+4: guilty! %s 4", who(e.Seat), whose(e.Target), verb(e.Target, "draw", "draws"))
		}
		return verdict
	case engine.EvAccept:
		return fmt.Sprintf("%s took the W+4", who(e.Seat))
	case engine.EvRaceStart:
		return "KEVIN'S FAMOUS CHILI! everyone drop your cards!"
	case engine.EvDrop:
		return fmt.Sprintf("%s dropped (%d)", who(e.Seat), e.Count)
	case engine.EvRaceLost:
		return verb(e.Seat, "were last to drop", "was last to drop")
	case engine.EvRaidStart:
		if e.Count == 0 { // the raid ends at once: say why
			if e.Seat == viewer {
				return "you raise THE ARMY OF GRAYSKULL, but nobody holds an action card: nothing to take"
			}
			return fmt.Sprintf("%s raises THE ARMY OF GRAYSKULL, but nobody holds an action card", who(e.Seat))
		}
		if e.Seat == viewer {
			return "you raise THE ARMY OF GRAYSKULL and see every hand"
		}
		return fmt.Sprintf("%s raises THE ARMY OF GRAYSKULL and sees every hand", who(e.Seat))
	case engine.EvExchange:
		if e.Card != (engine.Card{}) {
			return fmt.Sprintf("%s took %s from %s and gave %s", who(e.Seat), card(e.Card), who(e.Target), card(e.Give))
		}
		return fmt.Sprintf("%s took a card from %s and gave one back", who(e.Seat), who(e.Target))
	case engine.EvRaidEnd:
		return whose(e.Seat) + " raid is over"
	case engine.EvSwapHands:
		return fmt.Sprintf("%s swapped hands with %s", who(e.Seat), who(e.Target))
	case engine.EvPassHands:
		return "everyone passed their hand on"
	case engine.EvDiscardColor:
		return fmt.Sprintf("%s discarded %d %s cards", who(e.Seat), e.Count, color(e.Color))
	case engine.EvHandOver:
		if e.Blocked {
			return fmt.Sprintf("nobody can play: %s the hand (%d points)", verb(e.Seat, "hold the least and win", "holds the least and wins"), e.Count)
		}
		if e.Target >= 0 {
			return fmt.Sprintf("%s went out: %s and %s score %d", who(e.Seat), who(e.Seat), who(e.Target), e.Count)
		}
		if e.Unscored {
			return fmt.Sprintf("%s went out and %s: a single hand of this edition scores no points", who(e.Seat), conj(e.Seat, "win", "wins"))
		}
		switch rules.Mode {
		case engine.LowestScore, engine.Challenge:
			// Nobody scores the hand: the others add what they hold to their tallies.
			return fmt.Sprintf("%s went out! the others add what they hold to their tallies", who(e.Seat))
		case engine.SingleHand:
			return fmt.Sprintf("%s went out and %s the hand (%d points)", who(e.Seat), conj(e.Seat, "win", "wins"), e.Count)
		}
		return fmt.Sprintf("%s went out and %s %d points", who(e.Seat), conj(e.Seat, "score", "scores"), e.Count)
	case engine.EvEliminated:
		return verb(e.Seat, "are eliminated", "is eliminated")
	case engine.EvGameOver:
		if e.Target >= 0 {
			return fmt.Sprintf("GAME OVER: %s and %s win!", who(e.Seat), who(e.Target))
		}
		return fmt.Sprintf("GAME OVER: %s won!", who(e.Seat))
	}
	return ""
}

func narrateDraw(e engine.Event, name string) string {
	if e.Count == 0 {
		return fmt.Sprintf("%s had nothing to draw", name)
	}
	what := fmt.Sprintf("%d cards", e.Count)
	if e.Count == 1 {
		what = "a card"
		if e.Card != (engine.Card{}) {
			what = e.Card.Label()
		}
	}
	switch e.Reason {
	case engine.DrawPenalty, engine.DrawFirstCard, engine.DrawHandEnd:
		return fmt.Sprintf("%s drew %s", name, what)
	case engine.DrawUNO:
		return fmt.Sprintf("%s drew %s for not calling UNO", name, what)
	case engine.DrawChallenge:
		return fmt.Sprintf("%s drew %s after the challenge", name, what)
	case engine.DrawGreyskull:
		return fmt.Sprintf("%s drew %s: BY THE POWER OF GREYSKULL!", name, what)
	case engine.DrawMinion:
		return fmt.Sprintf("%s drew %s (looking for %s)", name, what, strings.ToUpper(e.Color.String()))
	case engine.DrawChili:
		return fmt.Sprintf("%s drew %s (last to drop)", name, what)
	}
	return fmt.Sprintf("%s drew %s", name, what)
}
