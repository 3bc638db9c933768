package engine

// This file holds each edition's special card.

// blank carries out the Classic 2001 house rule the table chose for its Blanks
// (the discard-a-colour rule is carried out in play, before going out is judged).
func (g *Game) blank(a *Action) {
	switch g.settings.Blanks {
	case BlankSwapHands:
		g.swapHands(a.Seat, a.Target)
	case BlankPassHands:
		g.passHands(a.Seat)
	}
}

// swapHands swaps seat's hand with target's (a swap Blank; a 7 under 7-0).
func (g *Game) swapHands(seat, target int) {
	g.hands[seat], g.hands[target] = g.hands[target], g.hands[seat]
	g.called[seat], g.called[target] = false, false
	g.exposed = -1
	g.emit(Event{Kind: EvSwapHands, Seat: seat, Target: target})
}

// passHands moves every hand one seat on in the direction of play (a pass
// Blank; a 0 under 7-0).
func (g *Game) passHands(seat int) {
	first := g.next(seat, g.dir)
	carried := g.hands[first]
	for s := g.next(first, g.dir); ; s = g.next(s, g.dir) {
		carried, g.hands[s] = g.hands[s], carried
		if s == first {
			break
		}
	}
	for s := range g.called {
		g.called[s] = false
	}
	g.exposed = -1
	g.emit(Event{Kind: EvPassHands, Seat: seat, Count: g.dir})
}

// discardColor moves every card of color from seat's hand onto the discard
// pile, beneath the Blank that ordered it, so the Blank stays on top.
func (g *Game) discardColor(seat int, color Color) {
	hand := g.hands[seat]
	blank := g.discard[len(g.discard)-1]
	g.discard = g.discard[:len(g.discard)-1]
	kept := hand[:0]
	n := 0
	for _, c := range hand {
		if c.Color == color && !c.Kind.IsWild() {
			g.discard = append(g.discard, c)
			n++
		} else {
			kept = append(kept, c)
		}
	}
	g.hands[seat] = kept
	g.discard = append(g.discard, blank)
	g.emit(Event{Kind: EvDiscardColor, Seat: seat, Color: color, Count: n})
}

// minion makes victim draw, card by card, until a card of color comes up, or
// until nothing is left to draw (so it always ends).
func (g *Game) minion(victim int, color Color, why DrawReason) {
	for {
		c, ok := g.drawOne(victim)
		if !ok {
			return
		}
		g.emit(Event{Kind: EvDraw, Seat: victim, Card: c, Count: 1, Reason: why, Color: color})
		if c.Color == color && !c.Kind.IsWild() {
			return
		}
	}
}

// greyskull makes every other player draw three, in turn order.
func (g *Game) greyskull(seat int) {
	for s := g.next(seat, g.dir); s != seat; s = g.next(s, g.dir) {
		g.drawCards(s, 3, DrawGreyskull)
	}
}

// startRace starts the Kevin's Famous Chili race: every player in the game,
// the card's player too, must drop; the caller orders the drops and closes
// the race when its time is up.
func (g *Game) startRace(seat int, out bool) {
	g.player, g.outAfter, g.dropped = seat, out, 0
	n := 0
	for s, a := range g.active {
		g.racing[s] = a
		if a {
			n++
		}
	}
	g.phase = PhaseRace
	g.emit(Event{Kind: EvRaceStart, Seat: seat, Count: n})
}

// drop records a player's drop; when one player is left, they lost.
func (g *Game) drop(seat int) {
	g.racing[seat] = false
	g.dropped++
	g.emit(Event{Kind: EvDrop, Seat: seat, Count: g.dropped})
	left, last := 0, -1
	for s, r := range g.racing {
		if r {
			left, last = left+1, s
		}
	}
	if left == 1 {
		g.racing[last] = false
		g.loseRace(last)
		g.endRace()
	}
}

// closeRace ends the race: everyone who has not dropped drew last.
func (g *Game) closeRace() {
	for s, r := range g.racing {
		if r {
			g.racing[s] = false
			g.loseRace(s)
		}
	}
	g.endRace()
}

func (g *Game) loseRace(seat int) {
	g.event(EvRaceLost, seat)
	g.drawCards(seat, 2, DrawChili)
}

func (g *Game) endRace() {
	if g.outAfter {
		g.endHand(g.player, false)
		return
	}
	g.current = g.player
	g.advance(false)
}

// startRaid starts the Army of Grayskull raid: the raider sees every hand and
// may take one action card from each player who holds one.
func (g *Game) startRaid(seat int) {
	g.player = seat
	n := 0
	for s := range g.raided {
		g.raided[s] = !g.active[s] || s == seat || !hasAction(g.hands[s])
		if !g.raided[s] {
			n++
		}
	}
	g.emit(Event{Kind: EvRaidStart, Seat: seat, Count: n})
	if n == 0 {
		g.endRaid()
		return
	}
	g.phase = PhaseRaid
}

// exchange takes an action card from a player and gives them one in its place.
func (g *Game) exchange(a *Action) {
	g.removeCard(a.Seat, a.Give, -1)
	g.removeCard(a.Target, a.Card, -1)
	g.hands[a.Seat] = append(g.hands[a.Seat], a.Card)
	g.hands[a.Target] = append(g.hands[a.Target], a.Give)
	g.raided[a.Target] = true
	g.emit(Event{Kind: EvExchange, Seat: a.Seat, Target: a.Target, Card: a.Card, Give: a.Give})
	for _, r := range g.raided {
		if !r {
			return
		}
	}
	g.endRaid()
}

func (g *Game) endRaid() {
	g.event(EvRaidEnd, g.player)
	g.current = g.player
	g.advance(false)
}

func hasAction(hand []Card) bool {
	for _, c := range hand {
		if c.Kind.IsAction() {
			return true
		}
	}
	return false
}
