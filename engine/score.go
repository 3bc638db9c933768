package engine

// HandPoints is what a hand of cards scores.
func HandPoints(hand []Card) int {
	p := 0
	for _, c := range hand {
		p += c.Points()
	}
	return p
}

// Unscored reports whether the game's hands score nothing: MotU 2023's own
// way to win, the "optional victory method" aside, is to go out first, so a
// single hand of it adds no points to anyone (docs/rules.md).
func (s Settings) Unscored() bool {
	return s.Edition == MastersOfTheUniverse2023 && s.Mode == SingleHand
}

// partner is seat's partner in Partners, or -1.
func (g *Game) partner(seat int) int {
	if g.rot != nil {
		return g.rot.pairing.Partner(seat)
	}
	if g.settings.Mode != Partners {
		return -1
	}
	return (seat + 2) % 4
}

// blockedWinner is the winner of a hand nobody can go out of: the player
// holding the fewest points; on a tie, the earliest in turn order from the
// player who would have played next (docs/rules.md).
func (g *Game) blockedWinner() int {
	s := g.next(g.current, g.dir)
	best, winner := -1, s
	for i := 0; i < g.players(); i++ {
		if p := g.settings.HandPoints(g.hands[s]); best < 0 || p < best {
			best, winner = p, s
		}
		s = g.next(s, g.dir)
	}
	return winner
}

// endHand scores a hand that winner went out of and decides whether the game
// is over.
func (g *Game) endHand(winner int, blocked bool) {
	partner := g.partner(winner)
	points := 0
	for s, hand := range g.hands {
		if s != winner && s != partner && g.active[s] {
			points += g.settings.HandPoints(hand)
		}
	}
	unscored := g.settings.Unscored()
	if unscored {
		points = 0
	}
	mode := g.settings.Mode
	switch mode {
	case LowestScore, Challenge:
		// Everyone is charged what they are left holding: nothing, for a
		// player who went out; the winner of a blocked hand holds cards too.
		for s, hand := range g.hands {
			if g.active[s] {
				g.scores[s] += g.settings.HandPoints(hand)
			}
		}
	default:
		g.scores[winner] += points
		if partner >= 0 {
			g.scores[partner] += points
		}
	}
	g.exposed = -1
	g.phase = PhaseDeal
	g.emit(Event{Kind: EvHandOver, Seat: winner, Target: partner, Count: points, Blocked: blocked, Unscored: unscored})

	target := g.settings.target()
	switch mode {
	case Standard, Partners:
		if g.scores[winner] >= target {
			g.finish(winner, partner)
		}
	case SingleHand:
		g.finish(winner, partner)
	case LowestScore:
		g.finishLowest(target)
	case Challenge:
		g.eliminate(winner, target)
	case RotatingPartners:
		g.scoreRotation(winner, partner, points)
	}
}

// finishLowest ends a lowest-score game once anyone reaches the target: the
// lowest tally wins, and a tie is shared.
func (g *Game) finishLowest(target int) {
	reached, low := false, -1
	for _, sc := range g.scores {
		reached = reached || sc >= target
		if low < 0 || sc < low {
			low = sc
		}
	}
	if !reached {
		return
	}
	for s, sc := range g.scores {
		if sc == low {
			g.winners = append(g.winners, s)
		}
	}
	g.phase = PhaseGameOver
	g.emit(Event{Kind: EvGameOver, Seat: g.winners[0], Target: -1})
}

// eliminate puts out of Challenge UNO everyone who reached the target. The
// winner of the last two's head-to-head hand wins; otherwise the last player
// standing does (or, should a blocked hand put everyone out at once, the
// winner of that hand).
func (g *Game) eliminate(winner, target int) {
	if g.headToHead {
		g.finish(winner, -1)
		return
	}
	last := -1
	for s, sc := range g.scores {
		if !g.active[s] {
			continue
		}
		if sc >= target {
			g.active[s] = false
			g.event(EvEliminated, s)
			continue
		}
		last = s
	}
	switch g.players() {
	case 0:
		g.finish(winner, -1)
	case 1:
		g.finish(last, -1)
	}
}

func (g *Game) finish(winner, partner int) {
	g.winners = append(g.winners[:0], winner)
	if partner >= 0 {
		g.winners = append(g.winners, partner)
	}
	g.phase = PhaseGameOver
	g.emit(Event{Kind: EvGameOver, Seat: winner, Target: partner})
}
