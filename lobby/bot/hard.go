package bot

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
)

// The hard bot's thinking, counted in work rather than time (a bot reads no
// clock): up to rolloutBudget imagined hands per move, shared among its
// candidate moves, and no new imagined deal once stepBudget engine moves
// have been played in them. stepBudget keeps a move under 20 ms of CPU
// whatever the hand (BenchmarkHardMove, docs/benchmarks.md).
const (
	rolloutBudget = 800
	stepBudget    = 60000
)

// search is the hard bot's scratch space, reused from move to move.
type search struct {
	world   world
	cands   []engine.Action
	wins    []int
	legal   []engine.Action
	events  []engine.Event
	waiting []int
	hand    []engine.Card
	steps   int // engine moves played in imagined hands for this move
}

// hard is the Hard level's move: a search on its own turn, a judged
// challenge, and Normal's choices elsewhere. It reports false to leave the
// move to Normal.
func (b *Bot) hard(v engine.View) (engine.Action, bool) {
	switch {
	case v.Phase == engine.PhaseChallenge && v.Current == v.Seat:
		return b.challenge(v)
	case (v.Phase == engine.PhaseTurn || v.Phase == engine.PhaseDrawn) && v.Current == v.Seat:
		return b.searchMove(v)
	}
	return engine.Action{}, false
}

// candidates are the moves worth searching: each play (with the UNO call,
// a wild in the colour the bot holds most of), and drawing or keeping.
func (s *search) candidates(v engine.View) []engine.Action {
	best := BestColor(v)
	s.cands = s.cands[:0]
	for _, a := range v.Legal {
		switch {
		case a.Seat != v.Seat:
		case a.Kind == engine.Play:
			if mustCall(v, a) || a.Card.Kind.IsWild() && a.Color != best {
				continue
			}
			s.cands = append(s.cands, a)
		case a.Kind == engine.Draw || a.Kind == engine.Pass:
			s.cands = append(s.cands, a)
		}
	}
	return s.cands
}

// searchMove plays each candidate out in imagined games (the same imagined
// deal and dice for every candidate, so that they are compared on equal
// terms) and picks the one that wins most often.
func (b *Bot) searchMove(v engine.View) (engine.Action, bool) {
	s := &b.search
	cands := s.candidates(v)
	if len(cands) <= 1 {
		if len(cands) == 1 {
			return cands[0], true
		}
		return engine.Action{}, false
	}
	if !s.world.prepare(v, &b.mem) {
		return engine.Action{}, false
	}
	s.wins = append(s.wins[:0], make([]int, len(cands))...)
	deals := max(1, rolloutBudget/len(cands))
	s.steps = 0
	for d := 0; d < deals && s.steps < stepBudget; d++ {
		st := s.world.sample(v, &b.mem, b.rng)
		dice := b.rng.Uint64()
		for i, a := range cands {
			g, err := engine.FromState(st)
			if err != nil {
				return engine.Action{}, false
			}
			if s.events, err = g.AppendApply(s.events[:0], a); err != nil {
				return engine.Action{}, false
			}
			if s.won(g, v.Seat, rand.New(rand.NewPCG(dice, uint64(i)))) {
				s.wins[i]++
			}
		}
	}
	best := 0
	for i, w := range s.wins {
		if w > s.wins[best] {
			best = i
		}
	}
	return cands[best], true
}

// won reports whether seat wins the hand after the move just applied (its
// events in s.events), played out with the quick policy.
func (s *search) won(g *engine.Game, seat int, r *rand.Rand) bool {
	for _, e := range s.events {
		if e.Kind == engine.EvHandOver {
			return e.Seat == seat || e.Target == seat && g.Settings().Mode == engine.Partners
		}
	}
	return s.rollout(g, seat, r)
}

// challenge challenges a Wild Draw Four when, in the hands the bot can
// imagine for its player, they held the colour in play often enough: a
// wrong challenge costs two cards more, a right one saves four and gives
// four. It stacks a draw card instead when it can.
func (b *Bot) challenge(v engine.View) (engine.Action, bool) {
	if a, ok := bestPlay(v); ok {
		return a, true
	}
	if v.FourBy < 0 || !b.search.world.prepare(v, &b.mem) {
		return engine.Action{}, false
	}
	const deals = 64
	guilty := 0
	for range deals {
		st := b.search.world.sample(v, &b.mem, b.rng)
		if held(st.Hands[v.FourBy], b.mem.prevColor, v.Settings.Edition) {
			guilty++
		}
	}
	if guilty*10 >= deals*3 {
		return pick(v.Legal, engine.ChallengeDrawFour, nil)
	}
	return pick(v.Legal, engine.Accept, nil)
}

// held reports whether hand would be found guilty of a Wild Draw Four played
// on color (in MotU 2023 a wild card counts too).
func held(hand []engine.Card, color engine.Color, ed engine.Edition) bool {
	for _, c := range hand {
		if c.Color == color && !c.Kind.IsWild() || ed == engine.MastersOfTheUniverse2023 && c.Kind.IsWild() {
			return true
		}
	}
	return false
}
