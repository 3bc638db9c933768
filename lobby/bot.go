package lobby

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
)

// chooseMove is a bot's move, chosen only from what its own seat may see and
// from the engine's legal moves, so a bot can neither cheat nor err. It plays
// sensibly rather than perfectly: matching colour before changing it, action
// cards against a player close to going out, wilds kept for when they are
// needed, UNO always called.
func chooseMove(v engine.View, r *rand.Rand) (engine.Action, bool) {
	if len(v.Legal) == 0 {
		return engine.Action{}, false
	}
	switch v.Phase {
	case engine.PhaseFirstColor:
		return pick(v.Legal, engine.ChooseColor, func(a engine.Action) bool { return a.Color == bestColor(v) })
	case engine.PhaseChallenge:
		// A bot challenges now and then, more when the player has few cards.
		if r.IntN(4) == 0 {
			return pick(v.Legal, engine.ChallengeDrawFour, nil)
		}
		return pick(v.Legal, engine.Accept, nil)
	case engine.PhaseRace:
		return pick(v.Legal, engine.Drop, nil)
	case engine.PhaseRaid:
		return raidMove(v)
	}
	best, bestScore := engine.Action{}, -1
	for _, a := range v.Legal {
		if a.Kind != engine.Play {
			continue
		}
		if s := playScore(v, a); s > bestScore {
			best, bestScore = a, s
		}
	}
	if bestScore >= 0 {
		return best, true
	}
	if a, ok := pick(v.Legal, engine.Draw, nil); ok {
		return a, true
	}
	return pick(v.Legal, engine.Pass, nil)
}

// playScore rates a play: higher is better.
func playScore(v engine.View, a engine.Action) int {
	c := a.Card
	score := 100
	next := nextSeat(v)
	danger := next >= 0 && v.Seats[next].Cards <= 2
	switch {
	case c.Kind == engine.WildDrawFour:
		score = 10
		if danger {
			score = 200
		}
	case c.Kind.IsWild():
		score = 20
		if a.Color != bestColor(v) {
			return -1 // one line per wild: the bot's best colour
		}
	case c.Kind.IsAction():
		score = 60
		if danger {
			score = 180
		}
	default:
		score = 50 + int(c.Value) // shed high numbers first
	}
	if c.Kind.IsWild() && c.Kind != engine.Wild && a.Color != bestColor(v) {
		return -1
	}
	if !c.Kind.IsWild() && c.Color == v.Color {
		score += 15 // keep the colour: fewer surprises
	}
	if c.Kind == engine.Blank && v.Settings.Blanks == engine.BlankSwapHands && v.Seats[a.Target].Cards > fewestOthers(v) {
		return -1 // swap hands only with whoever holds fewest
	}
	if len(v.Hand) == 2 && !a.UNO {
		return -1 // always call UNO
	}
	return score
}

func fewestOthers(v engine.View) int {
	best := 1 << 30
	for _, s := range v.Seats {
		if s.Seat != v.Seat && !s.Out && s.Cards < best {
			best = s.Cards
		}
	}
	return best
}

func nextSeat(v engine.View) int { return v.Next(v.Seat) }

// bestColor is the colour the bot holds most of.
func bestColor(v engine.View) engine.Color {
	colors := v.Settings.Edition.Colors()
	best, most := colors[0], -1
	for _, col := range colors {
		n := 0
		for _, c := range v.Hand {
			if c.Color == col {
				n++
			}
		}
		if n > most {
			best, most = col, n
		}
	}
	return best
}

// raidMove takes the most valuable action card from each player, giving the
// lowest card the bot holds, then ends the raid.
func raidMove(v engine.View) (engine.Action, bool) {
	best, bestScore := engine.Action{}, -1
	for _, a := range v.Legal {
		if a.Kind != engine.Exchange {
			continue
		}
		s := 100 - a.Give.Points()
		if a.Give.Kind.IsWild() || a.Give.Kind.IsAction() {
			s = 0 // never give away a wild or an action card
		}
		if a.Card.Kind == engine.DrawTwo {
			s += 5
		}
		if s > bestScore {
			best, bestScore = a, s
		}
	}
	if bestScore > 0 {
		return best, true
	}
	return pick(v.Legal, engine.EndRaid, nil)
}

// timeoutMove is what the table does for a player whose time ran out: draw
// (or pass), keep a drawn card, accept a Wild Draw Four, end a raid, or name
// the colour they hold most of.
func timeoutMove(v engine.View) (engine.Action, bool) {
	for _, k := range []engine.ActionKind{engine.Draw, engine.Pass, engine.Accept, engine.EndRaid} {
		if a, ok := pick(v.Legal, k, nil); ok {
			return a, true
		}
	}
	return pick(v.Legal, engine.ChooseColor, func(a engine.Action) bool { return a.Color == bestColor(v) })
}

// pick is the first legal move of kind k that ok accepts (nil: any).
func pick(legal []engine.Action, k engine.ActionKind, ok func(engine.Action) bool) (engine.Action, bool) {
	for _, a := range legal {
		if a.Kind == k && (ok == nil || ok(a)) {
			return a, true
		}
	}
	return engine.Action{}, false
}
