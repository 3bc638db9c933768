package table

import (
	"fmt"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/speech"
	"github.com/unossh/unossh/tui/ui"
)

// This file is the table's turn in the linear mode: the question on
// screen, numbered, and the keys that answer it (linear.go).

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
