package lobby

import (
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is the game at the table: applying moves (the players', the
// bots', the table's own) and what follows each one.

// apply makes a move in the game and deals with what follows.
func (t *table) apply(a engine.Action) error {
	if t.reveal != nil {
		return t.errDrawing()
	}
	evs, err := t.game.Apply(a)
	if err != nil {
		return err
	}
	t.feedBots(evs)
	t.moves++
	t.movedAt = t.clock.Now()
	t.hub.movesMade.Add(1)
	t.journalAction(a)
	for _, e := range t.holdReveal(evs) {
		entry := logEntry{event: e, isEvent: true, text: t.standInWin(e)}
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
	t.noteEvent(e) // history.go
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
		t.tourHand(e)
	case engine.EvEliminated:
		if t.lastHand != nil {
			t.lastHand.Eliminated = append(t.lastHand.Eliminated, e.Seat)
		}
	case engine.EvGameOver:
		t.status = Finished
		if t.lastHand != nil {
			t.lastHand.GameOver = true
			t.lastHand.Winners = t.game.Winners()
			t.lastHand.StandIns = t.standIns()
			t.lastHand.Names = make([]string, len(t.seats))
			for i, s := range t.seats {
				t.lastHand.Names[i] = s.nick
			}
		}
		t.listDirty = true
		t.logFinished()
		t.endHolds() // the game is over: there is no seat to come back to
	}
}

// decider is the seat whose move the game waits for (the raider during a
// raid; outside a Chili race, where several may drop, there is one).
func (t *table) decider() int {
	if w := t.game.Waiting(); len(w) > 0 && w[0] >= 0 {
		return w[0]
	}
	return t.game.Current()
}

// botMove plays the waiting seat's move as a bot would.
func (t *table) botMove() {
	seat := t.decider()
	v := t.game.View(seat)
	a, ok := t.botChoose(seat, v)
	if !ok {
		return
	}
	if err := t.apply(a); err != nil {
		t.note("a bot made a mistake: " + err.Error())
		return
	}
	t.idleMove(seat)
}

// timeout plays for a player whose time ran out: draw, keep, accept, end the
// raid. After three in a row a bot plays for them until they press a key.
func (t *table) timeout() {
	t.turnEnds, t.raidEnds = time.Time{}, time.Time{}
	seat := t.decider()
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
	e.seq = t.logSeq
	t.logSeq++
	t.log = append(t.log, e)
}
