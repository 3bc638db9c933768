package tui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// This file is a friend's table that is full: the join page says so and
// offers to watch it (w), rather than making the player a spectator
// without a word.

// joinFailed notes whether the join failed because the table is full.
func (m *model) joinFailed(err error) {
	m.joinState().full = errors.Is(err, lobby.ErrTableFull)
}

// joinFullKey is w on the join page after "that table is full": watch it.
// (A whole code takes no more letters, so w is free there.)
func (m *model) joinFullKey(k tea.KeyMsg) (tea.Cmd, bool) {
	jp := m.joinState()
	code := lobby.NormalizeCode(jp.code.Value())
	if !jp.full || len(code) != lobby.CodeLength || !is(k, joinKeys.WatchFull) {
		return nil, false
	}
	jp.full, jp.err = false, ""
	return m.call(callJoin, func(s Session) error { return s.WatchCode(code) }), true
}

// joinFullLines offer to watch a full table.
func (m *model) joinFullLines() []string {
	if !m.joinState().full {
		return nil
	}
	w, esc := joinKeys.WatchFull.Help(), joinKeys.Back.Help()
	return []string{"", "  " + m.st.key.Render(w.Key) + " " + w.Desc + "   " + m.st.key.Render(esc.Key) + " back to the lobby"}
}
