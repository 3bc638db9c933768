package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// This file is a table's journal: every action the game accepts is written
// to Config.Store before anyone is sent its result, so that a restart can
// rebuild the game by replay (restore.go). The store commits the actions of
// all the tables waiting at once in one transaction (group commit); a table
// waits only for its own batch, on its own goroutine, and no other table
// waits on it.
//
// The table writes as its node's (Config.Node): it claims the table in the
// store once, when its record is first written (created, or found again
// after a restart), and writes every entry with that claim's fence; a
// journal that refuses it (store.ErrFenced) has another writer now.
//
// A write that fails (after the store's own retries) is logged and counted,
// and the table holds (pause.go): what is not written yet stays in memory,
// unseen, and is written again, in order, after a growing pause; play goes
// on once it is. Any error of the store holds it, whatever the backend. The
// live table is the truth; when the store has lost its record (or holds
// another game under the same id) the table writes its whole game again.

const (
	// journalWait bounds one write, so that a store that hangs cannot
	// hold a table for good; a write cut short is tried again (writing an
	// entry twice with the same action is harmless).
	journalWait = 15 * time.Second
	// journalRetry is the first pause after a failed write, doubled each
	// time up to journalRetryMax: players wait at a held table, so it
	// tries again often.
	journalRetry    = time.Second
	journalRetryMax = 8 * time.Second
)

// tableJournal is what a table has written of its game, and what it still
// has to write (table goroutine).
type tableJournal struct {
	rec      store.Table       // the table's record, as CreateTable writes it
	actions  []engine.Action   // every action of the game, in order
	written  int               // actions the store has acknowledged
	created  bool              // the store holds rec (and the journal's first written actions)
	seats    []store.TableSeat // the seats as last written
	over     bool              // the game has ended (or was abandoned): finish it once written
	finished bool              // the store has marked the table finished
	waiting  bool              // the record of a table whose game has not started
	// recorded: the game was played to its end and handed to the recorder,
	// whose record finishes an ordinary table's record (store.RecordGame).
	recorded bool
	// replace: the store may hold an unfinished record under this id (the
	// table's record while it waited, or one a failed write left), which
	// the new record replaces.
	replace bool

	failing bool // the last write failed: wait for retryAt
	retryAt time.Time
	backoff time.Duration
}

// JournalStats are the lobby's counters of the tables' journals, for the
// operator: the store's own counters (store.Stats) say what it wrote.
type JournalStats struct {
	// Appended is the actions the store acknowledged.
	Appended uint64
	// WriteErrors is the writes that failed and will be tried again.
	WriteErrors uint64
	// Unwritten is the actions applied at a table and not written yet.
	Unwritten int64
	// Held is the tables holding now because their journal cannot be
	// written (pause.go).
	Held int64
}

// journalCounters are the hub's JournalStats, updated by the tables.
type journalCounters struct {
	appended, writeErrors atomic.Uint64
	unwritten, held       atomic.Int64
	awaiting              atomic.Int64 // tables waiting for their last game's record (tests)
}

// JournalStats are the journals' counters now.
func (h *Hub) JournalStats() JournalStats {
	return JournalStats{Appended: h.journal.appended.Load(), WriteErrors: h.journal.writeErrors.Load(),
		Unwritten: h.journal.unwritten.Load(), Held: h.journal.held.Load()}
}

// tableOptions are the lobby's own options of a live table, kept with its
// record (store.Table.Options) for a restart.
type tableOptions struct {
	Name string `json:"name"`
	// Short is the table's short name, which players give each other: it
	// comes back with the table (unless a live table has taken it).
	Short    string        `json:"short,omitempty"`
	Public   bool          `json:"public"`
	TurnTime time.Duration `json:"turn_time"`
	// Waiting marks a table whose game has not started: its record has
	// its seats and rules, and no journal.
	Waiting bool `json:"waiting,omitempty"`
	// Tour is where a tournament's table stands in it (its tournament is
	// the record's Tournament).
	Tour *tourTableOptions `json:"tour,omitempty"`
	// Ladder: a game of the bot ladder, rated there after a restart too.
	Ladder bool `json:"ladder,omitempty"`
	// APIBots: the host lets API bots sit at the public table.
	APIBots bool `json:"api_bots,omitempty"`
}

// beginJournal starts the journal of the game just made (start), with the
// seed it was made from.
func (t *table) beginJournal(seed uint64) {
	if t.cfg.Store == nil {
		return
	}
	prev := t.journal
	t.dropJournal()
	t.journal = &tableJournal{rec: t.record(seed, false), replace: (prev != nil && !prev.finished) || t.replaceRecord}
	t.replaceRecord = false
}

// record is the table's record for the store.
func (t *table) record(seed uint64, waiting bool) store.Table {
	o := tableOptions{Name: t.opts.Name, Short: t.short, Public: t.opts.Public, TurnTime: t.opts.TurnTime, Waiting: waiting,
		Ladder: t.opts.Ladder, APIBots: t.opts.APIBots}
	rec := store.Table{ID: t.id, Code: t.code, Settings: t.opts.Settings, Seed: seed, Created: t.clock.Now()}
	if l := t.tour; l != nil {
		o.Tour, rec.Tournament = &tourTableOptions{Index: l.index, Round: l.round}, l.id
	}
	rec.Options, _ = json.Marshal(o)
	return rec
}

// waitingJournal keeps a table whose game has not started (its seats, its
// rules, its code), so that a restart brings its players back to it. (A
// tournament's table waits empty: its tournament keeps who signed up.)
func (t *table) waitingJournal() {
	j := t.journal
	switch {
	case t.cfg.Store == nil || t.tour != nil || t.closed || t.status != Waiting || t.taken() == 0:
	case j == nil:
		t.journal = &tableJournal{rec: t.record(0, true), waiting: true}
	case j.waiting && !reflect.DeepEqual(j.rec.Settings, t.opts.Settings):
		// The host changed the rules: the record is written again.
		j.rec.Settings, j.created, j.replace = t.opts.Settings, false, true
	}
}

// dropJournal forgets the journal of a game that has ended, whatever of it
// is still unwritten.
func (t *table) dropJournal() {
	if j := t.journal; j != nil {
		t.hub.journal.unwritten.Add(-int64(len(j.actions) - j.written))
		t.journal = nil
	}
}

// journalAction records an action the game has just accepted.
func (t *table) journalAction(a engine.Action) {
	if j := t.journal; j != nil {
		j.actions = append(j.actions, a)
		t.hub.journal.unwritten.Add(1)
	}
}

// seatRecords are the seats as the store keeps them.
func (t *table) seatRecords(dst []store.TableSeat) []store.TableSeat {
	if kept := t.tourKeptSeats(); kept != nil {
		return append(dst, kept...)
	}
	for _, s := range t.seats {
		r := store.TableSeat{Name: s.nick, Host: s.host, StandIn: s.human() && s.auto}
		switch {
		case s.empty():
		case s.bot:
			r.Kind, r.BotLevel = store.SeatBot, s.level().String()
		case strings.HasPrefix(s.key, "guest:"):
			r.Kind, r.Key = store.SeatGuest, s.key
		default:
			r.Kind, r.Key = store.SeatAccount, s.key
		}
		dst = append(dst, r)
	}
	return dst
}

// seatsChanged reports whether the seats differ from those last written.
func (t *table) seatsChanged(written []store.TableSeat) bool {
	if kept := t.tourKeptSeats(); kept != nil {
		return !reflect.DeepEqual(kept, written)
	}
	if len(written) != len(t.seats) {
		return true
	}
	for i, s := range t.seats {
		w := written[i]
		if w.Name != s.nick || (w.Kind == store.SeatBot) != s.bot || w.Host != s.host || w.StandIn != (s.human() && s.auto) {
			return true
		}
	}
	return false
}

// persist writes what the table has not written yet: its record, its
// seats, its new actions and, once its game is over, its end. The loop
// calls it before it sends anyone the new state (flush), so nothing is
// shown before it is kept: a write that fails holds the table until one
// succeeds (pause.go).
func (t *table) persist() {
	t.waitingJournal()
	j := t.journal
	if j == nil {
		t.unpause()
		return
	}
	if t.status == Finished {
		j.over = true
	}
	if j.finished || (j.failing && t.clock.Now().Before(j.retryAt)) {
		return
	}
	if j.created && j.written == len(j.actions) && !j.over && !t.seatsChanged(j.seats) {
		t.unpause()
		return // nothing new: the usual case between two moves
	}
	ctx, cancel := context.WithTimeout(t.hub.ctx, journalWait)
	defer cancel()
	err := t.writeJournal(ctx, j)
	if errors.Is(err, store.ErrFenced) && t.hub.leasing() {
		// Another node has the table now: it stops here at once rather
		// than hold (handoff.go). (On a lone node it holds, as for any
		// write that fails: no node here could take it over.)
		t.handOff(true)
		return
	}
	t.storeDown.Store(err != nil && j.created)
	if err == nil {
		j.failing, j.backoff, j.retryAt = false, 0, time.Time{}
		if j.finished {
			t.journal = nil
		}
		t.unpause()
		return
	}
	t.hub.journal.writeErrors.Add(1)
	j.backoff = min(max(2*j.backoff, journalRetry), journalRetryMax)
	j.failing, j.retryAt = true, t.clock.Now().Add(j.backoff)
	if l := t.cfg.Logger; l != nil {
		l.Error("journal write failed; the table holds and tries again", "table", t.id,
			"unwritten", len(j.actions)-j.written, "retry-in", j.backoff, "err", err)
	}
	t.pause()
}

// writeJournal does persist's writes, in order, stopping at the first that
// fails.
func (t *table) writeJournal(ctx context.Context, j *tableJournal) error {
	st := t.cfg.Store
	if !j.created {
		// A new record drops the journal the last game could still be
		// recorded from, were this node to die before its record is
		// written: it waits for it (long written, but for a game that has
		// just ended or a store that fails).
		if err := t.awaitRecord(ctx); err != nil {
			return err
		}
		if j.replace {
			if err := st.FinishTable(ctx, j.rec.ID); err != nil && !errors.Is(err, store.ErrUnknownTable) {
				return fmt.Errorf("clearing the old record: %w", err)
			}
		}
		rec := j.rec
		rec.Seats = t.seatRecords(nil)
		if err := st.CreateTable(ctx, rec); err != nil {
			// (Written or not, or another record under the id: the
			// next try replaces whatever is there.)
			j.replace = true
			return fmt.Errorf("recording the table: %w", err)
		}
		j.created, j.replace, j.seats = true, false, rec.Seats
		t.hub.journal.unwritten.Add(int64(j.written))
		j.written = 0
	} else if t.seatsChanged(j.seats) {
		seats := t.seatRecords(nil)
		if err := st.SetTableSeats(ctx, j.rec.ID, seats); err != nil {
			return t.lostRecord(j, fmt.Errorf("recording the seats: %w", err))
		}
		j.seats = seats
	}
	if !t.claimed {
		fence, err := st.ClaimTable(ctx, j.rec.ID, t.cfg.Node)
		if err != nil {
			return t.lostRecord(j, fmt.Errorf("claiming the table: %w", err))
		}
		t.fence, t.claimed = fence, true
	}
	for j.written < len(j.actions) {
		if err := st.Append(ctx, j.rec.ID, t.fence, j.written, j.actions[j.written]); err != nil {
			return t.lostRecord(j, err)
		}
		j.written++
		t.hub.journal.unwritten.Add(-1)
		t.hub.journal.appended.Add(1)
	}
	if j.over && j.recorded && t.tour == nil {
		// The game's record finishes the table with it (and its
		// journal, which until then can still record it: restore.go).
		j.finished = true
		return nil
	}
	if j.over {
		if err := t.awaitRecord(ctx); err != nil {
			return err
		}
		if err := st.FinishTable(ctx, j.rec.ID); err != nil && !errors.Is(err, store.ErrUnknownTable) {
			return err // (unknown: finished already, by the game's record)
		}
		j.finished = true
	}
	return nil
}

// awaitRecord waits until the last finished game is written, within ctx.
func (t *table) awaitRecord(ctx context.Context) error {
	ch := t.recordWritten
	if ch == nil {
		return nil
	}
	select {
	case <-ch:
		t.recordWritten = nil
		return nil
	default:
	}
	t.hub.rec.hurryUp()
	t.hub.journal.awaiting.Add(1)
	defer t.hub.journal.awaiting.Add(-1)
	select {
	case <-ch:
		t.recordWritten = nil
		return nil
	case <-ctx.Done():
		return fmt.Errorf("the last game is not recorded yet: %w", ctx.Err())
	}
}

// lostRecord passes err on; if it says the store has no record of the
// table, or another game's entry under this id, the next try writes the
// whole game again.
func (t *table) lostRecord(j *tableJournal, err error) error {
	if errors.Is(err, store.ErrUnknownTable) || errors.Is(err, store.ErrSeqTaken) {
		j.created, j.replace = false, true
	}
	return err
}

// journalRetryAt is when a failed write is tried again (zero: none due).
func (t *table) journalRetryAt() time.Time {
	if j := t.journal; j != nil && j.failing {
		return j.retryAt
	}
	return time.Time{}
}

// endJournal is the table closing. What is unwritten is written (once
// more, if the store is failing). A game still under way is kept for the
// next start if the server is stopping; otherwise everyone has left it, and
// it ends.
func (t *table) endJournal() {
	defer t.released()
	j := t.journal
	if j == nil {
		return
	}
	if !t.hub.stoppingNow() {
		j.over = true
	}
	j.failing = false // one last try
	t.persist()
	t.dropJournal()
}
