package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// This file is the lobby's tournament page: open a tournament (public, or
// private with a code to share), or sign up for a public one.

// tourPage is the tournament page's choices.
type tourPage struct {
	cursor  int
	edition int
}

// tourLines are the public tournaments in the lobby's list.
func (m *model) tournaments() []lobby.TableInfo {
	var out []lobby.TableInfo
	for _, t := range m.scr.Tables {
		if t.Tournament != "" && t.Tournament == t.ID { // the room, not its tables
			out = append(out, t)
		}
	}
	return out
}

// openTournament opens a tournament with the edition chosen.
func (m *model) openTournament(public bool) tea.Cmd {
	opts := lobby.TournamentOptions{Name: clean(m.scr.Nick) + "'s tournament", Public: public,
		Settings: engine.Settings{Edition: engine.Edition(m.tour.edition)}}
	return m.call(callPlain, func(s Session) error {
		return s.OpenTournament(opts)
	})
}

// tourLobbyKeys are the keys of the tournaments' page.
var tourLobbyKeys = struct {
	Open, OpenPrivate, Code, Up, Down, SignUp, EditionBack, Edition, Back, Help key.Binding
}{
	Open:        bind("o/p", "open", "o"),
	OpenPrivate: bind("o/p", "open", "p"),
	Code:        bind("c", "join by code", "c"),
	Up:          with(keyUp, "↑/↓", "choose"),
	Down:        with(keyDown, "↑/↓", "choose"),
	SignUp:      bind("enter", "sign up", "enter"),
	EditionBack: bind("←/→", "edition", "left"),
	Edition:     bind("←/→", "edition", "right"),
	Back:        bind("esc", "back", "esc", "q"),
	Help:        keyHelp,
}

// tourLobbyKeyMap is its footer, and its help with c and ?.
var tourLobbyKeyMap = footed{
	Foot: keyList{tourLobbyKeys.Open, tourLobbyKeys.OpenPrivate, tourLobbyKeys.Up, tourLobbyKeys.Down,
		tourLobbyKeys.SignUp, tourLobbyKeys.EditionBack, tourLobbyKeys.Edition, tourLobbyKeys.Back},
	More: keyList{tourLobbyKeys.Code, tourLobbyKeys.Help},
}

func (m *model) tourLobbyKey(k tea.KeyMsg) tea.Cmd {
	tp := &m.tour
	list := m.tournaments()
	switch {
	case is(k, tourLobbyKeys.Up):
		tp.cursor = max(tp.cursor-1, 0)
	case is(k, tourLobbyKeys.Down):
		tp.cursor = min(tp.cursor+1, max(len(list)-1, 0))
	case is(k, tourLobbyKeys.EditionBack, tourLobbyKeys.Edition):
		d := 1
		if is(k, tourLobbyKeys.EditionBack) {
			d = -1
		}
		tp.edition = ((tp.edition+d)%len(engine.Editions) + len(engine.Editions)) % len(engine.Editions)
	case is(k, tourLobbyKeys.Open):
		return m.openTournament(true)
	case is(k, tourLobbyKeys.OpenPrivate):
		return m.openTournament(false)
	case is(k, tourLobbyKeys.Code):
		m.joinState().Clear()
		m.page = pageJoin
	case is(k, tourLobbyKeys.SignUp):
		if len(list) == 0 {
			m.say("no public tournament yet: o opens one", true)
			return nil
		}
		id := list[min(tp.cursor, len(list)-1)].ID
		return m.call(callPlain, func(s Session) error {
			return s.SignUp(id)
		})
	case is(k, tourLobbyKeys.Back):
		m.page = pageLobby
	case is(k, tourLobbyKeys.Help):
		m.openHelp()
	default:
		m.say("o opens a public tournament, p a private one; enter signs up; esc goes back", false)
	}
	return nil
}

func (m *model) tourLobbyView() []string {
	st := m.st
	out := m.top("", "")
	out = append(out, "", "  "+st.title.Render("Tournaments"), "",
		"  "+trunc("Eight players at two tables at once. Every player partners every", m.w-4),
		"  "+trunc("other for four hands: 28 hands in seven rounds, reseated between", m.w-4),
		"  "+trunc("rounds. Each keeps the points of every partnership; most points wins.", m.w-4), "")
	ed := engine.Editions[m.tour.edition].Title()
	out = append(out,
		"  "+st.key.Render("o")+"  open a public tournament       "+st.dim.Render("edition ")+st.dim.Render("← ")+st.bold.Render(ed)+st.dim.Render(" →"),
		"  "+st.key.Render("p")+"  open a private one, with a code to share",
		"  "+st.key.Render("c")+"  join a private one by its code", "",
		" "+st.bold.Render("Public tournaments"))
	list := m.tournaments()
	m.tour.cursor = min(m.tour.cursor, max(len(list)-1, 0))
	if len(list) == 0 {
		out = append(out, "   "+st.dim.Render("None open yet: o opens one, and it is listed here and in the lobby."))
	} else {
		out = append(out, m.tableList(list, m.tour.cursor, m.h-len(out)-4)...)
	}
	return m.bottom(out, st.footer(m.w, tourLobbyKeyMap))
}

// tourHelp is the help page's paragraph on tournaments.
func tourHelp() []helpLine {
	return []helpLine{{}, {Heading: "The tournament"},
		{Text: "Eight players at two tables at once (the lobby's Tournament page, 6): seven rounds of four hands, " +
			"reseated between rounds so that everyone partners everyone else for four hands. Each keeps the " +
			"points of every partnership; the most points after 28 hands wins."},
	}
}
