package lobby

import (
	"errors"
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is the game at the table: players' intents, the table's own
// moves (dealing, bots, timers), and what happens after each move.

var (
	errNotHost    = errors.New("only the host can do that")
	errNotWaiting = errors.New("that can only be done before the game starts")
	errWatching   = errors.New("you are watching this table; spectators cannot play")
	errNoGame     = errors.New("the game has not started yet")
	errChatRate   = errors.New("you are chatting too fast; wait a moment")
	errChatEmpty  = errors.New("nothing to say: the line was empty after removing control characters")
)

func (t *table) onIntent(c *Client, in Intent) error {
	i := t.seatOf(c)
	if in.Kind == Leave {
		t.leave(c, "")
		return nil
	}
	if in.Kind == Chat {
		return t.onChat(c, in.Text)
	}
	if i < 0 {
		if t.watchers[c] {
			return errWatching
		}
		return ErrNoSuchTable
	}
	s := t.seats[i]
	if s.auto && in.Kind != Chat {
		s.auto, s.timeouts = false, 0
		t.note(fmt.Sprintf("%s is back at the keyboard", s.nick))
		t.dirty = true
		t.reschedule()
	}
	switch in.Kind {
	case Move:
		if t.game == nil || t.status != Playing {
			return errNoGame
		}
		a := in.Action
		a.Seat = i
		if err := t.apply(a); err != nil {
			return err
		}
		s.timeouts = 0
		return nil
	case Wake:
		s.timeouts = 0
		return nil
	}
	return t.onHostIntent(c, i, in)
}

func (t *table) onHostIntent(c *Client, i int, in Intent) error {
	if !t.seats[i].host {
		return errNotHost
	}
	switch in.Kind {
	case Start:
		if t.status != Waiting {
			return errNotWaiting
		}
		// A public table fills its free seats with bots as it starts; a
		// private one plays with whoever sits at it.
		if !t.opts.Public && t.taken() < engine.MinPlayers {
			return errors.New("a game needs at least two players: add a bot or wait for a friend")
		}
		t.start()
	case AddBot:
		if t.status != Waiting {
			return errNotWaiting
		}
		if !t.addBot() {
			return ErrTableFull
		}
		t.note("a bot sat down")
	case RemoveBot, Kick:
		return t.onRemove(c, in)
	case Configure:
		if t.status != Waiting {
			return errNotWaiting
		}
		return t.configure(in.Settings)
	case Rematch:
		if t.status != Finished {
			return errors.New("the game is not over yet")
		}
		t.rematch()
	default:
		return errors.New("that is not something a table can do")
	}
	t.dirty, t.listDirty = true, true
	return nil
}

func (t *table) onRemove(c *Client, in Intent) error {
	if in.Seat < 0 || in.Seat >= len(t.seats) || t.seats[in.Seat].empty() {
		return errors.New("nobody sits there")
	}
	s := t.seats[in.Seat]
	switch {
	case s.client == c:
		return errors.New("to leave your own table, press l")
	case in.Kind == RemoveBot && !s.bot:
		return errors.New("that seat is a player, not a bot")
	case s.bot:
		if t.status != Waiting {
			return errNotWaiting
		}
		t.seats[in.Seat] = &seat{}
		t.note(fmt.Sprintf("%s (bot) left", s.nick))
	case s.client != nil:
		t.leave(s.client, "the host removed you from the table")
	default:
		t.free(in.Seat)
	}
	t.dirty, t.listDirty = true, true
	return nil
}

func (t *table) configure(s engine.Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	if s.Players < t.taken() {
		return fmt.Errorf("%d seats are taken: remove someone first", t.taken())
	}
	seated := t.seats[:0:0]
	for _, st := range t.seats {
		if !st.empty() {
			seated = append(seated, st)
		}
	}
	for len(seated) < s.Players {
		seated = append(seated, &seat{})
	}
	t.seats = seated
	t.opts.Settings = s
	t.note("the host changed the rules: " + s.Edition.Title() + ", " + s.Mode.Title())
	return nil
}

// rematch sets a finished table up again with the same people.
func (t *table) rematch() {
	kept := t.seats[:0:0]
	for _, s := range t.seats {
		if s.bot || s.client != nil {
			s.auto, s.timeouts = false, 0
			kept = append(kept, s)
		}
	}
	for len(kept) < t.opts.Settings.Players {
		kept = append(kept, &seat{})
	}
	t.seats = kept
	t.status, t.game, t.lastHand = Waiting, nil, nil
	t.clearTimers()
	if t.opts.Public {
		t.startsAt = now().Add(t.cfg.StartCountdown)
	}
	t.note("a new game is being set up")
}

func (t *table) onChat(c *Client, text string) error {
	nick := c.nick()
	text = Sanitize(text, MaxChat)
	if text == "" {
		return errChatEmpty
	}
	l := t.chat[c.key]
	if l == nil {
		l = &chatLimiter{}
		t.chat[c.key] = l
	}
	if !l.allow(now()) {
		return errChatRate
	}
	if t.watchers[c] {
		nick += " (watching)"
	}
	t.addLog(logEntry{chat: true, nick: nick, text: text})
	t.dirty = true
	return nil
}

// apply makes a move in the game and deals with what follows.
func (t *table) apply(a engine.Action) error {
	if t.reveal != nil {
		return t.errDrawing()
	}
	evs, err := t.game.Apply(a)
	if err != nil {
		return err
	}
	t.moves++
	t.journal.Actions = append(t.journal.Actions, a)
	for _, e := range t.holdReveal(evs) {
		entry := logEntry{event: e, isEvent: true}
		if e.Kind == engine.EvChallenge {
			entry.shown = t.game.View(e.Seat).Shown
		}
		t.addLog(entry)
		t.after(e)
	}
	t.dirty = true
	t.reschedule()
	return nil
}

// system makes one of the table's own moves (deal, close the race).
func (t *table) system(k engine.ActionKind) {
	if err := t.apply(engine.Action{Kind: k, Seat: engine.SystemSeat}); err != nil {
		t.note("the table could not " + k.String() + ": " + err.Error())
	}
}

// after reacts to one event: the end of a hand or of the game.
func (t *table) after(e engine.Event) {
	switch e.Kind {
	case engine.EvRaceStart:
		t.dropOrder = t.dropOrder[:0]
	case engine.EvDrop:
		t.dropOrder = append(t.dropOrder, e.Seat)
	case engine.EvRaceLost:
		t.dropOrder = append(t.dropOrder, e.Seat)
	case engine.EvHandOver:
		st := t.game.State()
		res := &HandResult{Winner: e.Seat, Partner: e.Target, Points: e.Count, Blocked: e.Blocked,
			Unscored: e.Unscored, Scores: t.game.Scores()}
		for _, h := range st.Hands {
			res.Held = append(res.Held, st.Settings.HandPoints(h)) // (a Blank scores as the table chose)
		}
		t.lastHand = res
	case engine.EvEliminated:
		if t.lastHand != nil {
			t.lastHand.Eliminated = append(t.lastHand.Eliminated, e.Seat)
		}
	case engine.EvGameOver:
		t.status = Finished
		if t.lastHand != nil {
			t.lastHand.GameOver = true
			t.lastHand.Winners = t.game.Winners()
		}
		t.listDirty = true
	}
}

func (t *table) clearTimers() {
	t.turnEnds, t.raceEnds, t.raidEnds, t.nextHandAt, t.botAt, t.catchAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}
	clear(t.drops)
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
	at := now()
	g := t.game
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
		if t.nextHandAt.IsZero() {
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
	seat := g.Current()
	if g.Phase() == engine.PhaseRaid {
		seat = g.View(seat).Player
	}
	t.turnEnds, t.raidEnds, t.botAt = time.Time{}, time.Time{}, time.Time{}
	switch s := t.seats[seat]; {
	case s.robot():
		t.botAt = at.Add(t.humanDelay(t.cfg.BotDelay))
	case g.Phase() == engine.PhaseRaid:
		t.raidEnds = at.Add(t.cfg.RaidTime)
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

// planCatch gives the bots a chance to catch a player who forgot UNO.
func (t *table) planCatch(at time.Time) {
	for _, sv := range t.game.View(-1).Seats {
		if sv.Exposed {
			for _, s := range t.seats {
				if s.bot && t.rng.IntN(2) == 0 {
					t.catchAt = at.Add(t.humanDelay(t.cfg.BotDelay * 2))
					return
				}
			}
		}
	}
}

// tick does what is due.
func (t *table) tick(at time.Time) {
	if t.status == Waiting && due(t.startsAt, at) {
		t.startsAt = time.Time{}
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
	case due(t.botAt, at):
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

// botMove plays the waiting seat's move as a bot would.
func (t *table) botMove() {
	seat := t.game.Current()
	if t.game.Phase() == engine.PhaseRaid {
		seat = t.game.View(seat).Player
	}
	v := t.game.View(seat)
	a, ok := chooseMove(v, t.rng)
	if !ok {
		return
	}
	if err := t.apply(a); err != nil {
		t.note("a bot made a mistake: " + err.Error())
	}
}

// botCatch lets a bot catch a player who did not call UNO.
func (t *table) botCatch() {
	for i, s := range t.seats {
		if !s.bot {
			continue
		}
		for _, a := range t.game.Legal(i) {
			if a.Kind == engine.Catch {
				_ = t.apply(a)
				return
			}
		}
	}
}

// timeout plays for a player whose time ran out: draw, keep, accept, end the
// raid. After three in a row a bot plays for them until they press a key.
func (t *table) timeout() {
	t.turnEnds, t.raidEnds = time.Time{}, time.Time{}
	seat := t.game.Current()
	if t.game.Phase() == engine.PhaseRaid {
		seat = t.game.View(seat).Player
	}
	s := t.seats[seat]
	a, ok := timeoutMove(t.game.View(seat))
	if !ok {
		return
	}
	s.timeouts++
	if err := t.apply(a); err != nil {
		return
	}
	t.note(fmt.Sprintf("%s ran out of time", s.nick))
	if s.timeouts >= 3 && !s.auto {
		s.auto = true
		t.note(fmt.Sprintf("a bot plays for %s until they press a key", s.nick))
		t.reschedule()
	}
}

// note adds a line of the table's own to the log.
func (t *table) note(text string) {
	t.addLog(logEntry{text: text})
	t.dirty = true
}

func (t *table) addLog(e logEntry) {
	if len(t.log) >= logKeep {
		t.log = append(t.log[:0], t.log[len(t.log)-logKeep+1:]...)
	}
	t.log = append(t.log, e)
}
