// Package bot is the computer players, at four levels from beginner to hard.
// A Bot chooses its moves from what its own seat may see (an engine.View and
// the events its seat was shown) and from the engine's legal moves, so it
// can neither cheat nor make an illegal move. It is pure and deterministic:
// no goroutines, no clock; its dice are seeded, so a bot given the same seed
// and the same views makes the same moves.
//
//	b := bot.New(bot.Hard, seed)
//	b.Observe(events)         // after every move, the events as its seat sees them
//	a, ok := b.Choose(view)   // when the game waits on its seat
//	a, ok = b.Catch(view)     // when someone is open to an UNO catch
//	a, ok = b.JumpIn(view)    // when a new card lands on the pile and it is another's turn
//
// The levels differ in how they choose (Level); each catches a missed UNO
// call at its own rate, and jumps in (the jump-in house rule) at its own
// rate, the hard level when its search says it helps. The hard level
// searches: it deals the cards it cannot see at random, consistently with
// what it has seen (the cards played, the colours others drew on, the hand
// sizes), plays each candidate move out to the end of the hand with the
// engine many times, and keeps the best.
//
// That search is the one costly thing a bot does, so it has a budget: one
// Thinkers for the whole server bounds how many searches run at once, and a
// hard bot that finds no slot free does not wait for one: it makes that move
// as the normal level would (a jump-in, it judges as the normal level does),
// and tries again at its next move. Its owner may also run a move's search
// away from its own goroutine (Think, then Thought.Run; a jump-in's,
// ThinkJumpIn, Run, then Judged), so that the table the bot sits at goes on
// meanwhile:
//
//	th := bot.NewThinkers(2)          // at most two searches at once
//	b := bot.New(bot.Hard, seed).WithThinkers(th)
//	if t := b.Think(view); t != nil { // nil: no search; Choose moves at once
//		go func() { t.Run(); done <- t }()
//	}
//	a, ok := t.Move()                 // once Run has returned
package bot

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
)

// Bot is one computer player. It is not safe for concurrent use: its table
// owns it.
type Bot struct {
	level Level
	rng   *rand.Rand
	mem   memory
	fours fours
	// The last exposure judged by Catch, and the verdict, so that each
	// missed call is judged once, at the level's rate.
	caught  exposure
	catchIt bool
	// The last card on top judged by JumpIn, and the verdict (jumpin.go).
	jumped jumpKey
	jump   engine.Action
	jumpIt bool
	search search
	// thinkers bounds the searches of every bot on the server (think.go);
	// nil: no bound.
	thinkers *Thinkers
}

// exposure names one missed UNO call: who, in which hand, after how many
// discards.
type exposure struct{ seat, hand, discards int }

// New makes a bot of the level, its dice seeded by seed.
func New(level Level, seed uint64) *Bot {
	b := &Bot{level: level, rng: rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc909))}
	b.mem.reset()
	b.caught.seat = -1
	b.jumped.hand = -1
	return b
}

// Level is the bot's level.
func (b *Bot) Level() Level { return b.level }

// Observe feeds the bot the events of a move as its seat saw them
// (engine.Event.VisibleTo), in order. A bot that is not fed still plays
// legally; the hard bot then knows less.
func (b *Bot) Observe(events []engine.Event) {
	for _, e := range events {
		b.mem.observe(e)
		b.fours.observe(e)
	}
}

// Choose is the bot's move when the game waits on its seat (v is its view),
// or false when it has no move to make.
func (b *Bot) Choose(v engine.View) (engine.Action, bool) {
	if len(v.Legal) == 0 {
		return engine.Action{}, false
	}
	switch b.level {
	case Beginner:
		return b.beginner(v)
	case Easy:
		return b.easy(v)
	case Hard:
		if a, ok := b.hard(v); ok {
			return a, true
		}
	}
	return normal(v, b.rng)
}

// Catch is the bot's catch of a player who missed their UNO call, if v shows
// one and the bot, at its level's rate, notices. Each missed call is judged
// once: asking again about the same one gives the same answer.
func (b *Bot) Catch(v engine.View) (engine.Action, bool) {
	for _, a := range v.Legal {
		if a.Kind != engine.Catch {
			continue
		}
		x := exposure{seat: a.Target, hand: v.HandNo, discards: v.Discards}
		if x != b.caught {
			b.caught, b.catchIt = x, b.rng.Float64() < b.level.catchRate()
		}
		if b.catchIt {
			return a, true
		}
	}
	return engine.Action{}, false
}
