package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// The answers of the records' calls, which run off the Update goroutine.
type (
	redeemMsg struct{ err error }
)

// records is the session, when the server keeps accounts, games and
// ratings (the screen's Account says so); nil when it keeps none, and the
// pages say so without asking.
func (m *model) records() Session {
	if m.sess == nil || !m.scr.Account.Records {
		return nil
	}
	return m.sess
}

// onRecords takes the answer of a records call; it reports false for any
// other message.
func (m *model) onRecords(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	// (The pages are there: only they ask. The checks keep a stray answer
	// harmless.)
	case redeemMsg:
		m.gotRedeem(msg) // nick.go
	default:
		return nil, false
	}
	return nil, true
}
