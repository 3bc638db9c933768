// Package tournaments is the lobby's page of tournaments: open one (public,
// or private with a code to share) in the edition chosen, sign up for a
// public one, or join a private one by its code.
package tournaments

import (
	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys.
var Keys = struct {
	Open, OpenPrivate, Code, Up, Down, SignUp, EditionBack, Edition, Back, Help key.Binding
}{
	Open:        key.NewBinding(key.WithKeys("o"), key.WithHelp("o/p", "open")),
	OpenPrivate: key.NewBinding(key.WithKeys("p"), key.WithHelp("o/p", "open")),
	Code:        key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "join by code")),
	Up:          key.NewBinding(key.WithKeys("up", "k", "ctrl+p"), key.WithHelp("↑/↓", "choose")),
	Down:        key.NewBinding(key.WithKeys("down", "j", "ctrl+n"), key.WithHelp("↑/↓", "choose")),
	SignUp:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "sign up")),
	EditionBack: key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "edition")),
	Edition:     key.NewBinding(key.WithKeys("right"), key.WithHelp("←/→", "edition")),
	Back:        key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
	Help:        key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
}

// KeyMap is the page's footer, and its help with c and ?.
var KeyMap = &ui.Footed{
	Foot: ui.KeyList{Keys.Open, Keys.OpenPrivate, Keys.Up, Keys.Down, Keys.SignUp, Keys.EditionBack, Keys.Edition, Keys.Back},
	More: ui.KeyList{Keys.Code, Keys.Help},
}

// Page is the page's choices.
type Page struct {
	cursor  int
	edition int
}

// KeyMap is the page's key map.
func (p *Page) KeyMap(c ui.Context) bhelp.KeyMap {
	if c.Linear() {
		return linearKeyMap
	}
	return KeyMap
}

// linearKeyMap is KeyMap with the number keys that choose a tournament.
var linearKeyMap = KeyMap.And(ui.KeyPick)

// list is the public tournaments in the lobby's list: their rooms, not
// their tables.
func list(c ui.Context) []lobby.TableInfo {
	var out []lobby.TableInfo
	for _, t := range c.Screen().Tables {
		if t.Tournament != "" && t.Tournament == t.ID {
			out = append(out, t)
		}
	}
	return out
}

// open opens a tournament in the edition chosen.
func (p *Page) open(c ui.Context, public bool) tea.Cmd {
	opts := lobby.TournamentOptions{Name: ui.Clean(c.Screen().Nick) + "'s tournament", Public: public,
		Settings: engine.Settings{Edition: engine.Edition(p.edition)}}
	return c.Call(func(s ui.Session) error { return s.OpenTournament(opts) }, nil)
}

// Update takes a key.
func (p *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	ts := list(c)
	n := len(engine.Editions)
	if i, ok := ui.Pick(c, k, len(ts)); ok {
		p.cursor = i
		return nil
	}
	switch {
	case key.Matches(k, Keys.Up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(k, Keys.Down):
		p.cursor = min(p.cursor+1, max(len(ts)-1, 0))
	case key.Matches(k, Keys.EditionBack):
		p.edition = (p.edition + n - 1) % n
	case key.Matches(k, Keys.Edition):
		p.edition = (p.edition + 1) % n
	case key.Matches(k, Keys.Open):
		return p.open(c, true)
	case key.Matches(k, Keys.OpenPrivate):
		return p.open(c, false)
	case key.Matches(k, Keys.Code):
		return c.Go(ui.JoinByCode, "")
	case key.Matches(k, Keys.SignUp):
		if len(ts) == 0 {
			c.Say("no public tournament yet: o opens one", true)
			return nil
		}
		id := ts[min(p.cursor, len(ts)-1)].ID
		return c.Call(func(s ui.Session) error { return s.SignUp(id) }, nil)
	case key.Matches(k, Keys.Back):
		return c.Go(ui.Lobby, "")
	case key.Matches(k, Keys.Help):
		return c.Go(ui.Help, "")
	default:
		c.Say("o opens a public tournament, p a private one; enter signs up; esc goes back", false)
	}
	return nil
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	w, h := c.Size()
	out := c.Top("", "")
	out = append(out, "", "  "+st.Title("Tournaments"), "",
		"  "+ui.Trunc("Eight players at two tables at once. Every player partners every", w-4),
		"  "+ui.Trunc("other for four hands: 28 hands in seven rounds, reseated between", w-4),
		"  "+ui.Trunc("rounds. Each keeps the points of every partnership; most points wins.", w-4), "")
	ed := engine.Editions[p.edition].Title()
	out = append(out,
		"  "+st.Key("o")+"  open a public tournament       "+st.Dim("edition ")+st.Dim("← ")+st.Bold(ed)+st.Dim(" →"),
		"  "+st.Key("p")+"  open a private one, with a code to share",
		"  "+st.Key("c")+"  join a private one by its code", "",
		" "+st.Bold("Public tournaments"))
	ts := list(c)
	p.cursor = min(p.cursor, max(len(ts)-1, 0))
	if len(ts) == 0 {
		out = append(out, "   "+st.Dim("None open yet: o opens one, and it is listed here and in the lobby."))
	} else {
		out = append(out, ui.TableList(c, ts, p.cursor, h-len(out)-4)...)
	}
	return c.Bottom(out, KeyMap)
}

// Said is the page as sentences (the linear mode).
func (p *Page) Said(c ui.Context) []string {
	out := ui.Sentences("Tournaments",
		"Eight players at two tables at once. Every player partners every other for four hands: 28 hands in seven rounds, reseated between rounds. Each keeps the points of every partnership; most points wins",
		"Press o to open a public tournament, p a private one with a code to share, c to join a private one by its code",
		"The edition of a tournament you open: "+engine.Editions[p.edition].Title()+". Left or right changes it")
	ts := list(c)
	if len(ts) == 0 {
		return append(out, "No public tournament is open yet: o opens one.")
	}
	out = append(out, ui.Sentence(ui.Plural(len(ts), "public tournament", "public tournaments")))
	for i, t := range ts {
		out = append(out, ui.Whole(ui.TableSaid(t, i, len(ts))))
	}
	p.cursor = min(p.cursor, len(ts)-1)
	return append(out, "Chosen: "+ui.TableSaid(ts[p.cursor], p.cursor, len(ts))+" Enter signs up.")
}
