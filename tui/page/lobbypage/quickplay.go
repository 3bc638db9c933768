package lobbypage

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file is Quick play's choice on the lobby's first row: ←/→ cycles
// the edition (any edition, then each of the five), m the mode (any mode,
// then each mode a public table can be opened with). The row shows the
// choice; enter plays it. The lobby keeps it in the key's account, so it
// is back at the next visit. l on the row is the player's choice of the
// ladder instead: a rated game with the API bots (and the people) who seek
// it, one hand of classic for two.

// QuickChoice is the choice the row shows: the one made on this screen, or
// the one the lobby remembered.
func (p *Page) QuickChoice(c ui.Context) lobby.QuickChoice {
	if p.quickSet {
		return p.quick
	}
	return c.Screen().Quick
}

// quickKey cycles the choice, on the Quick play row; false: not its key.
func (p *Page) quickKey(c ui.Context, k tea.KeyMsg) (tea.Cmd, bool) {
	q := p.QuickChoice(c)
	switch {
	case key.Matches(k, Keys.Edition):
		q.ByEdition, q.Edition = cycle(q.ByEdition, q.Edition, engine.Editions, 1)
	case key.Matches(k, Keys.EditionBack):
		q.ByEdition, q.Edition = cycle(q.ByEdition, q.Edition, engine.Editions, -1)
	case key.Matches(k, Keys.Mode):
		q.ByMode, q.Mode = cycle(q.ByMode, q.Mode, engine.Modes, 1)
	case key.Matches(k, Keys.ModeBack):
		q.ByMode, q.Mode = cycle(q.ByMode, q.Mode, engine.Modes, -1)
	case key.Matches(k, Keys.Ladder):
		c.Say("seeking a rated game on the ladder…", false)
		return c.Call(func(s ui.Session) error { return s.SeekLadder() }, nil), true
	default:
		return nil, false
	}
	p.quick, p.quickSet = q, true
	return c.Call(func(s ui.Session) error { s.SetQuickChoice(q); return nil }, nil), true
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
