package engine

import "math/bits"

// check is the one source of legality: Apply runs it before changing
// anything, and AppendLegal lists exactly the moves it allows. It never
// allocates: the errors are preallocated sentinels.
func (g *Game) check(a *Action) error {
	if stray(a) {
		return ErrExtraDetail
	}
	if a.Seat == SystemSeat {
		return g.checkSystem(a)
	}
	if err := g.checkSeat(a.Seat); err != nil {
		return err
	}
	switch a.Kind {
	case Play:
		return g.checkPlay(a)
	case Draw:
		return g.onTurn(a.Seat, PhaseTurn)
	case Pass:
		if err := g.onTurn(a.Seat, PhaseDrawn); err != nil {
			return err
		}
		if g.settings.House.ForcePlay {
			return ErrMustPlayDrawn // (the card drawn is always playable in PhaseDrawn)
		}
		return nil
	}
	return g.checkOther(a)
}

// checkSystem checks a move of the table itself: it deals, and closes races.
func (g *Game) checkSystem(a *Action) error {
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

// checkSeat checks that seat may move at all: a player in the game, with a
// hand under way.
func (g *Game) checkSeat(seat int) error {
	if seat < 0 || seat >= len(g.hands) {
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
	if !g.active[seat] {
		return ErrEliminated
	}
	return nil
}

// checkOther checks the moves other than playing, drawing and keeping a card.
func (g *Game) checkOther(a *Action) error {
	switch a.Kind {
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
		if g.callsBefore(a.Seat) {
			return nil // Classic: said before the next-to-last card is played
		}
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
			return ErrAlreadyDropped // (an eliminated player is refused earlier)
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

// stray reports whether a carries a detail its kind of move does not take
// (Action: "fields a move does not use stay zero"), so that every move the
// rules accept has exactly one form, in the journal as in JSON.
func stray(a *Action) bool {
	if a.Kind == Play {
		return !a.Give.zero()
	}
	switch a.Kind {
	case ChooseColor:
		return !a.Card.zero() || a.UNO || a.Target != 0 || !a.Give.zero()
	case Catch:
		return !a.Card.zero() || a.Color != NoColor || a.UNO || !a.Give.zero()
	case Exchange:
		return a.Color != NoColor || a.UNO
	}
	return !a.Card.zero() || a.Color != NoColor || a.UNO || a.Target != 0 || !a.Give.zero()
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

// checkPlay checks a play: that it is the player's turn to play, that they
// hold the card, and that the card may be played (playable).
func (g *Game) checkPlay(a *Action) error {
	if err := g.playTurn(a.Seat); err != nil && !g.canJumpIn(a.Seat, a.Card) {
		return err
	}
	if index(g.hands[a.Seat], a.Card) < 0 {
		return ErrNoSuchCard
	}
	return g.playable(a)
}

// playTurn checks that seat may play a card now.
func (g *Game) playTurn(seat int) error {
	switch {
	case g.phase != PhaseTurn && g.phase != PhaseDrawn && !(g.phase == PhaseChallenge && g.pending > 0):
		return ErrNotNow
	case seat != g.current:
		return ErrNotYourTurn
	}
	return nil
}

// playable checks the play a of a card that the player, whose turn it is,
// holds: after a draw only the drawn card; it must match; a wild takes one of
// the edition's colours; a swap Blank takes another player; UNO may be called
// only with the next-to-last card.
func (g *Game) playable(a *Action) error {
	if g.phase == PhaseDrawn && a.Seat == g.current && a.Card != g.drawn {
		return ErrOnlyDrawnCard
	}
	if !a.Card.Matches(g.top(), g.color) {
		return ErrNoMatch
	}
	if err := g.checkHouse(a); err != nil {
		return err
	}
	if a.Card.Kind.IsWild() {
		if !g.settings.Edition.HasColor(a.Color) {
			return ErrChooseColor
		}
	} else if a.Color != NoColor {
		return ErrColorNotWanted
	}
	if g.takesTarget(a.Card) {
		if a.Target == a.Seat || a.Target < 0 || a.Target >= len(g.hands) || !g.active[a.Target] {
			return ErrChooseTarget
		}
	} else if a.Target != 0 {
		return ErrTargetNotWanted
	}
	if a.UNO && g.leftAfter(g.hands[a.Seat], a) != 1 {
		return ErrUNONotNow
	}
	return nil
}

// leftAfter is how many cards the player will hold after the play a.
func (g *Game) leftAfter(hand []Card, a *Action) int {
	n := len(hand) - 1
	if a.Card.Kind == Blank && g.settings.Blanks == BlankDiscardColor {
		for _, c := range hand {
			if c.Color == a.Card.Color && c.Kind != Blank { // (the Blank is counted above)
				n--
			}
		}
	}
	return n
}

func (g *Game) checkExchange(a *Action) error {
	if g.phase != PhaseRaid {
		return ErrNotNow
	}
	if a.Seat != g.player {
		return ErrNotRaider
	}
	if a.Target < 0 || a.Target >= len(g.hands) || a.Target == a.Seat {
		return ErrChooseTarget
	}
	if !hasAction(g.hands[a.Target]) {
		return ErrNothingToTake
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

// AppendLegal appends to dst every move seat may make now, so that a caller
// that reuses dst (a bot, a simulation) allocates nothing. The plays come
// first, then the other moves. Moves that differ only in which of two
// identical cards is meant are listed once.
//
// The moves listed are exactly those check allows (Apply's own test): most
// are listed because check, or the part of it that applies (playable),
// allows them; on the path taken on every turn the plays of coloured cards
// are read off the same per-card test, matchMask, which is Matches. The
// property tests hold the two to each other over millions of positions.
func (g *Game) AppendLegal(dst []Action, seat int) []Action {
	if seat == g.current && (g.phase == PhaseTurn || g.phase == PhaseDrawn) && g.exposed < 0 {
		return g.appendTurn(dst, seat) // the move almost every call is for
	}
	if seat == SystemSeat {
		dst = g.try(dst, Action{Kind: Deal, Seat: seat})
		return g.try(dst, Action{Kind: CloseRace, Seat: seat})
	}
	if seat < 0 || seat >= len(g.hands) || g.phase == PhaseDeal || g.phase == PhaseGameOver || !g.active[seat] {
		return dst
	}
	switch g.phase {
	case PhaseFirstColor:
		for _, c := range g.settings.Edition.Colors() {
			dst = g.try(dst, Action{Kind: ChooseColor, Seat: seat, Color: c})
		}
	case PhaseTurn, PhaseDrawn:
		dst = g.appendTurn(dst, seat)
		dst = g.appendJumpIn(dst, seat)
	case PhaseChallenge:
		if g.pending > 0 && seat == g.current {
			dst = g.appendHouseTurn(dst, seat) // stack on the Wild Draw Four
		}
		dst = g.try(dst, Action{Kind: Accept, Seat: seat})
		dst = g.try(dst, Action{Kind: ChallengeDrawFour, Seat: seat})
	case PhaseRace:
		dst = g.try(dst, Action{Kind: Drop, Seat: seat})
	case PhaseRaid:
		if seat == g.player {
			dst = g.appendExchanges(dst, seat)
			dst = g.try(dst, Action{Kind: EndRaid, Seat: seat})
		}
	}
	if g.exposed == seat {
		dst = g.try(dst, Action{Kind: CallUNO, Seat: seat})
	}
	if g.exposed >= 0 {
		dst = g.try(dst, Action{Kind: Catch, Seat: seat, Target: g.exposed})
	}
	return dst
}

// try appends a to dst if check allows it.
func (g *Game) try(dst []Action, a Action) []Action {
	if g.check(&a) == nil {
		dst = append(dst, a)
	}
	return dst
}

// appendExchanges appends every exchange the raider may make.
func (g *Game) appendExchanges(dst []Action, seat int) []Action {
	mine := g.hands[seat]
	for t, theirs := range g.hands {
		if g.raided[t] {
			continue
		}
		for i, take := range theirs {
			if !take.Kind.IsAction() || holds(theirs[:i], take) {
				continue
			}
			for j, give := range mine {
				if !holds(mine[:j], give) {
					dst = g.try(dst, Action{Kind: Exchange, Seat: seat, Target: t, Card: take, Give: give})
				}
			}
		}
	}
	return dst
}

// appendTurn appends the moves of seat's turn: each card held that may be
// played (once, however many copies are held), then drawing or keeping the
// drawn card. The cards that match are found at once (matchMask); wild cards
// then go through playable, as checkPlay does.
func (g *Game) appendTurn(dst []Action, seat int) []Action {
	if g.playTurn(seat) != nil {
		return dst
	}
	if g.houseTurn() {
		dst = g.appendHouseTurn(dst, seat)
		if g.callsBefore(seat) {
			dst = appendAction(dst, CallUNO, seat, Card{})
		}
		return g.appendDrawOrPass(dst, seat)
	}
	hand := g.hands[seat]
	var seen uint64 // a filter of the cards listed: a clash is checked by holds
	for match := matchMask(hand, g.top(), g.color); match != 0; match &= match - 1 {
		i := bits.TrailingZeros64(match)
		c := hand[i]
		bit := uint64(1) << ((uint(c.Color)*13 + uint(c.Kind)*7 + uint(c.Value)*3) & 63)
		if seen&bit != 0 && holds(hand[:i], c) {
			continue
		}
		seen |= bit
		if c.Kind.IsWild() || c.Kind == Blank {
			dst = g.appendWildPlays(dst, seat, c)
			continue
		}
		// A coloured card that matches, played on one's turn with no colour,
		// target or call: of playable's tests only the drawn-card rule is
		// left to apply.
		if g.phase == PhaseDrawn && c != g.drawn {
			continue
		}
		dst = appendAction(dst, Play, seat, c)
		if g.unoChoice(len(hand) - 1) { // the next-to-last card: with and without UNO
			dst[len(dst)-1].UNO = true
			dst = appendAction(dst, Play, seat, c)
		}
	}
	for i := 64; i < len(hand); i++ { // a hand of more than 64 cards: rare
		if c := hand[i]; c.Matches(g.top(), g.color) && !holds(hand[:i], c) {
			if c.Kind.IsWild() || c.Kind == Blank {
				dst = g.appendWildPlays(dst, seat, c)
			} else {
				dst = g.appendPlay(dst, seat, c)
			}
		}
	}
	if g.callsBefore(seat) {
		dst = appendAction(dst, CallUNO, seat, Card{})
	}
	return g.appendDrawOrPass(dst, seat)
}

// appendDrawOrPass appends the draw, or the keeping of the card drawn, of
// seat, whose turn it is (playTurn; check's onTurn says the same).
func (g *Game) appendDrawOrPass(dst []Action, seat int) []Action {
	switch {
	case g.phase == PhaseTurn:
		return appendAction(dst, Draw, seat, Card{})
	case g.phase == PhaseDrawn && !g.settings.House.ForcePlay:
		return appendAction(dst, Pass, seat, Card{})
	}
	return dst
}

// appendAction appends a move, written in place field by field: a whole
// Action built elsewhere and copied in costs more than the checks.
func appendAction(dst []Action, k ActionKind, seat int, c Card) []Action {
	dst = append(dst, Action{})
	p := &dst[len(dst)-1]
	p.Kind, p.Seat, p.Card = k, seat, c
	return dst
}

// appendWildPlays appends every legal way for seat to play the wild card c,
// or a Blank: a wild in each of the edition's colours (a Blank names none);
// a swap Blank at each player. Whether a wild may be played does not depend
// on which of the edition's colours is named, so playable judges the first
// colour (at each target) and the others follow it.
func (g *Game) appendWildPlays(dst []Action, seat int, c Card) []Action {
	all := g.settings.Edition.Colors()
	colors := all[:]
	if c.Kind == Blank {
		colors = all[:1:1]
		colors[0] = NoColor
	}
	targets := 1
	if g.takesTarget(c) {
		targets = len(g.hands)
	}
	hand := g.hands[seat]
	for t := 0; t < targets; t++ {
		a := Action{Kind: Play, Seat: seat, Card: c, Color: colors[0], Target: t}
		if g.playable(&a) != nil {
			continue
		}
		for _, a.Color = range colors {
			if g.unoChoice(g.leftAfter(hand, &a)) {
				a.UNO = true
				dst = append(dst, a)
				a.UNO = false
			}
			dst = append(dst, a)
		}
	}
	return dst
}

// appendPlay appends the play of the coloured card c, which seat holds on
// their turn, if playable allows it: twice when it leaves one card, calling
// UNO (as a careful player does) and not calling it. The move is written in
// place, field by field: a whole Action built elsewhere and copied in costs
// more than the checks.
func (g *Game) appendPlay(dst []Action, seat int, c Card) []Action {
	dst = append(dst, Action{})
	p := &dst[len(dst)-1]
	p.Kind, p.Seat, p.Card = Play, seat, c
	if g.playable(p) != nil {
		return dst[:len(dst)-1]
	}
	if g.unoChoice(g.leftAfter(g.hands[seat], p)) {
		dst = append(dst, Action{})
		q := &dst[len(dst)-1]
		q.Kind, q.Seat, q.Card = Play, seat, c
		dst[len(dst)-2].UNO = true
	}
	return dst
}
