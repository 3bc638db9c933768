package lobby

import (
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is who sits where: joining, leaving, hosts, bots and reconnects.

var botNames = []string{"ada", "bix", "cog", "dot", "elf", "fizz", "gizmo", "hex", "ion", "jinx", "kip", "lux"}

func (t *table) onJoin(c *Client, watch bool) error {
	if t.closed {
		return ErrNoSuchTable
	}
	if s := t.seatOfKey(c.key); s >= 0 && !c.guest {
		return t.onReattach(c)
	}
	if watch {
		t.watchers[c] = true
		t.note(fmt.Sprintf("%s is watching", c.nick()))
		t.dirty, t.listDirty = true, true
		return nil
	}
	if t.status != Waiting {
		return ErrTableStarted
	}
	free := -1
	for i, s := range t.seats {
		if s.empty() {
			free = i
			break
		}
	}
	if free < 0 {
		return ErrTableFull
	}
	t.seats[free] = &seat{nick: c.nick(), key: c.key, client: c, host: t.host() < 0, program: c.program.Load()}
	t.note(fmt.Sprintf("%s sat down", c.nick()))
	for ; t.pendingBots > 0; t.pendingBots-- {
		if t.addBot() {
			t.note(fmt.Sprintf("%s (bot) sat down", t.seats[t.lastTaken()].nick))
		}
	}
	if t.opts.Public && t.startsAt.IsZero() && !t.editing {
		t.startsAt = t.clock.Now().Add(t.cfg.StartCountdown)
	}
	t.ladderWaits()
	t.dirty, t.listDirty = true, true
	if (t.opts.Public || t.opts.Ladder) && t.taken() == len(t.seats) && !t.editing {
		t.start()
	}
	return nil
}

// onReattach puts a returning player (or a newer connection of theirs) back
// in their seat with the full current state.
func (t *table) onReattach(c *Client) error {
	i := t.seatOfKey(c.key)
	if i < 0 || c.guest && t.seats[i].client != nil {
		// (A guest's key is theirs alone, or came back with their rejoin
		// code to a seat kept for them: rejoin.go.)
		return ErrNoSuchTable
	}
	s := t.seats[i]
	t.unhold(s)
	s.client, s.away = c, false
	t.renameSeat(s, c.nick()) // renamed while away (rename.go)
	s.awaySince = time.Time{}
	standIn := s.auto
	s.auto, s.timeouts = false, 0 // the stand-in bot leaves the seat
	if standIn {
		t.note(fmt.Sprintf("%s is back; the bot leaves their seat", s.nick))
	} else {
		t.note(fmt.Sprintf("%s is back", s.nick))
	}
	t.dirty, t.listDirty = true, true
	t.reschedule()
	return nil
}

// seatOfKey is the seat a person with this identity holds, or -1.
func (t *table) seatOfKey(key string) int {
	for i, s := range t.seats {
		if s.human() && s.key == key {
			return i
		}
	}
	return -1
}

func (t *table) seatOf(c *Client) int {
	for i, s := range t.seats {
		if s.client == c {
			return i
		}
	}
	return -1
}

func (t *table) host() int {
	for i, s := range t.seats {
		if s.host && s.human() {
			return i
		}
	}
	return -1
}

// lastTaken is the last seat taken.
func (t *table) lastTaken() int {
	for i := len(t.seats) - 1; i >= 0; i-- {
		if !t.seats[i].empty() {
			return i
		}
	}
	return -1
}

func (t *table) taken() int {
	n := 0
	for _, s := range t.seats {
		if !s.empty() {
			n++
		}
	}
	return n
}

func (t *table) humans() int {
	n := 0
	for _, s := range t.seats {
		if s.human() {
			n++
		}
	}
	return n
}

// passHost gives the host's role to the next person at the table.
func (t *table) passHost() {
	if t.host() >= 0 || t.tour != nil {
		return
	}
	for _, s := range t.seats {
		s.host = false
	}
	for _, s := range t.seats {
		if s.human() && !s.away {
			s.host = true
			t.note(fmt.Sprintf("%s is now the host", s.nick))
			return
		}
	}
}

// onDisconnect: while waiting, the seat is freed; during a game it is kept
// for the grace period, and the player's turns time out meanwhile. It
// reports whether the seat is kept.
func (t *table) onDisconnect(c *Client) bool {
	if t.keepForRestart(c) {
		return false
	}
	if t.watchers[c] {
		delete(t.watchers, c)
		t.dirty, t.listDirty = true, true
		return false
	}
	i := t.seatOf(c)
	if i < 0 {
		return false
	}
	s := t.seats[i]
	if t.status != Playing {
		t.free(i)
		t.note(fmt.Sprintf("%s left", s.nick))
		t.afterLeave()
		return false
	}
	s.client, s.away, s.awaySince = nil, true, t.clock.Now()
	t.note(fmt.Sprintf("%s lost their connection; their seat is kept for %s", s.nick, t.cfg.Grace.Round(time.Second)))
	if !c.guest || t.hub.clustered() {
		// A guest's kept seat is in the directory too, so that their
		// rejoin code finds it from any node should theirs die
		// (rejoin_cluster.go).
		t.hold(i, nil)
	}
	t.dirty, t.listDirty = true, true
	t.reschedule()
	return true
}

// free empties seat i (or, during a game, hands it to a bot for good).
func (t *table) free(i int) {
	s := t.seats[i]
	t.unhold(s)
	if s.host {
		defer t.editDone() // a host who goes stops editing
	}
	if t.status == Playing {
		t.seats[i] = t.standIn(s.nick)
		t.seats[i].standFor = s.nick
		t.reschedule()
	} else {
		t.seats[i] = &seat{}
	}
	t.passHost()
	t.dirty, t.listDirty = true, true
}

// afterLeave closes a table nobody is left at, and stops a public table's
// countdown when no human waits at it.
func (t *table) afterLeave() {
	if t.tour != nil {
		t.tourLeft()
		return
	}
	if t.humans() == 0 {
		t.close("everyone left, so the table closed")
		return
	}
	t.passHost()
}

// leave takes c away from the table (their own wish, or the host's kick).
func (t *table) leave(c *Client, why string) {
	if t.watchers[c] {
		delete(t.watchers, c)
	} else if i := t.seatOf(c); i >= 0 {
		nick := t.seats[i].nick
		t.free(i)
		if t.status == Playing {
			t.note(fmt.Sprintf("%s left; a bot plays their cards", nick))
		} else {
			t.note(fmt.Sprintf("%s left", nick))
		}
	}
	c.unseat(t.q, why, true)
	t.dirty, t.listDirty = true, true
	t.afterLeave()
}

func (t *table) addBot() bool {
	for i, s := range t.seats {
		if s.empty() {
			used := map[string]bool{}
			for _, o := range t.seats {
				used[o.nick] = true
			}
			name := fmt.Sprintf("bot%d", i+1)
			for _, n := range botNames {
				if !used[n] {
					name = n
					break
				}
			}
			t.seats[i] = t.botSeat(name, t.addLevel())
			t.dirty, t.listDirty = true, true
			return true
		}
	}
	return false
}

// start deals the first hand to whoever is seated (a public table fills its
// free seats with bots first; a private one plays with the seats taken).
func (t *table) start() {
	if t.opts.Public {
		for t.addBot() {
		}
	}
	seated := t.seats[:0:0]
	for _, s := range t.seats {
		if !s.empty() {
			seated = append(seated, s)
		}
	}
	t.seats = seated
	settings := t.opts.Settings
	settings.Players = len(seated)
	if (settings.Mode == engine.Partners || settings.Mode == engine.RotatingPartners) && len(seated) != 4 {
		t.note(settings.Mode.Title() + " needs four players: playing to the target instead")
		settings.Mode = engine.Standard
	}
	t.opts.Settings = settings
	seed := t.cfg.Seed()
	g, err := t.cfg.NewGame(settings, seed)
	if err != nil {
		t.note("the game could not start: " + err.Error())
		return
	}
	t.game = g
	t.beginTally()
	t.beginJournal(seed)
	if t.journal != nil {
		// It began when its journal did, as a restart that replays it
		// finds: the store knows the game again by it (store.RecordGame).
		t.tally.started = t.journal.rec.Created
	}
	t.status = Playing
	t.startsAt = time.Time{}
	t.lastHand = nil
	t.note("the game begins")
	t.logStarted()
	t.system(engine.Deal)
	t.dirty, t.listDirty = true, true
}

// close ends the table: everyone still at it goes back to the lobby.
func (t *table) close(why string) {
	if t.closed {
		return
	}
	t.closed = true
	t.endJournal()
	for _, s := range t.seats {
		if s.client != nil {
			s.client.unseat(t.q, why, false)
		}
	}
	for c := range t.watchers {
		c.unseat(t.q, why, false)
	}
	t.hub.unpublish(t.id)
	t.tourClosed()
	t.unholdAll() // after the line is gone: whoever sees the entry go finds no table left
	// The table's goroutine ends after this, so it may wait its turn at the
	// hub (which never waits on a table).
	t.hub.tell(closedCmd{t: t})
}

// arrived tells a session the table took in (err nil) that it is at the
// table, at once. Its first view comes only with the flush, after the views
// of the seats before it: a session that ended in between found itself at
// no table, told none, and its seat stayed taken by nobody (the others had
// seen it sit down).
func (t *table) arrived(c *Client, err error) {
	if err == nil {
		c.arrive(t.q)
	}
}
