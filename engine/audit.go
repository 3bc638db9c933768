package engine

import "fmt"

// Audit checks the game's invariants: every card of the deck is in exactly
// one place (no card created or lost), and the game's bookkeeping agrees with
// itself. It is for tests and for a table that wants to be sure; it is cheap
// (no allocation unless it finds a fault), so tests run it after every move.
//
// The cards are checked by a multiset hash: the sum of a 64-bit mix of every
// card in play must be the deck's. (Two different multisets of cards share a
// sum with a chance of about 2^-64.) On a mismatch an exact count names the
// card in excess.
func (g *Game) Audit() error {
	if g.hand == 0 {
		return nil // nothing dealt yet
	}
	sum := cardSum(g.draw) + cardSum(g.discard)
	total := len(g.draw) + len(g.discard)
	for _, h := range g.hands {
		sum += cardSum(h)
		total += len(h)
	}
	if sum != g.settings.deckSum() || total != len(g.deck) {
		return g.auditCards()
	}
	if len(g.discard) == 0 {
		return fmt.Errorf("audit: the discard pile is empty")
	}
	if g.topCard != g.discard[len(g.discard)-1] {
		return fmt.Errorf("audit: the top card is %s, not %s", g.discard[len(g.discard)-1], g.topCard)
	}
	if g.phase == PhaseDeal || g.phase == PhaseGameOver {
		return nil
	}
	return g.auditPlay()
}

// cardSum is the sum of the cards' mixes (Audit).
func cardSum(cards []Card) uint64 {
	var s uint64
	for _, c := range cards {
		s += mix(uint64(c.key()))
	}
	return s
}

// mix is the SplitMix64 finaliser: a 64-bit hash in which every bit of x
// matters.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// auditCards counts every card against the deck, to name what is wrong.
func (g *Game) auditCards() error {
	var count [cardSlots]int16
	for _, c := range g.deck {
		count[c.slot()]++
	}
	if bad, ok := take(&count, g.draw); !ok {
		return fmt.Errorf("audit: the draw pile holds an extra %s", bad)
	}
	if bad, ok := take(&count, g.discard); !ok {
		return fmt.Errorf("audit: the discard pile holds an extra %s", bad)
	}
	total := len(g.draw) + len(g.discard)
	for s, h := range g.hands {
		total += len(h)
		if bad, ok := take(&count, h); !ok {
			return fmt.Errorf("audit: seat %d holds an extra %s", s, bad)
		}
	}
	return fmt.Errorf("audit: %d cards in play, the deck has %d", total, len(g.deck))
}

// take counts cards out of count, reporting the first one there is no more of.
func take(count *[cardSlots]int16, cards []Card) (Card, bool) {
	for _, c := range cards {
		n := c.slot()
		count[n]--
		if count[n] < 0 {
			return c, false
		}
	}
	return Card{}, true
}

// auditPlay checks the bookkeeping of a hand in play.
func (g *Game) auditPlay() error {
	ed := g.settings.Edition
	top := g.top()
	switch {
	case g.current < 0 || g.current >= len(g.hands) || !g.active[g.current]:
		return fmt.Errorf("audit: the turn is with seat %d, not in play", g.current)
	case g.dir != 1 && g.dir != -1:
		return fmt.Errorf("audit: direction %d", g.dir)
	case g.phase == PhaseFirstColor && g.color != NoColor:
		return fmt.Errorf("audit: a colour is named before the first player chose it")
	case g.phase != PhaseFirstColor && !ed.HasColor(g.color):
		return fmt.Errorf("audit: %s is in play, not a colour of %s", g.color, ed)
	case !top.Kind.IsWild() && g.color != top.Color:
		return fmt.Errorf("audit: %s is in play on %s", g.color, top)
	case g.stuck >= g.players():
		return fmt.Errorf("audit: %d passes in a row and the hand goes on", g.stuck)
	case g.phase == PhaseDrawn && !holds(g.hands[g.current], g.drawn):
		return fmt.Errorf("audit: the drawn card %s is not in the hand", g.drawn)
	case g.phase == PhaseChallenge && (g.fourBy < 0 || g.fourBy >= len(g.hands) || top.Kind != WildDrawFour):
		return fmt.Errorf("audit: a challenge without a Wild Draw Four")
	}
	if err := g.auditHouse(); err != nil {
		return err
	}
	if g.exposed >= 0 && len(g.hands[g.exposed]) != 1 {
		return fmt.Errorf("audit: seat %d is open to a catch holding %d cards", g.exposed, len(g.hands[g.exposed]))
	}
	racing, raidable := 0, 0
	for s, h := range g.hands {
		if !g.active[s] && len(h) > 0 {
			return fmt.Errorf("audit: eliminated seat %d holds cards", s)
		}
		if g.active[s] && len(h) == 0 && g.phase != PhaseRace {
			return fmt.Errorf("audit: seat %d is out of cards and the hand goes on", s)
		}
		if g.called[s] && len(h) != 1 && !g.calledBefore(s) {
			return fmt.Errorf("audit: seat %d called UNO holding %d cards", s, len(h))
		}
		if g.racing[s] {
			racing++
		}
		if !g.raided[s] {
			raidable++
		}
	}
	if g.phase == PhaseRace && racing < 2 {
		return fmt.Errorf("audit: a race with %d players left to drop", racing)
	}
	if g.phase == PhaseRaid && raidable == 0 {
		return fmt.Errorf("audit: a raid with nobody left to raid")
	}
	return nil
}
