package lobby

import (
	"errors"
	"fmt"
)

// This file is choosing a public table from the lobby's list: Sit takes a
// free seat, or a bot's seat (with the bot's hand, mid-game), and watches
// the table when neither is to be had. A seat a table keeps for a player
// who stepped away is a person's, not a bot's: it is never given away while
// its grace runs, and its player, choosing the table, is put back in it.

// sitCmd seats a session at a table, in a free seat or in a bot's.
type sitCmd struct {
	c     *Client
	reply chan error
}

func (sitCmd) tableCmd() {}

// Sit seats the player at public table id: in a free seat, or in place of
// a bot; if there is neither, they watch it. A player already watching it
// sits down the same way.
func (c *Client) Sit(id string) error {
	q := c.table()
	if q == nil || q.id != id {
		if q != nil {
			return ErrAtTable
		}
		reply := make(chan found, 1)
		f, err := ask(c.hub, publicCmd{id: id, reply: reply}, reply)
		if err == nil {
			err = f.err
		}
		if err != nil {
			return c.fail(err)
		}
		q = f.q
	}
	reply := make(chan error, 1)
	err, qerr := c.call(q, sitCmd{c: c, reply: reply}, reply)
	if qerr != nil {
		return c.fail(qerr)
	}
	if (errors.Is(err, ErrTableFull) || errors.Is(err, errTourSeats)) && c.table() == nil {
		if err := c.enter(q, true); err != nil {
			return c.fail(err)
		}
		why := "every seat there is a person's: you are watching"
		if errors.Is(err, errTourSeats) {
			why = errTourSeats.Error()
		}
		c.notice(why, false)
		return nil
	}
	return err
}

// errTourSeats is Sit at a tournament's table: its seats belong to the
// tournament's players, bots included, so a newcomer watches.
var errTourSeats = errors.New("a tournament's seats are its players': you are watching")

// WatchCode lets the player watch the private table with that code (after
// Join said it is full).
func (c *Client) WatchCode(code string) error {
	if c.table() != nil {
		return ErrAtTable
	}
	q, err := c.findCode(code)
	if err != nil {
		return c.fail(err)
	}
	return c.fail(c.enter(q, true))
}

// onSit seats c in a free seat (before the game) or in a bot's seat.
func (t *table) onSit(c *Client) error {
	if t.closed {
		return ErrNoSuchTable
	}
	if i := t.seatOfKey(c.key); i >= 0 && !c.guest {
		delete(t.watchers, c)
		return t.onReattach(c)
	}
	if t.seatOf(c) >= 0 {
		return nil // seated already
	}
	if t.tour != nil {
		return errTourSeats // its bots play for the tournament's own players
	}
	if t.status == Finished {
		return ErrTableStarted
	}
	watching := t.watchers[c]
	if t.status == Waiting && t.taken() < len(t.seats) {
		delete(t.watchers, c)
		if err := t.onJoin(c, false); err != nil {
			if watching {
				t.watchers[c] = true
			}
			return err
		}
		return nil
	}
	i := t.takeableBotSeat()
	if i < 0 {
		return ErrTableFull
	}
	delete(t.watchers, c)
	bot := t.seats[i].nick
	t.freezeLog(i)
	t.seats[i] = &seat{nick: c.nick(), key: c.key, client: c, host: t.host() < 0, program: c.program.Load()}
	t.note(fmt.Sprintf("%s took the seat of %s (bot)", c.nick(), bot))
	t.dirty, t.listDirty = true, true
	t.reschedule()
	if t.opts.Public && t.status == Waiting && t.startsAt.IsZero() && !t.editing {
		t.startsAt = t.clock.Now().Add(t.cfg.StartCountdown)
	}
	return nil
}

// freezeLog tells the log's lines about seat i as they were, before a new
// player takes it: the bot's moves are not the newcomer's ("you played").
func (t *table) freezeLog(i int) {
	names := make([]string, len(t.seats))
	for j, s := range t.seats {
		names[j] = s.nick
	}
	for k, e := range t.log {
		if e.isEvent && e.text == "" && (e.event.Seat == i || e.event.Target == i) {
			t.log[k].text = narrate(e.event.VisibleTo(-1), names, -1, t.opts.Settings)
		}
	}
	t.logGen++ // (the views' told logs are told again)
}

// takeableBotSeat is a seat a bot holds that a newcomer may take: the table's own
// bots first, then those that stand in for good for a player who left.
func (t *table) takeableBotSeat() int {
	for _, own := range []bool{true, false} {
		for i, s := range t.seats {
			if s.bot && (s.standFor == "") == own {
				return i
			}
		}
	}
	return -1
}
