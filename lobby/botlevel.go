package lobby

import (
	"errors"
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// This file is the table's bots as players: each bot seat has a brain
// (lobby/bot) of the level the host chose, fed every move as its seat sees
// it, which chooses its moves and notices missed UNO calls at its level's
// rate.

// addLevel is the level of the bots the table seats from now on.
func (t *table) addLevel() bot.Level {
	if t.opts.BotLevel == nil {
		return bot.Normal
	}
	return *t.opts.BotLevel
}

// level is a bot seat's level (Normal for a seat with no brain).
func (s *seat) level() bot.Level {
	if s.brain == nil {
		return bot.Normal
	}
	return s.brain.Level()
}

// newBrain is a bot of level l, its dice seeded from the table's, its
// searches within the server's budget.
func (t *table) newBrain(l bot.Level) *bot.Bot {
	return bot.New(l, t.rng.Uint64()).WithThinkers(t.hub.thinkers)
}

// botSeat is a bot called nick, of level l.
func (t *table) botSeat(nick string, l bot.Level) *seat {
	return &seat{nick: nick, bot: true, brain: t.newBrain(l)}
}

// standIn is the bot that plays a departed player's cards for good, at the
// table's level.
func (t *table) standIn(nick string) *seat { return t.botSeat(nick, t.addLevel()) }

// feedBots shows every bot the events of a move as its seat sees them.
func (t *table) feedBots(evs []engine.Event) {
	var seen []engine.Event
	for i, s := range t.seats {
		if s.brain == nil {
			continue
		}
		seen = seen[:0]
		for _, e := range evs {
			seen = append(seen, e.VisibleTo(i))
		}
		s.brain.Observe(seen)
	}
}

// botChoose is the move of the robot in seat: its own brain's (the search
// it thought out, botthink.go, or a move that needs none), or Normal's for
// a person a bot plays for while they are away.
func (t *table) botChoose(seat int, v engine.View) (engine.Action, bool) {
	if s := t.seats[seat]; s.bot && s.brain != nil {
		if a, ok, found := t.thoughtMove(seat); found {
			return a, ok
		}
		return s.brain.Choose(v)
	}
	return chooseMove(v, t.rng)
}

var errNotABot = errors.New("that seat is not a bot: choose a bot with ↑/↓")

// onBotSetting is the host's choice of a bot's level, of the level of the
// bots seated from now on, or of the bots' pace.
func (t *table) onBotSetting(in Intent) error {
	if in.Kind == BotPace {
		if t.opts.FastBots != in.Fast {
			t.opts.FastBots = in.Fast
			t.note(map[bool]string{true: "the bots play quickly now", false: "the bots take their time now"}[in.Fast])
			t.reschedule()
		}
		t.dirty = true
		return nil
	}
	if int(in.Level) >= len(bot.Levels) {
		return fmt.Errorf("unknown bot level %d: choose beginner, easy, normal or hard", in.Level)
	}
	if in.Seat < 0 {
		l := in.Level
		t.opts.BotLevel = &l
		t.note("bots added from now on play at " + l.String() + " level")
		t.dirty = true
		return nil
	}
	if in.Seat >= len(t.seats) || !t.seats[in.Seat].bot {
		return errNotABot
	}
	if t.status != Waiting {
		return errNotWaiting
	}
	s := t.seats[in.Seat]
	if s.level() != in.Level {
		s.brain = t.newBrain(in.Level)
		t.note(fmt.Sprintf("%s (bot) plays at %s level", s.nick, in.Level))
	}
	t.dirty, t.listDirty = true, true
	return nil
}

// planCatch: when a player is open to a catch, each bot at the table judges
// once, at its level's rate, whether it noticed (bot.Bot.Catch); the best
// of those that did catches after a person's pause, unless the player calls
// UNO or someone moves first. The next bot to move waits for the catch, as
// a table of people would.
func (t *table) planCatch(at time.Time) {
	i, ok := t.catcher()
	if !ok {
		return
	}
	t.catchAt = at.Add(t.catchPause(t.seats[i].level()))
	if !t.botAt.IsZero() && t.botAt.Before(t.catchAt) {
		t.botAt = t.catchAt
	}
}

// catcher is the bot that catches the player open to a catch, if any
// noticed: the highest level among them, the first seat among equals.
func (t *table) catcher() (int, bool) {
	exposed := false
	for _, sv := range t.game.View(-1).Seats {
		exposed = exposed || sv.Exposed
	}
	if !exposed {
		return -1, false
	}
	best := -1
	for i, s := range t.seats {
		if !s.bot || s.brain == nil {
			continue
		}
		if _, ok := s.brain.Catch(t.game.View(i)); ok && (best < 0 || s.level() > t.seats[best].level()) {
			best = i
		}
	}
	return best, best >= 0
}

// botCatch is the planned catch, if it still stands.
func (t *table) botCatch() {
	i, ok := t.catcher()
	if !ok {
		return
	}
	if a, ok := t.seats[i].brain.Catch(t.game.View(i)); ok {
		_ = t.apply(a)
	}
}
