package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// watchKeys are the watch page's keys.
var watchKeys = struct {
	Up, Down, Watch, Back key.Binding
}{
	Up:    with(keyUp, "↑/↓", "choose"),
	Down:  with(keyDown, "↑/↓", "choose"),
	Watch: bind("enter", "watch", "enter"),
	Back:  bind("esc", "back", "esc", "q"),
}

// watchKeyMap is its footer and help.
var watchKeyMap = keyList{watchKeys.Up, watchKeys.Down, watchKeys.Watch, watchKeys.Back}

// watchPage picks a public table to watch.
type watchPage struct {
	cursor int
	err    string
}

func (m *model) watchKey(k tea.KeyMsg) tea.Cmd {
	tables := m.scr.Tables
	wp := &m.watch
	switch {
	case is(k, watchKeys.Up):
		wp.cursor = max(wp.cursor-1, 0)
	case is(k, watchKeys.Down):
		wp.cursor = min(wp.cursor+1, max(len(tables)-1, 0))
	case is(k, watchKeys.Watch):
		if len(tables) == 0 {
			m.say("no public table to watch yet", true)
			return nil
		}
		id := tables[min(wp.cursor, len(tables)-1)].ID
		wp.err = ""
		return m.call(callWatch, func(s Session) error { return s.Watch(id) })
	case is(k, watchKeys.Back):
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
	return m.bottom(out, st.footer(m.w, watchKeyMap))
}
