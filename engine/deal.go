package engine

// deal starts the next hand: on the first, the players cut for the dealer;
// after that the deal passes to the left. Every card is gathered, shuffled,
// dealt seven to each player, and the first card is turned up as the edition
// says. A stacked game (NewStacked) fixes the first dealer and the top of the
// first deck instead.
func (g *Game) deal() {
	g.rotate()
	stacked := g.hand == 0 && g.stack != nil
	switch {
	case stacked:
		g.dealer = g.stack.Dealer
	case g.dealer < 0:
		g.dealer = g.cut()
	default:
		g.dealer = g.next(g.dealer, 1)
	}
	g.hand++
	g.headToHead = g.settings.Mode == Challenge && g.players() == 2
	g.emit(Event{Kind: EvDealer, Seat: g.dealer, Count: g.hand})

	g.draw = append(g.draw[:0], g.deck...)
	g.rng.shuffle(g.draw)
	if stacked {
		g.stackDraw(g.stack.Cards)
	}
	g.discard = g.discard[:0]
	for s := range g.hands {
		g.hands[s] = g.hands[s][:0]
		g.called[s] = false
	}
	g.dir, g.exposed, g.stuck, g.pending = 1, -1, 0, 0
	for i := 0; i < HandSize; i++ {
		for s := g.next(g.dealer, 1); ; s = g.next(s, 1) {
			g.hands[s] = append(g.hands[s], g.pop())
			if s == g.dealer {
				break
			}
		}
	}
	g.emit(Event{Kind: EvDealt, Seat: g.dealer, Count: HandSize})
	g.turnUpFirst()
}

// pop takes the top card of the draw pile, which the caller knows is not empty.
func (g *Game) pop() Card {
	c := g.draw[len(g.draw)-1]
	g.draw = g.draw[:len(g.draw)-1]
	return c
}

// cut chooses the first dealer: each player turns up a card and the highest
// deals; tied players cut again. Classic 2001 compares point values; the
// themed editions compare numbers with symbols as zero; MotU 2023 says only
// "choose a dealer", which the seed does by the same cut (docs/rules.md).
// The draw pile, not yet dealt, serves as the pile to cut from; each card cut
// is shuffled into place as it is taken.
func (g *Game) cut() int {
	pile := append(g.draw[:0], g.deck...)
	var seats [MaxPlayers]int
	tied := seats[:0]
	for s, a := range g.active {
		if a {
			tied = append(tied, s)
		}
	}
	for round := 0; ; round++ {
		best, top := -1, 0
		for _, s := range tied {
			if len(pile) == 0 {
				pile = append(pile, g.deck...)
			}
			g.rng.shuffleTop(pile, 1)
			c := pile[len(pile)-1]
			pile = pile[:len(pile)-1]
			g.emit(Event{Kind: EvCut, Seat: s, Card: c})
			switch v := g.cutValue(c); {
			case v > best:
				best = v
				tied[0], top = s, 1
			case v == best:
				tied[top] = s
				top++
			}
		}
		if top == 1 || round == 50 {
			return tied[0]
		}
		tied = tied[:top]
	}
}

// cutValue is what a card is worth when cutting for the deal.
func (g *Game) cutValue(c Card) int {
	if g.settings.Edition == Classic2001 {
		return g.settings.Points(c)
	}
	if c.Kind == Number {
		return int(c.Value)
	}
	return 0
}

// stackDraw puts cards on top of the shuffled draw pile, cards[0] topmost,
// taking each out of the place the shuffle gave it (NewStacked has checked
// that the deck holds them).
func (g *Game) stackDraw(cards []Card) {
	var want [cardSlots]int8
	for _, c := range cards {
		want[c.slot()]++
	}
	rest := g.draw[:0]
	for _, c := range g.draw {
		if i := c.slot(); want[i] > 0 {
			want[i]--
			continue
		}
		rest = append(rest, c)
	}
	for i := len(cards) - 1; i >= 0; i-- {
		rest = append(rest, cards[i])
	}
	g.draw = rest
}

// turnUpFirst turns up the first card of the discard pile and applies what
// it does at the start of a hand, edition by edition (RULES-MATRIX.md,
// "The first card of the discard pile").
func (g *Game) turnUpFirst() {
	ed := g.settings.Edition
	for {
		c := g.pop()
		if ed == MastersOfTheUniverse2023 && c.Kind != Number {
			g.discard = append(g.discard, c)
			g.emit(Event{Kind: EvFirstCardIgnored, Card: c})
			continue
		}
		if c.Kind == WildDrawFour {
			g.returnToDeck(c)
			g.emit(Event{Kind: EvFirstCardReturned, Card: c})
			continue
		}
		g.discard = append(g.discard, c)
		g.topCard = c
		g.color = c.Color
		g.emit(Event{Kind: EvFirstCard, Card: c, Color: c.Color})
		break
	}
	left := g.next(g.dealer, 1)
	switch g.topCard.Kind {
	case Number, Blank:
		// A Blank turned up first sets its colour; its house rule does not
		// happen (docs/rules.md).
		g.setTurn(left)
	case Skip:
		g.event(EvSkip, left)
		g.setTurn(g.next(left, 1))
	case Reverse:
		switch {
		case g.players() == 2:
			// Two players: a Reverse acts as a Skip, so the dealer plays first.
			g.event(EvSkip, left)
			g.setTurn(g.dealer)
		case ed == Classic2001:
			g.dir = -1
			g.emit(Event{Kind: EvReverse, Count: -1})
			g.setTurn(g.next(g.dealer, -1))
		default:
			g.dir = -1
			g.emit(Event{Kind: EvReverse, Count: -1})
			g.setTurn(g.dealer)
		}
	case DrawTwo:
		g.drawCards(left, 2, DrawFirstCard)
		g.event(EvSkip, left)
		g.setTurn(g.next(left, 1))
	default:
		// A wild (or a special wild, or a Blank): the player to the left of the
		// dealer names the colour and plays first.
		g.current = left
		g.phase = PhaseFirstColor
		g.event(EvTurn, left)
	}
}

// returnToDeck puts c back into the draw pile at a random place below its top
// card, so that the next card turned up is the one that was under c.
func (g *Game) returnToDeck(c Card) {
	j := g.rng.intn(len(g.draw))
	g.draw = append(g.draw, Card{})
	copy(g.draw[j+1:], g.draw[j:])
	g.draw[j] = c
}

// refill turns the discard pile, but its top card, into a new draw pile.
func (g *Game) refill() bool {
	if len(g.discard) < 2 {
		return false
	}
	top := g.discard[len(g.discard)-1]
	g.draw = append(g.draw, g.discard[:len(g.discard)-1]...)
	g.discard = append(g.discard[:0], top)
	g.rng.shuffle(g.draw)
	g.emit(Event{Kind: EvReshuffle, Count: len(g.draw)})
	return true
}

// drawOne moves the top card of the draw pile into seat's hand, reshuffling
// the discard pile when the draw pile is empty. It reports false when there is
// nothing left to draw.
func (g *Game) drawOne(seat int) (Card, bool) {
	if len(g.draw) == 0 && !g.refill() {
		return Card{}, false
	}
	c := g.pop()
	g.hands[seat] = append(g.hands[seat], c)
	g.called[seat] = false
	if g.exposed == seat {
		g.exposed = -1
	}
	return c, true
}

// drawCards makes seat draw n cards (fewer if the piles run out) and reports
// how many were drawn.
func (g *Game) drawCards(seat, n int, why DrawReason) int {
	got := 0
	var last Card
	for ; got < n; got++ {
		c, ok := g.drawOne(seat)
		if !ok {
			break
		}
		last = c
	}
	e := g.event(EvDraw, seat)
	e.Count, e.Reason = got, why
	if got == 1 {
		e.Card = last
	}
	return got
}
