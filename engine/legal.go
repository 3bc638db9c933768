package engine

// check is the one source of legality: Apply runs it before changing
// anything, and Legal lists the candidate moves it allows.
func (g *Game) check(a Action) error {
	if a.Seat == SystemSeat {
		switch {
		case a.Kind == Deal && g.phase == PhaseDeal:
			return nil
		case a.Kind == CloseRace && g.phase == PhaseRace:
			return nil
		case g.phase == PhaseGameOver:
			return ErrGameOver
		}
		return ErrSystemOnly
	}
	if a.Seat < 0 || a.Seat >= len(g.hands) {
		return ErrSeatOutOfRange
	}
	switch g.phase {
	case PhaseGameOver:
		return ErrGameOver
	case PhaseDeal:
		if g.hand == 0 {
			return ErrNotDealt
		}
		return ErrHandOver
	}
	if !g.active[a.Seat] {
		return ErrEliminated
	}
	switch a.Kind {
	case Play:
		return g.checkPlay(a)
	case Draw:
		return g.onTurn(a.Seat, PhaseTurn)
	case Pass:
		return g.onTurn(a.Seat, PhaseDrawn)
	case ChooseColor:
		if err := g.onTurn(a.Seat, PhaseFirstColor); err != nil {
			return err
		}
		if !g.settings.Edition.HasColor(a.Color) {
			return ErrChooseColor
		}
		return nil
	case Accept, ChallengeDrawFour:
		if g.phase != PhaseChallenge {
			return ErrNotNow
		}
		if a.Seat != g.current {
			return ErrChallengeNotYours
		}
		return nil
	case CallUNO:
		if g.exposed != a.Seat {
			return ErrUNONotNow
		}
		if !g.settings.Edition.lateUNOCall() {
			return ErrUNOTooLate
		}
		return nil
	case Catch:
		if a.Target == a.Seat {
			return ErrCatchYourself
		}
		if a.Target < 0 || a.Target >= len(g.hands) || g.exposed != a.Target {
			return ErrNothingToCatch
		}
		return nil
	case Drop:
		if g.phase != PhaseRace {
			return ErrNotNow
		}
		if !g.racing[a.Seat] {
			if g.active[a.Seat] {
				return ErrAlreadyDropped
			}
			return ErrNotInRace
		}
		return nil
	case Exchange:
		return g.checkExchange(a)
	case EndRaid:
		if g.phase != PhaseRaid {
			return ErrNotNow
		}
		if a.Seat != g.player {
			return ErrNotRaider
		}
		return nil
	case Deal, CloseRace:
		return ErrSystemOnly
	}
	return ErrUnknownAction
}

// onTurn checks that it is seat's turn in phase.
func (g *Game) onTurn(seat int, phase Phase) error {
	switch g.phase {
	case PhaseTurn, PhaseDrawn, PhaseFirstColor:
	default:
		return ErrNotNow
	}
	switch {
	case seat != g.current:
		return ErrNotYourTurn
	case g.phase == phase:
		return nil
	case g.phase == PhaseDrawn:
		return ErrAlreadyDrew
	case g.phase == PhaseFirstColor:
		return ErrChooseColor
	case phase == PhaseDrawn:
		return ErrNothingToKeep
	}
	return ErrNotNow
}

func (g *Game) checkPlay(a Action) error {
	if a.Seat != g.current || (g.phase != PhaseTurn && g.phase != PhaseDrawn) {
		if g.phase == PhaseTurn || g.phase == PhaseDrawn {
			return ErrNotYourTurn
		}
		return ErrNotNow
	}
	hand := g.hands[a.Seat]
	if !holds(hand, a.Card) {
		return ErrNoSuchCard
	}
	if g.phase == PhaseDrawn && a.Card != g.drawn {
		return ErrOnlyDrawnCard
	}
	if !a.Card.Matches(g.top(), g.color) {
		return ErrNoMatch
	}
	if a.Card.Kind.IsWild() {
		if !g.settings.Edition.HasColor(a.Color) {
			return ErrChooseColor
		}
	} else if a.Color != NoColor {
		return ErrColorNotWanted
	}
	if a.Card.Kind == Blank && g.settings.Blanks == BlankSwapHands {
		if a.Target == a.Seat || a.Target < 0 || a.Target >= len(g.hands) || !g.active[a.Target] {
			return ErrChooseTarget
		}
	} else if a.Target != 0 {
		return ErrTargetNotWanted
	}
	if a.UNO && g.leftAfter(hand, a) != 1 {
		return ErrUNONotNow
	}
	return nil
}

// leftAfter is how many cards the player will hold after the play a.
func (g *Game) leftAfter(hand []Card, a Action) int {
	n := len(hand) - 1
	if a.Card.Kind == Blank && g.settings.Blanks == BlankDiscardColor {
		for _, c := range hand {
			if c.Color == a.Color && !c.Kind.IsWild() {
				n--
			}
		}
	}
	return n
}

func (g *Game) checkExchange(a Action) error {
	if g.phase != PhaseRaid {
		return ErrNotNow
	}
	if a.Seat != g.player {
		return ErrNotRaider
	}
	if a.Target < 0 || a.Target >= len(g.hands) || a.Target == a.Seat {
		return ErrChooseTarget
	}
	if g.raided[a.Target] {
		return ErrAlreadyRaided
	}
	if !a.Card.Kind.IsAction() {
		return ErrNotActionCard
	}
	if !holds(g.hands[a.Target], a.Card) {
		return ErrNoSuchCard
	}
	if !holds(g.hands[a.Seat], a.Give) {
		return ErrNoCardToGive
	}
	return nil
}

// Legal lists every move seat may make now (SystemSeat: the table's own).
func (g *Game) Legal(seat int) []Action {
	return g.AppendLegal(nil, seat)
}

// AppendLegal appends to dst every move seat may make now. Moves that differ
// only in which of two identical cards is meant are listed once.
func (g *Game) AppendLegal(dst []Action, seat int) []Action {
	try := func(a Action) {
		if g.check(a) == nil {
			dst = append(dst, a)
		}
	}
	if seat == SystemSeat {
		try(Action{Kind: Deal, Seat: seat})
		try(Action{Kind: CloseRace, Seat: seat})
		return dst
	}
	if seat < 0 || seat >= len(g.hands) || g.phase == PhaseDeal || g.phase == PhaseGameOver || !g.active[seat] {
		return dst
	}
	colors := g.settings.Edition.Colors()
	switch g.phase {
	case PhaseFirstColor:
		for _, c := range colors {
			try(Action{Kind: ChooseColor, Seat: seat, Color: c})
		}
	case PhaseTurn, PhaseDrawn:
		if seat != g.current {
			break
		}
		hand := g.hands[seat]
		for i, c := range hand {
			if holds(hand[:i], c) {
				continue
			}
			dst = g.appendPlays(dst, seat, c, colors)
		}
		try(Action{Kind: Draw, Seat: seat})
		try(Action{Kind: Pass, Seat: seat})
	case PhaseChallenge:
		try(Action{Kind: Accept, Seat: seat})
		try(Action{Kind: ChallengeDrawFour, Seat: seat})
	case PhaseRace:
		try(Action{Kind: Drop, Seat: seat})
	case PhaseRaid:
		if seat != g.player {
			break
		}
		mine := g.hands[seat]
		for t, theirs := range g.hands {
			for i, take := range theirs {
				if !take.Kind.IsAction() || holds(theirs[:i], take) {
					continue
				}
				for j, give := range mine {
					if !holds(mine[:j], give) {
						try(Action{Kind: Exchange, Seat: seat, Target: t, Card: take, Give: give})
					}
				}
			}
		}
		try(Action{Kind: EndRaid, Seat: seat})
	}
	try(Action{Kind: CallUNO, Seat: seat})
	if g.exposed >= 0 {
		try(Action{Kind: Catch, Seat: seat, Target: g.exposed})
	}
	return dst
}

// appendPlays appends every legal way for seat to play card c.
func (g *Game) appendPlays(dst []Action, seat int, c Card, colors [4]Color) []Action {
	base := Action{Kind: Play, Seat: seat, Card: c}
	var variants [40]Action
	vs := variants[:0]
	switch {
	case c.Kind == Blank && g.settings.Blanks == BlankSwapHands:
		for _, col := range colors {
			for t := range g.hands {
				a := base
				a.Color, a.Target = col, t
				vs = append(vs, a)
			}
		}
	case c.Kind.IsWild():
		for _, col := range colors {
			a := base
			a.Color = col
			vs = append(vs, a)
		}
	default:
		vs = append(vs, base)
	}
	for _, a := range vs {
		if g.check(a) != nil {
			continue
		}
		if g.leftAfter(g.hands[seat], a) == 1 {
			a.UNO = true
			dst = append(dst, a) // calling UNO, as a careful player does
			a.UNO = false
		}
		dst = append(dst, a)
	}
	return dst
}
