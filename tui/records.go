package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
)

// Records is what a session offers when the server keeps accounts, games
// and ratings. *lobby.Client implements it; a Session that does not is a
// server that keeps nothing, and its pages say so.
type Records interface {
	// Profile is the player's own profile (name "") or another's.
	Profile(name string) (store.Profile, error)
	// Leaderboard is an edition's board (store.AllEditions: all of them),
	// of all time or of this week.
	Leaderboard(edition string, week bool) ([]store.LeaderEntry, error)
	// Rename changes the player's nickname (once a day).
	Rename(nick string) error
	// LinkCode makes a one-time code that adds another key to the account.
	LinkCode() (store.LinkCode, error)
	// RedeemLink adds this key to the account a code was made for.
	RedeemLink(code string) error
}

var _ Records = (*lobby.Client)(nil)

// The answers of the records' calls, which run off the Update goroutine.
type (
	profileMsg struct {
		name string
		p    store.Profile
		err  error
	}
	boardMsg struct {
		edition string
		week    bool
		list    []store.LeaderEntry
		err     error
	}
	renameMsg struct{ err error }
	linkMsg   struct {
		code store.LinkCode
		err  error
	}
	redeemMsg struct{ err error }
)

// records is the session's Records, or nil.
func (m *model) records() Records {
	r, _ := m.sess.(Records)
	return r
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
	case boardMsg:
		if m.board != nil {
			m.board.gotBoard(msg)
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
