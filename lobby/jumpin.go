package lobby

import (
	"time"

	"github.com/unossh/unossh/engine"
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
// was too slow, as a person would be.

// jumpTop names one card on top of the pile: the hand, how many discards
// lie under it, and the card.
type jumpTop struct {
	hand, discards int
	top            engine.Card
}

// jumpPlan is a bot's jump-in waiting for its moment (at zero: none).
type jumpPlan struct {
	top  jumpTop // the card on top the bots last judged
	seat int
	move engine.Action
	at   time.Time
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
	t.jump = jumpPlan{top: top, seat: -1}
	for i, s := range t.seats {
		if !s.bot || s.brain == nil || i == g.Current() {
			continue
		}
		a, ok := s.brain.JumpIn(g.View(i))
		if !ok {
			continue
		}
		if when := at.Add(t.jumpPause(s.level())); t.jump.at.IsZero() || when.Before(t.jump.at) {
			t.jump.seat, t.jump.move, t.jump.at = i, a, when
		}
	}
	if !t.jump.at.IsZero() && t.jump.at.Before(t.catchAt) {
		t.jump.at = t.catchAt // a planned catch comes first, as the next bot's move waits for it
	}
}

// jumpStands reports whether the planned jump-in is still one its bot may
// make: the bot still holds the seat, it is not its own turn (then it
// chooses its move as on any turn), and the engine lists the play.
func (t *table) jumpStands() bool {
	p := &t.jump
	if p.seat < 0 || p.seat >= len(t.seats) || !t.seats[p.seat].bot || t.seats[p.seat].brain == nil ||
		p.seat == t.game.Current() {
		return false
	}
	for _, a := range t.game.Legal(p.seat) {
		if a == p.move {
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
