package bot

import "github.com/unossh/unossh/engine"

// beginner plays any legal card at random (drawing only when none plays),
// names any colour, forgets UNO now and then, and never challenges.
func (b *Bot) beginner(v engine.View) (engine.Action, bool) {
	switch v.Phase {
	case engine.PhaseTurn, engine.PhaseDrawn, engine.PhaseChallenge:
		plays := b.plays(v, func(engine.Action) bool { return true })
		if len(plays) > 0 {
			return plays[b.rng.IntN(len(plays))], true
		}
		if v.Phase == engine.PhaseChallenge {
			return pick(v.Legal, engine.Accept, nil)
		}
		return drawOrAny(v)
	case engine.PhaseFirstColor:
		var colors []engine.Action
		for _, a := range v.Legal {
			if a.Kind == engine.ChooseColor {
				colors = append(colors, a)
			}
		}
		if len(colors) > 0 {
			return colors[b.rng.IntN(len(colors))], true
		}
	}
	return normal(v, b.rng)
}

// easy keeps its wilds for when no other card plays, names the colour it
// holds most of, forgets UNO now and then, and never challenges.
func (b *Bot) easy(v engine.View) (engine.Action, bool) {
	switch v.Phase {
	case engine.PhaseTurn, engine.PhaseDrawn, engine.PhaseChallenge:
		best := BestColor(v)
		plays := b.plays(v, func(a engine.Action) bool { return !a.Card.Kind.IsWild() })
		if len(plays) == 0 {
			plays = b.plays(v, func(a engine.Action) bool { return a.Color == best })
		}
		if len(plays) > 0 {
			return plays[b.rng.IntN(len(plays))], true
		}
		if v.Phase == engine.PhaseChallenge {
			return pick(v.Legal, engine.Accept, nil)
		}
		return drawOrAny(v)
	}
	return normal(v, b.rng)
}

// plays are the viewer's own-turn plays that keep accepts, each with or
// without the UNO call as the level's memory allows: a forgetful level
// leaves the call out at its forget rate.
func (b *Bot) plays(v engine.View, keep func(engine.Action) bool) []engine.Action {
	forget := b.rng.Float64() < b.level.forgetRate()
	var out []engine.Action
	for _, a := range v.Legal {
		if a.Kind != engine.Play || a.Seat != v.Current || !keep(a) {
			continue
		}
		if a.UNO && forget || !a.UNO && !forget && mustCall(v, a) {
			continue // keep the one line, with the call or without it
		}
		out = append(out, a)
	}
	return out
}
