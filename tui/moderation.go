package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// PageOf is the page a session's model shows, by its metrics name
// ("lobby", "waiting-room", "table", "profile"...), for an operator's
// admin who; "" if it is not counted.
func PageOf(m tea.Model) string {
	mm, ok := m.(*model)
	if !ok {
		return ""
	}
	if i := mm.counted.Load(); i >= 0 && int(i) < len(pageNames) {
		return pageNames[i]
	}
	return ""
}
