package lobbypage

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file is moving through the lobby as one list: the "back to your
// table" entry (while a table keeps the player's seat), the menu, then the
// public tables. Enter on a table sits at it (a free seat, or a bot's seat
// with the bot's hand) and watches it when neither is to be had; w watches.
//
// The lobby's cursor is rowBack for the entry, 0..len(menu)-1 for the
// menu, and len(menu)+i for the i-th table shown.

// rowBack is the cursor on "back to your table".
const rowBack = -1

// first and last are the ends of the lobby's list.
func (p *Page) first(c ui.Context) int {
	if h, _ := held(c); h != nil {
		return rowBack
	}
	return 0
}

func (p *Page) last(c ui.Context) int { return len(menu) + len(p.filtered(c)) - 1 }

// move moves the cursor by d, round from one end to the other.
func (p *Page) move(c ui.Context, d int) {
	first, last := p.first(c), p.last(c)
	cur := min(max(p.cursor, first), last) + d
	switch {
	case cur < first:
		cur = last
	case cur > last:
		cur = first
	}
	p.cursor = cur
}

// Cursor is the cursor, kept inside the list as it changes. When "back to
// your table" appears, the cursor goes to it: it is what the player most
// likely wants.
func (p *Page) Cursor(c ui.Context) int {
	h, _ := held(c)
	if h != nil && !p.backSeen {
		p.cursor = rowBack
	}
	p.backSeen = h != nil
	cur := min(max(p.cursor, p.first(c)), p.last(c))
	p.cursor = cur
	return cur
}

// selectedTable is the table under the cursor, if it is on one.
func (p *Page) selectedTable(c ui.Context) (lobby.TableInfo, bool) {
	i := p.Cursor(c) - len(menu)
	tables := p.filtered(c)
	if i < 0 || i >= len(tables) {
		return lobby.TableInfo{}, false
	}
	return tables[i], true
}

// chooseRow is Enter on the lobby's list.
func (p *Page) chooseRow(c ui.Context) tea.Cmd {
	cur := p.Cursor(c)
	switch {
	case cur == rowBack:
		c.Say("taking you back to your seat…", false)
		return c.Call(func(s ui.Session) error { return s.Back() }, nil)
	case cur < len(menu):
		return p.choose(c, cur)
	}
	t, _ := p.selectedTable(c)
	return sitAt(c, t, false)
}

// sitAt sits at table t (watch: only watches it).
func sitAt(c ui.Context, t lobby.TableInfo, watch bool) tea.Cmd {
	id := t.ID
	if watch {
		return c.Call(func(s ui.Session) error { return s.Watch(id) }, nil)
	}
	c.Say(ui.SittingAt(t), false)
	return c.Call(func(s ui.Session) error { return s.Sit(id) }, nil)
}

// backLine is the "back to your table" entry.
func backLine(c ui.Context, selected bool) string {
	h, left := held(c)
	st := c.Styles()
	mark, title := "   ", ui.Pad("Back to your table", menuTitleW)
	if selected {
		mark, title = " "+st.Turn("▶")+" ", st.Bold(title)
	}
	name := ui.Clean(h.Short)
	if name == "" {
		name = ui.Clean(h.Name)
	}
	return mark + st.Accent(title) + " " + st.Dim("your seat at ") + st.Bold(name) +
		st.Dim(" is kept for ") + st.Bold(ui.Clock(left))
}
