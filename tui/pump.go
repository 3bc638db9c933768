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

// Background says whether msg only brings the lobby's shared news (the
// public list, the online count) to a session that shows no table and
// expects nothing else: its frame may wait while the frames of games are
// drawn (ssh's drawers take those first). Anything else a player may be
// waiting for (a key's answer, a table, a notice) is not background.
func (m *model) Background(msg tea.Msg) bool {
	s, ok := msg.(screenMsg)
	if !ok {
		return false
	}
	now := m.scr
	return s.Table == nil && now.Table == nil && s.Held == nil && now.Held == nil && s.Closed == "" &&
		s.Nick == now.Nick && s.Notice.Seq == now.Notice.Seq && s.Left == now.Left && !m.calls.busy
}
