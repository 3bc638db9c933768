package lobby

import (
	"errors"
	"time"
)

// This file is guests coming back. A player with a key comes back to the
// seat a table keeps for them by connecting with that key; a guest has no
// key, so the seat kept for a guest whose connection dropped would wait for
// nobody. Each guest therefore has a rejoin code on screen (Screen.Rejoin):
// a new guest session that gives it (`ssh -t HOST rejoin CODE`, RejoinKey)
// within the grace is that guest again, with their name and their seat. A
// code is RejoinLength characters of the table codes' alphabet, and wrong
// ones count against the same limits as wrong table codes, so that guessing
// one is as hopeless as guessing a table's.

// RejoinLength is the length of a guest's rejoin code.
const RejoinLength = 8

// ErrNoRejoin is a rejoin code with no seat kept for it.
var ErrNoRejoin = errors.New("no seat is kept for that rejoin code: it works only while a guest's seat is kept after their connection drops")

// rejoinEntry is a guest's code and, once their connection has dropped,
// where their seat is kept and until when.
type rejoinEntry struct {
	key   string
	nick  string
	away  *tableQueue
	until time.Time
	// node and run wrote the code's live line, on another node
	// (rejoin_cluster.go).
	node string
	run  uint64
	// line is that live line as it was read, to be replaced with one that
	// expires once its node's run is gone (rejoin_cluster.go).
	line []byte
}

// rejoins are the guests' codes (hub goroutine); away holds those whose
// seats are kept, the only ones that lapse.
type rejoins struct {
	byCode map[string]*rejoinEntry
	byKey  map[string]string
	away   map[string]*rejoinEntry
}

// rejoinCmd finds the guest identity a rejoin code stands for.
type rejoinCmd struct {
	who   guesser
	code  string
	reply chan rejoinFound
}

type rejoinFound struct {
	key string
	err error
}

func (rejoinCmd) hubCmd() {}

// RejoinKey is the identity of the guest whose rejoin code is code, while a
// table keeps their seat; sessionID and remote are the new connection's
// (wrong codes count against them, as wrong table codes do). Connect as a
// guest with that key to be that guest again.
func (h *Hub) RejoinKey(code, sessionID, remote string) (string, error) {
	reply := make(chan rejoinFound, 1)
	f, err := ask(h, rejoinCmd{who: guesserOf("guest:"+sessionID, remote), code: NormalizeCode(code), reply: reply}, reply)
	if err != nil {
		return "", err
	}
	return f.key, f.err
}

// onRejoin looks a code up (hub goroutine).
func (h *Hub) onRejoin(cmd rejoinCmd) rejoinFound {
	now := h.cfg.Clock.Now()
	if err := h.guesses.allow(now, cmd.who); err != nil {
		return rejoinFound{err: err}
	}
	h.rejoin.sweep(now)
	e := h.rejoin.byCode[cmd.code]
	if (e == nil || e.away == nil) && h.clustered() {
		e = h.lookUpRejoin(cmd.code) // given on another node, or its node died (rejoin_cluster.go)
	}
	if e == nil || e.away == nil {
		h.guesses.miss(now, cmd.who)
		return rejoinFound{err: ErrNoRejoin}
	}
	return rejoinFound{key: e.key}
}

// connectGuest gives a new guest session its rejoin code, or, for a guest
// coming back with theirs, their name and the table keeping their seat
// (hub goroutine; onConnect).
func (h *Hub) connectGuest(c *Client) (nick string, back *tableQueue) {
	r := &h.rejoin
	if r.byCode == nil {
		r.byCode, r.byKey, r.away = map[string]*rejoinEntry{}, map[string]string{}, map[string]*rejoinEntry{}
	}
	code, ok := r.byKey[c.key]
	if e := r.byCode[code]; ok && e != nil && e.away != nil {
		nick, back = e.nick, e.away
		e.away, e.until, e.node = nil, time.Time{}, ""
		delete(r.away, code)
		if other := h.online[nickKey(nick)]; other != nil {
			nick = "" // someone took the name meanwhile: they choose again
		}
		h.dropRejoin(code) // (rejoin_cluster.go)
		if nick != "" {
			h.putLiveRejoin(c, nick)
		}
	} else {
		for code = randomChars(RejoinLength); r.byCode[code] != nil; code = randomChars(RejoinLength) {
		}
		r.byCode[code], r.byKey[c.key] = &rejoinEntry{key: c.key}, code
	}
	c.post(func(s *Screen) { s.Rejoin = code })
	return nick, back
}

// goneGuest keeps a guest's code while a table keeps their seat, and
// forgets it otherwise (hub goroutine; onGone).
func (h *Hub) goneGuest(c *Client, away *tableQueue) {
	r := &h.rejoin
	code := r.byKey[c.key]
	e := r.byCode[code]
	if e == nil {
		return
	}
	if away == nil {
		delete(r.byCode, code)
		delete(r.byKey, c.key)
		if c.nick() != "" {
			h.dropRejoin(code) // its live line (rejoin_cluster.go)
		}
		return
	}
	e.nick, e.away, e.until = c.nick(), away, h.cfg.Clock.Now().Add(h.cfg.Grace)
	r.away[code] = e
	h.putRejoin(code, e) // (rejoin_cluster.go)
	r.sweep(h.cfg.Clock.Now())
}

// sweep forgets the codes whose seats are no longer kept.
func (r *rejoins) sweep(now time.Time) {
	for code, e := range r.away {
		if !now.Before(e.until) {
			delete(r.away, code)
			delete(r.byCode, code)
			delete(r.byKey, e.key)
		}
	}
}
