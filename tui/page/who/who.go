// Package who is the page of the players online: who is here and where
// they are (in the lobby, at a table, watching one), and the player's own
// switch for invitations (x turns them off or on). The lobby opens it with
// o (or 7).
package who

import (
	"fmt"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys.
var Keys = struct {
	Up, Down, Again, Invites, Back, Help key.Binding
}{
	Up:      key.NewBinding(key.WithKeys("up", "k", "ctrl+p"), key.WithHelp("↑/↓", "scroll")),
	Down:    key.NewBinding(key.WithKeys("down", "j", "ctrl+n", " "), key.WithHelp("↑/↓", "scroll")),
	Again:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "again")),
	Invites: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "invitations on/off")),
	Back:    key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
	Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
}

// KeyMap is the page's footer, and its help with ?.
var KeyMap help.KeyMap = &ui.Footed{
	Foot: []key.Binding{Keys.Up, Keys.Down, Keys.Again, Keys.Invites, Keys.Back},
	More: []key.Binding{Keys.Help},
}

// Page is the list of players online, as last asked for.
type Page struct {
	list   []lobby.OnlinePlayer
	top    int
	loaded bool
	err    string
}

// listMsg is the answer to asking who is online.
type listMsg struct {
	list []lobby.OnlinePlayer
	err  error
}

// Open makes the page and asks the lobby who is online.
func Open(c ui.Context) (*Page, tea.Cmd) {
	p := &Page{}
	return p, p.ask(c)
}

func (p *Page) ask(c ui.Context) tea.Cmd {
	s := c.Session()
	return func() tea.Msg {
		l, err := s.Who()
		return listMsg{list: l, err: err}
	}
}

// KeyMap is the page's key map.
func (p *Page) KeyMap(ui.Context) help.KeyMap { return KeyMap }

// Update takes a key, or the lobby's answer; it ignores anything else.
func (p *Page) Update(c ui.Context, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case listMsg:
		p.loaded, p.list, p.err = true, msg.list, ""
		if msg.err != nil {
			p.err = msg.err.Error()
		}
	case tea.KeyMsg:
		return p.key(c, msg)
	}
	return nil
}

func (p *Page) key(c ui.Context, k tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(k, Keys.Up):
		p.top = max(p.top-1, 0)
	case key.Matches(k, Keys.Down):
		p.top++
	case key.Matches(k, Keys.Again):
		return p.ask(c)
	case key.Matches(k, Keys.Invites):
		on := c.Screen().NoInvitations
		return c.Call(func(s ui.Session) error { s.SetInvitations(on); return nil }, nil)
	case key.Matches(k, Keys.Back):
		return c.Go(ui.Lobby, "")
	case key.Matches(k, Keys.Help):
		return c.Go(ui.Help, "")
	default:
		c.Say("↑/↓ scroll · r again · x invitations on/off · esc back", false)
	}
	return nil
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	_, h := c.Size()
	out := c.Top("", "")
	title := "Players online"
	if p.loaded {
		title += st.Dim(fmt.Sprintf("  %d", len(p.list)))
	}
	invites := st.OK("on") + st.Dim(": players at a table may invite you (x turns them off)")
	if c.Screen().NoInvitations {
		invites = st.Warn("off") + st.Dim(": nobody can invite you (x turns them on)")
	}
	out = append(out, "", "  "+st.Title(title), "  invitations "+invites, "")
	switch {
	case p.err != "":
		out = append(out, "  "+st.Err("✗ "+p.err))
	case !p.loaded:
		out = append(out, "  "+st.Dim("asking the lobby…"))
	default:
		room := max(h-len(out)-3, 1)
		p.top = min(p.top, max(len(p.list)-room, 0))
		for _, pl := range p.list[p.top:min(p.top+room, len(p.list))] {
			out = append(out, line(c, pl))
		}
	}
	return c.Bottom(out, KeyMap)
}

// line is one player and where they are.
func line(c ui.Context, p lobby.OnlinePlayer) string {
	st := c.Styles()
	name := ui.Pad(ui.Clean(p.Nick), 18)
	if p.Nick == c.Screen().Nick {
		name = st.Bold(name)
	}
	where := st.Dim("in the lobby")
	switch {
	case p.Table != "" && p.Watching:
		where = st.Dim("watching ") + ui.Clean(p.Table)
	case p.Table != "":
		where = st.Dim("at ") + ui.Clean(p.Table)
	}
	if p.Guest {
		where += st.Dim(" · guest")
	}
	return "    " + name + where
}

// Said is the page as sentences (the linear mode): every player online
// with the page, then the one the keys that scroll move to, and the switch
// of invitations.
func (p *Page) Said(c ui.Context) []string {
	out := []string{"Players online."}
	if c.Screen().NoInvitations {
		out = append(out, "Invitations are off: nobody can invite you. x turns them on.")
	} else {
		out = append(out, "Invitations are on: players at a table may invite you. x turns them off.")
	}
	switch {
	case p.err != "":
		return append(out, ui.Sentence("Asking the lobby failed: "+p.err))
	case !p.loaded:
		return append(out, "Asking the lobby...")
	}
	out = append(out, ui.Sentence(ui.Plural(len(p.list), "player online", "players online")+
		"; r asks again, up and down read them one by one"))
	for i, pl := range p.list {
		out = append(out, ui.Whole(ui.Numbered(i+1, said(c, pl))))
	}
	if len(p.list) > 0 {
		p.top = min(p.top, len(p.list)-1)
		out = append(out, "On "+ui.Numbered(p.top+1, said(c, p.list[p.top])))
	}
	return out
}

// said is one player and where they are, in words.
func said(c ui.Context, p lobby.OnlinePlayer) string {
	s := ui.Clean(p.Nick)
	if p.Nick == c.Screen().Nick {
		s += ", you,"
	}
	switch {
	case p.Table != "" && p.Watching:
		s += " watching " + ui.Clean(p.Table)
	case p.Table != "":
		s += " at " + ui.Clean(p.Table)
	default:
		s += " in the lobby"
	}
	if p.Guest {
		s += ", a guest"
	}
	return s
}
