package engine

// houseAllowsPlay is the house rules' part of allowed (oracle_test.go),
// written from the rules as docs/rules.md states them, not from check: whether
// a play may be made now by its seat, as far as whose turn it is, a stacked
// penalty, and bluffing go.
func houseAllowsPlay(g *Game, a Action, onTurn bool) bool {
	h := g.settings.House
	top := g.discard[len(g.discard)-1]
	inTurn := g.phase == PhaseTurn || g.phase == PhaseDrawn
	switch {
	case onTurn && g.phase == PhaseChallenge && g.pending > 0:
		// Stacking on a Wild Draw Four instead of accepting or challenging it.
	case onTurn && inTurn:
	case !onTurn && inTurn && h.JumpIn && top.Kind < Wild && a.Card == top:
		// Jumping in with the top card's twin.
	default:
		return false
	}
	if g.pending > 0 {
		c := a.Card
		isDraw := func(k Kind) bool { return k == DrawTwo || k == WildDrawFour }
		switch h.Stacking {
		case StackMixed:
			if !isDraw(c.Kind) {
				return false
			}
		case StackTwos:
			if c.Kind != DrawTwo || top.Kind != DrawTwo {
				return false
			}
		case StackFours:
			if c.Kind != WildDrawFour || top.Kind != WildDrawFour {
				return false
			}
		case StackSame:
			if !isDraw(c.Kind) || c.Kind != top.Kind {
				return false
			}
		default:
			return false
		}
	}
	if h.NoBluff && a.Card.Kind == WildDrawFour {
		for _, c := range g.hands[a.Seat] {
			if c.Kind < Wild && c.Color == g.color {
				return false
			}
		}
	}
	return true
}
