package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/page/profile"
)

// openProfile shows the profile (page/profile) of name ("" for the
// player's own); esc goes back where it was opened from.
func (m *model) openProfile(name string) tea.Cmd {
	if m.page != pageProfile {
		m.profBack = m.page
	}
	var cmd tea.Cmd
	m.prof, cmd = profile.Open(m.ctx(), name)
	m.page = pageProfile
	return cmd
}

// keyAdded is a key added to the player's account (with a link code).
func (m *model) keyAdded() tea.Cmd {
	if m.prof == nil {
		return nil
	}
	return m.prof.KeyAdded(m.ctx())
}
