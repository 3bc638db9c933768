package lobby

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// This file is what a tournament keeps in Config.Store, so that a restart
// brings it back (tournament_restore.go). Its two tables keep their games as
// any table does (journal.go), each record naming the tournament and the
// round; the tournament's own record holds the rest: who signed up, the
// round, and the points as the round began. It is written when that
// changes (a sign-up, a departure from the room, the next round), never per
// move: the points of the round in play come back from the tables'
// journals, whose replay reports each hand again.
//
// The record of a round is written before its tables are seated, so a
// table's record is never ahead of its tournament's; a table whose record is
// behind (the restart came between the two) is seated afresh.

// tourState is a tournament's record (store.Tournament.State).
type tourState struct {
	Name     string          `json:"name"`
	Public   bool            `json:"public"`
	Settings engine.Settings `json:"settings"`
	TurnTime time.Duration   `json:"turn_time"`
	// Tables are the ids of its two tables, Shorts their short names.
	Tables  [engine.TournamentTables]string `json:"tables"`
	Shorts  [engine.TournamentTables]string `json:"shorts"`
	Started bool                            `json:"started"`
	// Places are who signed up, place by place, while it waits.
	Places []tourPlace `json:"places,omitempty"`
	// Players are the eight, by player number, once it has begun.
	Players []tourPlace `json:"players,omitempty"`
	Round   int         `json:"round"`
	// Tally and Hands are the points of each partnership and the hands
	// each table played, as the round began.
	Tally [engine.TournamentPlayers][engine.TournamentPlayers]int `json:"tally"`
	Hands [engine.TournamentTables]int                            `json:"hands"`
}

// tourPlace is a place in a tourState.
type tourPlace struct {
	Name string `json:"name,omitempty"`
	Key  string `json:"key,omitempty"` // a player's (a stand-in keeps the player's)
	Bot  bool   `json:"bot,omitempty"`
	Host bool   `json:"host,omitempty"`
}

// tourKeep is what the store has of the tournament (its goroutine's).
type tourKeep struct {
	written  []byte // the state last written
	pending  []byte // a state not written yet: the last try failed
	created  time.Time
	finished bool
	retryAt  time.Time
	backoff  time.Duration
}

// state is the tournament's record now.
func (tr *tournament) state() tourState {
	s := tourState{Name: tr.opts.Name, Public: tr.opts.Public, Settings: tr.opts.Settings, TurnTime: tr.opts.TurnTime,
		Started: tr.status != Waiting, Round: tr.round, Tally: tr.tally, Hands: tr.hands}
	for k, t := range tr.tables {
		s.Tables[k], s.Shorts[k] = t.id, t.short // (set before the tournament's goroutine starts)
	}
	if tr.status == Waiting {
		for _, p := range tr.places {
			s.Places = append(s.Places, tourPlace{Name: p.nick, Key: p.key, Bot: p.bot, Host: p.host})
		}
		return s
	}
	for p := range engine.TournamentPlayers {
		s.Players = append(s.Players, tourPlace{Name: tr.names[p], Key: tr.keys[p], Bot: tr.bots[p]})
	}
	return s
}

// keepState writes the record if it has changed. A room nobody has signed
// up to yet is not written.
func (tr *tournament) keepState() {
	if tr.cfg.Store == nil || tr.keep.finished || (tr.status == Waiting && tr.humans() == 0) {
		return
	}
	b, err := json.Marshal(tr.state())
	if err != nil {
		tr.hub.logError("a tournament's record cannot be made", "tournament", tr.id, "err", err)
		return
	}
	if bytes.Equal(b, tr.keep.written) {
		tr.keep.pending = nil
		return
	}
	if !bytes.Equal(b, tr.keep.pending) {
		// A new state is written at once; the same one again only when
		// its pause after a failure is over.
		tr.keep.pending, tr.keep.retryAt = b, time.Time{}
	}
	tr.writeState()
}

// writeState writes the pending record; a write that fails is logged,
// counted and tried again at a later flush (the tournament plays on).
func (tr *tournament) writeState() {
	k := &tr.keep
	if k.pending == nil || (!k.retryAt.IsZero() && tr.now().Before(k.retryAt)) {
		return
	}
	if k.created.IsZero() {
		k.created = tr.now()
	}
	ctx, cancel := context.WithTimeout(tr.hub.ctx, journalWait)
	defer cancel()
	err := tr.cfg.Store.SaveTournament(ctx, store.Tournament{ID: tr.id, Code: tr.code, State: k.pending, Created: k.created, Fence: tr.fence})
	if errors.Is(err, store.ErrFenced) && tr.hub.leasing() {
		tr.handOff(true) // another node has it now (tournament_cluster.go)
		return
	}
	tr.recordDown.Store(err != nil)
	if err == nil {
		k.written, k.pending, k.retryAt, k.backoff = k.pending, nil, time.Time{}, 0
		return
	}
	tr.hub.journal.writeErrors.Add(1)
	k.backoff = min(max(2*k.backoff, journalRetry), journalRetryMax)
	k.retryAt = tr.now().Add(k.backoff)
	tr.hub.logError("a tournament's record was not written; it plays on and tries again", "tournament", tr.id,
		"retry-in", k.backoff, "err", err)
}

// flushState is flush's part: a waiting room's record follows its sign-ups;
// once the tournament has begun, only a failed write is tried again (the
// next round writes its own).
func (tr *tournament) flushState() {
	if tr.cfg.Store == nil || tr.keep.finished {
		return
	}
	if tr.status == Waiting {
		tr.keepState()
		return
	}
	tr.writeState()
}

// finishState marks the record finished: the tournament is over, or its
// room closed. One stopping with the server is kept for the restart.
func (tr *tournament) finishState() {
	k := &tr.keep
	if tr.cfg.Store == nil || k.finished || tr.hub.stoppingNow() {
		return
	}
	k.finished = true
	if k.written == nil {
		return // never written
	}
	ctx, cancel := context.WithTimeout(tr.hub.ctx, journalWait)
	defer cancel()
	if err := tr.cfg.Store.FinishTournament(ctx, tr.id); err != nil && !errors.Is(err, store.ErrUnknownTournament) {
		tr.hub.logError("a finished tournament was not marked finished", "tournament", tr.id, "err", err)
	}
}

// keepForRestart is a player's session ending, in the room before the
// tournament begins, because the server is stopping: the place stays as the
// record has it, for them to find after the restart.
func (tr *tournament) keepForRestart(i int) bool {
	if tr.cfg.Store == nil || !tr.hub.stoppingNow() {
		return false
	}
	tr.places[i].client = nil
	return true
}

// isGuestKey reports whether key is a guest's, who never comes back.
func isGuestKey(key string) bool { return key == "" || strings.HasPrefix(key, "guest:") }
