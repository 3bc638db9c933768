package bot

import (
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is the hard bot's thinking under a budget. A search is the one
// costly thing a bot does, and a server may hold any number of hard bots, so
// its owner (the lobby's hub) bounds how many searches run at once with one
// Thinkers for the whole server. A search that finds no free slot is not
// waited for: the bot makes that move without searching, as the normal
// level would (a jump-in it judges as the normal level does), and the
// Thinkers counts it. The next move tries again. Waiting would slow only the
// bots, but queued searches would still all be made, late, and under a
// steady load the queue would only grow.
//
// A move's search may also run away from the bot's owner: Think takes the
// slot and copies what the search needs (the view, the bot's memory, dice
// drawn from its own), and Thought.Run, on any goroutine, searches and gives
// the slot back. Meanwhile the owner goes on with the bot (Observe, Catch,
// JumpIn): the thought shares nothing with it. A jump-in's search goes the
// same way (ThinkJumpIn, then Judged with its verdict).

// Thinkers is the budget of searches that may run at once, shared by every
// bot given it (WithThinkers), and with WithShare of the time they may take
// together. It is safe for concurrent use. A nil *Thinkers sets no bound.
type Thinkers struct {
	slots    chan time.Time // each running search's start
	share    *timeShare     // nil: no bound over time
	searched atomic.Uint64
	degraded atomic.Uint64
}

// NewThinkers is a budget of n searches at once; with n <= 0 no bot
// searches, and the hard bots play every move as the normal level would.
func NewThinkers(n int) *Thinkers {
	return &Thinkers{slots: make(chan time.Time, max(n, 0))}
}

// WithShare bounds the searches' time as well: together they may take
// cores seconds of each second (on the clock now), spent as they end; a
// search that would begin once they are over their share is not made, as
// when no slot is free. The slots alone bound how many run at once, not how
// much of the machine they take: one slot kept busy is a whole core, and
// the people's screens wait behind it and behind the collector that its
// allocations keep busy. cores <= 0 sets no bound over time.
func (t *Thinkers) WithShare(cores float64, now func() time.Time) *Thinkers {
	if cores > 0 {
		t.share = &timeShare{rate: cores, left: time.Duration(cores * float64(time.Second)), last: now(), now: now}
	}
	return t
}

// timeShare is a bucket of search time, filled at rate seconds a second up
// to one second's worth.
type timeShare struct {
	mu   sync.Mutex
	rate float64
	left time.Duration
	last time.Time
	now  func() time.Time
}

// allow says whether there is search time left now.
func (s *timeShare) allow() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	full := time.Duration(s.rate * float64(time.Second))
	s.left = min(s.left+time.Duration(s.rate*float64(now.Sub(s.last))), full)
	s.last = now
	return s.left > 0
}

// spend takes a search's time from the bucket.
func (s *timeShare) spend(d time.Duration) {
	s.mu.Lock()
	s.left -= d
	s.mu.Unlock()
}

// Size is how many searches may run at once.
func (t *Thinkers) Size() int { return cap(t.slots) }

// Busy is how many searches are running now.
func (t *Thinkers) Busy() int { return len(t.slots) }

// Searched counts the decisions a bot searched, since the start.
func (t *Thinkers) Searched() uint64 { return t.searched.Load() }

// Degraded counts the decisions a bot made without searching, because no
// slot was free, since the start.
func (t *Thinkers) Degraded() uint64 { return t.degraded.Load() }

// acquire takes a slot if one is free, and counts the decision either way.
func (t *Thinkers) acquire() bool {
	if t == nil {
		return true
	}
	if t.share != nil && !t.share.allow() {
		t.degraded.Add(1)
		return false
	}
	var start time.Time
	if t.share != nil {
		start = t.share.now()
	}
	select {
	case t.slots <- start:
		t.searched.Add(1)
		return true
	default:
		t.degraded.Add(1)
		return false
	}
}

// release gives a slot back. The start it takes may be another running
// search's (the slots are not told apart), but once all have ended the time
// spent adds up the same.
func (t *Thinkers) release() {
	if t == nil {
		return
	}
	start := <-t.slots
	if t.share != nil {
		t.share.spend(t.share.now().Sub(start))
	}
}

// WithThinkers bounds the bot's searches by t, and returns the bot.
func (b *Bot) WithThinkers(t *Thinkers) *Bot {
	b.thinkers = t
	return b
}

// Thought is one move being decided: either already made without a search
// (Searched false), or a search that Run carries out.
type Thought struct {
	v     engine.View
	mind  *Bot // the copy of the bot that searches; nil for a move made
	slots *Thinkers
	move  engine.Action
	ok    bool
	// A jump-in's thought (ThinkJumpIn): the card on top it is about, and
	// the jump-in (move) it weighs; ok is the verdict.
	jumpIn bool
	top    jumpKey
}

// Think starts the bot's move in v, when the move calls for a search (the
// hard bot's own turn with more than one move worth weighing); otherwise it
// returns nil, and Choose makes the move at once without searching. When no
// slot is free the thought comes back made, Normal's move, Searched false.
// Otherwise the slot is taken: the caller must call Run once, and the bot
// may be used meanwhile.
func (b *Bot) Think(v engine.View) *Thought {
	if b.level != Hard || !b.searches(v) {
		return nil
	}
	if !b.thinkers.acquire() {
		a, ok := normal(v, b.rng)
		return &Thought{move: a, ok: ok}
	}
	return &Thought{v: v, mind: b.mind(), slots: b.thinkers}
}

// mind is a copy of the bot for a search away from it: its level, its
// memory, and dice drawn from its own; no budget (the thought holds the
// slot).
func (b *Bot) mind() *Bot {
	m := &Bot{level: b.level, rng: rand.New(rand.NewPCG(b.rng.Uint64(), b.rng.Uint64())), mem: b.mem}
	m.mem.discard = slices.Clone(b.mem.discard)
	return m
}

// searches reports whether the bot's move in v is one the hard level
// searches for.
func (b *Bot) searches(v engine.View) bool {
	return (v.Phase == engine.PhaseTurn || v.Phase == engine.PhaseDrawn) && v.Current == v.Seat &&
		len(v.Legal) > 0 && len(b.search.candidates(v)) > 1
}

// Searched reports whether the thought is a search (to Run), not a move
// made without one.
func (t *Thought) Searched() bool { return t.mind != nil }

// Run carries out the search, once, on any goroutine, and gives the slot
// back. It does nothing for a thought made without a search.
func (t *Thought) Run() {
	if t.mind == nil {
		return
	}
	defer t.slots.release()
	if t.jumpIn {
		yes, ok := t.mind.searchJumpIn(t.v, t.move)
		if !ok {
			yes = t.mind.rng.Float64() < t.mind.level.jumpRate()
		}
		t.ok = yes
		return
	}
	t.move, t.ok = t.mind.searchMove(t.v)
	if !t.ok {
		t.move, t.ok = normal(t.v, t.mind.rng)
	}
}

// Move is the move decided, once Run has returned (or at once for a thought
// made without a search); for a jump-in's thought, the jump-in and whether
// the bot makes it.
func (t *Thought) Move() (engine.Action, bool) { return t.move, t.ok }
