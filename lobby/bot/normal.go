package bot

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
)

// Move is the move of a level that keeps no memory (all but Hard, which
// plays as Normal here) for the seat whose view v is, with dice r: for a
// caller that keeps no Bot.
func Move(l Level, v engine.View, r *rand.Rand) (engine.Action, bool) {
	if len(v.Legal) == 0 {
		return engine.Action{}, false
	}
	b := Bot{level: l, rng: r}
	if l == Hard {
		b.level = Normal
	}
	return b.Choose(v)
}

// normal is the Normal level's move: it plays sensibly rather than
// perfectly: matching colour before changing it, action cards against a
// player close to going out, wilds kept for when they are needed, UNO
// always called.
func normal(v engine.View, r *rand.Rand) (engine.Action, bool) {
	switch v.Phase {
	case engine.PhaseFirstColor:
		return pick(v.Legal, engine.ChooseColor, func(a engine.Action) bool { return a.Color == BestColor(v) })
	case engine.PhaseChallenge:
		if a, ok := bestPlay(v); ok {
			return a, true // a draw card stacked on the Wild Draw Four
		}
		// A bot challenges now and then.
		if r.IntN(4) == 0 {
			return pick(v.Legal, engine.ChallengeDrawFour, nil)
		}
		return pick(v.Legal, engine.Accept, nil)
	case engine.PhaseRace:
		return pick(v.Legal, engine.Drop, nil)
	case engine.PhaseRaid:
		return raidMove(v)
	}
	if a, ok := bestPlay(v); ok {
		return a, true
	}
	return drawOrAny(v)
}

// bestPlay is the play playScore rates highest, if any is rated.
func bestPlay(v engine.View) (engine.Action, bool) {
	best, bestScore := engine.Action{}, -1
	for _, a := range v.Legal {
		if a.Kind != engine.Play || a.Seat != v.Current {
			continue
		}
		if s := playScore(v, a); s > bestScore {
			best, bestScore = a, s
		}
	}
	return best, bestScore >= 0
}

// drawOrAny draws, or keeps the card drawn, or (when the rules allow
// neither: a card drawn that must be played) makes the first legal move.
func drawOrAny(v engine.View) (engine.Action, bool) {
	for _, k := range []engine.ActionKind{engine.Draw, engine.Pass} {
		if a, ok := pick(v.Legal, k, nil); ok {
			return a, true
		}
	}
	for _, a := range v.Legal {
		if a.Kind != engine.Catch && a.Kind != engine.CallUNO {
			return a, true
		}
	}
	return engine.Action{}, false
}

// playScore rates a play: higher is better; -1 is never.
func playScore(v engine.View, a engine.Action) int {
	c := a.Card
	best := BestColor(v)
	next := v.Next(v.Seat)
	danger := next != v.Seat && v.Seats[next].Cards <= 2
	var score int
	switch {
	case c.Kind == engine.WildDrawFour:
		score = 10
		if danger {
			score = 200
		}
	case c.Kind.IsWild():
		score = 20
	case c.Kind.IsAction():
		score = 60
		if danger {
			score = 180
		}
	default:
		score = 50 + int(c.Value) // shed high numbers first
	}
	if c.Kind.IsWild() && a.Color != best {
		return -1 // one line per wild: the bot's best colour
	}
	if !c.Kind.IsWild() && c.Color == v.Color {
		score += 15 // keep the colour: fewer surprises
	}
	if takesTarget(v, c) && v.Seats[a.Target].Cards > fewestOthers(v) {
		return -1 // swap hands only with whoever holds fewest
	}
	if mustCall(v, a) {
		return -1 // always call UNO
	}
	return score
}

// mustCall reports whether a is the play of a card without the UNO call the
// rules let its player make with it: a careful player never leaves it out.
func mustCall(v engine.View, a engine.Action) bool {
	if a.UNO {
		return false
	}
	a.UNO = true
	for _, l := range v.Legal {
		if l == a {
			return true
		}
	}
	return false
}

// takesTarget reports whether playing c names another player (the engine
// lists one play per target).
func takesTarget(v engine.View, c engine.Card) bool {
	return c.Kind == engine.Blank && v.Settings.Blanks == engine.BlankSwapHands ||
		v.Settings.House.SevenO && c.Kind == engine.Number && c.Value == 7
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

// BestColor is the colour the viewer holds most of (the edition's first
// colour on a tie): the colour a bot names, and the table names for a player
// whose time ran out.
func BestColor(v engine.View) engine.Color {
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

// pick is the first legal move of kind k that ok accepts (nil: any).
func pick(legal []engine.Action, k engine.ActionKind, ok func(engine.Action) bool) (engine.Action, bool) {
	for _, a := range legal {
		if a.Kind == k && (ok == nil || ok(a)) {
			return a, true
		}
	}
	return engine.Action{}, false
}
