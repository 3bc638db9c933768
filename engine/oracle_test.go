package engine

import "slices"

// allowed is a second, independent statement of the rules, written from the
// rulebooks (and docs/rules.md) rather than from check: whether a may be
// made now. The property tests hold check, AppendLegal and allowed to one
// another. It reads the game's bookkeeping (whose turn, what was drawn, who
// is open to a catch, who still races or may be raided), not its logic.
func allowed(g *Game, a Action) bool {
	n, ed := len(g.hands), g.settings.Edition
	colors := ed.Colors()
	none := Card{}
	// A move carries only the details its kind takes.
	switch a.Kind {
	case Play:
		if a.Give != none {
			return false
		}
	case ChooseColor:
		if a.Card != none || a.UNO || a.Target != 0 || a.Give != none {
			return false
		}
	case Catch:
		if a.Card != none || a.Color != NoColor || a.UNO || a.Give != none {
			return false
		}
	case Exchange:
		if a.Color != NoColor || a.UNO {
			return false
		}
	default:
		if a.Card != none || a.Color != NoColor || a.UNO || a.Target != 0 || a.Give != none {
			return false
		}
	}
	// The table deals between hands and closes Chili races.
	if a.Seat == SystemSeat {
		return a.Kind == Deal && g.phase == PhaseDeal || a.Kind == CloseRace && g.phase == PhaseRace
	}
	if a.Seat < 0 || a.Seat >= n || !g.active[a.Seat] || g.phase == PhaseDeal || g.phase == PhaseGameOver {
		return false
	}
	mine := g.hands[a.Seat]
	onTurn := a.Seat == g.current
	switch a.Kind {
	case Play:
		if !houseAllowsPlay(g, a, onTurn) || !slices.Contains(mine, a.Card) {
			return false
		}
		if g.phase == PhaseDrawn && onTurn && a.Card != g.drawn {
			return false // after a draw, only the card drawn
		}
		top, c := g.discard[len(g.discard)-1], a.Card
		wild := c.Kind >= Wild && c.Kind != Blank // a Blank is coloured (blank.go)
		sameSymbol := c.Kind == top.Kind && (c.Kind != Number || c.Value == top.Value)
		if !wild && c.Color != g.color && !sameSymbol {
			return false // colour, number or symbol; a wild matches anything
		}
		if wild && !slices.Contains(colors[:], a.Color) || !wild && a.Color != NoColor {
			return false // a wild names one of the edition's colours; nothing else names any
		}
		swap := c.Kind == Blank && g.settings.Blanks == BlankSwapHands || g.settings.House.SevenO && c.Kind == Number && c.Value == 7
		if swap && (a.Target < 0 || a.Target >= n || a.Target == a.Seat || !g.active[a.Target]) || !swap && a.Target != 0 {
			return false // a swap Blank names another player; nothing else does
		}
		left := len(mine) - 1
		if c.Kind == Blank && g.settings.Blanks == BlankDiscardColor {
			for _, h := range mine {
				if h.Kind < Wild && h.Color == c.Color {
					left--
				}
			}
		}
		if a.UNO && g.settings.House.AutoUNO {
			return false // the call is made for the player
		}
		return !a.UNO || left == 1 // UNO with the next-to-last card
	case Draw:
		return onTurn && g.phase == PhaseTurn
	case Pass:
		return onTurn && g.phase == PhaseDrawn && !g.settings.House.ForcePlay
	case ChooseColor:
		return onTurn && g.phase == PhaseFirstColor && slices.Contains(colors[:], a.Color)
	case Accept, ChallengeDrawFour:
		return onTurn && g.phase == PhaseChallenge
	case CallUNO:
		// Classic: "before playing your next to last card" (on one's turn,
		// with two cards), or as a self-catch; MotU 2023: with one card.
		before := ed == Classic2001 && onTurn && (g.phase == PhaseTurn || g.phase == PhaseDrawn) &&
			len(mine) == 2 && !g.called[a.Seat]
		return before || g.exposed == a.Seat && (ed == Classic2001 || ed == MastersOfTheUniverse2023)
	case Catch:
		return a.Target != a.Seat && a.Target >= 0 && a.Target < n && g.exposed == a.Target
	case Drop:
		return g.phase == PhaseRace && g.racing[a.Seat]
	case Exchange:
		t := a.Target
		return g.phase == PhaseRaid && a.Seat == g.player && t >= 0 && t < n && t != a.Seat && !g.raided[t] &&
			a.Card.Kind.IsAction() && slices.Contains(g.hands[t], a.Card) && slices.Contains(mine, a.Give)
	case EndRaid:
		return g.phase == PhaseRaid && a.Seat == g.player
	}
	return false
}

// digest is a fingerprint of the game's whole state (what State copies),
// cheap enough to take around every refused move.
func digest(g *Game) uint64 {
	h := uint64(14695981039346656037)
	word := func(v int) { h = (h ^ uint64(v)) * 1099511628211 }
	pile := func(cs []Card) {
		word(len(cs))
		for _, c := range cs {
			word(int(c.key()))
		}
	}
	flags := func(fs []bool) {
		for _, f := range fs {
			word(int(b2u(f)))
		}
	}
	for _, v := range []int{int(g.phase), g.hand, g.dealer, g.current, g.dir, int(g.color), int(b2u(g.headToHead)),
		g.exposed, g.stuck, g.pending, g.fourBy, int(b2u(g.fourGuilty)), g.player, g.dropped, int(b2u(g.outAfter)),
		int(g.drawn.key()), int(g.topCard.key())} {
		word(v)
	}
	pile(g.draw)
	pile(g.discard)
	for _, hand := range g.hands {
		pile(hand)
	}
	flags(g.active)
	flags(g.called)
	flags(g.racing)
	flags(g.raided)
	for _, s := range g.scores {
		word(s)
	}
	for _, w := range g.winners {
		word(w)
	}
	for _, row := range g.tallies() {
		for _, v := range row {
			word(v)
		}
	}
	r := g.rng // a copy: its next number tells its state
	word(int(r.pcg.Uint64()))
	return h
}
