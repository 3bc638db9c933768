package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
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

// held is the seat a table keeps for the player, while it still is, and
// the time left.
func (m *model) held() (*lobby.HeldSeat, time.Duration) {
	h := m.scr.Held
	if h == nil {
		return nil, 0
	}
	left := h.Until.Sub(m.now())
	if left <= 0 {
		return nil, 0
	}
	return h, left
}

// lobbyFirst and lobbyLast are the ends of the lobby's list.
func (m *model) lobbyFirst() int {
	if h, _ := m.held(); h != nil {
		return rowBack
	}
	return 0
}

func (m *model) lobbyLast() int { return len(menu) + len(m.filtered()) - 1 }

// lobbyMove moves the lobby's cursor by d, round from one end to the other.
func (m *model) lobbyMove(d int) {
	first, last := m.lobbyFirst(), m.lobbyLast()
	c := min(max(m.lob.cursor, first), last) + d
	switch {
	case c < first:
		c = last
	case c > last:
		c = first
	}
	m.lob.cursor = c
}

// lobbyCursor is the cursor, kept inside the list as it changes. When
// "back to your table" appears, the cursor goes to it: it is what the
// player most likely wants.
func (m *model) lobbyCursor() int {
	h, _ := m.held()
	if h != nil && !m.lob.backSeen {
		m.lob.cursor = rowBack
	}
	m.lob.backSeen = h != nil
	c := min(max(m.lob.cursor, m.lobbyFirst()), m.lobbyLast())
	m.lob.cursor = c
	return c
}

// selectedTable is the table under the cursor, if it is on one.
func (m *model) selectedTable() (lobby.TableInfo, bool) {
	i := m.lobbyCursor() - len(menu)
	tables := m.filtered()
	if i < 0 || i >= len(tables) {
		return lobby.TableInfo{}, false
	}
	return tables[i], true
}

// chooseRow is Enter on the lobby's list.
func (m *model) chooseRow() tea.Cmd {
	c := m.lobbyCursor()
	switch {
	case c == rowBack:
		return m.goBack()
	case c < len(menu):
		return m.choose(c)
	}
	t, _ := m.selectedTable()
	return m.sitAt(t, false)
}

// goBack takes the player back to the seat kept for them.
func (m *model) goBack() tea.Cmd {
	m.say("taking you back to your seat…", false)
	return m.call(callQuick, func(s Session) error { return s.Back() })
}

// sitAt sits at table t (watch: only watches it).
func (m *model) sitAt(t lobby.TableInfo, watch bool) tea.Cmd {
	id := t.ID
	if watch {
		return m.call(callQuick, func(s Session) error { return s.Watch(id) })
	}
	m.say(sittingAt(t), false)
	return m.call(callQuick, func(s Session) error { return s.Sit(id) })
}

// sittingAt is what the lobby says while the player is being seated at t.
func sittingAt(t lobby.TableInfo) string {
	name := clean(t.Short)
	if name == "" {
		name = clean(t.Name)
	}
	if t.Tournament == t.ID {
		return "opening the tournament " + name + "…"
	}
	return "taking a seat at " + name + "…"
}

// watchSelected is w on a table in the lobby's list.
func (m *model) watchSelected() (tea.Cmd, bool) {
	t, ok := m.selectedTable()
	if !ok {
		return nil, false
	}
	return m.sitAt(t, true), true
}

// backLine is the "back to your table" entry.
func (m *model) backLine(selected bool) string {
	h, left := m.held()
	st := m.st
	mark, title := "   ", pad("Back to your table", menuTitleW)
	if selected {
		mark, title = " "+st.turn.Render("▶")+" ", st.bold.Render(title)
	}
	name := clean(h.Short)
	if name == "" {
		name = clean(h.Name)
	}
	return mark + st.accent.Render(title) + " " + st.dim.Render("your seat at ") + st.bold.Render(name) +
		st.dim.Render(" is kept for ") + st.bold.Render(clock(left))
}

// canSit reports whether a spectator could sit at their (public) table:
// a bot holds a seat there. Watching a table is never a dead end.
func (m *model) canSit() bool {
	t := m.scr.Table
	if t == nil || !t.Public || t.You >= 0 || t.Status == lobby.Finished {
		return false
	}
	for _, s := range t.Seats {
		if s.Bot || s.Empty() {
			return true
		}
	}
	return false
}

// spectatorSit is s for a spectator: take a bot's seat (or a free one).
func (m *model) spectatorSit(k tea.KeyMsg) (tea.Cmd, bool) {
	if !is(k, tableKeys.Sit) || !m.canSit() {
		return nil, false
	}
	return m.sitAt(m.scr.Table.TableInfo, false), true
}
