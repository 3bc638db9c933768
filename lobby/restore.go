package lobby

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// This file brings the live tables back after a restart: each unfinished
// table in the store is rebuilt by replaying its journal (journal.go) with
// its seats, its private code and its game; every player is away, their
// seat kept for the grace period counted from the restart, and the hub
// knows their nickname, so that coming back with their key puts them in
// their seat with no question asked. Spectators are gone; timers start
// afresh; bots play on.

// restoredFrom is what a table was rebuilt from, for the operator.
type restoredFrom struct {
	actions int
	hash    string
}

// restoreCmd registers the rebuilt tables and starts them (no answer but
// done).
type restoreCmd struct {
	tables []*table
	moved  bool // taken over from another node (lease.go)
	reply  chan struct{}
}

// tablesCmd lists the live tables.
type tablesCmd struct {
	reply chan []*table
}

func (restoreCmd) hubCmd() {}
func (tablesCmd) hubCmd()  {}

// snapshotCmd asks a table how it stands, for the operator.
type snapshotCmd struct {
	reply chan TableSnapshot
}

func (snapshotCmd) tableCmd() {}

// Restore rebuilds every unfinished table kept in Config.Store, and every
// unfinished tournament with its two tables (tournament_restore.go); it
// reports the tables restored, a tournament's among them. Call it once,
// before players connect. A table whose journal cannot be replayed to the
// end is rebuilt as far as it goes (and its journal written again); one
// that cannot be rebuilt at all is logged and marked finished, as is a
// tournament. The error is only for a store that cannot be read.
func (h *Hub) Restore(ctx context.Context) (int, error) {
	st := h.cfg.Store
	if st == nil {
		return 0, nil
	}
	saved, err := st.UnfinishedTables(ctx)
	if err != nil {
		return 0, fmt.Errorf("reading the live tables: %w", err)
	}
	var tables []*table
	var tourTables []store.SavedTable
	for _, s := range saved {
		if s.Tournament != "" {
			tourTables = append(tourTables, s) // its tournament rebuilds it
			continue
		}
		if !h.restoreLeased(ctx, s) {
			continue // another node plays it
		}
		t, err := h.rebuild(s)
		switch {
		case err == nil:
			tables = append(tables, t)
			continue
		case errors.Is(err, errNothingLeft):
			if l := h.cfg.Logger; l != nil {
				l.Info("a live table has nothing left to play; it is closed", "table", s.ID, "why", err)
			}
		default:
			h.logError("a live table cannot be rebuilt; it is closed", "table", s.ID, "err", err)
		}
		if errors.Is(err, errRecordedNow) {
			continue
		}
		if err := st.FinishTable(ctx, s.ID); err != nil && !errors.Is(err, store.ErrUnknownTable) {
			h.logError("closing a table that cannot be rebuilt", "table", s.ID, "err", err)
		}
	}
	reply := make(chan struct{}, 1)
	if _, err := ask(h, restoreCmd{tables: tables, reply: reply}, reply); err != nil {
		return 0, err
	}
	if l := h.cfg.Logger; l != nil && len(saved) > len(tourTables) {
		l.Info("live tables restored", "tables", len(tables), "of", len(saved)-len(tourTables), "grace", h.cfg.Grace)
	}
	n, err := h.restoreTournaments(ctx, tourTables)
	return len(tables) + n, err
}

// errNothingLeft is a table with nothing to come back to: its game had
// ended, or nobody but bots sat at it, when the server stopped.
var errNothingLeft = errors.New("nothing left to play")

// errRecordedNow is a table whose game had ended and was not recorded yet
// (its node stopped first): the replay has handed it to the recorder, whose
// record finishes the table. Until then the table is left as it is, so that
// the game is recorded even if this node stops too.
var errRecordedNow = fmt.Errorf("%w: its game had ended; it is recorded now", errNothingLeft)

// rebuild makes the table s was, with its game replayed.
func (h *Hub) rebuild(s store.SavedTable) (*table, error) { return h.rebuildAs(s, false) }

// savedGame is the game a saved table began with, before its journal is
// replayed on it: dealt from the deck it stacked, or from its seed.
func (cfg Config) savedGame(s store.SavedTable) (*engine.Game, error) {
	if s.Stack != nil {
		return engine.NewStacked(s.Settings, s.Seed, *s.Stack)
	}
	return cfg.NewGame(s.Settings, s.Seed)
}

// rebuildAs is rebuild; moved: the table was taken over from another node
// (lease.go), not restarted.
func (h *Hub) rebuildAs(s store.SavedTable, moved bool) (*table, error) {
	var o tableOptions
	if err := json.Unmarshal(s.Options, &o); err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	if len(s.Seats) != s.Settings.Players {
		return nil, fmt.Errorf("%d seats recorded for a game of %d", len(s.Seats), s.Settings.Players)
	}
	if o.Waiting {
		return h.rebuildWaiting(s, o, moved)
	}
	g, err := h.cfg.savedGame(s)
	if err != nil {
		return nil, err
	}
	t := newTable(h, s.ID, s.Code, TableOptions{Name: o.Name, Public: o.Public, Settings: s.Settings, TurnTime: o.TurnTime,
		Ladder: o.Ladder, FastBots: o.Ladder, APIBots: o.APIBots})
	t.short = o.shortName() // its name before the restart (onRestore checks it is free)
	t.pendingBots, t.moved = 0, moved
	t.seatsFrom(s.Seats)
	if t.humans() == 0 {
		return nil, fmt.Errorf("%w: only bots sat at it", errNothingLeft)
	}
	if !t.resume(g, s) {
		if t.recordWritten != nil {
			return nil, errRecordedNow
		}
		return nil, fmt.Errorf("%w: its game had ended", errNothingLeft)
	}
	return t, nil
}

// restartLine is the one line everyone at a rebuilt table reads.
func (t *table) restartLine() string {
	if t.moved {
		return "the table moved to another server; play goes on"
	}
	return fmt.Sprintf("the server restarted: every player's seat is kept for %s", t.cfg.Grace.Round(time.Second))
}

// shortName is the short name the table had, "" if none is known: a
// record from before Short was kept has it as its name when it had no
// other.
func (o tableOptions) shortName() string {
	for _, n := range []string{o.Short, o.Name} {
		if isShortName(n) {
			return n
		}
	}
	return ""
}

// resume puts the rebuilt game g at the table, replays the record's journal
// onto it and starts its timers afresh (an ordinary table's, or a
// tournament's); false if the game had ended by then.
func (t *table) resume(g *engine.Game, s store.SavedTable) bool {
	t.game, t.status = g, Playing
	t.startedAt = s.Created // the record is made when the game begins (beginJournal)
	actions, complete := t.replay(s.Journal.Actions)
	if t.status == Finished {
		return false
	}
	if !complete {
		t.hub.logError("a journal replays only in part; the table goes on from there", "table", s.ID,
			"replayed", len(actions), "of", len(s.Journal.Actions))
	}
	ok := complete && s.Lost == 0 // else its journal is written again
	t.journal = &tableJournal{rec: s.Table, actions: actions, written: len(actions), seats: s.Seats,
		created: ok, replace: !ok}
	t.restored = &restoredFrom{actions: len(actions), hash: StateHash(g.State())}
	t.note(t.restartLine())
	t.noteStandIns()
	t.scheduled = -1 // every timer starts afresh
	t.reschedule()
	t.dirty, t.listDirty = true, true
	return true
}

// seatsFrom seats the players and bots of a record: every player is away
// from now, their seat kept for the grace period; a bot plays at once for
// those it played for before the restart, as it would have gone on doing.
func (t *table) seatsFrom(seats []store.TableSeat) {
	now := t.clock.Now()
	for i, r := range seats {
		st := &seat{nick: r.Name, host: r.Host}
		switch {
		case r.Name == "":
		case r.Kind == store.SeatBot:
			l, err := bot.ParseLevel(r.BotLevel)
			if err != nil {
				l = bot.Normal // a record from before levels were kept
			}
			st = t.botSeat(r.Name, l)
			st.host = r.Host
		default:
			st.key, st.away, st.awaySince = r.Key, true, now
			st.auto = r.StandIn // (standin.go)
		}
		t.seats[i] = st
	}
}

// rebuildWaiting makes the table s was while it waited for its game: its
// seats, its rules and its code.
func (h *Hub) rebuildWaiting(s store.SavedTable, o tableOptions, moved bool) (*table, error) {
	if len(s.Journal.Actions) > 0 {
		return nil, errors.New("a table waiting for its game has a journal")
	}
	t := newTable(h, s.ID, s.Code, TableOptions{Name: o.Name, Public: o.Public, Settings: s.Settings, TurnTime: o.TurnTime,
		Ladder: o.Ladder, FastBots: o.Ladder, APIBots: o.APIBots})
	t.short = o.shortName() // its name before the restart (onRestore checks it is free)
	t.pendingBots, t.moved = 0, moved
	t.seatsFrom(s.Seats)
	if t.humans() == 0 {
		return nil, fmt.Errorf("%w: nobody was waiting at it", errNothingLeft)
	}
	if t.opts.Public {
		t.startsAt = t.clock.Now().Add(t.cfg.StartCountdown)
	}
	t.ladderWaits() // a lone ladder player waits afresh, then plays a reference (normal: the one kept nowhere)
	t.journal = &tableJournal{rec: s.Table, seats: s.Seats, created: true, waiting: true}
	t.restored = &restoredFrom{}
	t.note(t.restartLine())
	t.dirty, t.listDirty = true, true
	return t, nil
}

// keepForRestart is a session ending because the server is stopping: the
// seat stays as the store has it (even at a table waiting for its game),
// for the player to find after the restart.
func (t *table) keepForRestart(c *Client) bool {
	if t.cfg.Store == nil || !t.hub.stoppingNow() {
		return false
	}
	delete(t.watchers, c)
	if i := t.seatOf(c); i >= 0 {
		t.seats[i].client = nil
	}
	return true
}

// expireWaiting gives up the seats of the players who did not come back to
// a waiting table restored after a restart (the only waiting table where a
// player can be away); a table nobody comes back to closes.
func (t *table) expireWaiting(at time.Time) {
	for i, s := range t.seats {
		if s.away && !s.bot && due(s.awaySince.Add(t.cfg.Grace), at) {
			t.note(fmt.Sprintf("%s did not come back", s.nick))
			t.free(i)
			t.afterLeave()
			if t.closed {
				return
			}
		}
	}
}

// replay applies the journal's actions to the table's new game, as they
// were applied the first time, so that the log and the last hand's result
// are back too. It stops at the first action the game refuses, and returns
// the actions applied.
func (t *table) replay(actions []engine.Action) (applied []engine.Action, complete bool) {
	var evs []engine.Event
	var err error
	for i, a := range actions {
		if evs, err = t.game.AppendApply(evs[:0], a); err != nil {
			return append([]engine.Action(nil), actions[:i]...), false
		}
		t.moves++
		for _, e := range evs {
			entry := logEntry{event: e, isEvent: true}
			if e.Kind == engine.EvChallenge {
				entry.shown = t.game.View(e.Seat).Shown
			}
			t.addLog(entry)
			t.after(e)
		}
	}
	return append([]engine.Action(nil), actions...), true
}

// onRestore registers the rebuilt tables and starts them (hub goroutine):
// their codes work again, and each of their players is expected back.
func (h *Hub) onRestore(tables []*table, moved bool) {
	for _, t := range tables {
		if h.tables[t.id] != nil || (t.code != "" && h.codes[t.code] != nil) {
			h.logError("a restored table clashes with a live one; it is left out", "table", t.id)
			continue
		}
		h.nameTable(t)
		h.tables[t.id] = t
		if t.code != "" {
			h.codes[t.code] = t
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(t.id, "t")); err == nil && n > h.nextID {
			h.nextID = n
		}
		for _, s := range t.seats {
			if s.human() && s.key != "" && !strings.HasPrefix(s.key, "guest:") { // (a guest never comes back)
				h.away[s.key] = t.q
				if h.nicks[s.key] == "" {
					h.nicks[s.key] = s.nick
				}
			}
		}
		t.listDirty = false
		t.publish()
		h.serveTable(t)
		if h.leasing() {
			h.leases.add(t)
		}
		if moved {
			t.holdAway() // found from any node (held.go)
		}
		go t.loop()
	}
}

func (h *Hub) allTables() []*table {
	out := make([]*table, 0, len(h.tables))
	for _, t := range h.tables {
		out = append(out, t)
	}
	return out
}

// TableSnapshot is how a table stands, for the operator (never shown to
// players: it has no cards, but a hash of the whole game).
type TableSnapshot struct {
	ID      string         `json:"id"`
	Private bool           `json:"private"`
	Status  string         `json:"status"`
	Seats   []SeatSnapshot `json:"seats"`
	// Actions is the current game's actions so far (0 without a store);
	// Unwritten, those the store has not acknowledged yet.
	Actions   int `json:"actions"`
	Unwritten int `json:"unwritten"`
	// Hash is StateHash of the game now ("" before a game).
	Hash string `json:"hash,omitempty"`
	// RestoredActions and RestoredHash are the game as the restart
	// rebuilt it (a table not restored has none).
	RestoredActions int    `json:"restored_actions,omitempty"`
	RestoredHash    string `json:"restored_hash,omitempty"`
}

// SeatSnapshot is a seat in a TableSnapshot.
type SeatSnapshot struct {
	Nick      string `json:"nick"`
	Bot       bool   `json:"bot,omitempty"`
	Away      bool   `json:"away,omitempty"`
	Connected bool   `json:"connected,omitempty"`
}

// StateHash is a digest of a game's whole state (engine.State, the random
// generator's included): two games with equal hashes play on alike.
func StateHash(s engine.State) string {
	b, _ := json.Marshal(s)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Snapshot is how every live table stands, sorted by id, for the operator.
func (h *Hub) Snapshot(ctx context.Context) ([]TableSnapshot, error) {
	reply := make(chan []*table, 1)
	tables, err := request(ctx, h.cmds, h.done, hubCmd(tablesCmd{reply: reply}), reply, true)
	if err != nil {
		return nil, err
	}
	var out []TableSnapshot
	for _, t := range tables {
		r := make(chan TableSnapshot, 1)
		s, err := request(ctx, t.q.cmds, t.q.done, tableCmd(snapshotCmd{reply: r}), r, true)
		if errors.Is(err, errGone) {
			continue // closed meanwhile
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	sortSnapshots(out)
	return out, nil
}

func sortSnapshots(s []TableSnapshot) {
	num := func(id string) int { n, _ := strconv.Atoi(strings.TrimPrefix(id, "t")); return n }
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && num(s[j].ID) < num(s[j-1].ID); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func (t *table) snapshot() TableSnapshot {
	s := TableSnapshot{ID: t.id, Private: t.code != "", Status: t.status.String()}
	for _, st := range t.seats {
		s.Seats = append(s.Seats, SeatSnapshot{Nick: st.nick, Bot: st.bot, Away: st.away, Connected: st.client != nil})
	}
	if t.game != nil {
		s.Hash = StateHash(t.game.State())
	}
	if j := t.journal; j != nil {
		s.Actions, s.Unwritten = len(j.actions), len(j.actions)-j.written
	}
	if r := t.restored; r != nil {
		s.RestoredActions, s.RestoredHash = r.actions, r.hash
	}
	return s
}
