// Package watch is the page that picks a public table to watch: the
// lobby's list of tables, enter to watch the one chosen. Spectators see
// the table and the chat, never a player's hand.
package watch

import (
	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys.
var Keys = struct {
	Up, Down, Watch, Back key.Binding
}{
	Up:    key.NewBinding(key.WithKeys("up", "k", "ctrl+p"), key.WithHelp("↑/↓", "choose")),
	Down:  key.NewBinding(key.WithKeys("down", "j", "ctrl+n"), key.WithHelp("↑/↓", "choose")),
	Watch: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "watch")),
	Back:  key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
}

// KeyMap is the page's footer and help.
var KeyMap = &ui.KeyList{Keys.Up, Keys.Down, Keys.Watch, Keys.Back}

// Page is the table chosen, and why watching it failed.
type Page struct {
	cursor int
	err    string
}

// KeyMap is the page's key map.
func (p *Page) KeyMap(c ui.Context) bhelp.KeyMap { return ui.Picking(c, KeyMap) }

// Update takes a key.
func (p *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	tables := c.Screen().Tables
	if i, ok := ui.Pick(c, k, len(tables)); ok {
		p.cursor = i
		return nil
	}
	switch {
	case key.Matches(k, Keys.Up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(k, Keys.Down):
		p.cursor = min(p.cursor+1, max(len(tables)-1, 0))
	case key.Matches(k, Keys.Watch):
		if len(tables) == 0 {
			c.Say("no public table to watch yet", true)
			return nil
		}
		id := tables[min(p.cursor, len(tables)-1)].ID
		p.err = ""
		return c.Call(func(s ui.Session) error { return s.Watch(id) }, p.answer)
	case key.Matches(k, Keys.Back):
		return c.Go(ui.Lobby, "")
	default:
		c.Say("↑/↓ choose a table, enter watches it, esc goes back", false)
	}
	return nil
}

// answer shows why watching failed, on the page.
func (p *Page) answer(err error) {
	if err != nil {
		p.err = err.Error()
	}
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	_, h := c.Size()
	out := c.Top("", "")
	out = append(out, "", "  "+st.Title("Watch a table"), "",
		"  "+st.Dim("Spectators see the table and the chat, never a player's hand."), "")
	tables := c.Screen().Tables
	p.cursor = min(p.cursor, max(len(tables)-1, 0))
	room := h - len(out) - 4
	out = append(out, ui.TableList(c, tables, p.cursor, room)...)
	if p.err != "" {
		out = append(out, "", "  "+st.Err("✗ "+p.err))
	}
	return c.Bottom(out, KeyMap)
}

// Said is the page as sentences (the linear mode): the tables numbered,
// and the one chosen.
func (p *Page) Said(c ui.Context) []string {
	out := ui.Sentences("Watch a table. Spectators see the table and the chat, never a player's hand")
	tables := c.Screen().Tables
	out = append(out, ui.TablesSaid(c, tables)...)
	if len(tables) > 0 {
		p.cursor = min(p.cursor, len(tables)-1)
		out = append(out, "Chosen: "+ui.TableSaid(tables[p.cursor], p.cursor, len(tables))+
			" A number or up and down chooses, enter watches, escape goes back.")
	}
	if p.err != "" {
		out = append(out, ui.Sentence("Watching failed: "+p.err))
	}
	return out
}
