package lobby

import (
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// This file is the hard bots' thinking at a table. A hard bot's turn is a
// search (lobby/bot), the one costly thing a table does, so it never runs on
// the table's goroutine: when the decision comes to the bot, the table starts
// the search on a goroutine of its own (Config.StartThought) and goes on
// answering its people meanwhile, during the bot's pause (botpace.go); the
// search hands its move back on a channel the table's loop listens to. When
// the pause is over and the search is not, the bot's move waits for it (the
// bot is slower, no person is). A decision that is void before the search
// ends (someone jumped in, the bot's seat changed hands) leaves the search
// to end unheard.
//
// The hub's bot.Thinkers bounds how many searches run at once on the whole
// server (Config.BotThinkers). A bot that finds every slot taken does not
// wait: it makes that move as a normal bot would, at once, and the hub
// counts it (Stats.BotDegraded). So however many tables of hard bots are
// open, their thinking takes at most that many cores, and the rest are left
// for the people's screens.
//
// A jump-in's search (the jump-in house rule, when a hard bot holds the
// twin of the card on top) goes the same way, within the same budget
// (jumpin.go): the bot is planned when its verdict comes back.

// botThought is a search under way, or over, for one decision of one bot.
type botThought struct {
	game  *engine.Game // the decision: the game, its move count, the bot
	moves int
	brain *bot.Bot
	th    *bot.Thought
	done  chan struct{} // closed once the search has run; nil once the table has seen it
}

// isFor reports whether p is the thought of the bot in seat for the
// decision the table waits on now.
func (p *botThought) isFor(t *table, seat int) bool {
	return p != nil && p.game == t.game && p.moves == t.moves && seat >= 0 && seat < len(t.seats) &&
		p.brain == t.seats[seat].brain
}

// running reports whether p's search has not come back yet.
func (p *botThought) running() bool { return p != nil && p.done != nil }

// think starts the search of the bot in seat for the decision now before
// it, if its move calls for one and none has started.
func (t *table) think(seat int) {
	if seat < 0 || seat >= len(t.seats) {
		return
	}
	s := t.seats[seat]
	if !s.bot || s.brain == nil || s.brain.Level() != bot.Hard || t.thought.isFor(t, seat) {
		return // (only the hard level searches: no view is made for the others)
	}
	t.thought = nil
	th := s.brain.Think(t.game.View(seat))
	if th == nil {
		return // no search: the move is made when it is due (botChoose)
	}
	p := &botThought{game: t.game, moves: t.moves, brain: s.brain, th: th}
	t.thought = p
	if !th.Searched() {
		return // no slot free: Normal's move, made already
	}
	done := make(chan struct{})
	p.done = done
	t.cfg.StartThought(func() {
		th.Run()
		close(done)
	})
	select {
	case <-done: // (a test's StartThought may run it at once)
		p.done = nil
	default:
	}
}

// botReady reports whether the robot the game waits on may move now: true
// unless its search for this decision is still running (one is started if
// none has been).
func (t *table) botReady() bool {
	seat := t.decider()
	t.think(seat)
	return !(t.thought.isFor(t, seat) && t.thought.running())
}

// thoughtDone is the channel on which a running search comes back, or
// nil: the loop listens to it. A move's search first, then the jump-ins',
// oldest first: each is short, and all are heard.
func (t *table) thoughtDone() <-chan struct{} {
	if t.thought.running() {
		return t.thought.done
	}
	return t.jumpThoughtDone()
}

// thoughtBack takes in the search thoughtDone gave, which has come back.
func (t *table) thoughtBack() {
	if t.thought.running() {
		t.thought.done = nil
		return
	}
	if len(t.jump.thinking) > 0 {
		t.jumpThoughtBack()
	}
}

// botDue is when the robot to move moves: botAt, or never while its search
// for this decision runs (its return wakes the loop instead).
func (t *table) botDue() time.Time {
	if t.botAt.IsZero() || t.game == nil || !t.thought.running() || !t.thought.isFor(t, t.decider()) {
		return t.botAt
	}
	return time.Time{}
}

// thoughtMove is the move the bot in seat thought out for this decision,
// if it has one; the thought is then spent.
func (t *table) thoughtMove(seat int) (a engine.Action, ok, found bool) {
	p := t.thought
	if !p.isFor(t, seat) || p.running() {
		return engine.Action{}, false, false
	}
	t.thought = nil
	a, ok = p.th.Move()
	return a, ok, true
}
