package lobby

import (
	"errors"
)

// This file is what a session does: it asks the hub for what is global
// (registering, a nickname, finding or opening a table) and sends everything
// it does at a table straight to that table's queue. Every answer is
// checked: once the server is stopping, whatever the player presses gets
// ErrShuttingDown, and their screen says so.

// Connect registers a new session for identity key. A second session of the
// same identity takes over from the first (which is told why it closes), and
// a player coming back to a seat kept for them is put back in it: when
// Connect returns, their screen shows the table.
func (h *Hub) Connect(id, key string, guest bool) *Client { return h.connect("", id, key, guest) }

// connect is Connect for a session from remote ("" if unknown).
func (h *Hub) connect(remote, id, key string, guest bool) *Client {
	c, _ := h.connectAs(remote, id, key, guest, false)
	return c
}

// connectAs is connect for a person's terminal (person true) or for any
// session. A person's terminal is refused for a bot's key (ErrBotKey),
// read from the account that connecting loads anyway, before the session
// registers: it never takes over the bot's own session.
func (h *Hub) connectAs(remote, id, key string, guest, person bool) (*Client, error) {
	c := &Client{id: id, key: key, guest: guest, hub: h, remote: remote, notify: make(chan struct{}, 1)}
	c.loadAccount()
	if person && c.program.Load() {
		return nil, ErrBotKey
	}
	reply := make(chan connected, 1)
	r, err := ask(h, connectCmd{c: c, reply: reply}, reply)
	if err == nil {
		err = r.err
	}
	if err != nil {
		c.closeWith(ErrShuttingDown.Error())
		return c, nil
	}
	if r.nick != "" && h.cfg.People != nil {
		c.claimGiven(r.nick, r.kept) // (people.go)
	}
	if h.cfg.People != nil && !guest {
		h.cfg.People.SignedIn(key, id) // an older session on another node closes (signin_cluster.go)
	}
	c.keepRemembered() // (accounts.go)
	if r.back != nil {
		rr := make(chan error, 1)
		_, _ = c.call(r.back, reattachCmd{c: c, reply: rr}, rr)
		if r.old != nil {
			// The old session may have been watching rather than seated.
			// Its own Disconnect may come much later, so the table is told
			// now, or it would count (and post to) a spectator who is gone.
			// Seated, old has already handed its seat to c: this changes nothing.
			dr := make(chan bool, 1)
			_, _ = askTable(c, r.back, disconnectCmd{c: r.old, reply: dr}, dr, true)
		}
	}
	if r.old != nil {
		// Only now: closed before the seat was handed over, the old
		// session's own Disconnect could reach the table first, and the
		// table would tell everyone the player lost their connection.
		r.old.closeWith(takenOverLine)
	}
	return c, nil
}

// askTable sends cmd to table q and waits for its answer. A table that has
// gone answers ErrNoSuchTable, or ErrShuttingDown if the server is stopping.
func askTable[R any](c *Client, q *tableQueue, cmd tableCmd, reply <-chan R, wait bool) (R, error) {
	r, err := request(c.hub.ctx, q.cmds, q.done, cmd, reply, wait)
	return r, c.noAnswer(err)
}

// noAnswer is why a table did not answer: it was busy, it has gone
// (ErrNoSuchTable), or the server is stopping.
func (c *Client) noAnswer(err error) error {
	switch {
	case err == nil, errors.Is(err, ErrBusy):
		return err
	case c.hub.stoppingNow():
		return ErrShuttingDown
	}
	return ErrNoSuchTable
}

// call is askTable for the usual case: a command answered with an error,
// which waits its turn. The first error is the table's answer, the second
// one says why there was none.
func (c *Client) call(q *tableQueue, cmd tableCmd, reply <-chan error) (error, error) {
	return askTable(c, q, cmd, reply, true)
}

// fail shows the shutdown message once the server is stopping, and passes
// err on.
func (c *Client) fail(err error) error {
	if errors.Is(err, ErrShuttingDown) {
		c.closeWith(ErrShuttingDown.Error())
	}
	return err
}

// RememberedNick is the nickname this identity used before, if any.
func (c *Client) RememberedNick() string { return c.nick() }

// SetNick sets the player's nickname, which must be valid (CheckNick says
// why not) and not in use by another player online. The name is kept as
// typed (in NFC): never changed into another.
func (c *Client) SetNick(nick string) error {
	nick, err := CheckNick(nick)
	if err != nil {
		return err
	}
	return c.claimName(nick) // accounts.go
}

// Disconnect is called when the session ends. A seated player's seat is
// kept for the grace period, and the hub remembers where, for their return.
func (c *Client) Disconnect() {
	var away *tableQueue
	if q := c.table(); q != nil && !c.isHandedOn() {
		reply := make(chan bool, 1)
		if kept, err := askTable(c, q, disconnectCmd{c: c, reply: reply}, reply, true); err == nil && kept {
			away = q
		}
	}
	reply := make(chan struct{}, 1)
	_, _ = ask(c.hub, goneCmd{c: c, away: away, reply: reply}, reply)
}

// QuickPlay seats the player at the fullest waiting public table with a free
// seat, or opens a new public table, of any edition and mode.
func (c *Client) QuickPlay() { c.QuickPlayWith(QuickChoice{}) }

// QuickPlayWith seats the player at the fullest waiting public table with a
// free seat whose edition and mode are the choice's, or opens a public table
// with them (quickchoice.go).
func (c *Client) QuickPlayWith(q QuickChoice) {
	if err := c.quickPlay(q); err != nil {
		c.notice(c.fail(err).Error(), true)
	}
}

func (c *Client) quickPlay(q QuickChoice) error {
	if c.nick() == "" {
		return ErrNoNick
	}
	if c.table() != nil {
		return nil // at a table already: the key meant nothing here
	}
	if c.hub.heldQueue(c.key) != nil {
		if err := c.Back(); err == nil || errors.Is(err, ErrShuttingDown) {
			return err // back in the seat kept for them (held.go)
		}
	}
	reply := make(chan []*tableQueue, 1)
	picks, err := ask(c.hub, quickCmd{choice: q, reply: reply}, reply)
	if err != nil {
		return err
	}
	for _, q := range picks {
		err := c.enter(q, false)
		if err == nil || errors.Is(err, ErrShuttingDown) {
			return err
		}
	}
	return c.Create(TableOptions{Public: true, Settings: q.settings(c.hub.cfg.QuickPlaySeats)})
}

// Create opens a table with the player as host. When it returns, the
// player's screen shows the table.
func (c *Client) Create(opts TableOptions) error {
	if c.nick() == "" {
		return ErrNoNick
	}
	if err := opts.Settings.Validate(); err != nil {
		return err
	}
	if opts.Bots < 0 || opts.Bots >= opts.Settings.Players {
		return errors.New("leave at least one seat for yourself")
	}
	if c.table() != nil {
		return ErrAtTable
	}
	if opts.BotLevel != nil {
		// The table keeps a level of its own: the caller's pointer may be
		// into memory it goes on writing (a form), on another goroutine.
		l := *opts.BotLevel
		opts.BotLevel = &l
	}
	return c.openAndJoin(func(joined chan error, reply chan found) hubCmd {
		return createCmd{c: c, opts: opts, joined: joined, reply: reply}
	})
}

// openAndJoin asks the hub to open a table or a tournament (the command
// made by open) with the player's join queued as its first command, and
// waits for that join.
func (c *Client) openAndJoin(open func(joined chan error, reply chan found) hubCmd) error {
	reply, joined := make(chan found, 1), make(chan error, 1)
	f, err := ask(c.hub, open(joined, reply), reply)
	if err == nil {
		err = f.err
	}
	if err != nil {
		return c.fail(err)
	}
	joinErr, err := await(c.hub.ctx, f.q.done, joined)
	if err = c.noAnswer(err); err != nil {
		return c.fail(err)
	}
	return joinErr
}

// Join sits the player at the private table with that code (or lets them
// watch it if its game has started). Wrong codes are throttled.
func (c *Client) Join(code string) error {
	if c.table() != nil {
		return ErrAtTable
	}
	q, err := c.findCode(code)
	if err != nil {
		return c.fail(err)
	}
	if err := c.enter(q, false); err != nil {
		switch {
		case errors.Is(err, ErrTableStarted):
			if err := c.enter(q, true); err != nil {
				return c.fail(err)
			}
			c.notice("the game there has started: you are watching it", false)
			return nil
		case errors.Is(err, ErrTableFull):
			return err // the player is told, and offered to watch (WatchCode)
		}
		return c.fail(err)
	}
	return nil
}

// Watch lets the player watch a public table.
func (c *Client) Watch(id string) error {
	if c.table() != nil {
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
	return c.fail(c.enter(f.q, true))
}

// enter takes a seat at table q, or a place among its spectators.
func (c *Client) enter(q *tableQueue, watch bool) error {
	if c.table() != nil {
		return ErrAtTable
	}
	reply := make(chan error, 1)
	err, qerr := c.call(q, joinCmd{c: c, watch: watch, reply: reply}, reply)
	if qerr != nil {
		return qerr
	}
	return err
}

// Do sends an intent to the player's table and waits until the table has
// handled it: its answer, if any, is already in the player's Screen. A
// storm of key presses is cut short (ErrBusy), never queued without end;
// leaving always waits its turn, so whatever the player does next finds
// them in the lobby.
func (c *Client) Do(in Intent) {
	q := c.table()
	if q == nil {
		if c.hub.stoppingNow() {
			c.closeWith(ErrShuttingDown.Error())
			return
		}
		if in.Kind == Leave {
			c.post(func(s *Screen) { s.Table = nil })
		}
		return
	}
	reply := make(chan error, 1)
	_, err := askTable(c, q, intentCmd{c: c, in: in, reply: reply}, reply, in.Kind == Leave)
	switch {
	case errors.Is(err, ErrShuttingDown):
		c.fail(err)
	case errors.Is(err, ErrBusy):
		c.notice(ErrBusy.Error(), true)
	case err != nil:
		c.unseat(q, "", false) // the table has closed
	}
}

// findCode asks the hub for the private table with that code (wrong codes
// are throttled there).
func (c *Client) findCode(code string) (*tableQueue, error) {
	reply := make(chan found, 1)
	f, err := ask(c.hub, codeCmd{who: guesserOf(c.key, c.remote), code: NormalizeCode(code), reply: reply}, reply)
	if err == nil {
		err = f.err
	}
	return f.q, err
}
