package table

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/speech"
	"github.com/unossh/unossh/tui/ui"
)

// This file is the table in the linear (screen-reader) mode: the same
// page, said rather than drawn. What it shows is said in two parts: Said
// (tableSaid, roomSaid), the page's state as sentences, which the router
// says again whole when asked and otherwise says as it changes; and the
// news (news), said once as it comes: the log's new lines, a countdown at
// 30, 10 and 5 seconds, and what the player asked to hear (the hand, the
// pile, the scores, the last events). The turn's moves are numbered
// (speech.Choices, built from the seat's legal moves) and chosen by number
// keys; the other keys are the table's own.

// linearTable is what the linear form remembers: what it told, and the
// choice the player is making.
type linearTable struct {
	log   []lobby.LogLine // the log as last told (newLines)
	table string          // the table it was told of
	news  []string        // to say at the next frame
	path  []int           // the choices taken towards a move (a wild's card, then its colour)
	typed string          // the digits typed of a choice with two
	moves int             // the table's move count the path was taken at
	// The countdowns said: by what they count to, the moment last said.
	until [4]time.Time
	said  [4]int
}

// hear adds sentences to say at the next frame.
func (l *linearTable) hear(s ...string) {
	for _, x := range s {
		if x != "" {
			l.news = append(l.news, x)
		}
	}
}

// names are the seats' nicknames, as the sentences name them.
func (tp *Page) names() []string {
	t := tp.scr.Table
	out := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = speech.Plain(s.Nick)
	}
	return out
}

// edition is the table's edition, by which card labels are read.
func (tp *Page) edition() engine.Edition { return tp.scr.Table.Settings.Edition }

// news is what to say once, since the last frame: the log's new lines,
// the countdowns' moments, and what the player asked to hear.
func (tp *Page) news() []string {
	t := tp.scr.Table
	l := &tp.lin
	if t == nil {
		*l = linearTable{}
		return nil
	}
	if l.table != t.ID {
		*l = linearTable{table: t.ID, news: l.news}
	}
	var out []string
	names := tp.names()
	for _, line := range newLines(l.log, t.Log) {
		out = append(out, speech.Line(line, t.Settings.Edition, names))
	}
	l.log = t.Log
	out = append(out, tp.countdowns()...)
	out = append(out, l.news...)
	l.news = l.news[:0]
	return out
}

// newLines are the lines of log not in told: the log is the table's
// latest lines, so the told ones are the longest end of told that starts
// log (the bot API reads it so too: botapi/screen.go).
func newLines(told, log []lobby.LogLine) []lobby.LogLine {
	k := min(len(told), len(log))
	for ; k > 0; k-- {
		if slices.Equal(told[len(told)-k:], log[:k]) {
			break
		}
	}
	return log[k:]
}

// countdowns are the countdowns' moments to say now: the game's start,
// the player's turn, the Chili race, a raid, the next hand.
func (tp *Page) countdowns() []string {
	t := tp.scr.Table
	v := t.Game
	yours := v != nil && v.Seat >= 0 && v.Current == v.Seat
	clocks := [4]struct {
		what string
		at   time.Time
	}{
		{"The game starts", t.StartsAt},
		{"Your turn ends", map[bool]time.Time{true: t.TurnEnds}[yours]},
		{"The race ends", t.RaceEnds},
		{"The next hand is dealt", t.NextHandAt},
	}
	if !t.RaidEnds.IsZero() {
		clocks[2] = struct {
			what string
			at   time.Time
		}{"The raid ends", t.RaidEnds}
	}
	var out []string
	for i, c := range clocks {
		fresh := !c.at.Equal(tp.lin.until[i])
		if fresh {
			tp.lin.until[i], tp.lin.said[i] = c.at, 0
		}
		if c.at.IsZero() {
			continue
		}
		left := c.at.Sub(tp.c.Now())
		var s string
		s, tp.lin.said[i] = speech.Countdown(c.what, left, tp.lin.said[i])
		// A turn that has just begun is said by "Your turn": its clock is
		// said from 10 seconds on, not at every turn's start.
		if i == 1 && fresh && left > 10*time.Second {
			s = ""
		}
		out = append(out, s)
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

// tableHeader is the table said in a sentence: its name, edition and mode.
func tableHeader(t *lobby.TableView) string {
	name := t.Name
	if t.Short != "" {
		name = t.Short
	}
	vis := "public"
	if !t.Public {
		vis = "private"
	}
	return speech.Plain(fmt.Sprintf("Table %s, %s, %s, %s.", name, vis, t.Settings.Edition.Title(), ui.ModeText(t.Settings)))
}

// linMenu is the linear menu: its choices are moves (speech's), or
// something else the page does (do).
type linMenu struct {
	speech.Menu
	do   []func() tea.Cmd // by choice: the page's own (nil: the move)
	lead string           // said before the choices
	turn bool             // the turn's top: the hand's size is said after it
}

// add appends a choice the page makes.
func (m *linMenu) add(words string, do func() tea.Cmd) {
	m.Choices = append(m.Choices, speech.Choice{Words: words})
	m.do = append(m.do, do)
}

// linearMenu is the question on screen: the turn's moves and the page's
// own choices at the top, or the step the player has come to.
func (tp *Page) linearMenu() linMenu {
	t := tp.scr.Table
	v := t.Game
	var m linMenu
	switch {
	case tp.tbl.chat.open:
		return m
	case !tp.seated():
		if tp.canSit() {
			m.add("take a bot's seat", func() tea.Cmd { return tp.sitAt(t.TableInfo) })
		}
		m.add("go back to the lobby", tp.leaveTable)
		return m
	}
	switch tp.box() {
	case LeaveBox:
		m.Ask = "Leave the game? A bot plays your cards"
		m.add("yes, leave", func() tea.Cmd { tp.tbl.open = NoBox; return tp.leaveTable() })
		m.add("no, stay", func() tea.Cmd { tp.tbl.open = NoBox; return nil })
		return m
	case FinalBox:
		if t.Host {
			m.add("play again with the same seats", func() tea.Cmd { tp.c.Send(lobby.Intent{Kind: lobby.Rematch}); return nil })
		}
		m.add("go back to the lobby", tp.leaveTable)
		return m
	}
	names := tp.names()
	m.Menu = speech.Choices(*v, names)
	m.do = make([]func() tea.Cmd, len(m.Choices))
	m.lead, m.turn = speech.Lead(*v, names), true
	if tp.lin.moves != t.Moves {
		tp.lin.path, tp.lin.typed, tp.lin.moves = nil, "", t.Moves
	}
	for i, c := range tp.lin.path {
		if c >= len(m.Choices) || m.Choices[c].Then == nil {
			tp.lin.path = tp.lin.path[:i]
			break
		}
		m = linMenu{Menu: *m.Choices[c].Then, do: make([]func() tea.Cmd, len(m.Choices[c].Then.Choices))}
	}
	return m
}

// sentence is the menu said, with its lead (and the hand's size at a turn's top).
func (m linMenu) sentence(v *engine.View) string {
	if len(m.Choices) == 0 {
		return ""
	}
	count := ""
	if m.turn {
		count = speech.Count(len(v.Hand))
	}
	return speech.Join(m.lead, m.Sentence(), count)
}

// tableSaid is the table as sentences: where the player is, the moment
// (between hands, the game's end) and the question on screen.
func (tp *Page) tableSaid() []string {
	t := tp.scr.Table
	v := t.Game
	out := []string{ui.Whole(tableHeader(t))}
	if v == nil {
		return out
	}
	names := tp.names()
	switch tp.box() {
	case FinalBox:
		out = append(out, "Game over. "+speech.Scores(*v, names))
	case ScoresBox:
		out = append(out, fmt.Sprintf("Hand %d is over. ", v.HandNo)+speech.Scores(*v, names))
	case RevealBox:
		out = append(out, "The mutated minion's draw is shown card by card.")
	}
	if !tp.seated() {
		out = append(out, "You are watching.")
	}
	if tp.tbl.chat.open {
		return append(out, "Chat: type your line, enter sends it, escape closes.")
	}
	// A move sent and not yet answered: its question is not asked again
	// meanwhile (the table's answer brings the next, or a refusal this
	// one again).
	if !tp.tbl.sentAt.IsZero() {
		return out
	}
	if s := tp.linearMenu().sentence(v); s != "" {
		out = append(out, s)
	}
	return out
}

// linearTableKeys are the table's keys in the linear mode: the choices by
// number, and what the player may hear again.
var linearTableKeys = struct {
	Choose, Enter, Back, Hand, Pile, Scores, Events ui.KeyList
}{
	Choose: ui.KeyList{ui.Bind("1-9", "choose by number", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0")},
	Enter:  ui.KeyList{ui.Bind("enter", "choose the number typed, or hear the choices again", "enter")},
	Back:   ui.KeyList{ui.Bind("esc", "back a step", "esc", "backspace")},
	Hand:   ui.KeyList{ui.Bind("h", "hear your hand", "h")},
	Pile:   ui.KeyList{ui.Bind("p", "hear the pile and the other hands", "p")},
	Scores: ui.KeyList{ui.Bind("s", "hear the scores", "s")},
	Events: ui.KeyList{ui.Bind("e", "hear the last events", "e")},
}

// linearTableKeyMap is the table's key map in the linear mode.
var linearTableKeyMap = ui.KeyList{linearTableKeys.Choose[0], linearTableKeys.Enter[0], linearTableKeys.Back[0],
	linearTableKeys.Hand[0], linearTableKeys.Pile[0], linearTableKeys.Scores[0], linearTableKeys.Events[0],
	tableKeys.Chat, tableKeys.Bell, tableKeys.Help, tableKeys.Leave}

// LinearKeyMap is the table's keys in the linear mode, for the help page.
var LinearKeyMap = &linearTableKeyMap

// linearTableKeyMapNow is the key map of the table in the linear mode now:
// the chat's while it is typed.
func (tp *Page) linearTableKeyMapNow() help.KeyMap {
	if tp.tbl.chat.open {
		return ChatKeyMap
	}
	return linearTableKeyMap
}

// lastEvents is how many of the log's lines the events key says.
const lastEvents = 5

// linearTableKey is a key at the table in the linear mode.
func (tp *Page) linearTableKey(k tea.KeyMsg) tea.Cmd {
	if tp.tbl.chat.open {
		return tp.chatKey(k)
	}
	t := tp.scr.Table
	v := t.Game
	l := &tp.lin
	m := tp.linearMenu()
	switch {
	case ui.Is(k, linearTableKeys.Choose...):
		l.typed += k.String()
		c, done, bad := speech.Pick(l.typed, len(m.Choices))
		switch {
		case bad:
			tp.c.Say(fmt.Sprintf("there is no choice %s", l.typed), true)
			l.typed = ""
		case done:
			l.typed = ""
			return tp.linearChoose(m, c)
		}
	case ui.Is(k, linearTableKeys.Enter...) && l.typed != "":
		c, ok := speech.PickNow(l.typed, len(m.Choices))
		l.typed = ""
		if ok {
			return tp.linearChoose(m, c)
		}
	case ui.Is(k, linearTableKeys.Enter...): // nothing typed: the question again
		if s := m.sentence(v); s != "" {
			l.hear(s)
		} else {
			l.hear("Nothing to choose now.")
		}
	case ui.Is(k, linearTableKeys.Back...):
		switch {
		case l.typed != "":
			l.typed = ""
		case len(l.path) > 0:
			l.path = l.path[:len(l.path)-1]
		case tp.tbl.open == LeaveBox:
			tp.tbl.open = NoBox
		}
	case ui.Is(k, linearTableKeys.Hand...):
		if v != nil {
			sorted := *v // (said in the order the screen draws it: by colour)
			sorted.Hand = ui.SortHand(v.Hand, v.Settings.Edition)
			l.hear(speech.Hand(sorted))
		} else {
			l.hear("The game has not begun.")
		}
	case ui.Is(k, linearTableKeys.Pile...):
		if v != nil {
			l.hear(speech.Pile(*v), speech.Seats(*v, tp.names()), speech.Whose(*v, tp.names()))
		}
	case ui.Is(k, linearTableKeys.Scores...):
		if v != nil {
			l.hear(speech.Scores(*v, tp.names()))
		}
	case ui.Is(k, linearTableKeys.Events...):
		from := max(0, len(t.Log)-lastEvents)
		l.hear("The last events:")
		for _, line := range t.Log[from:] {
			l.hear(speech.Line(line, tp.edition(), tp.names()))
		}
	case ui.Is(k, tableKeys.Bell):
		tp.bellOff = !tp.bellOff
		l.hear(map[bool]string{true: "The turn bell is off.", false: "The turn bell is on."}[tp.bellOff])
	case ui.Is(k, tableKeys.Chat):
		tp.tbl.chat.open = true
	case ui.Is(k, tableKeys.Help):
		tp.c.Go(ui.Help, "")
	case ui.Is(k, tableKeys.Leave):
		if !tp.seated() {
			return tp.leaveTable()
		}
		return tp.leave()
	default:
		tp.c.Say("press a choice's number, or control k to hear the keys", false)
	}
	return nil
}

// linearChoose takes choice c of menu m: a move is sent, a step asks the
// next question, the page's own choice is done.
func (tp *Page) linearChoose(m linMenu, c int) tea.Cmd {
	if c < len(m.do) && m.do[c] != nil {
		return m.do[c]()
	}
	ch := m.Choices[c]
	if ch.Then != nil {
		tp.lin.path = append(tp.lin.path, c)
		return nil
	}
	tp.lin.path = nil
	move := ch.Move
	move.Seat = tp.scr.Table.You
	return tp.move(move)
}

// roomSaid is the waiting room as sentences, one a seat so that a seat
// taken or left is said alone.
func (tp *Page) roomSaid() []string {
	t := tp.scr.Table
	if t.Tournament != nil {
		return tp.tourRoomSaid()
	}
	out := []string{"Waiting room. " + tableHeader(t)}
	if h := t.Settings.House; len(h.Describe()) > 0 {
		out = append(out, ui.Whole(speech.Plain("House rules: "+ui.HouseLine(h)+".")))
	}
	if t.Code != "" {
		out = append(out, "The code to share with friends: "+spelled(lobby.FormatCode(ui.Clean(t.Code)))+".")
	}
	for i := range t.Seats {
		out = append(out, tp.seatSaid(t, i))
	}
	if t.Watching > 0 {
		out = append(out, ui.Plural(t.Watching, "person", "people")+" watching.")
	}
	if (t.Host || tp.room.chosen) && tp.room.cursor < len(t.Seats) {
		out = append(out, fmt.Sprintf("Selected: seat %d.", tp.room.cursor+1))
	}
	if code := lobby.FormatCode(ui.Clean(tp.scr.Rejoin)); code != "" {
		out = append(out, "You are a guest: if you drop, ssh in with rejoin "+spelled(code)+" for your seat.")
	}
	switch {
	case !t.Host:
		host := "the host"
		for _, s := range t.Seats {
			if s.Host {
				host = speech.Plain(s.Nick)
			}
		}
		out = append(out, "Waiting for "+host+" to start.")
	case t.Taken < 2:
		out = append(out, "You are the host: add a bot with b, or wait for a friend.")
	default:
		out = append(out, "You are the host: press s to start.")
	}
	if t.Host {
		pace := "like people"
		if t.FastBots {
			pace = "fast"
		}
		out = append(out, fmt.Sprintf("Bots added play at %s level, %s.", t.BotLevel, pace))
		if t.Public && t.Tournament == nil {
			out = append(out, map[bool]string{true: "API bots may sit here.", false: "API bots may not sit here."}[t.APIBots])
		}
	}
	switch {
	case tp.tbl.chat.open:
		out = append(out, "Chat: type your line, enter sends it, escape closes.")
	case tp.room.invite.open:
		out = append(out, "Invite: type a nickname, enter invites, escape closes.")
	}
	return out
}

// seatSaid is a seat of the waiting room: "Seat 2: bo, a normal bot."
func (tp *Page) seatSaid(t *lobby.TableView, i int) string {
	s := t.Seats[i]
	if s.Empty() {
		return fmt.Sprintf("Seat %d: empty.", i+1)
	}
	parts := []string{speech.Plain(s.Nick)}
	if s.Host {
		parts = append(parts, "the host")
	}
	if i == t.You {
		parts = append(parts, "you")
	}
	switch {
	case s.Bot:
		parts = append(parts, "a "+s.Level.String()+" bot")
	case s.Program:
		parts = append(parts, "an API bot")
	}
	if !s.Empty() && !s.Bot && !s.Connected {
		parts = append(parts, "away")
	}
	if s.AutoPlay {
		parts = append(parts, "a bot plays for them")
	}
	return fmt.Sprintf("Seat %d: %s.", i+1, strings.Join(parts, ", "))
}

// spelled is a code said a character at a time, its groups apart: "K 7 Q
// X, 2 M H C".
func spelled(code string) string {
	groups := strings.Split(code, "-")
	for i, g := range groups {
		groups[i] = strings.Join(strings.Split(g, ""), " ")
	}
	return strings.Join(groups, ", ")
}

// linearRoomKey is a key in the waiting room in the linear mode: a seat's
// number selects it (for the host to remove it, or anyone to report its
// player); every other key is the room's own.
func (tp *Page) linearRoomKey(k tea.KeyMsg) (tea.Cmd, bool) {
	t := tp.scr.Table
	if tp.room.invite.open && t.Tournament == nil && !tp.tbl.chat.open {
		// The line closes: said, since nothing else on the page changes.
		nick := tp.room.invite.input.Value()
		switch {
		case ui.Is(k, inviteKeys.Send) && nick != "":
			cmd := tp.roomKey(k)
			tp.c.Say("inviting "+speech.Plain(nick), false)
			return cmd, true
		case ui.Is(k, inviteKeys.Send), ui.Is(k, inviteKeys.Cancel):
			cmd := tp.roomKey(k)
			tp.c.Say("no invitation sent", false)
			return cmd, true
		}
	}
	if tp.tbl.chat.open || tp.room.invite.open || t.Tournament != nil || len(k.Runes) != 1 {
		return nil, false
	}
	n := int(k.Runes[0] - '1')
	if n < 0 || n > 8 {
		return nil, false
	}
	if n >= len(t.Seats) {
		tp.c.Say(fmt.Sprintf("there is no seat %d", n+1), true)
		return nil, true
	}
	tp.room.cursor, tp.room.chosen = n, true
	return nil, true
}

// linearRoomKeyMapNow is the waiting room's key map in the linear mode:
// the room's own, and the seats' numbers where they select a seat.
func (tp *Page) linearRoomKeyMapNow() help.KeyMap {
	km := tp.roomKeyMap()
	t := tp.scr.Table
	if tp.tbl.chat.open || tp.room.invite.open || t.Tournament != nil {
		return km
	}
	return ui.KeyList(append(bindingsOf(km), roomSeatKey))
}

// bindingsOf is every binding of a key map, in its columns' order.
func bindingsOf(km help.KeyMap) []key.Binding {
	var out []key.Binding
	for _, col := range km.FullHelp() {
		out = append(out, col...)
	}
	return out
}

// roomSeatKey selects a seat by its number (the linear mode's).
var roomSeatKey = ui.Bind("1-9", "select a seat by its number", "1", "2", "3", "4", "5", "6", "7", "8", "9")
