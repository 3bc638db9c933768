package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/page/board"
)

// openBoard shows the leaderboard (page/board) as it was last left.
func (c pageCtx) openBoard() tea.Cmd {
	if c.m.board == nil {
		c.m.board = new(board.Page)
	}
	c.m.page = pageBoard
	return c.m.board.Load(c)
}
