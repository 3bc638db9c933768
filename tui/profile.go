package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/page/profile"
)

// openProfile shows the profile (page/profile) of name ("" for the
// player's own); esc goes back where it was opened from.
func (c pageCtx) openProfile(name string) tea.Cmd {
	if c.m.page != pageProfile {
		c.m.profBack = c.m.page
	}
	var cmd tea.Cmd
	c.m.prof, cmd = profile.Open(c, name)
	c.m.page = pageProfile
	return cmd
}

// keyAdded is a key added to the player's account (with a link code).
func (c pageCtx) keyAdded() tea.Cmd {
	if c.m.prof == nil {
		return nil
	}
	return c.m.prof.KeyAdded(c)
}
