package tui

import tea "github.com/charmbracelet/bubbletea"

// TakePump hands the lobby's screens over to the session's own goroutine,
// which already waits for window sizes: it waits on updates too, and sends
// next() to the program each time they signal. Called before the program
// runs; from then on the model starts no pump of its own (listen), which
// saves a goroutine a session and one more for every screen.
//
// Without a session (tests of a bare model) it returns nil channels and the
// model keeps its own pump.
func (m *model) TakePump() (updates <-chan struct{}, next func() tea.Msg) {
	if m.sess == nil {
		return nil, nil
	}
	m.pumped = true
	s := m.sess
	return s.Updates(), func() tea.Msg { return screenMsg(s.Screen()) }
}
