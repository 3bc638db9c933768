package lobby

import (
	"errors"
	"fmt"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// This file is a table's side of a tournament: an ordinary table whose
// seats and game the tournament sets for each round. It tells the
// tournament how each hand ended, stops after the round's four hands, hands
// its seats back between rounds, and passes on what a session meant for a
// player who now sits at the other table.

// tourLink ties a table to its tournament; nil at an ordinary table.
type tourLink struct {
	reports chan<- tourReport
	done    <-chan struct{} // the tournament's goroutine has ended
	id      string          // the tournament's
	index   int             // the table's number in the tournament (0 or 1)
	round   int
	players [4]int // the player number in each seat
	hands   int    // hands finished this round
	view    *TournamentView
	over    bool
	direct  bool // handling a command the tournament passed on: never pass it back
	// kept are the round's seats as the store keeps them once the table
	// has handed them back: the stand-ins that hold the names meanwhile
	// are not written, so that a restart seats the players, not them.
	kept []store.TableSeat
}

// tourTableOptions are a tournament's table's place in it, kept in the
// table's record (tableOptions.Tour) for a restart.
type tourTableOptions struct {
	Index int `json:"index"`
	Round int `json:"round"`
}

var errMoving = errors.New("you are moving to your next table: a moment")

// tourHandle handles the tournament's commands, and passes up a session's
// command about a player who no longer sits here. It reports false for a
// command the table handles as usual.
func (t *table) tourHandle(cmd tableCmd) (answer func(), ok bool) {
	l := t.tour
	switch cmd := cmd.(type) {
	case tourSeatCmd:
		t.tourSeat(cmd)
	case tourReleaseCmd:
		t.tourRelease()
	case tourViewCmd:
		l.view = cmd.view
		t.dirty = true
	case tourEndCmd:
		t.tourEnd(cmd.view)
	case tourCloseCmd:
		t.close(cmd.why)
	case tourFwdCmd:
		l.direct = true
		answer = t.handle(cmd.cmd)
		l.direct = false
		if in, ok := cmd.cmd.(intentCmd); ok && in.in.Kind == Leave {
			// They pressed leave at the table they were leaving for this
			// one, which may not have shown them this table yet: either
			// way, they go to the lobby.
			in.c.unseat(in.c.table(), "", false)
		}
		return answer, true
	case reattachCmd:
		if l.direct || t.seatOfKey(cmd.c.key) >= 0 {
			return nil, false
		}
		t.tourTell(tourAskReport{cmd: cmd})
	case disconnectCmd:
		if l.direct || t.seatOf(cmd.c) >= 0 || t.watchers[cmd.c] {
			return nil, false
		}
		t.tourTell(tourAskReport{cmd: cmd})
	case intentCmd:
		if l.direct || t.seatOf(cmd.c) >= 0 || t.watchers[cmd.c] {
			return nil, false
		}
		if cmd.in.Kind == Leave {
			t.tourTell(tourAskReport{cmd: cmd})
			return func() {}, true
		}
		cmd.c.notice(errMoving.Error(), true)
		return func() { cmd.answer(errMoving) }, true
	default:
		return nil, false
	}
	return func() {}, true
}

// tourTell sends the tournament a report; it never waits long, as the
// reports have room for all a table sends.
func (t *table) tourTell(r tourReport) {
	select {
	case t.tour.reports <- r:
	case <-t.tour.done:
	case <-t.hub.ctx.Done():
	}
}

// tourSeat seats the round's players and deals its first hand.
func (t *table) tourSeat(cmd tourSeatCmd) {
	l := t.tour
	l.round, l.players, l.hands, l.view, l.kept = cmd.round, cmd.players, 0, cmd.view, nil
	t.seats = append([]*seat(nil), cmd.seats[:]...)
	for _, s := range t.seats {
		s.host = false // the tournament's tables have no host
	}
	t.opts.Settings = cmd.settings
	seed := t.cfg.Seed()
	g, err := t.cfg.NewGame(cmd.settings, seed)
	if err != nil {
		t.note("the round could not start: " + err.Error())
		return
	}
	t.game, t.status, t.lastHand, t.reveal, t.dropOrder = g, Playing, nil, nil, nil
	t.beginJournal(seed) // the round's game, kept as any table's is
	t.beginTally()       // and recorded as any table's is (history.go)
	if t.journal != nil {
		// It began when its journal did, as a restart that replays it
		// finds: the store knows the round again by it (store.RecordGame).
		t.tally.started = t.journal.rec.Created
	}
	r := cmd.view.Schedule[cmd.round].Tables[l.index]
	name := func(p int) string { return cmd.view.Players[p] }
	t.note(fmt.Sprintf("round %d of %d: %s & %s against %s & %s", cmd.round+1, engine.TournamentRounds,
		name(r[0][0]), name(r[0][1]), name(r[1][0]), name(r[1][1])))
	t.system(engine.Deal)
	t.dirty, t.listDirty = true, true
}

// tourHand tells the tournament how a hand ended.
func (t *table) tourHand(e engine.Event) {
	if t.tour == nil {
		return
	}
	l := t.tour
	l.hands++
	partner := e.Target
	if partner < 0 {
		partner = (e.Seat + 2) % 4 // partners sit across
	}
	last := l.hands >= engine.HandsPerPartnership
	if last && t.tally != nil {
		// The round's game ends here, short of its out-of-reach target: it
		// is recorded now, a game of the round's hands.
		t.recordGame()
		t.tally = nil
	}
	t.tourTell(tourHandReport{table: l.index, round: l.round, winner: l.players[e.Seat], partner: l.players[partner],
		points: e.Count, last: last})
	if last && l.round < engine.TournamentRounds-1 {
		t.note("this table has played the round's four hands: the players change tables when both have")
	}
}

// tourWaits reports whether the table deals no more hands: its round is
// played, or the tournament is over.
func (t *table) tourWaits() bool {
	return t.tour != nil && (t.tour.over || t.tour.hands >= engine.HandsPerPartnership)
}

// tourRelease hands the seats back to the tournament for the next round.
// Until the next round is seated, stand-ins keep the players' names.
func (t *table) tourRelease() {
	var seats [4]*seat
	copy(seats[:], t.seats)
	if t.journal != nil {
		t.tour.kept = t.seatRecords(nil)
	}
	for i, s := range t.seats {
		t.seats[i] = t.botSeat(s.nick, bot.Normal)
	}
	t.clearTimers()
	t.tourTell(tourReleasedReport{table: t.tour.index, seats: seats})
}

// tourEnd is the end of the tournament: the table's game is over.
func (t *table) tourEnd(v *TournamentView) {
	t.tour.over, t.tour.view = true, v
	t.status = Finished
	t.clearTimers()
	t.note("the tournament is over")
	t.dirty, t.listDirty = true, true
	if t.humans() == 0 {
		t.close("")
	}
}

// tourLeft is afterLeave at a tournament's table: while the tournament is
// on, the table stays open for its bots and tells the tournament how many
// people it seats; after it, the table closes when nobody is left.
func (t *table) tourLeft() {
	if !t.tour.over {
		t.tourTell(tourHumansReport{table: t.tour.index, humans: t.humans()})
		return
	}
	if t.humans() == 0 {
		t.close("")
	}
}

// tourClosed tells the tournament the table has closed.
func (t *table) tourClosed() {
	if t.tour != nil {
		t.tourTell(tourClosedReport{table: t.tour.index})
	}
}

// tourKeptSeats are the seats the store keeps for a table that has handed
// its seats back, or nil.
func (t *table) tourKeptSeats() []store.TableSeat {
	if t.tour == nil {
		return nil
	}
	return t.tour.kept
}

// tourID is the tournament's id, or "" at an ordinary table.
func (t *table) tourID() string {
	if t.tour == nil {
		return ""
	}
	return t.tour.id
}

// tourRound is the tournament's round the table plays, 0 at an ordinary table.
func (t *table) tourRound() int {
	if t.tour == nil {
		return 0
	}
	return t.tour.round
}

// tourView is the tournament as this table's viewers see it, a copy each.
func (t *table) tourView() *TournamentView {
	if t.tour == nil {
		return nil
	}
	return t.tour.view.clone()
}
