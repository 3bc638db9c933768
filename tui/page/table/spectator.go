package table

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file is a spectator taking a seat at a public table they watch: a
// bot's seat (with the bot's hand), or a free one.

// canSit reports whether a spectator could sit at their (public) table:
// a bot holds a seat there. Watching a table is never a dead end.
func (tp *Page) canSit() bool {
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
func (tp *Page) spectatorSit(k tea.KeyMsg) (tea.Cmd, bool) {
	if !ui.Is(k, tableKeys.Sit) || !tp.canSit() {
		return nil, false
	}
	return tp.sitAt(tp.scr.Table.TableInfo), true
}

// sitAt sits at table t.
func (tp *Page) sitAt(t lobby.TableInfo) tea.Cmd {
	id := t.ID
	tp.c.Say(ui.SittingAt(t), false)
	return tp.c.Call(func(s ui.Session) error { return s.Sit(id) }, nil)
}
