package engine

// Apply applies a, if the rules allow it, and returns the events it caused.
// An action the rules do not allow returns a *RuleError and changes nothing.
// The returned slice belongs to the caller.
func (g *Game) Apply(a Action) ([]Event, error) {
	return g.AppendApply(nil, a)
}

// AppendApply is Apply appending the events to dst (and returning dst
// unchanged with the error), so that a caller that reuses dst (a bot, a
// simulation, Replay) allocates nothing per move.
func (g *Game) AppendApply(dst []Event, a Action) ([]Event, error) {
	if err := g.check(&a); err != nil {
		return dst, err
	}
	// The events go straight into dst. g.events is left pointing at it (it
	// is only ever written here, and the next move sets it again): clearing
	// it would cost a write barrier per move while the collector runs.
	g.events = dst
	g.apply(&a)
	g.lapseCalls()
	return g.events, nil
}

// apply carries out an action that check has allowed.
func (g *Game) apply(a *Action) {
	if a.Kind == Deal || a.Kind == Play || a.Kind == Draw {
		g.shownTo = -1 // a turn begins: the challenged hand goes back
	}
	switch a.Kind {
	case Deal:
		g.deal()
	case Play:
		g.exposed = -1 // the next player has begun their turn
		g.play(a)
	case Draw:
		g.exposed = -1
		g.drawForTurn(a.Seat)
	case Pass:
		g.called[a.Seat] = false // a call made before a play that did not come
		g.event(EvPass, a.Seat)
		g.advance(false)
	case ChooseColor:
		g.color = a.Color
		g.emit(Event{Kind: EvColor, Seat: a.Seat, Color: a.Color})
		g.setTurn(a.Seat)
	case Accept:
		g.exposed = -1
		g.event(EvAccept, a.Seat)
		g.drawCards(a.Seat, g.fourPenalty(), DrawPenalty)
		g.loseTurn()
	case ChallengeDrawFour:
		g.exposed = -1
		g.challenge(a.Seat)
	case CallUNO:
		if g.exposed == a.Seat {
			g.exposed = -1 // (a call before the play leaves another's catch open)
		}
		g.called[a.Seat] = true
		g.event(EvUNO, a.Seat)
	case Catch:
		g.exposed = -1
		n := g.unoPenalty()
		g.emit(Event{Kind: EvCaught, Seat: a.Seat, Target: a.Target, Count: n})
		g.drawCards(a.Target, n, DrawUNO)
	case Drop:
		g.drop(a.Seat)
	case CloseRace:
		g.closeRace()
	case Exchange:
		g.exchange(a)
	case EndRaid:
		g.endRaid()
	}
}

// drawForTurn is a player's own draw: the drawn card may be played at once if
// it matches; otherwise the turn passes. With nothing left to draw the player
// passes, and when every player in turn has passed so the hand is blocked.
func (g *Game) drawForTurn(seat int) {
	if g.pending > 0 {
		g.takePending(seat) // a stacked penalty: the draw takes it all
		return
	}
	c, ok := g.drawOne(seat)
	if !ok {
		g.event(EvPass, seat)
		g.stuck++
		if g.stuck >= g.players() {
			g.endHand(g.blockedWinner(), true)
			return
		}
		g.advance(false)
		return
	}
	g.stuck = 0
	for {
		e := g.event(EvDraw, seat)
		e.Card, e.Count, e.Reason = c, 1, DrawTurn
		if g.canPlayDrawn(seat, c) {
			g.drawn = c
			g.phase = PhaseDrawn
			return
		}
		if !g.settings.House.DrawToMatch {
			break
		}
		if c, ok = g.drawOne(seat); !ok {
			break // nothing left to draw: the turn passes
		}
	}
	g.advance(false)
}

// top is the top card of the discard pile.
// (It is kept in topCard, set wherever a card goes on top of the pile: read
// on every check, it is worth a field of its own.)
func (g *Game) top() Card { return g.topCard }

// play puts a card on the discard pile and carries out what it does.
func (g *Game) play(a *Action) {
	seat, card := a.Seat, a.Card
	prev := g.color
	g.removeCard(seat, card, -1)
	g.discard = append(g.discard, card)
	g.topCard = card
	g.stuck = 0
	if card.Kind.IsWild() {
		g.color = a.Color
	} else {
		g.color = card.Color
	}
	e := g.event(EvPlay, seat)
	e.Card, e.Color = card, g.color
	if card.Kind == WildDrawFour {
		g.fourBy, g.fourGuilty = seat, g.holdsMatch(seat, prev)
	}
	if card.Kind == Blank && g.settings.Blanks == BlankDiscardColor {
		g.discardColor(seat, card.Color)
	}
	before := g.called[seat] // UNO said before this play (Classic 2001: uno.go)
	uno := a.UNO || g.settings.House.AutoUNO && len(g.hands[seat]) == 1
	g.called[seat] = uno || before && len(g.hands[seat]) == 1
	if uno {
		g.event(EvUNO, seat)
	} else if len(g.hands[seat]) == 1 && !before && !g.handsMove(card) {
		g.exposed = seat
	}
	g.current = seat
	if len(g.hands[seat]) == 0 {
		g.goOut(seat, card, a.Color)
		return
	}
	switch card.Kind {
	case Number:
		g.sevenOEffect(a)
		g.advance(false)
	case Wild:
		g.advance(false)
	case Skip:
		g.advance(true)
	case Reverse:
		if g.players() == 2 {
			g.advance(true) // two players: a Reverse acts as a Skip
			return
		}
		g.dir = -g.dir
		g.emit(Event{Kind: EvReverse, Count: g.dir})
		g.advance(false)
	case DrawTwo:
		g.drawTwo(seat)
	case WildDrawFour:
		g.wildDrawFour(seat)
	case Blank:
		g.blank(a)
		g.advance(false)
	case MutatedMinion:
		g.minion(g.next(seat, g.dir), a.Color, DrawMinion)
		g.advance(true)
	case PowerOfGreyskull:
		g.greyskull(seat)
		g.advance(false)
	case KevinsChili:
		g.startRace(seat, false)
	case ArmyOfGrayskull:
		g.startRaid(seat)
	}
}

// goOut ends the hand for a player who played their last card. A draw card
// played last still makes its victims draw (the cards count in the score);
// the Chili race is still run; effects that would move cards into the empty
// hand (a Blank's swap, the Army's raid) do nothing (docs/rules.md).
func (g *Game) goOut(seat int, card Card, color Color) {
	victim := g.next(seat, g.dir)
	switch card.Kind {
	case DrawTwo:
		g.drawCards(victim, 2+g.pending, DrawHandEnd) // with any stack under it
	case WildDrawFour:
		g.drawCards(victim, 4+g.pending, DrawHandEnd)
	case MutatedMinion:
		g.minion(victim, color, DrawHandEnd)
	case PowerOfGreyskull:
		g.greyskull(seat)
	case KevinsChili:
		g.startRace(seat, true)
		return
	}
	g.endHand(seat, false)
}

// holdsMatch reports whether seat holds a card of color: the test of a Wild
// Draw Four challenge. In MotU 2023 a wild card in the hand counts as a match too.
func (g *Game) holdsMatch(seat int, color Color) bool {
	wildCounts := g.settings.Edition == MastersOfTheUniverse2023
	for _, c := range g.hands[seat] {
		if c.Color == color && !c.Kind.IsWild() || wildCounts && c.Kind.IsWild() {
			return true
		}
	}
	return false
}

// challenge settles a Wild Draw Four challenge. Guilty: the player of the card
// draws four and the challenger takes their turn. Innocent: the challenger
// draws six and loses the turn. The colour chosen stands either way.
func (g *Game) challenge(seat int) {
	// The challenged player shows their hand to the challenger (every
	// rulebook): the challenger's View carries it until the next turn begins.
	g.shown, g.shownTo = append(g.shown[:0], g.hands[g.fourBy]...), seat
	g.emit(Event{Kind: EvChallenge, Seat: seat, Target: g.fourBy, Guilty: g.fourGuilty})
	if g.fourGuilty {
		g.drawCards(g.fourBy, 4, DrawChallenge)
		g.pending = max(0, g.pending-4) // a stack under the card still waits
		g.setTurn(seat)
		return
	}
	g.drawCards(seat, g.fourPenalty()+2, DrawChallenge)
	g.loseTurn()
}

// removeCard removes one copy of c from seat's hand, which holds it; the
// last card takes its place. The copy removed is the first one held; hint
// may say where it is, or be -1. (Checking a move never leaves a hint
// behind: Legal, View and check only read the game.)
func (g *Game) removeCard(seat int, c Card, hint int) {
	hand := g.hands[seat]
	i := hint
	if i < 0 || i >= len(hand) || hand[i] != c {
		i = index(hand, c)
	}
	last := len(hand) - 1
	hand[i] = hand[last]
	g.hands[seat] = g.hands[seat][:last]
}

// index is where c is in hand, or -1.
func index(hand []Card, c Card) int {
	k := c.key()
	for i := range hand {
		if hand[i].key() == k {
			return i
		}
	}
	return -1
}

// holds reports whether hand holds c.
func holds(hand []Card, c Card) bool {
	k := c.key()
	for _, h := range hand {
		if h.key() == k {
			return true
		}
	}
	return false
}
