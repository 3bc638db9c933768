package table

import (
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// moment is what a special card on top of the discard pile did, in two
// lines under the piles. It stays while the card is on top, that is until
// the next card is played, so that a player who looked away a second still
// sees what happened (the log scrolls, and at 80x24 it is short).
func (tp *Page) moment(v *engine.View, w int) []string {
	if v.Phase == engine.PhaseDeal || v.Phase == engine.PhaseGameOver || v.Discards == 0 ||
		tp.scr.Table.Reveal != nil { // a Mutated Minion's draw is still shown
		return nil
	}
	var title, what string
	switch v.Top.Kind {
	case engine.PowerOfGreyskull:
		title, what = "BY THE POWER OF GREYSKULL!", "everyone else drew 3 cards"
	case engine.MutatedMinion:
		title, what = "MUTATED MINION!", "next player drew to "+strings.ToUpper(v.Color.String())
	case engine.KevinsChili:
		if v.Phase == engine.PhaseRace {
			return nil // the race has its own overlay
		}
		title, what = "KEVIN'S FAMOUS CHILI!", "the last to drop drew 2 cards"
	case engine.ArmyOfGrayskull:
		if v.Phase == engine.PhaseRaid {
			return nil
		}
		title, what = "THE ARMY OF GRAYSKULL", "raided every hand for action cards"
	default:
		return nil
	}
	return []string{"", " " + tp.cards().Title(ui.Trunc(title, w-2)), " " + tp.cards().Dim(ui.Trunc(what, w-2))}
}
