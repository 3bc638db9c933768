package bot

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
)

// maxRolloutMoves bounds one imagined hand (a hand that long is a loss).
const maxRolloutMoves = 1500

// rollout plays an imagined game to the end of its hand with a quick policy
// for every seat (any card of a colour before a wild, the wild in the
// colour its player holds most of, UNO always called, no challenge), and
// reports whether seat (or its partner) won the hand.
func (s *search) rollout(g *engine.Game, seat int, r *rand.Rand) bool {
	for range maxRolloutMoves {
		s.steps++
		a, ok := s.quickMove(g, r)
		if !ok {
			return false
		}
		var err error
		if s.events, err = g.AppendApply(s.events[:0], a); err != nil {
			return false
		}
		for _, e := range s.events {
			if e.Kind == engine.EvHandOver {
				return e.Seat == seat || e.Target == seat // Target: the partner, or -1
			}
		}
	}
	return false
}

// quickMove is the quick policy's move for the seat the game waits on.
func (s *search) quickMove(g *engine.Game, r *rand.Rand) (engine.Action, bool) {
	s.waiting = g.AppendWaiting(s.waiting[:0])
	if len(s.waiting) == 0 || s.waiting[0] == engine.SystemSeat {
		if g.Phase() == engine.PhaseRace {
			return engine.Action{Kind: engine.CloseRace, Seat: engine.SystemSeat}, true
		}
		return engine.Action{}, false
	}
	seat := s.waiting[r.IntN(len(s.waiting))]
	s.legal = g.AppendLegal(s.legal[:0], seat)
	switch g.Phase() {
	case engine.PhaseFirstColor:
		best := s.bestColor(g, seat)
		return s.first(func(a engine.Action) bool { return a.Kind == engine.ChooseColor && a.Color == best })
	case engine.PhaseRace:
		return s.first(func(a engine.Action) bool { return a.Kind == engine.Drop })
	case engine.PhaseRaid:
		return s.first(func(a engine.Action) bool { return a.Kind == engine.EndRaid })
	}
	// A coloured card at random (with the UNO call when the rules take one).
	n := 0
	for i, a := range s.legal {
		if a.Kind == engine.Play && a.Seat == seat && !a.Card.Kind.IsWild() && !uncalled(s.legal, i) {
			n++
		}
	}
	if n > 0 {
		k := r.IntN(n)
		for i, a := range s.legal {
			if a.Kind == engine.Play && a.Seat == seat && !a.Card.Kind.IsWild() && !uncalled(s.legal, i) {
				if k == 0 {
					return a, true
				}
				k--
			}
		}
	}
	best := s.bestColor(g, seat)
	for i, a := range s.legal {
		if a.Kind == engine.Play && a.Seat == seat && a.Color == best && !uncalled(s.legal, i) {
			return a, true
		}
	}
	for _, k := range [...]engine.ActionKind{engine.Draw, engine.Pass, engine.Accept} {
		if a, ok := s.first(func(a engine.Action) bool { return a.Kind == k }); ok {
			return a, true
		}
	}
	if len(s.legal) > 0 {
		return s.legal[0], true
	}
	return engine.Action{}, false
}

// uncalled reports whether legal[i] is a play left without the UNO call
// the move before it makes (the engine lists the called play first).
func uncalled(legal []engine.Action, i int) bool {
	if i == 0 || legal[i].UNO {
		return false
	}
	p := legal[i-1]
	p.UNO = false
	return legal[i-1].UNO && p == legal[i]
}

func (s *search) first(ok func(engine.Action) bool) (engine.Action, bool) {
	for _, a := range s.legal {
		if ok(a) {
			return a, true
		}
	}
	return engine.Action{}, false
}

// bestColor is the colour seat holds most of in the imagined game.
func (s *search) bestColor(g *engine.Game, seat int) engine.Color {
	s.hand = g.AppendHand(s.hand[:0], seat)
	colors := g.Settings().Edition.Colors()
	var n [colorSlots]int
	for _, c := range s.hand {
		n[c.Color]++
	}
	best := colors[0]
	for _, c := range colors {
		if n[c] > n[best] {
			best = c
		}
	}
	return best
}
