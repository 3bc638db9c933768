package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// This file brings the tournaments back after a restart, from their records
// (tournament_keep.go) and their tables' journals. A tournament waiting for
// sign-ups comes back with its places, each player's kept for the grace
// period; one in play comes back at its round, each table's game rebuilt by
// replay. The replay reports the round's hands to the tournament again, as
// the first time, so its points are back in full; a round both tables had
// played goes on to the next, as it would have. A table whose record is
// behind its tournament's (the restart came as the round began) is seated
// afresh. A tournament that cannot be rebuilt is logged, marked finished
// with its tables, and harms nothing else.

// tourRestoreCmd registers the rebuilt tournaments with their tables and
// starts them; the reply is how many were.
type tourRestoreCmd struct {
	tours []*tournament
	reply chan int
}

func (tourRestoreCmd) hubCmd()     {}
func (tourRestoreCmd) tourHubCmd() {}

// restoreTournaments is Restore's part for tournaments; saved are the
// tables the store holds for tournaments. It reports the tables restored.
func (h *Hub) restoreTournaments(ctx context.Context, saved []store.SavedTable) (int, error) {
	st := h.cfg.Store
	recs, err := st.UnfinishedTournaments(ctx)
	if err != nil {
		return 0, fmt.Errorf("reading the live tournaments: %w", err)
	}
	byTour := map[string][]store.SavedTable{}
	for _, s := range saved {
		byTour[s.Tournament] = append(byTour[s.Tournament], s)
	}
	var tours []*tournament
	for _, rec := range recs {
		mine := byTour[rec.ID]
		delete(byTour, rec.ID)
		fence, ok := h.restoreTourLeased(ctx, rec.ID)
		if !ok {
			continue // another node plays it (tournament_cluster.go)
		}
		tr, err := h.rebuildTournament(ctx, rec, mine, false)
		if err == nil {
			tr.leased, tr.fence = h.leasing(), fence
			tours = append(tours, tr)
			continue
		}
		if errors.Is(err, errNothingLeft) {
			if l := h.cfg.Logger; l != nil {
				l.Info("a tournament has nothing left to play; it is closed", "tournament", rec.ID, "why", err)
			}
		} else {
			h.logError("a tournament cannot be rebuilt; it is closed", "tournament", rec.ID, "err", err)
		}
		if err := st.FinishTournament(ctx, rec.ID); err != nil && !errors.Is(err, store.ErrUnknownTournament) {
			h.logError("closing a tournament that cannot be rebuilt", "tournament", rec.ID, "err", err)
		}
		h.finishTables(ctx, mine)
	}
	for _, left := range byTour {
		h.finishTables(ctx, left) // a tournament that had ended
	}
	if len(tours) == 0 {
		return 0, nil
	}
	reply := make(chan int, 1)
	n, err := ask(h, tourRestoreCmd{tours: tours, reply: reply}, reply)
	if err != nil {
		return 0, err
	}
	if l := h.cfg.Logger; l != nil {
		l.Info("tournaments restored", "tournaments", n, "of", len(recs), "grace", h.cfg.Grace)
	}
	return n * engine.TournamentTables, nil
}

// finishTables marks tables finished in the store.
func (h *Hub) finishTables(ctx context.Context, tables []store.SavedTable) {
	for _, s := range tables {
		if err := h.cfg.Store.FinishTable(ctx, s.ID); err != nil && !errors.Is(err, store.ErrUnknownTable) {
			h.logError("closing a tournament's table", "table", s.ID, "err", err)
		}
	}
}

// rebuildTournament makes the tournament rec was, with its tables.
// moved: taken over from another node (tournament_cluster.go), not
// restarted.
func (h *Hub) rebuildTournament(ctx context.Context, rec store.Tournament, saved []store.SavedTable, moved bool) (*tournament, error) {
	var s tourState
	if err := json.Unmarshal(rec.State, &s); err != nil {
		return nil, fmt.Errorf("its record: %w", err)
	}
	if s.Tables[0] == "" || s.Tables[0] == s.Tables[1] || s.Tables[1] == "" {
		return nil, fmt.Errorf("its record names tables %q", s.Tables)
	}
	opts := TournamentOptions{Name: s.Name, Public: s.Public, Settings: s.Settings, TurnTime: s.TurnTime}
	if _, err := engine.NewTournament(opts.settings(), 1); err != nil {
		return nil, fmt.Errorf("its settings: %w", err)
	}
	tr := newTournament(h, rec.ID, rec.Code, opts)
	tr.pendingBots = 0
	tr.keep.written, tr.keep.created = rec.State, rec.Created
	for k := range tr.tables {
		t := h.tourTable(tr, k, s.Tables[k])
		t.short = s.Shorts[k] // (kept unless a live table has it: nameTable)
		t.moved = moved
	}
	var err error
	if s.Started {
		err = tr.restorePlay(ctx, s, saved)
	} else {
		err = tr.restoreRoom(s, moved)
	}
	if err != nil {
		return nil, err
	}
	if moved {
		tr.note("the tournament moved to another server; play goes on")
	} else {
		tr.note(fmt.Sprintf("the server restarted: every player's place is kept for %s", tr.cfg.Grace.Round(time.Second)))
	}
	tr.dirty, tr.listDirty = true, true
	return tr, nil
}

// restoreRoom brings back who had signed up: every player is away, their
// place kept for the grace period. After a restart a guest's place is free
// (a guest never comes back); taken over from another node (moved), a
// guest's is kept too, as a table taken over keeps a guest's seat: a
// guest connected to another node goes on in their place (their session's
// proxy takes them back to it).
func (tr *tournament) restoreRoom(s tourState, moved bool) error {
	if len(s.Places) != engine.TournamentPlayers {
		return fmt.Errorf("its record has %d places", len(s.Places))
	}
	now := tr.now()
	for i, p := range s.Places {
		switch {
		case p.Name == "":
		case p.Bot:
			tr.places[i] = &seat{nick: p.Name, bot: true}
		case p.Key == "", isGuestKey(p.Key) && !moved:
		default:
			tr.places[i] = &seat{nick: p.Name, key: p.Key, host: p.Host, away: true, awaySince: now}
		}
	}
	if tr.humans() == 0 {
		return fmt.Errorf("%w: nobody who can come back had signed up", errNothingLeft)
	}
	if tr.host() < 0 {
		for _, p := range tr.places {
			if p.human() {
				p.host = true
				break
			}
		}
	}
	return nil
}

// restorePlay brings back a tournament in play: its players, its round, its
// points as the round began, and each table's game (or, for a table whose
// record is behind, the round seated afresh).
func (tr *tournament) restorePlay(ctx context.Context, s tourState, saved []store.SavedTable) error {
	if len(s.Players) != engine.TournamentPlayers {
		return fmt.Errorf("its record has %d players", len(s.Players))
	}
	if s.Round < 0 || s.Round >= engine.TournamentRounds {
		return fmt.Errorf("its record is at round %d", s.Round+1)
	}
	for p, pl := range s.Players {
		if pl.Name == "" {
			return fmt.Errorf("player %d has no name", p+1)
		}
		tr.names[p], tr.keys[p], tr.bots[p] = pl.Name, pl.Key, pl.Bot
	}
	tr.round, tr.tally, tr.hands = s.Round, s.Tally, s.Hands
	tr.status, tr.open = Playing, [engine.TournamentTables]bool{true, true}

	var current [engine.TournamentTables]*store.SavedTable
	var stale []store.SavedTable
	for i := range saved {
		t := &saved[i]
		var o tableOptions
		if err := json.Unmarshal(t.Options, &o); err != nil {
			return fmt.Errorf("table %s: options: %w", t.ID, err)
		}
		switch {
		case o.Tour == nil || o.Tour.Index < 0 || o.Tour.Index >= engine.TournamentTables || s.Tables[o.Tour.Index] != t.ID:
			return fmt.Errorf("table %s is not one of its tables", t.ID)
		case o.Tour.Round > s.Round:
			return fmt.Errorf("its record is at round %d, table %s at round %d", s.Round+1, t.ID, o.Tour.Round+1)
		case o.Tour.Round < s.Round:
			stale = append(stale, *t)
		case current[o.Tour.Index] != nil:
			return fmt.Errorf("two records for table %s", t.ID)
		default:
			current[o.Tour.Index] = t
		}
	}
	for k, t := range current {
		if t == nil {
			continue
		}
		if err := tr.rebuildTable(k, *t); err != nil {
			return fmt.Errorf("table %s: %w", t.ID, err)
		}
	}
	var done []store.SavedTable
	for _, t := range stale {
		if !tr.recordStale(t) {
			done = append(done, t)
		}
	}
	tr.hub.finishTables(ctx, done) // (the fresh round's record replaces them, and the others)
	now := tr.now()
	for k, t := range current {
		if t != nil {
			continue
		}
		// The restart came as the round began, before this table kept
		// it: the round is seated afresh here.
		tb := tr.tables[k]
		for _, p := range tr.schedule[tr.round].Seats(k) {
			pl := s.Players[p]
			switch {
			case pl.Bot && isGuestKey(pl.Key):
				tr.places[p] = &seat{nick: pl.Name, bot: true}
			case pl.Bot:
				tr.places[p] = tb.standIn(pl.Name)
				tr.places[p].standFor = pl.Name
			default:
				tr.places[p] = &seat{nick: pl.Name, key: pl.Key, away: true, awaySince: now}
			}
		}
		tr.seatTable(k)
	}
	return nil
}

// rebuildTable makes table k's game of the round by replaying its journal.
// Every player is away from the restart on; the bots play on. The hands the
// replay ends go to the tournament, which takes them in when it starts.
func (tr *tournament) rebuildTable(k int, s store.SavedTable) error {
	t := tr.tables[k]
	l := t.tour
	if len(s.Seats) != 4 {
		return fmt.Errorf("%d seats recorded", len(s.Seats))
	}
	g, err := tr.cfg.savedGame(s)
	if err != nil {
		return err
	}
	l.round, l.players = tr.round, tr.schedule[tr.round].Seats(k)
	now := tr.now()
	t.seats = make([]*seat, len(s.Seats))
	for i, r := range s.Seats {
		p := l.players[i]
		var st *seat
		switch {
		case r.Name != tr.names[p]:
			return fmt.Errorf("seat %d is %q's, not %q's as the schedule says", i+1, r.Name, tr.names[p])
		case r.Kind == store.SeatBot && isGuestKey(tr.keys[p]):
			st = &seat{nick: r.Name, bot: true} // the tournament's own bot
		case r.Kind == store.SeatBot:
			st = t.standIn(r.Name) // a player who left for good
			st.standFor = r.Name
		default:
			st = &seat{nick: r.Name, key: r.Key, away: true, awaySince: now, auto: r.StandIn}
		}
		t.seats[i], tr.places[p] = st, nil // (the table holds the seat)
	}
	l.view = tr.view(k)
	t.opts.Settings = s.Settings
	if !t.resume(g, s) {
		return errors.New("its game had ended")
	}
	tr.present[k] = t.humans()
	return nil
}

// onTourRestore registers a rebuilt tournament and its tables and starts
// them (hub goroutine): its code works again, and each of its players is
// expected back, by way of the tournament, which knows their table now.
func (h *Hub) onTourRestore(tr *tournament) bool {
	clash := h.tours.byID[tr.id] != nil || (tr.code != "" && (h.tours.byCode[tr.code] != nil || h.codes[tr.code] != nil))
	for _, t := range tr.tables {
		clash = clash || h.tables[t.id] != nil
	}
	if clash {
		h.logError("a restored tournament clashes with a live one; it is left out", "tournament", tr.id)
		return false
	}
	h.tours.add(tr)
	for _, id := range []string{tr.id, tr.tables[0].id, tr.tables[1].id} {
		if n, err := strconv.Atoi(strings.TrimLeft(id, "tT")); err == nil && n > h.nextID {
			h.nextID = n
		}
	}
	expect := func(key, nick string) {
		if !isGuestKey(key) {
			h.away[key] = tr.q
			if h.nicks[key] == "" {
				h.nicks[key] = nick
			}
		}
	}
	if tr.status == Waiting {
		for _, p := range tr.places {
			if p.human() {
				expect(p.key, p.nick)
			}
		}
	} else {
		for p := range engine.TournamentPlayers {
			if !tr.bots[p] {
				expect(tr.keys[p], tr.names[p])
			}
		}
	}
	for _, t := range tr.tables {
		h.nameTable(t)
		h.tables[t.id] = t
		if t.game != nil {
			t.listDirty = false
			t.publish()
		}
		if t.moved {
			t.holdAway() // found from any node (held.go)
		}
		go t.loop()
	}
	if tr.tables[0].moved {
		tr.holdPlaces() // found from any node (tournament_held.go)
	}
	go tr.loop()
	h.shareTour(tr, tr.leased) // (tournament_cluster.go)
	return true
}

// nextDeadline is when the room next has something to do by itself: a place
// kept after a restart for a player who has not come back.
func (tr *tournament) nextDeadline() time.Time {
	var next time.Time
	if tr.status != Waiting {
		return next
	}
	for _, s := range tr.places {
		if s.human() && s.away {
			if d := s.awaySince.Add(tr.cfg.Grace); next.IsZero() || d.Before(next) {
				next = d
			}
		}
	}
	return next
}

// expire frees the places of the players who did not come back in time.
func (tr *tournament) expire(at time.Time) {
	if tr.status != Waiting {
		return
	}
	for i, s := range tr.places {
		if s.human() && s.away && due(s.awaySince.Add(tr.cfg.Grace), at) {
			tr.note(fmt.Sprintf("%s did not come back", s.nick))
			tr.free(i)
			if tr.closed {
				return
			}
		}
	}
}

// recordStale records the round that the journal s of a table kept, its
// table's record not moved on to the tournament's round yet: its node
// stopped after the round was played and maybe before its game was
// recorded (a record written already is not written again). The table
// keeps that journal until the record is written: its next round's record
// waits for it (journal.go). It reports whether the round was recorded.
func (tr *tournament) recordStale(s store.SavedTable) bool {
	var o tableOptions
	if json.Unmarshal(s.Options, &o) != nil || o.Tour == nil || len(s.Seats) != 4 {
		return false
	}
	g, err := tr.cfg.savedGame(s)
	if err != nil {
		return false
	}
	// A table of its own replays it, told nothing of the tournament but
	// which round it was: the hands it ends are counted already.
	t := newTable(tr.hub, s.ID, "", TableOptions{Settings: s.Settings})
	over := make(chan struct{})
	close(over)
	t.tour = &tourLink{done: over, id: tr.id, index: o.Tour.Index, round: o.Tour.Round,
		players: tr.schedule[o.Tour.Round].Seats(o.Tour.Index)}
	t.seatsFrom(s.Seats)
	t.game, t.status, t.startedAt = g, Playing, s.Created
	t.replay(s.Journal.Actions)
	if t.recordWritten == nil {
		return false
	}
	live := tr.tables[o.Tour.Index]
	live.recordWritten, live.replaceRecord = t.recordWritten, true
	return true
}
