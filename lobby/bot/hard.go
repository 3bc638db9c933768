package bot

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/unossh/unossh/engine"
)

// The hard bot's thinking, counted in work rather than time (a bot reads no
// clock): up to rolloutBudget imagined hands per move, shared among its
// candidate moves, and no new imagined deal once stepBudget engine moves
// have been played in them. stepBudget bounds a move's CPU whatever the
// hand (BenchmarkHardMove; the figures are in docs/benchmarks.md).
const (
	rolloutBudget = 800
	stepBudget    = 60000
)

// search is the hard bot's scratch space, reused from move to move.
type search struct {
	world   world
	cands   []engine.Action
	wins    []int // per candidate: imagined hands won
	plays   []int // and played
	alive   []int // the candidates still in the running
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

// searchMove plays each candidate out in imagined games and picks the one
// that wins most often. The budget is spent in rounds (successive halving):
// each round plays every candidate still in the running on the same imagined
// deals and dice, so that they are compared on equal terms, and the better
// half goes on to the next round.
func (b *Bot) searchMove(v engine.View) (engine.Action, bool) {
	s := &b.search
	cands := s.candidates(v)
	if len(cands) <= 1 {
		if len(cands) == 1 {
			return cands[0], true
		}
		return engine.Action{}, false
	}
	if !b.thinkers.acquire() {
		return engine.Action{}, false // no slot free: Normal's move (think.go)
	}
	defer b.thinkers.release()
	if !s.world.prepare(v, &b.mem) {
		return engine.Action{}, false
	}
	s.wins = append(s.wins[:0], make([]int, len(cands))...)
	s.plays = append(s.plays[:0], make([]int, len(cands))...)
	s.alive = s.alive[:0]
	for i := range cands {
		s.alive = append(s.alive, i)
	}
	rounds := bits.Len(uint(len(cands) - 1))
	s.steps = 0
	for r := 0; r < rounds && s.steps < stepBudget; r++ {
		deals := max(1, rolloutBudget/rounds/len(s.alive))
		for d := 0; d < deals && s.steps < stepBudget; d++ {
			if !s.deal(b, v, cands) {
				return engine.Action{}, false
			}
			// A search takes milliseconds: between two deals it lets the
			// goroutines queued on its processor (tables, sessions) run,
			// rather than keep them waiting until the runtime preempts it.
			runtime.Gosched()
		}
		s.halve(v, cands)
	}
	best, bestScore := 0, -1.0
	for _, i := range s.alive {
		if sc := s.score(v, cands, i); sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return cands[best], true
}

// deal plays every candidate still in the running once, on one imagined deal.
func (s *search) deal(b *Bot, v engine.View, cands []engine.Action) bool {
	st := s.world.sample(v, &b.mem, b.rng)
	dice := b.rng.Uint64()
	for _, i := range s.alive {
		g, err := engine.FromState(st)
		if err != nil {
			return false
		}
		if s.events, err = g.AppendApply(s.events[:0], cands[i]); err != nil {
			return false
		}
		s.plays[i]++
		if s.won(g, v.Seat, rand.New(rand.NewPCG(dice, uint64(i)))) {
			s.wins[i]++
		}
	}
	return true
}

// halve keeps the better half of the candidates still in the running.
func (s *search) halve(v engine.View, cands []engine.Action) {
	slices.SortStableFunc(s.alive, func(i, j int) int {
		return cmp.Compare(s.score(v, cands, j), s.score(v, cands, i))
	})
	s.alive = s.alive[:(len(s.alive)+1)/2]
}

// score is a candidate's share of wins, with Normal's rating of the play
// worth at most one win in the plays made: among candidates the search
// cannot tell apart, a sound habit decides, not noise.
func (s *search) score(v engine.View, cands []engine.Action, i int) float64 {
	if s.plays[i] == 0 {
		return 0
	}
	return (float64(s.wins[i]) + prior(v, cands[i])) / float64(s.plays[i])
}

// won reports whether seat wins the hand after the move just applied (its
// events in s.events), played out with the quick policy.
func (s *search) won(g *engine.Game, seat int, r *rand.Rand) bool {
	for _, e := range s.events {
		if e.Kind == engine.EvHandOver {
			return e.Seat == seat || e.Target == seat // Target: the partner, or -1
		}
	}
	return s.rollout(g, seat, r)
}

// challenge challenges a Wild Draw Four when, in the hands the bot can
// imagine for its player, they held the colour in play often enough, as
// judged by what the bot has seen of that player's Wild Draw Fours
// (fours.go): a wrong challenge costs two cards more, a right one saves
// four and gives four. It stacks a draw card instead when it can.
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
	if b.fours.guilt(v.FourBy, float64(guilty)/deals) >= challengeAt {
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

// prior is Normal's opinion of a candidate move, worth at most one win of
// the search: 0 for drawing, up to 1 for the play Normal rates highest.
func prior(v engine.View, a engine.Action) float64 {
	if a.Kind != engine.Play {
		return 0
	}
	return float64(max(playScore(v, a), 0)) / 200
}
