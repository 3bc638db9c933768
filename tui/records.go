package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// The answers of the records' calls, which run off the Update goroutine.
type (
	profileMsg struct {
		name string
		p    lobby.Profile
		err  error
	}
	renameMsg struct{ err error }
	linkMsg   struct {
		code lobby.LinkCode
		err  error
	}
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
	case profileMsg:
		if m.prof != nil {
			m.prof.gotProfile(msg)
		}
	case renameMsg:
		if m.prof == nil {
			break
		}
		m.prof.gotRename(msg)
		if msg.err == nil && m.page == pageProfile && m.prof.own() {
			return m.loadProfile(""), true // the new name, on the page
		}
	case linkMsg:
		if m.prof != nil {
			m.prof.gotLink(msg)
		}
	case redeemMsg:
		m.gotRedeem(msg) // nick.go
	default:
		return nil, false
	}
	return nil, true
}
