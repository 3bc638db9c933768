package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/page/board"
)

// openBoard shows the leaderboard (page/board) as it was last left.
func (m *model) openBoard() tea.Cmd {
	if m.board == nil {
		m.board = new(board.Page)
	}
	m.page = pageBoard
	return m.board.Load(m.ctx())
}
