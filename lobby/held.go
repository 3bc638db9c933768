package lobby

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// This file is the seat a table keeps for a player who stepped away from a
// running game: they pressed q, were stood up for being idle, or lost their
// connection. A bot plays the seat meanwhile (for one who lost their
// connection, after their turns time out). The lobby shows the player "back
// to your table" with the time left, and Back, Quick play or watching that
// table puts them back in it; the bot leaves. When the grace runs out the
// bot keeps the seat for good.
//
// The registry of held seats has its own small lock, so a table writes to
// it without ever waiting on the hub's goroutine.

// HeldSeat is a seat a table keeps for a player who is away from it.
type HeldSeat struct {
	TableID string
	Short   string // the table's short name
	Name    string
	// Until is when the seat goes to the bot for good.
	Until time.Time
}

// errSeatGone is Back when the seat is no longer kept.
var errSeatGone = errors.New("your seat is no longer kept: the bot has it for good, or the game is over")

// heldSeats is the registry of held seats, by identity.
type heldSeats struct {
	mu sync.Mutex
	m  map[string]*heldEntry
}

type heldEntry struct {
	q    *tableQueue
	seat HeldSeat
	c    *Client // the identity's latest session, which shows the entry (nil: none yet)
}

// holdSeat records that table q keeps a seat for identity key, and shows
// it to the identity's session (c, or the one known before).
func (h *Hub) holdSeat(key string, c *Client, q *tableQueue, hs HeldSeat) {
	h.held.mu.Lock()
	defer h.held.mu.Unlock()
	if h.held.m == nil {
		h.held.m = map[string]*heldEntry{}
	}
	e := h.held.m[key]
	if e == nil {
		e = &heldEntry{}
		h.held.m[key] = e
	}
	e.q, e.seat = q, hs
	if c != nil {
		e.c = c
	}
	e.show()
}

// releaseSeat forgets the seat table q kept for key (the player came back,
// the grace ran out, the game or the table ended) and takes the entry off
// the player's lobby.
func (h *Hub) releaseSeat(key string, q *tableQueue) bool {
	h.held.mu.Lock()
	defer h.held.mu.Unlock()
	e := h.held.m[key]
	if e == nil || e.q != q {
		return false
	}
	delete(h.held.m, key)
	if e.c != nil {
		e.c.post(func(s *Screen) { s.Held = nil })
	}
	return true
}

// showHeld shows a new session of an identity the seat kept for it, if any.
func (h *Hub) showHeld(c *Client) {
	h.held.mu.Lock()
	defer h.held.mu.Unlock()
	if e := h.held.m[c.key]; e != nil {
		e.c = c
		e.show()
	}
}

// heldSeatOf is the table keeping a seat for key and the seat, or nil.
func (h *Hub) heldSeatOf(key string) (*tableQueue, HeldSeat) {
	h.held.mu.Lock()
	defer h.held.mu.Unlock()
	if e := h.held.m[key]; e != nil {
		return e.q, e.seat
	}
	return nil, HeldSeat{}
}

// heldQueue is the table keeping a seat for key, or nil.
func (h *Hub) heldQueue(key string) *tableQueue {
	h.held.mu.Lock()
	defer h.held.mu.Unlock()
	if e := h.held.m[key]; e != nil {
		return e.q
	}
	return nil
}

// show posts the entry to its session (under the registry's lock, so that
// two changes reach the screen in the order they were made).
func (e *heldEntry) show() {
	if e.c == nil {
		return
	}
	seat := e.seat
	e.c.post(func(s *Screen) { s.Held = &seat })
}

// Back puts the player back in the seat a table keeps for them.
func (c *Client) Back() error {
	if c.table() != nil {
		return ErrAtTable
	}
	q := c.hub.heldQueue(c.key)
	if q == nil {
		return errSeatGone
	}
	reply := make(chan error, 1)
	err, qerr := c.call(q, reattachCmd{c: c, reply: reply}, reply)
	if qerr != nil {
		c.hub.releaseSeat(c.key, q)
		if errors.Is(qerr, ErrShuttingDown) {
			return c.fail(qerr)
		}
		return errSeatGone
	}
	if errors.Is(err, ErrNoSuchTable) {
		c.hub.releaseSeat(c.key, q)
		return errSeatGone
	}
	return err
}

// stepAway is a seated player leaving a running game of their own wish: the
// seat is kept for them for the grace period and a bot plays it meanwhile.
// It reports false when there is no game to keep a seat in (the player
// just leaves).
// awayNotice tells a player who stepped away how to come back.
const awayNotice = "a bot plays your seat until you choose \"Back to your table\" in the lobby"

func (t *table) stepAway(c *Client) bool {
	i := t.seatOf(c)
	if i < 0 || t.status != Playing || c.guest {
		return false
	}
	s := t.away(i, true)
	t.note(fmt.Sprintf("%s left; a bot plays their cards until they come back (within %s)", s.nick, minSec(t.cfg.Grace)))
	t.hold(i, c)
	// No time in the notice: it stays on every page until the next one,
	// while the lobby's "Back to your table" counts the time down.
	c.unseat(t.q, awayNotice, false)
	return true
}

// minSec is d as "2:00".
func minSec(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// away marks seat i's player as gone from it, from now; with standIn, a bot
// plays for them at once.
func (t *table) away(i int, standIn bool) *seat {
	s := t.seats[i]
	s.client, s.away, s.awaySince = nil, true, t.clock.Now()
	if standIn {
		s.auto, s.timeouts = true, 0
	}
	t.dirty, t.listDirty = true, true
	t.reschedule()
	return s
}

// hold tells the lobby that seat i is kept for its player (shown to c).
func (t *table) hold(i int, c *Client) {
	s := t.seats[i]
	if !s.human() || !s.away || t.status != Playing {
		return
	}
	hs := HeldSeat{TableID: t.id, Short: t.short, Name: t.opts.Name, Until: s.awaySince.Add(t.cfg.Grace)}
	t.hub.holdSeat(s.key, c, t.q, hs)
	if t.hub.clustered() {
		if t.tour != nil {
			hs.TableID = t.tour.id // reached through its room (tournament_cluster.go)
		}
		t.hub.dir.putSeat(s.key, hs) // found from any node (directory.go)
	}
}

// unhold tells the lobby the seat is no longer kept for s's player.
func (t *table) unhold(s *seat) {
	if s.key != "" && t.hub.releaseSeat(s.key, t.q) && t.hub.clustered() {
		t.hub.dir.dropSeat(s.key, t.id)
	}
}

// endHolds ends every hold when the game is over: an away player's seat
// is their stand-in's, and a table nobody is left at closes.
func (t *table) endHolds() {
	var away []int
	for i, s := range t.seats {
		if s.human() && s.away {
			away = append(away, i)
		}
	}
	if len(away) == 0 {
		return
	}
	if len(away) == t.humans() && len(t.watchers) == 0 {
		t.close("the game is over and everyone has left") // (releases the holds)
	} else {
		t.unholdAll()
	}
	for _, i := range away {
		s := t.seats[i]
		t.seats[i] = t.standIn(s.nick)
		t.seats[i].standFor = s.nick
	}
	if !t.closed {
		t.passHost() // a rematch needs a host who is here
	}
}

// holdAway lists every away player's seat as kept: a table taken over
// from another node, whose players find it from any node. A player
// already connected here is shown it at once. A guest's seat is kept too:
// the guest comes back with their rejoin code, which finds the seat
// through the directory (rejoin_cluster.go). (Hub goroutine, before the
// table's loop starts: onRestore.)
func (t *table) holdAway() {
	for i, s := range t.seats {
		if s.human() && s.away {
			t.hold(i, t.hub.byKey[s.key])
		}
	}
}

// unholdAll releases every seat the table keeps (the game or the table ended).
func (t *table) unholdAll() {
	for _, s := range t.seats {
		if s.human() && s.away {
			t.unhold(s)
		}
	}
}
