package lobby

import (
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// This file is the bots' jump-ins at a table with the jump-in house rule.
// Each time a new card lands on the pile while a player is to move, each
// bot but that player judges once, from its own view and at its level
// (bot.Bot.JumpIn), whether it jumps in with its twin of the card. The one
// that would be quickest (jumpPause: a person's reaction, quicker the
// better it plays; the first seat among equals) is planned on the table's
// clock, one at a time: if anyone moves first (the player to move, a
// person jumping in, a catch), the card on top changes and the plan is
// void; a new card on top, even its twin played by a jump-in, is judged
// afresh. The table owner applies the jump-in from its own loop, between
// commands, so a person's jump-in queued before it always comes first, and
// one the engine then refuses is dropped without a word: the bot simply
// was too slow, as a person would be. A hard bot's judgement is a search,
// which runs off the table's goroutine (botthink.go): that bot is planned
// when its verdict comes back, after its pause from when the card landed
// (at once if the search took longer).

// jumpTop names one card on top of the pile: the hand, how many discards
// lie under it, and the card.
type jumpTop struct {
	hand, discards int
	top            engine.Card
}

// jumpPlan is a bot's jump-in waiting for its moment (at zero: none).
type jumpPlan struct {
	top   jumpTop   // the card on top the bots last judged
	since time.Time // when they judged it
	seat  int
	move  engine.Action
	at    time.Time
	// thinking are the hard bots' searches about the card on top, in the
	// order they started (botthink.go): each bot is planned once its
	// search says it jumps in.
	thinking []*jumpThought
}

// jumpThought is a hard bot's search about a jump-in, under way.
type jumpThought struct {
	seat  int
	brain *bot.Bot
	th    *bot.Thought
	done  chan struct{} // closed once the search has run
}

// planJumpIn judges a new card on top, and keeps the plan while the card
// stays there and the jump-in stays legal (the player to move may draw or
// pass meanwhile).
func (t *table) planJumpIn(at time.Time) {
	g := t.game
	if g == nil || !g.Settings().House.JumpIn || (g.Phase() != engine.PhaseTurn && g.Phase() != engine.PhaseDrawn) {
		t.jump = jumpPlan{}
		return
	}
	pile := g.View(-1)
	top := jumpTop{hand: pile.HandNo, discards: pile.Discards, top: pile.Top}
	if top == t.jump.top {
		if !t.jump.at.IsZero() && !t.jumpStands() {
			t.jump.at = time.Time{}
		}
		return
	}
	t.jump = jumpPlan{top: top, since: at, seat: -1}
	for i, s := range t.seats {
		if !s.bot || s.brain == nil || i == g.Current() {
			continue
		}
		v := g.View(i)
		if th := s.brain.ThinkJumpIn(v); th != nil {
			t.thinkJumpIn(i, th)
			continue
		}
		if a, ok := s.brain.JumpIn(v); ok {
			t.planJump(i, a)
		}
	}
}

// planJump plans the jump-in a of the bot in seat, after its pause from
// when the card landed, if it comes before the one planned.
func (t *table) planJump(seat int, a engine.Action) {
	if when := t.jump.since.Add(t.jumpPause(t.seats[seat].level())); t.jump.at.IsZero() || when.Before(t.jump.at) {
		t.jump.seat, t.jump.move, t.jump.at = seat, a, when
	}
	if t.jump.at.Before(t.catchAt) {
		t.jump.at = t.catchAt // a planned catch comes first, as the next bot's move waits for it
	}
}

// thinkJumpIn starts a hard bot's search about the card on top, off the
// table's goroutine (botthink.go); its verdict comes back to jumpJudged.
func (t *table) thinkJumpIn(seat int, th *bot.Thought) {
	p := &jumpThought{seat: seat, brain: t.seats[seat].brain, th: th, done: make(chan struct{})}
	t.cfg.StartThought(func() {
		th.Run()
		close(p.done)
	})
	select {
	case <-p.done: // (a test's StartThought may run it at once)
		t.jumpJudged(p)
	default:
		t.jump.thinking = append(t.jump.thinking, p)
	}
}

// jumpJudged hands a jump-in's verdict to its bot and plans the jump-in,
// if the bot still holds the seat (the card on top is the plan's: a new
// card drops the searches about the old one).
func (t *table) jumpJudged(p *jumpThought) {
	if t.seats[p.seat].brain != p.brain {
		return
	}
	p.brain.Judged(p.th)
	if a, ok := p.th.Move(); ok && t.jumpStandsFor(p.seat, a) {
		t.planJump(p.seat, a)
	}
}

// jumpThoughtDone is the channel of the oldest jump-in search under way,
// or nil.
func (t *table) jumpThoughtDone() <-chan struct{} {
	if len(t.jump.thinking) == 0 {
		return nil
	}
	return t.jump.thinking[0].done
}

// jumpThoughtBack takes in the oldest jump-in search, which has come back.
func (t *table) jumpThoughtBack() {
	p := t.jump.thinking[0]
	t.jump.thinking = t.jump.thinking[1:]
	t.jumpJudged(p)
}

// jumpStands reports whether the planned jump-in is still one its bot may
// make: the bot still holds the seat, it is not its own turn (then it
// chooses its move as on any turn), and the engine lists the play.
func (t *table) jumpStands() bool { return t.jumpStandsFor(t.jump.seat, t.jump.move) }

// jumpStandsFor reports whether the bot in seat may jump in with move.
func (t *table) jumpStandsFor(seat int, move engine.Action) bool {
	if seat < 0 || seat >= len(t.seats) || !t.seats[seat].bot || t.seats[seat].brain == nil ||
		seat == t.game.Current() {
		return false
	}
	for _, a := range t.game.Legal(seat) {
		if a == move {
			return true
		}
	}
	return false
}

// botJumpIn makes the planned jump-in, if it still stands.
func (t *table) botJumpIn() {
	t.jump.at = time.Time{}
	if !t.jumpStands() {
		return
	}
	// The engine refuses a jump-in overtaken by another move: it was a race
	// the bot lost, which no player needs to hear about.
	_ = t.apply(t.jump.move)
}
