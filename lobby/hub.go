// Package lobby is the hub between players and games: it knows who is online,
// owns the tables and routes each player's intents to their table, which
// checks them with the engine and sends every player their own view.
//
// One goroutine owns the hub's registry and one owns each table; everything
// else sends them commands. Nothing here ever waits on a session: each
// session is a Client whose mailbox holds its latest Screen.
//
//	hub := lobby.NewHub(lobby.Config{})
//	c := hub.Connect(sessionID, fingerprint, false)
//	_ = c.SetNick("ana")
//	c.QuickPlay()
//	<-c.Updates(); screen := c.Screen()
package lobby

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"sort"
	"strings"
	"sync"
)

// Errors a player may meet in the lobby.
var (
	ErrNickTaken    = errors.New("that nickname is taken by a player online; try another")
	ErrNickInvalid  = errors.New("a nickname is 2 to 16 letters, digits, - or _")
	ErrNoSuchTable  = errors.New("no table has that code; check it with your friend")
	ErrTableFull    = errors.New("that table is full")
	ErrTableStarted = errors.New("that table's game has started; you can watch it")
	ErrNoNick       = errors.New("choose a nickname first")
	ErrShuttingDown = errors.New("the server is stopping")
	ErrAtTable      = errors.New("you are already at a table; leave it first")
	ErrBusy         = errors.New("the table is busy; try again")
	ErrTooManyCodes = errors.New("too many wrong codes; wait a minute before trying again")
)

// Hub is the lobby: the registry of players online and of tables.
type Hub struct {
	cfg  Config
	cmds chan func()
	ctx  context.Context
	stop context.CancelFunc
	done chan struct{}

	// owned by the run goroutine
	clients  map[string]*Client // by session id
	byKey    map[string]*Client // the live session of each identity
	nicks    map[string]string  // identity -> nickname, remembered while the server runs
	online   map[string]*Client // lower-cased nickname -> session
	tables   map[string]*table  // by id
	codes    map[string]*table  // private tables by code
	held     map[string]*table  // identity -> table keeping a seat for them
	nextID   int
	guesses  *guessLimiter // wrong private codes (guesses.go)
	shutdown bool

	// tables publish their line of the list here, without waiting on the hub
	infoMu  sync.Mutex
	infos   map[string]TableInfo
	changed chan struct{}
}

// NewHub starts a lobby.
func NewHub(cfg Config) *Hub {
	ctx, stop := context.WithCancel(context.Background())
	h := &Hub{
		cfg:     cfg.withDefaults(),
		cmds:    make(chan func(), 64),
		ctx:     ctx,
		stop:    stop,
		done:    make(chan struct{}),
		clients: map[string]*Client{},
		byKey:   map[string]*Client{},
		nicks:   map[string]string{},
		online:  map[string]*Client{},
		tables:  map[string]*table{},
		codes:   map[string]*table{},
		held:    map[string]*table{},
		guesses: newHubGuesses(),
		infos:   map[string]TableInfo{},
		changed: make(chan struct{}, 1),
	}
	go h.run()
	return h
}

func (h *Hub) run() {
	defer close(h.done)
	for {
		select {
		case f := <-h.cmds:
			f()
		case <-h.changed:
			h.broadcastList()
		case <-h.ctx.Done():
			return
		}
	}
}

// do runs f on the hub goroutine and waits for it. It reports false if the
// hub has stopped (and f did not run).
func (h *Hub) do(f func()) bool {
	done := make(chan struct{})
	select {
	case h.cmds <- func() { f(); close(done) }:
	case <-h.ctx.Done():
		return false
	}
	select {
	case <-done:
		return true
	case <-h.ctx.Done():
		// The hub may be running f at this moment: wait until its goroutine
		// has stopped, so that f has either run to its end or never will,
		// and the caller never reads what f is still writing.
		<-h.done
		select {
		case <-done:
			return true
		default:
			return false
		}
	}
}

// async runs f on the hub goroutine later; tables use it so that they never
// wait for the hub.
func (h *Hub) async(f func()) {
	go func() {
		select {
		case h.cmds <- f:
		case <-h.ctx.Done():
		}
	}()
}

// Connect registers a new session for identity key. A second session of the
// same identity takes over from the first (which is told why it closes), and
// a player coming back to a seat kept for them is put back in it.
func (h *Hub) Connect(id, key string, guest bool) *Client {
	c := &Client{id: id, key: key, guest: guest, hub: h, notify: make(chan struct{}, 1), seat: -1}
	var old *Client
	var back *table
	h.do(func() {
		if h.shutdown {
			c.post(func(s *Screen) { s.Closed = ErrShuttingDown.Error() })
			return
		}
		h.clients[id] = c
		if !guest {
			old = h.byKey[key]
			h.byKey[key] = c
			if old != nil {
				delete(h.clients, old.id)
				h.dropNick(old)
				back, old.table = old.table, nil
			}
			if back == nil {
				back = h.held[key]
			}
			delete(h.held, key)
			c.screen.Nick = h.nicks[key]
			if n := c.screen.Nick; n != "" {
				if other := h.online[strings.ToLower(n)]; other != nil {
					c.screen.Nick = "" // someone else took it meanwhile
				} else {
					h.online[strings.ToLower(n)] = c
				}
			}
		}
		c.table = back
		c.screen.Tables = h.list()
		c.screen.Online = len(h.online)
	})
	if old != nil {
		old.post(func(s *Screen) { s.Closed = "you signed in from another connection; this one is closed" })
	}
	if back != nil && !back.reattach(c) {
		h.do(func() { c.table = nil })
	}
	if old != nil && back != nil {
		// The old session may have been watching rather than seated. Its
		// own Disconnect does nothing once it is taken over, so the table
		// is told here, or it would count (and post to) a spectator who is
		// gone for as long as it lasts. Seated, old has already handed its
		// seat to c, and this changes nothing.
		back.send(tableCmd{kind: cmdDisconnect, client: old})
	}
	return c
}

// RememberedNick is the nickname this identity used before, if any.
func (c *Client) RememberedNick() string { return c.Screen().Nick }

// SetNick sets the player's nickname, which must be valid and not in use by
// another player online.
func (c *Client) SetNick(nick string) error {
	if !ValidNick(nick) {
		return ErrNickInvalid
	}
	h := c.hub
	var err error
	ok := h.do(func() {
		lower := strings.ToLower(nick)
		if other := h.online[lower]; other != nil && other != c {
			err = ErrNickTaken
			return
		}
		h.dropNick(c)
		h.online[lower] = c
		if !c.guest {
			h.nicks[c.key] = nick
		}
		c.post(func(s *Screen) { s.Nick = nick })
		h.broadcastOnline()
	})
	if !ok {
		return ErrShuttingDown
	}
	return err
}

// dropNick frees c's nickname (hub goroutine).
func (h *Hub) dropNick(c *Client) {
	n := strings.ToLower(c.Screen().Nick)
	if h.online[n] == c {
		delete(h.online, n)
	}
}

// Disconnect is called when the session ends. A seated player's seat is kept
// for the grace period.
func (c *Client) Disconnect() {
	h := c.hub
	var t *table
	h.do(func() {
		if h.clients[c.id] != c {
			return // taken over, already gone
		}
		delete(h.clients, c.id)
		if h.byKey[c.key] == c {
			delete(h.byKey, c.key)
		}
		h.dropNick(c)
		t, c.table = c.table, nil
		if t != nil && !c.guest {
			// Keep the way back to the seat now, not when the table gets to
			// it, so that a quick reconnect always finds it. A table that
			// frees the seat instead (no game yet) releases it.
			h.held[c.key] = t
		}
		h.broadcastOnline()
	})
	if t != nil {
		t.send(tableCmd{kind: cmdDisconnect, client: c})
	}
}

// nick is the client's nickname.
func (c *Client) nick() string { return c.Screen().Nick }

// QuickPlay seats the player at the fullest waiting public table with a free
// seat, or opens a new public table.
func (c *Client) QuickPlay() {
	if c.nick() == "" {
		c.notice(ErrNoNick.Error(), true)
		return
	}
	h := c.hub
	var pick []*table
	h.do(func() {
		if c.table != nil {
			return
		}
		infos := h.snapshotInfos()
		sort.Slice(infos, func(i, j int) bool {
			if infos[i].Taken != infos[j].Taken {
				return infos[i].Taken > infos[j].Taken
			}
			return infos[i].ID < infos[j].ID
		})
		for _, in := range infos {
			if in.Public && in.Status == Waiting && in.Taken < in.Seats {
				if t := h.tables[in.ID]; t != nil {
					pick = append(pick, t)
				}
			}
		}
	})
	for _, t := range pick {
		if c.sit(t) == nil {
			return
		}
	}
	opts := TableOptions{Public: true, Settings: defaultSettings(h.cfg.QuickPlaySeats)}
	if err := c.Create(opts); err != nil {
		c.notice(err.Error(), true)
	}
}

// Create opens a table with the player as host.
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
	h := c.hub
	var t *table
	var err error
	h.do(func() {
		switch {
		case h.shutdown:
			err = ErrShuttingDown
		case c.table != nil:
			err = ErrAtTable
		default:
			h.nextID++
			code := ""
			if !opts.Public {
				code = h.newCode()
			}
			t = newTable(h, tableID(h.nextID), code, opts)
			h.tables[t.id] = t
			if code != "" {
				h.codes[code] = t
			}
			c.table = t
		}
	})
	if err != nil {
		return err
	}
	if err := t.join(c, false); err != nil {
		h.do(func() { c.table = nil })
		return err
	}
	return nil
}

// Join sits the player at the private table with that code (or lets them
// watch it if its game has started). Wrong codes are throttled.
func (c *Client) Join(code string) error {
	code = NormalizeCode(code)
	h := c.hub
	var t *table
	var err error
	h.do(func() {
		t, err = h.tryCode(c, code)
	})
	if err != nil {
		return err
	}
	if err := c.sit(t); err != nil {
		if errors.Is(err, ErrTableStarted) || errors.Is(err, ErrTableFull) {
			return c.watch(t)
		}
		return err
	}
	return nil
}

// Watch lets the player watch a public table.
func (c *Client) Watch(id string) error {
	h := c.hub
	var t *table
	h.do(func() {
		if t = h.tables[id]; t != nil && t.code != "" {
			t = nil // private tables are watched by code only
		}
	})
	if t == nil {
		return ErrNoSuchTable
	}
	return c.watch(t)
}

func (c *Client) watch(t *table) error {
	return c.enter(t, true)
}

func (c *Client) sit(t *table) error {
	return c.enter(t, false)
}

// enter takes a seat at t, or a place among its spectators.
func (c *Client) enter(t *table, watch bool) error {
	h := c.hub
	var err error
	h.do(func() {
		if c.table != nil {
			err = ErrAtTable
			return
		}
		c.table = t
	})
	if err != nil {
		return err
	}
	if err := t.join(c, watch); err != nil {
		h.do(func() {
			if c.table == t {
				c.table = nil
			}
		})
		return err
	}
	return nil
}

// Do sends an intent to the player's table. It never waits: the answer, if
// any, comes in the player's Screen.
func (c *Client) Do(in Intent) {
	h := c.hub
	var t *table
	h.do(func() {
		t = c.table
		if in.Kind == Leave {
			c.table = nil
		}
	})
	if t == nil {
		if in.Kind == Leave {
			c.post(func(s *Screen) { s.Table = nil })
		}
		return
	}
	if !t.send(tableCmd{kind: cmdIntent, client: c, intent: in}) {
		c.notice(ErrBusy.Error(), true)
	}
}

// detach is a table telling the hub that c is no longer at it (kicked, or
// the table closed).
func (h *Hub) detach(c *Client, t *table) {
	h.async(func() {
		if c.table == t {
			c.table = nil
		}
	})
}

// releaseSeat forgets a seat kept for a disconnected player.
func (h *Hub) releaseSeat(key string, t *table) {
	h.async(func() {
		if h.held[key] == t {
			delete(h.held, key)
		}
	})
}

// closeTable removes a table from the registry.
func (h *Hub) closeTable(t *table) {
	h.infoMu.Lock()
	delete(h.infos, t.id)
	h.infoMu.Unlock()
	h.async(func() {
		delete(h.tables, t.id)
		if t.code != "" && h.codes[t.code] == t {
			delete(h.codes, t.code)
		}
		for k, ht := range h.held {
			if ht == t {
				delete(h.held, k)
			}
		}
		h.broadcastList()
	})
}

// publish is a table posting its line of the list. It never waits.
func (h *Hub) publish(info TableInfo) {
	h.infoMu.Lock()
	h.infos[info.ID] = info
	h.infoMu.Unlock()
	select {
	case h.changed <- struct{}{}:
	default:
	}
}

func (h *Hub) snapshotInfos() []TableInfo {
	h.infoMu.Lock()
	defer h.infoMu.Unlock()
	out := make([]TableInfo, 0, len(h.infos))
	for _, in := range h.infos {
		out = append(out, in)
	}
	return out
}

// list is the public table list, as the lobby shows it: waiting tables
// first, fullest first.
func (h *Hub) list() []TableInfo {
	var out []TableInfo
	for _, in := range h.snapshotInfos() {
		if in.Public {
			out = append(out, in)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Status != b.Status {
			return a.Status < b.Status
		}
		if a.Taken != b.Taken {
			return a.Taken > b.Taken
		}
		return a.ID < b.ID
	})
	return out
}

func (h *Hub) broadcastList() {
	list := h.list()
	for _, c := range h.clients {
		c.post(func(s *Screen) { s.Tables = list; s.Online = len(h.online) })
	}
}

func (h *Hub) broadcastOnline() {
	n := len(h.online)
	for _, c := range h.clients {
		c.post(func(s *Screen) { s.Online = n })
	}
}

// Online is the number of players online with a nickname.
func (h *Hub) Online() int {
	n := 0
	h.do(func() { n = len(h.online) })
	return n
}

// Shutdown tells every player the server is stopping, lets every table reach
// a safe point (the move in hand is finished; nothing is half-applied) and
// stops the hub, within ctx's deadline.
func (h *Hub) Shutdown(ctx context.Context) error {
	var tables []*table
	var clients []*Client
	h.do(func() {
		h.shutdown = true
		for _, t := range h.tables {
			tables = append(tables, t)
		}
		for _, c := range h.clients {
			clients = append(clients, c)
		}
	})
	for _, c := range clients {
		c.post(func(s *Screen) { s.Closed = "the server is stopping for maintenance; thanks for playing!" })
	}
	for _, t := range tables {
		t.stop()
	}
	var err error
	for _, t := range tables {
		select {
		case <-t.done:
		case <-ctx.Done():
			err = ctx.Err()
		}
		if err != nil {
			break
		}
	}
	h.stop()
	<-h.done
	return err
}

func cryptoSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
