package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// This file is Quick play's choice on the lobby's first row: ←/→ cycles
// the edition (any edition, then each of the five), m the mode (any mode,
// then each mode a public table can be opened with). The row shows the
// choice; enter plays it. The lobby keeps it in the key's account, so it
// is back at the next visit.

// quickChoice is the choice the row shows: the one made on this screen, or
// the one the lobby remembered.
func (m *model) quickChoice() lobby.QuickChoice {
	if m.lob.quickSet {
		return m.lob.quick
	}
	return m.scr.Quick
}

// quickKey cycles the choice, on the Quick play row; false: not its key.
func (m *model) quickKey(k tea.KeyMsg) (tea.Cmd, bool) {
	q := m.quickChoice()
	switch {
	case is(k, lobbyKeys.Edition):
		q.ByEdition, q.Edition = cycle(q.ByEdition, q.Edition, engine.Editions, 1)
	case is(k, lobbyKeys.EditionBack):
		q.ByEdition, q.Edition = cycle(q.ByEdition, q.Edition, engine.Editions, -1)
	case is(k, lobbyKeys.Mode):
		q.ByMode, q.Mode = cycle(q.ByMode, q.Mode, engine.Modes, 1)
	case is(k, lobbyKeys.ModeBack):
		q.ByMode, q.Mode = cycle(q.ByMode, q.Mode, engine.Modes, -1)
	default:
		return nil, false
	}
	m.lob.quick, m.lob.quickSet = q, true
	return m.call(callQuick, func(s Session) error { s.SetQuickChoice(q); return nil }), true
}

// cycle steps through "any" (by false) and then each of all, by step.
func cycle[T comparable](by bool, cur T, all []T, step int) (bool, T) {
	i := -1 // "any"
	if by {
		for j, v := range all {
			if v == cur {
				i = j
			}
		}
	}
	n := len(all) + 1
	i = (i+1+step+n)%n - 1
	if i < 0 {
		var zero T
		return false, zero
	}
	return true, all[i]
}

// quickText is the row's description: "any edition · any mode",
// "Minions 2016 · single hand".
func quickText(q lobby.QuickChoice) string {
	ed, mode := "any edition", "any mode"
	if q.ByEdition {
		ed = q.Edition.Title()
	}
	if q.ByMode {
		mode = quickModeText(q.Mode)
	}
	return ed + " · " + mode
}

// quickModeText names a mode as the row shows it: the table Quick play
// opens plays to the rulebooks' target.
func quickModeText(md engine.Mode) string {
	switch md {
	case engine.Standard:
		return "standard, to 500"
	case engine.LowestScore:
		return "lowest score, 500"
	case engine.Challenge:
		return "Challenge UNO"
	}
	return md.Title()
}
