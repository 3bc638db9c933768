package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file is a spectator taking a seat at a public table they watch: a
// bot's seat (with the bot's hand), or a free one.

// canSit reports whether a spectator could sit at their (public) table:
// a bot holds a seat there. Watching a table is never a dead end.
func (tp *tablePage) canSit() bool {
	t := tp.scr.Table
	if t == nil || !t.Public || t.You >= 0 || t.Status == lobby.Finished {
		return false
	}
	for _, s := range t.Seats {
		if s.Bot || s.Empty() {
			return true
		}
	}
	return false
}

// spectatorSit is s for a spectator: take a bot's seat (or a free one).
func (tp *tablePage) spectatorSit(k tea.KeyMsg) (tea.Cmd, bool) {
	if !ui.Is(k, tableKeys.Sit) || !tp.canSit() {
		return nil, false
	}
	return tp.sitAt(tp.scr.Table.TableInfo), true
}

// sitAt sits at table t.
func (tp *tablePage) sitAt(t lobby.TableInfo) tea.Cmd {
	id := t.ID
	tp.ctx().Say(ui.SittingAt(t), false)
	return tp.ctx().Call(func(s ui.Session) error { return s.Sit(id) }, nil)
}
