package lobby

import (
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is the table's own clock work: the deadlines it sets for each
// decision (turn timers, bot pauses, the Chili race, the next hand) and what
// it does when one comes (tick). Every time comes from the table's Clock.

func (t *table) clearTimers() {
	t.turnEnds, t.raceEnds, t.raidEnds, t.nextHandAt, t.botAt, t.catchAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}
	clear(t.drops)
	t.jump = jumpPlan{}
}

// reschedule sets the timers for the decision the game now waits for.
func (t *table) reschedule() {
	if t.game == nil || t.status != Playing {
		t.clearTimers()
		return
	}
	if t.reveal != nil {
		// A Minion's draw is being shown: nothing is decided until it is.
		t.clearTimers()
		return
	}
	at := t.clock.Now()
	g := t.game
	defer t.planJumpIn(at) // after the catch it must not overtake
	newDecision := t.scheduled != t.moves
	t.scheduled = t.moves
	if newDecision {
		// A new decision: the old timers are void, except the Chili race's,
		// which runs on while players drop.
		t.turnEnds, t.raidEnds, t.nextHandAt, t.botAt, t.catchAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}
		if g.Phase() != engine.PhaseRace {
			t.raceEnds = time.Time{}
			clear(t.drops)
		}
	}
	switch g.Phase() {
	case engine.PhaseDeal:
		if t.nextHandAt.IsZero() && !t.tourWaits() {
			t.nextHandAt = at.Add(t.cfg.NextHand)
		}
		return
	case engine.PhaseRace:
		if t.raceEnds.IsZero() {
			t.raceEnds = at.Add(t.cfg.RaceTime)
		}
		for _, s := range g.Waiting() {
			if _, ok := t.drops[s]; !ok && t.seats[s].robot() {
				t.drops[s] = at.Add(t.humanDelay(t.cfg.RaceTime / 4))
			}
		}
		return
	}
	// The same decision keeps its deadline: a player's timer counts only
	// their own turn, and someone leaving, chatting or watching meanwhile
	// must not give it back its full time. A new decider (a bot standing
	// in, or the player back from one) starts afresh.
	seat := t.decider()
	turnEnds, raidEnds, botAt := t.turnEnds, t.raidEnds, t.botAt
	t.turnEnds, t.raidEnds, t.botAt = time.Time{}, time.Time{}, time.Time{}
	keep := func(d time.Time) bool { return !newDecision && !d.IsZero() }
	switch s := t.seats[seat]; {
	case s.robot() && keep(botAt):
		t.botAt = botAt
	case s.robot():
		t.botAt = at.Add(t.botPause(seat))
		t.think(seat) // a hard bot thinks during its pause (botthink.go)
	case g.Phase() == engine.PhaseRaid && keep(raidEnds):
		t.raidEnds = raidEnds
	case g.Phase() == engine.PhaseRaid:
		t.raidEnds = at.Add(t.cfg.RaidTime)
	case t.opts.TurnTime > 0 && keep(turnEnds):
		t.turnEnds = turnEnds
	case t.opts.TurnTime > 0:
		t.turnEnds = at.Add(t.opts.TurnTime)
	}
	if newDecision && t.catchAt.IsZero() {
		t.planCatch(at)
	}
}

// humanDelay is base plus up to half of it again, at random: bots that
// answer at the same instant every time feel like machines.
func (t *table) humanDelay(base time.Duration) time.Duration {
	if base <= 0 {
		return 0
	}
	return base + time.Duration(t.rng.Int64N(int64(base)/2+1))
}

// tick does what is due.
func (t *table) tick(at time.Time) {
	if t.held() {
		return // its journal's retry is flush's (pause.go)
	}
	if t.status == Waiting {
		if t.expireWaiting(at); t.closed {
			return
		}
	}
	if t.status == Waiting && due(t.startsAt, at) {
		t.startsAt = time.Time{}
		if t.opts.Ladder {
			t.ladderAlone() // (ladderwait.go)
			return
		}
		if t.humans() > 0 {
			t.start()
		}
		return
	}
	if t.status != Playing || t.game == nil {
		return
	}
	for i, s := range t.seats {
		if s.away && !s.bot && due(s.awaySince.Add(t.cfg.Grace), at) {
			t.note(fmt.Sprintf("%s did not come back; a bot plays their cards", s.nick))
			t.free(i)
			t.afterLeave()
			if t.closed {
				return
			}
		}
	}
	if t.reveal != nil {
		if due(t.reveal.next, at) {
			t.stepReveal(at)
		}
		return
	}
	g := t.game
	switch {
	case due(t.nextHandAt, at):
		t.nextHandAt = time.Time{}
		t.system(engine.Deal)
	case g.Phase() == engine.PhaseRace:
		t.tickRace(at)
	case due(t.catchAt, at):
		t.catchAt = time.Time{}
		t.botCatch()
	case due(t.jump.at, at):
		t.botJumpIn()
	case due(t.botAt, at) && t.botReady():
		t.botAt = time.Time{}
		t.botMove()
	case due(t.turnEnds, at), due(t.raidEnds, at):
		t.timeout()
	}
}

func (t *table) tickRace(at time.Time) {
	for s, d := range t.drops {
		if due(d, at) {
			delete(t.drops, s)
			_ = t.apply(engine.Action{Kind: engine.Drop, Seat: s})
			return
		}
	}
	if due(t.raceEnds, at) {
		t.raceEnds = time.Time{}
		t.system(engine.CloseRace)
	}
}
