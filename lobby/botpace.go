package lobby

import (
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// This file is the bots' pace. A bot pauses before each move as a quick
// person would (Config.BotDelay, 0.9 s, plus up to half of it again at
// random), so that the people at the table can follow what it did; but the
// people never wait on bots longer than on a person, however many bots sit
// in a row:
//
//   - the bots that move one after another between two people's turns share
//     a budget of botRound pauses (six of Config.BotDelay's, 5.4 s): when more
//     bots than four sit in a row, each pauses less (at ten seats, one person
//     and nine bots: 0.4 to 0.6 s a move);
//   - deciding about a card it has just drawn, a bot pauses half as long (a
//     person sees at once whether it plays);
//   - fast bots (TableOptions.FastBots, the host's choice) pause a third as
//     long throughout;
//   - a bot that catches a missed UNO call reacts after a person's pause,
//     quicker the better it plays (catchPause), and the next bot to move
//     waits for it;
//   - a bot that jumps in (the jump-in house rule) does so after a
//     person's reaction, quicker the better it plays (jumpPause): often
//     before the player to move has moved, not always.
//
// A hard bot thinks during its pause, away from the table's goroutine
// (botthink.go); a search longer than the pause delays that bot's move, and
// nothing else.
//
// docs/lobby.md gives the figures, which TestPaceOfOnePersonAndNineBots
// measures on the fake clock.

// botRound is the budget of a run of bots, in pauses of Config.BotDelay.
const botRound = 6

// fastDivisor is how much quicker fast bots are.
const fastDivisor = 3

// paceBase is a bot's pause before the random part is added.
func (t *table) paceBase() time.Duration {
	base := t.cfg.BotDelay
	round := botRound * base
	if t.opts.FastBots {
		base, round = base/fastDivisor, round/fastDivisor
	}
	// The pause is base plus up to half of it: a run of n bots takes at most
	// n * 1.5 * base, which must fit in the round.
	if n := t.botRun(); n > 0 && time.Duration(3*n)*base > 2*round {
		base = 2 * round / time.Duration(3*n)
	}
	return base
}

// botPause is the pause of the robot in seat before its move.
func (t *table) botPause(seat int) time.Duration {
	base := t.paceBase()
	if t.game != nil && t.game.Phase() == engine.PhaseDrawn && t.game.Current() == seat {
		base /= 2
	}
	return t.humanDelay(base)
}

// botRun is the longest run of seats played by bots one after another
// round the table (all of them when no person plays).
func (t *table) botRun() int {
	n := len(t.seats)
	best, run := 0, 0
	for i := range 2 * n { // twice round, for a run across the last seat
		if s := t.seats[i%n]; s.robot() {
			run++
			best = max(best, min(run, n))
		} else {
			run = 0
		}
	}
	return best
}

// catchFactor is how long each level takes to catch a missed UNO call, in
// bot pauses (the beginner never catches).
var catchFactor = [...]float64{bot.Beginner: 0, bot.Easy: 1.6, bot.Normal: 1.2, bot.Hard: 0.8}

// catchPause is how long a bot of level l takes to catch a missed call.
func (t *table) catchPause(l bot.Level) time.Duration { return t.levelPause(catchFactor[:], l) }

// levelPause is a person's pause of factors[l] bot pauses (a normal bot's
// for a level the table does not know).
func (t *table) levelPause(factors []float64, l bot.Level) time.Duration {
	f := factors[bot.Normal]
	if int(l) < len(factors) {
		f = factors[l]
	}
	return t.humanDelay(time.Duration(f * float64(t.paceBase())))
}

// jumpFactor is how long each level takes to jump in, in bot pauses: the
// better the bot, the sooner it spots its twin of the card on top.
var jumpFactor = [...]float64{bot.Beginner: 1.1, bot.Easy: 0.9, bot.Normal: 0.7, bot.Hard: 0.5}

// jumpPause is how long a bot of level l takes to jump in.
func (t *table) jumpPause(l bot.Level) time.Duration { return t.levelPause(jumpFactor[:], l) }
