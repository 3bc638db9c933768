package bot

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// searchPositions are positions where the hard bot searches, from one
// seeded hand (played once for all the tests).
func searchPositions(t *testing.T) []position {
	t.Helper()
	ps := oneHandsPositions()
	require.NotEmpty(t, ps)
	return ps
}

var oneHandsPositions = sync.OnceValue(func() []position { return positions(engine.Classic2001, 4, 1) })

// hardAt is a hard bot seeded by seed, with the memory it had at p, bound
// by th.
func hardAt(p position, seed uint64, th *Thinkers) *Bot {
	b := New(Hard, seed).WithThinkers(th)
	b.mem = p.mem
	b.mem.discard = slices.Clone(p.mem.discard)
	return b
}

// With every slot taken, a hard bot's move is made at once, without a
// search to run: Normal's move with the bot's dice, legal, and counted as
// degraded. Choose, the same.
func TestNoFreeSlotMakesTheMoveWithoutSearching(t *testing.T) {
	p := searchPositions(t)[0]
	th := NewThinkers(1)
	holder := hardAt(p, 1, th).Think(p.v)
	require.NotNil(t, holder)
	require.True(t, holder.Searched())
	require.Equal(t, 1, th.Busy())

	b := hardAt(p, 2, th)
	got := b.Think(p.v)
	require.NotNil(t, got)
	require.False(t, got.Searched(), "no slot free: nothing to run")
	a, ok := got.Move()
	require.True(t, ok)
	require.True(t, legal(p.v, a), "%v is not among %v", a, p.v.Legal)
	want, _ := normal(p.v, New(Hard, 2).rng)
	require.Equal(t, want, a, "Normal's move, with the bot's own dice")
	require.Equal(t, uint64(1), th.Degraded())

	b = hardAt(p, 3, th)
	a, ok = b.Choose(p.v)
	require.True(t, ok)
	require.True(t, legal(p.v, a))
	require.Zero(t, b.search.steps, "Choose searched without a slot")
	require.Equal(t, uint64(2), th.Degraded())

	holder.Run()
	require.Zero(t, th.Busy(), "the slot is given back")
}

// With a slot free, the thought is the full search: it plays the whole
// budget of imagined hands (or stops at the step budget), and gives the
// slot back.
func TestFreeSlotSearchesFully(t *testing.T) {
	p := searchPositions(t)[0]
	th := NewThinkers(1)
	got := hardAt(p, 1, th).Think(p.v)
	require.NotNil(t, got)
	require.True(t, got.Searched())
	require.Equal(t, 1, th.Busy())
	got.Run()
	require.Zero(t, th.Busy())
	a, ok := got.Move()
	require.True(t, ok)
	require.True(t, legal(p.v, a))
	s := &got.mind.search
	plays := 0
	for _, n := range s.plays {
		plays += n
	}
	require.True(t, plays >= rolloutBudget*3/4 || s.steps >= stepBudget,
		"a full search: %d imagined hands, %d steps", plays, s.steps)
	require.Equal(t, uint64(1), th.Searched())
	require.Zero(t, th.Degraded())
}

// A move that calls for no search is no thought: it takes no slot and
// counts as neither.
func TestMoveWithoutChoiceTakesNoSlot(t *testing.T) {
	p := searchPositions(t)[0]
	th := NewThinkers(1)
	other := p.v
	other.Current = (p.v.Seat + 1) % len(p.v.Seats) // not its turn
	require.Nil(t, hardAt(p, 1, th).Think(other))
	require.Nil(t, New(Normal, 1).WithThinkers(th).Think(p.v), "only the hard level searches")
	require.Zero(t, th.Busy())
	require.Zero(t, th.Searched()+th.Degraded())
}

// However many hard bots want to think at once, no more searches run than
// the budget has slots: the others make their moves without one. A slot
// given back is taken by the next bot that thinks.
func TestSearchesAtOnceNeverExceedTheBudget(t *testing.T) {
	ps := searchPositions(t)
	th := NewThinkers(2)
	var running []*Thought
	for i := range 6 {
		p := ps[i%len(ps)]
		got := hardAt(p, uint64(i), th).Think(p.v)
		require.NotNil(t, got)
		if got.Searched() {
			running = append(running, got)
		}
		require.LessOrEqual(t, th.Busy(), th.Size())
	}
	require.Len(t, running, 2)
	require.Equal(t, uint64(2), th.Searched())
	require.Equal(t, uint64(4), th.Degraded())

	running[0].Run()
	require.Equal(t, 1, th.Busy())
	p := ps[0]
	next := hardAt(p, 9, th).Think(p.v)
	require.True(t, next.Searched(), "the slot given back is free again")
	require.Equal(t, 2, th.Busy())
	running[1].Run()
	next.Run()
	require.Zero(t, th.Busy())

	none := NewThinkers(0)
	got := hardAt(p, 1, none).Think(p.v)
	require.False(t, got.Searched(), "a budget of none: every move as normal")
}

// A thought runs on its own goroutine while its bot goes on being fed and
// asked: they share nothing (this test is for -race).
func TestThoughtRunsBesideItsBot(t *testing.T) {
	p := searchPositions(t)[0]
	th := NewThinkers(1)
	b := hardAt(p, 1, th)
	got := b.Think(p.v)
	require.True(t, got.Searched())
	done := make(chan struct{})
	go func() {
		got.Run()
		close(done)
	}()
	b.Observe([]engine.Event{{Kind: engine.EvDraw, Seat: (p.v.Seat + 1) % len(p.v.Seats), Count: 1, Reason: engine.DrawTurn}})
	_, _ = b.Catch(p.v)
	a, ok := b.Choose(p.v) // the slot is taken: Normal's move, at once
	require.True(t, ok)
	require.True(t, legal(p.v, a))
	<-done
	a, ok = got.Move()
	require.True(t, ok)
	require.True(t, legal(p.v, a))
}

// A jump-in's search takes a slot and runs away from the bot: until its
// verdict is handed back (Judged) the bot does not jump in, then it says
// what the search said. With no slot free, it judges at once as normal
// does (the hard level then always takes a jump-in it may make).
func TestJumpInThoughtWithinTheBudget(t *testing.T) {
	var p position
	found := false
	for _, q := range jumpPositions(engine.Classic2001, 4, 2) {
		b := hardAt(q, 1, nil)
		if line, ok := b.jumpLine(q.v); ok && !handsUp(q.v, line) {
			p, found = q, true
			break
		}
	}
	require.True(t, found, "no jump-in to weigh came up")

	th := NewThinkers(1)
	b := hardAt(p, 1, th)
	got := b.ThinkJumpIn(p.v)
	require.NotNil(t, got)
	require.True(t, got.Searched())
	require.Equal(t, 1, th.Busy())
	require.Nil(t, b.ThinkJumpIn(p.v), "the card is judged once")
	_, ok := b.JumpIn(p.v)
	require.False(t, ok, "no jump-in before the verdict")

	other := hardAt(p, 2, th)
	require.Nil(t, other.ThinkJumpIn(p.v), "no slot free: judged at once")
	a, ok := other.JumpIn(p.v)
	require.True(t, ok, "as normal judges, at the hard level's rate")
	require.True(t, legal(p.v, a))
	require.Equal(t, uint64(1), th.Degraded())

	got.Run()
	require.Zero(t, th.Busy())
	line, yes := got.Move()
	b.Judged(got)
	a, ok = b.JumpIn(p.v)
	require.Equal(t, yes, ok, "the search's verdict")
	if ok {
		require.Equal(t, line, a)
	}
}

// WithShare bounds the searches' time: with a tenth of a second of search a
// second, a search that took half a second leaves the others without time
// until the bucket has filled again, and they are made as Normal would
// make them meanwhile; never more than a second's worth is kept in hand.
func TestSearchTimeWithinItsShare(t *testing.T) {
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	th := NewThinkers(4).WithShare(0.1, clock)

	require.True(t, th.acquire(), "a full bucket")
	now = now.Add(500 * time.Millisecond) // the search takes half a second
	th.release()
	require.False(t, th.acquire(), "its time is spent: 0.1 s in hand, 0.5 s taken")
	require.EqualValues(t, 1, th.Degraded())

	now = now.Add(3 * time.Second) // 0.3 s more: still 0.1 s short
	require.False(t, th.acquire())
	now = now.Add(2 * time.Second) // 0.2 s more: in credit
	require.True(t, th.acquire())
	th.release() // at once: nothing spent

	now = now.Add(time.Hour) // an idle hour fills a second's worth, no more
	for range 2 {
		require.True(t, th.acquire())
	}
	now = now.Add(60 * time.Millisecond) // two searches at once, 60 ms each
	th.release()
	th.release()
	require.False(t, th.acquire(), "0.1 s in hand, 0.12 s spent")
}
