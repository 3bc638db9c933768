package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// watchPage picks a public table to watch.
type watchPage struct {
	cursor int
	err    string
}

func (m *model) watchKey(k tea.KeyMsg) tea.Cmd {
	tables := m.scr.Tables
	wp := &m.watch
	switch {
	case is(k, m.keys.Up):
		wp.cursor = max(wp.cursor-1, 0)
	case is(k, m.keys.Down):
		wp.cursor = min(wp.cursor+1, max(len(tables)-1, 0))
	case is(k, m.keys.Enter):
		if len(tables) == 0 {
			m.say("no public table to watch yet", true)
			return nil
		}
		id := tables[min(wp.cursor, len(tables)-1)].ID
		wp.err = ""
		return m.call(callWatch, func(s Session) error { return s.Watch(id) })
	case k.Type == tea.KeyEsc, is(k, m.keys.Quit):
		m.page = pageLobby
	default:
		m.say("↑/↓ choose a table, enter watches it, esc goes back", false)
	}
	return nil
}

func (m *model) watchView() []string {
	st := m.st
	out := m.top("", "")
	out = append(out, "", "  "+st.title.Render("Watch a table"), "",
		"  "+st.dim.Render("Spectators see the table and the chat, never a player's hand."), "")
	tables := m.scr.Tables
	m.watch.cursor = min(m.watch.cursor, max(len(tables)-1, 0))
	room := m.h - len(out) - 4
	out = append(out, m.tableList(tables, m.watch.cursor, room)...)
	if m.watch.err != "" {
		out = append(out, "", "  "+st.err.Render("✗ "+m.watch.err))
	}
	return m.bottom(out, st.footer(m.w, hint{"↑/↓", "choose"}, hint{"enter", "watch"}, hint{"esc", "back"}))
}
