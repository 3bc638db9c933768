package lobby

import (
	"reflect"
	"slices"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// This file is a view as it crosses nodes after the first: only what
// changed since the view the same shadow was last sent. A move changes
// the game, a time or two and one line of the log, while a whole view
// carries the table, every seat and the log's last lines: sending the
// whole view each time made the encoding, the decoding and the bytes on
// NATS grow with all a view holds rather than with what happened.
//
// A delta names the version of the screen it changes (Base). The session's
// node applies it only on top of that very screen; one that does not fit
// (a message lost or overtaken, a shadow new to it) is held back and the
// view asked for again whole (proxy.resync), so a screen is never built
// from the wrong base.

// The parts of a view a delta may carry, as bits of viewDelta.Set: a part
// whose bit is clear is as in the base; one whose bit is set is the new
// value, nil included.
const (
	dInfo uint16 = 1 << iota
	dCode
	dSeats
	dGame
	dLastHand
	dReveal
	dDrops
	dTournament
)

// viewDelta is a view as the changes from the view of the screen Base.
type viewDelta struct {
	Base uint64 `json:"b"`
	Set  uint16 `json:"set,omitempty"`

	Info       *TableInfo      `json:"info,omitempty"`
	Code       string          `json:"code,omitempty"`
	Seats      []SeatInfo      `json:"seats,omitempty"`
	Game       *deltaGame      `json:"game,omitempty"`
	LastHand   *HandResult     `json:"last,omitempty"`
	Reveal     *Reveal         `json:"reveal,omitempty"`
	Drops      []int           `json:"drops,omitempty"`
	Tournament *TournamentView `json:"tour,omitempty"`

	// The scalars, always carried: they are small.
	You      int       `json:"you"`
	Moves    int       `json:"moves,omitempty"`
	Host     bool      `json:"host,omitempty"`
	BotLevel bot.Level `json:"level,omitempty"`
	FastBots bool      `json:"fast,omitempty"`
	APIBots  bool      `json:"api,omitempty"`
	Times    viewTimes `json:"t"`

	// The log: the base's lines less the first LogDrop, then LogAdd.
	LogDrop int        `json:"ld,omitempty"`
	LogAdd  []wireLine `json:"la,omitempty"`
	// SeatsInAll is Info.Seats, which JSON cannot carry inside the
	// TableInfo it embeds (as wireScreen.SeatsInAll).
	SeatsInAll int `json:"sa,omitempty"`
}

// deltaGame is the game of a delta: its settings, which stay as they
// were for the whole game, are carried only when they changed, and the
// viewer's hand, the seats and the legal moves (most of a game's bytes,
// and for most viewers the same after another's move) only when they
// changed; Same says which are as in the base's game. These fields hide
// the view's own from JSON. The cards, the legal moves, the phase and the
// colour go as numbers (wireCard, wireAction): the engine writes each of
// them as its name through a method, which cost the owner a call and an
// allocation per card and the session's node a parse per card, for every
// screen that crossed.
type deltaGame struct {
	*engine.View
	Settings *engine.Settings  `json:"settings,omitempty"`
	Hand     []wireCard        `json:"hand,omitempty"`
	Seats    []engine.SeatView `json:"seats,omitempty"`
	Legal    []wireAction      `json:"legal,omitempty"`
	Same     uint8             `json:"same,omitempty"`
	Phase    uint8             `json:"phase"`
	Top      wireCard          `json:"top,omitempty"`
	Color    uint8             `json:"color,omitempty"`
	Drawn    wireCard          `json:"drawn,omitempty"`
}

// wireCard is a card as one number: its colour, kind and value, a byte
// each.
type wireCard uint32

func toWire(c engine.Card) wireCard {
	return wireCard(c.Color) | wireCard(c.Kind)<<8 | wireCard(c.Value)<<16
}

func (w wireCard) card() engine.Card {
	return engine.Card{Color: engine.Color(w), Kind: engine.Kind(w >> 8), Value: uint8(w >> 16)}
}

// wireCards is cards as wireCards (nil stays nil).
func wireCards(cs []engine.Card) []wireCard {
	if cs == nil {
		return nil
	}
	out := make([]wireCard, len(cs))
	for i, c := range cs {
		out[i] = toWire(c)
	}
	return out
}

func engineCards(ws []wireCard) []engine.Card {
	if ws == nil {
		return nil
	}
	out := make([]engine.Card, len(ws))
	for i, w := range ws {
		out[i] = w.card()
	}
	return out
}

// wireAction is a legal move with its kind, cards and colour as numbers.
type wireAction struct {
	Kind   uint8    `json:"k"`
	Seat   int      `json:"s"`
	Card   wireCard `json:"c,omitempty"`
	Color  uint8    `json:"o,omitempty"`
	UNO    bool     `json:"u,omitempty"`
	Target int      `json:"t,omitempty"`
	Give   wireCard `json:"g,omitempty"`
}

func wireActions(as []engine.Action) []wireAction {
	if as == nil {
		return nil
	}
	out := make([]wireAction, len(as))
	for i, a := range as {
		out[i] = wireAction{Kind: uint8(a.Kind), Seat: a.Seat, Card: toWire(a.Card), Color: uint8(a.Color), UNO: a.UNO,
			Target: a.Target, Give: toWire(a.Give)}
	}
	return out
}

func engineActions(ws []wireAction) []engine.Action {
	if ws == nil {
		return nil
	}
	out := make([]engine.Action, len(ws))
	for i, w := range ws {
		out[i] = engine.Action{Kind: engine.ActionKind(w.Kind), Seat: w.Seat, Card: w.Card.card(), Color: engine.Color(w.Color),
			UNO: w.UNO, Target: w.Target, Give: w.Give.card()}
	}
	return out
}

// The parts of a game a delta may leave out, as bits of deltaGame.Same.
const (
	sameHand uint8 = 1 << iota
	sameSeats
	sameLegal
)

// diffGame is game g as deltaGame carries it over base (nil: none).
func diffGame(base, g *engine.View) *deltaGame {
	d := &deltaGame{View: g, Seats: g.Seats, Phase: uint8(g.Phase), Top: toWire(g.Top), Color: uint8(g.Color), Drawn: toWire(g.Drawn)}
	if base == nil {
		d.Settings = &g.Settings
		d.Hand, d.Legal = wireCards(g.Hand), wireActions(g.Legal)
		return d
	}
	if base.Settings != g.Settings {
		d.Settings = &g.Settings
	}
	if slices.Equal(base.Hand, g.Hand) {
		d.Same |= sameHand
	} else {
		d.Hand = wireCards(g.Hand)
	}
	if slices.Equal(base.Seats, g.Seats) {
		d.Same, d.Seats = d.Same|sameSeats, nil
	}
	if slices.Equal(base.Legal, g.Legal) {
		d.Same |= sameLegal
	} else {
		d.Legal = wireActions(g.Legal)
	}
	return d
}

// game is the game d makes of base's (nil: none), a new value.
func (d *deltaGame) game(base *engine.View) *engine.View {
	if d.View == nil {
		d.View = &engine.View{}
	}
	g := d.View
	g.Hand, g.Seats, g.Legal = engineCards(d.Hand), d.Seats, engineActions(d.Legal)
	g.Phase, g.Top, g.Color, g.Drawn = engine.Phase(d.Phase), d.Top.card(), engine.Color(d.Color), d.Drawn.card()
	if d.Settings != nil {
		g.Settings = *d.Settings
	}
	if base == nil {
		return g
	}
	if d.Settings == nil {
		g.Settings = base.Settings
	}
	if d.Same&sameHand != 0 {
		g.Hand = base.Hand
	}
	if d.Same&sameSeats != 0 {
		g.Seats = base.Seats
	}
	if d.Same&sameLegal != 0 {
		g.Legal = base.Legal
	}
	return g
}

// wireLine is a LogLine as a delta carries it: with short names, and
// without the fields a line leaves empty (most lines are not chat).
type wireLine struct {
	Text string `json:"t"`
	Chat bool   `json:"c,omitempty"`
	Nick string `json:"n,omitempty"`
	From string `json:"f,omitempty"`
}

// viewTimes are a view's times, each nil when it is as in the base.
type viewTimes struct {
	MovedAt    *time.Time `json:"m,omitempty"`
	TurnEnds   *time.Time `json:"t,omitempty"`
	RaceEnds   *time.Time `json:"r,omitempty"`
	RaidEnds   *time.Time `json:"d,omitempty"`
	NextHandAt *time.Time `json:"n,omitempty"`
}

// diffView is cur as the changes from base, the view of screen ver.
func diffView(base, cur *TableView, ver uint64) *viewDelta {
	d := &viewDelta{Base: ver, You: cur.You, Moves: cur.Moves, Host: cur.Host,
		BotLevel: cur.BotLevel, FastBots: cur.FastBots, APIBots: cur.APIBots}
	if base.TableInfo != cur.TableInfo {
		d.Set |= dInfo
		info := cur.TableInfo
		d.Info, d.SeatsInAll = &info, info.Seats
	}
	if base.Code != cur.Code {
		d.Set |= dCode
		d.Code = cur.Code
	}
	if !slices.Equal(base.Seats, cur.Seats) {
		d.Set |= dSeats
		d.Seats = cur.Seats
	}
	if gameChanged(base, cur) {
		d.Set |= dGame
		if cur.Game != nil {
			d.Game = diffGame(base.Game, cur.Game)
		}
	}
	if !reflect.DeepEqual(base.LastHand, cur.LastHand) {
		d.Set |= dLastHand
		d.LastHand = cur.LastHand
	}
	if !reflect.DeepEqual(base.Reveal, cur.Reveal) {
		d.Set |= dReveal
		d.Reveal = cur.Reveal
	}
	if !slices.Equal(base.Drops, cur.Drops) || (base.Drops == nil) != (cur.Drops == nil) {
		d.Set |= dDrops
		d.Drops = cur.Drops
	}
	if !reflect.DeepEqual(base.Tournament, cur.Tournament) {
		d.Set |= dTournament
		d.Tournament = cur.Tournament
	}
	d.Times = viewTimes{MovedAt: timeIfNew(base.MovedAt, cur.MovedAt), TurnEnds: timeIfNew(base.TurnEnds, cur.TurnEnds),
		RaceEnds: timeIfNew(base.RaceEnds, cur.RaceEnds), RaidEnds: timeIfNew(base.RaidEnds, cur.RaidEnds),
		NextHandAt: timeIfNew(base.NextHandAt, cur.NextHandAt)}
	var add []LogLine
	d.LogDrop, add = diffLog(base.Log, cur.Log)
	if len(add) > 0 {
		d.LogAdd = make([]wireLine, len(add))
		for i, l := range add {
			d.LogAdd[i] = wireLine(l)
		}
	}
	return d
}

// gameChanged: a move changes the game, so only a view with the same
// count of moves is compared field by field.
func gameChanged(base, cur *TableView) bool {
	switch {
	case base.Game == nil || cur.Game == nil:
		return base.Game != cur.Game
	case base.Moves != cur.Moves:
		return true
	}
	return !reflect.DeepEqual(base.Game, cur.Game)
}

func timeIfNew(base, cur time.Time) *time.Time {
	if base.Equal(cur) && base.Location() == cur.Location() {
		return nil
	}
	return &cur
}

// diffLog is cur as base's lines less the first drop, then add. A log
// only grows at its end and loses lines at its start, so the shortest
// drop that leaves a start of cur is the one; a log told afresh (a name
// changed) is all dropped and all added.
func diffLog(base, cur []LogLine) (drop int, add []LogLine) {
	for drop = 0; drop < len(base); drop++ {
		kept := base[drop:]
		if len(kept) <= len(cur) && slices.Equal(kept, cur[:len(kept)]) {
			return drop, cur[len(kept):]
		}
	}
	return len(base), cur
}

// apply is the view the delta makes of base, a new value: base, which a
// session may still be reading, is left as it is.
func (d *viewDelta) apply(base *TableView) *TableView {
	v, _ := d.applyOn(base, nil)
	return v
}

// logRoom is the lines a session's node keeps room for after a view's
// log, so that the next deltas' lines are added without a new list.
const logRoom = 16

// applyOn is apply, with lines: the list whose last lines are base's log
// (nil: none), with room after them. A new view's lines are added in that
// room, past the end of every view already made, and the view's list is
// cut to its length, so no view ever sees a line change (as the table's
// own told logs, view.go); the list is moved to a new one when full. It
// returns the list the next delta builds on.
func (d *viewDelta) applyOn(base *TableView, lines []LogLine) (*TableView, []LogLine) {
	v := *base
	v.You, v.Moves, v.Host = d.You, d.Moves, d.Host
	v.BotLevel, v.FastBots, v.APIBots = d.BotLevel, d.FastBots, d.APIBots
	if d.Set&dInfo != 0 && d.Info != nil {
		v.TableInfo = *d.Info
		v.TableInfo.Seats = d.SeatsInAll
	}
	if d.Set&dCode != 0 {
		v.Code = d.Code
	}
	if d.Set&dSeats != 0 {
		v.Seats = d.Seats
	}
	if d.Set&dGame != 0 {
		v.Game = nil
		if d.Game != nil {
			v.Game = d.Game.game(base.Game)
		}
	}
	if d.Set&dLastHand != 0 {
		v.LastHand = d.LastHand
	}
	if d.Set&dReveal != 0 {
		v.Reveal = d.Reveal
	}
	if d.Set&dDrops != 0 {
		v.Drops = d.Drops
	}
	if d.Set&dTournament != 0 {
		v.Tournament = d.Tournament
	}
	setTime(&v.MovedAt, d.Times.MovedAt)
	setTime(&v.TurnEnds, d.Times.TurnEnds)
	setTime(&v.RaceEnds, d.Times.RaceEnds)
	setTime(&v.RaidEnds, d.Times.RaidEnds)
	setTime(&v.NextHandAt, d.Times.NextHandAt)
	if d.LogDrop == 0 && len(d.LogAdd) == 0 {
		return &v, lines
	}
	kept := base.Log[min(d.LogDrop, len(base.Log)):]
	if !endsWith(lines, base.Log) || cap(lines)-len(lines) < len(d.LogAdd) {
		lines = append(make([]LogLine, 0, len(kept)+len(d.LogAdd)+logRoom), kept...)
	}
	for _, l := range d.LogAdd {
		lines = append(lines, LogLine(l))
	}
	n := len(lines)
	v.Log = lines[n-len(kept)-len(d.LogAdd) : n : n]
	return &v, lines
}

// endsWith reports whether log is the last lines of list, the same
// lines in memory.
func endsWith(list, log []LogLine) bool {
	if list == nil || len(log) > len(list) {
		return false
	}
	if len(log) == 0 {
		return true
	}
	return &list[len(list)-len(log)] == &log[0]
}

func setTime(t *time.Time, to *time.Time) {
	if to != nil {
		*t = *to
	}
}
