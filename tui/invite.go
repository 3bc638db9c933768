package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/page/who"
)

// Who is online, where x turns invitations to oneself off or on, is a page
// of its own (page/who); the waiting room's invitation line is the table
// page's (roominvite.go).

// openWho shows the players online, asking the lobby for them afresh.
func (c pageCtx) openWho() tea.Cmd {
	var cmd tea.Cmd
	c.m.ppl, cmd = who.Open(c)
	c.m.page = pageWho
	return cmd
}
