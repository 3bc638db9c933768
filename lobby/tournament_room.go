package lobby

import (
	"errors"
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// This file is the tournament's room: signing up, the host's say before the
// start (bots, removals, starting with bots in the free places), spectators,
// and, once it has begun, the standings and the way to either table.

var (
	errTourStarted  = errors.New("the tournament has begun: watch a table (1 or 2), or leave")
	errTourNotBegun = errors.New("the tournament has not begun: the tables are not set yet")
	errTourNoTable  = errors.New("there are two tables: press 1 or 2")
	errSignedUp     = errors.New("you have signed up already")
)

func (tr *tournament) onJoin(c *Client, watch bool) error {
	if tr.closed {
		return ErrNoSuchTable
	}
	if i := tr.placeOfKey(c.key); i >= 0 && !c.guest && tr.status == Waiting {
		s := tr.places[i]
		tr.unholdPlace(s) // (tournament_held.go)
		s.client, s.away = c, false
		tr.dirty, tr.listDirty = true, true
		return nil
	}
	if watch {
		tr.watchers[c] = true
		tr.dirty, tr.listDirty = true, true
		return nil
	}
	if tr.status != Waiting {
		return ErrTableStarted
	}
	return tr.signUp(c)
}

// guestBack gives guest c back their place i, kept for them while they
// were away (the room was taken over from another node: restoreRoom),
// unless another connection holds it (a guest's key is theirs alone, or
// came back with their rejoin code), as a table gives a guest their seat
// back (onReattach).
func (tr *tournament) guestBack(i int, c *Client) error {
	s := tr.places[i]
	if tr.status != Waiting || (s.client != nil && s.client != c) {
		return ErrNoSuchTable
	}
	tr.unholdPlace(s)
	s.client, s.away = c, false
	tr.dirty, tr.listDirty = true, true
	return nil
}

// signUp gives c the first free place (and, for the first, the host's role).
func (tr *tournament) signUp(c *Client) error {
	free := -1
	for i, s := range tr.places {
		if s.empty() {
			free = i
			break
		}
	}
	if free < 0 {
		return ErrTableFull
	}
	delete(tr.watchers, c)
	tr.places[free] = &seat{nick: c.nick(), key: c.key, client: c, host: tr.host() < 0}
	tr.note(fmt.Sprintf("%s signed up", c.nick()))
	for ; tr.pendingBots > 0; tr.pendingBots-- {
		if tr.addBot() {
			tr.note(fmt.Sprintf("%s (bot) signed up", tr.places[tr.lastTaken()].nick))
		}
	}
	tr.dirty, tr.listDirty = true, true
	if tr.taken() == engine.TournamentPlayers {
		tr.start()
	}
	return nil
}

func (tr *tournament) onDisconnect(c *Client) {
	if tr.watchers[c] {
		delete(tr.watchers, c)
		tr.dirty, tr.listDirty = true, true
		tr.closeIfDone()
		return
	}
	if i := tr.placeOf(c); i >= 0 && tr.status == Waiting && !tr.keepForRestart(i) {
		tr.note(fmt.Sprintf("%s left", tr.places[i].nick))
		tr.free(i)
	}
}

func (tr *tournament) onIntent(c *Client, in Intent) error {
	switch in.Kind {
	case Leave:
		tr.leave(c, "")
		return nil
	case Chat:
		return tr.onChat(c, in.Text)
	case TourSignUp:
		if tr.status != Waiting {
			return errTourStarted
		}
		if tr.placeOf(c) >= 0 {
			return errSignedUp
		}
		return tr.signUp(c)
	}
	i := tr.placeOf(c)
	if tr.status != Waiting {
		return errTourStarted
	}
	if i < 0 {
		return errWatching
	}
	if !tr.places[i].host {
		return errNotHost
	}
	switch in.Kind {
	case Start:
		tr.start()
	case AddBot:
		if !tr.addBot() {
			return ErrTableFull
		}
		tr.note(fmt.Sprintf("%s (bot) signed up", tr.places[tr.lastTaken()].nick))
	case RemoveBot, Kick:
		return tr.onRemove(c, in)
	case Move:
		return errTourNotBegun
	default:
		return errors.New("that is not something the tournament's room can do")
	}
	tr.dirty, tr.listDirty = true, true
	return nil
}

func (tr *tournament) onRemove(c *Client, in Intent) error {
	if in.Seat < 0 || in.Seat >= len(tr.places) || tr.places[in.Seat].empty() {
		return errors.New("nobody has that place")
	}
	s := tr.places[in.Seat]
	switch {
	case s.client == c:
		return errors.New("to leave the tournament, press l")
	case in.Kind == RemoveBot && !s.bot:
		return errors.New("that place is a player's, not a bot's")
	case s.bot:
		tr.note(fmt.Sprintf("%s (bot) left", s.nick))
		tr.places[in.Seat] = &seat{}
	case s.client != nil:
		tr.leave(s.client, "the host removed you from the tournament")
	default:
		tr.free(in.Seat)
	}
	tr.dirty, tr.listDirty = true, true
	return nil
}

// onWatchTable takes a spectator of a tournament in play to one of its
// tables: the table seats them among its spectators and answers them.
func (tr *tournament) onWatchTable(cmd intentCmd) error {
	k := cmd.in.Seat
	switch {
	case tr.status == Waiting:
		return errTourNotBegun
	case k < 0 || k >= len(tr.tables):
		return errTourNoTable
	case !tr.open[k]:
		return ErrNoSuchTable
	}
	delete(tr.watchers, cmd.c)
	tr.dirty, tr.listDirty = true, true
	reply := cmd.reply
	if reply == nil { // sent, not asked: the table's answer goes nowhere
		reply = make(chan error, 1)
	}
	tr.send(tr.tables[k], joinCmd{c: cmd.c, watch: true, reply: reply})
	return nil
}

// leave takes c out of the room, back to the lobby.
func (tr *tournament) leave(c *Client, why string) {
	if tr.watchers[c] {
		delete(tr.watchers, c)
	} else if i := tr.placeOf(c); i >= 0 && tr.status == Waiting {
		tr.note(fmt.Sprintf("%s left", tr.places[i].nick))
		tr.free(i)
	}
	c.unseat(tr.q, why, true)
	tr.dirty, tr.listDirty = true, true
	tr.closeIfDone()
}

// free empties place i; a room left without a person closes.
func (tr *tournament) free(i int) {
	tr.unholdPlace(tr.places[i])
	tr.places[i] = &seat{}
	tr.dirty, tr.listDirty = true, true
	if tr.humans() == 0 {
		tr.close("everyone left, so the tournament closed")
		return
	}
	if tr.host() < 0 {
		for _, s := range tr.places {
			if s.human() {
				s.host = true
				tr.note(fmt.Sprintf("%s is now the host", s.nick))
				return
			}
		}
	}
}

func (tr *tournament) addBot() bool {
	for i, s := range tr.places {
		if !s.empty() {
			continue
		}
		used := map[string]bool{}
		for _, o := range tr.places {
			used[o.nick] = true
		}
		name := fmt.Sprintf("bot%d", i+1)
		for _, n := range botNames {
			if !used[n] {
				name = n
				break
			}
		}
		tr.places[i] = &seat{nick: name, bot: true}
		tr.dirty, tr.listDirty = true, true
		return true
	}
	return false
}

func (tr *tournament) onChat(c *Client, text string) error {
	nick := c.nick()
	text = Sanitize(text, MaxChat)
	if text == "" {
		return errChatEmpty
	}
	if strings.HasPrefix(text, "/") {
		return errRoomCommand // (moderation_players.go)
	}
	if err := tr.hub.mutedErr(c); err != nil { // moderation_mutes.go
		return err
	}
	l := tr.chat[c.key]
	if l == nil {
		l = &chatLimiter{}
		tr.chat[c.key] = l
	}
	if !l.allow(tr.now()) {
		return errChatRate
	}
	if tr.watchers[c] {
		nick += " (watching)"
	}
	tr.addLog(logEntry{chat: true, nick: nick, text: text, from: c.speaker()})
	return nil
}

func (tr *tournament) placeOf(c *Client) int {
	for i, s := range tr.places {
		if s != nil && s.client == c {
			return i
		}
	}
	return -1
}

func (tr *tournament) placeOfKey(key string) int {
	for i, s := range tr.places {
		if s != nil && s.human() && s.key == key {
			return i
		}
	}
	return -1
}

func (tr *tournament) host() int {
	for i, s := range tr.places {
		if s != nil && s.host && s.human() {
			return i
		}
	}
	return -1
}

func (tr *tournament) lastTaken() int {
	for i := len(tr.places) - 1; i >= 0; i-- {
		if !tr.places[i].empty() {
			return i
		}
	}
	return -1
}

func (tr *tournament) taken() int {
	n := 0
	for _, s := range tr.places {
		if s != nil && !s.empty() {
			n++
		}
	}
	return n
}

func (tr *tournament) humans() int {
	n := 0
	for _, s := range tr.places {
		if s != nil && s.human() {
			n++
		}
	}
	return n
}

// flush sends the room's view and the lobby line, if anything changed.
func (tr *tournament) flush() {
	tr.flushState()
	if tr.listDirty {
		tr.listDirty = false
		if !tr.closed {
			info := tr.info()
			tr.hub.publish(info)
			if tr.hub.clustered() {
				tr.hub.dir.putRoom(tr, info) // the other nodes' lobbies (tournament_cluster.go)
			}
		}
	}
	if !tr.dirty || tr.closed {
		return
	}
	tr.dirty = false
	if tr.status == Waiting {
		for i, s := range tr.places {
			if s.client != nil {
				s.client.show(tr.q, tr.viewFor(i))
			}
		}
	}
	for c := range tr.watchers {
		c.show(tr.q, tr.viewFor(-1))
	}
}

func (tr *tournament) info() TableInfo {
	humans := 0
	for p := range engine.TournamentPlayers {
		if tr.status == Waiting && tr.places[p].human() || tr.status != Waiting && tr.keys[p] != "" {
			humans++
		}
	}
	return TableInfo{ID: tr.id, Name: tr.opts.Name, Public: tr.opts.Public, Settings: tr.opts.settings(),
		Seats: engine.TournamentPlayers, Taken: tr.takenNow(), Humans: humans, Status: tr.status,
		Watching: len(tr.watchers), Tournament: tr.id}
}

// takenNow is the places taken: all eight once the tournament has begun.
func (tr *tournament) takenNow() int {
	if tr.status != Waiting {
		return engine.TournamentPlayers
	}
	return tr.taken()
}

// viewFor is the room as place i sees it (-1: a spectator), a fresh copy.
func (tr *tournament) viewFor(i int) *TableView {
	v := &TableView{TableInfo: tr.info(), Code: tr.code, You: i, Tournament: tr.view(-1)}
	for p := range engine.TournamentPlayers {
		if tr.status == Waiting {
			s := tr.places[p]
			v.Seats = append(v.Seats, SeatInfo{Nick: s.nick, Bot: s.bot, Host: s.host, Connected: s.bot || s.client != nil, Level: s.level()})
		} else {
			v.Seats = append(v.Seats, SeatInfo{Nick: tr.names[p], Bot: tr.bots[p], Connected: true, Level: bot.Normal})
		}
	}
	if i >= 0 {
		v.Host = tr.places[i].host
	}
	from := max(0, len(tr.log)-logShown)
	for _, e := range tr.log[from:] {
		v.Log = append(v.Log, LogLine{Chat: e.chat, Nick: e.nick, Text: e.text, From: e.from})
	}
	return v
}
