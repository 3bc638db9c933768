package lobby

import (
	"math/rand/v2"
	"time"

	"github.com/unossh/unossh/engine"
)

// table is one table: its seats, its spectators and its game. Its goroutine
// (loop) owns all of it; sessions reach it only through cmds.
type table struct {
	hub  *Hub
	cfg  Config
	id   string
	code string
	opts TableOptions

	cmds chan tableCmd
	quit chan struct{}
	done chan struct{}

	// owned by loop
	seats      []*seat
	watchers   map[*Client]bool
	status     TableStatus
	game       *engine.Game
	journal    engine.Journal
	log        []logEntry
	lastHand   *HandResult
	rng        *rand.Rand
	chat       map[string]*chatLimiter
	moves      int // actions applied, to tell a new decision from an old one
	scheduled  int // the move count the timers were set for
	startsAt   time.Time
	turnEnds   time.Time
	raceEnds   time.Time
	raidEnds   time.Time
	nextHandAt time.Time
	botAt      time.Time
	catchAt    time.Time
	drops      map[int]time.Time // when each bot drops in the Chili race
	dropOrder  []int             // the seats in the order they dropped in the latest Chili race
	reveal     *reveal           // a Mutated Minion's draw being shown, or nil
	dirty      bool              // the views must be sent again
	listDirty  bool              // the lobby's line must be published again
	closed     bool
	// pendingBots are the bots asked for at creation, seated after the host.
	pendingBots int
}

// seat is one seat: a player (connected or away), a bot, or nobody.
type seat struct {
	nick      string
	key       string
	client    *Client // nil for a bot, an empty seat, or a player who is away
	bot       bool
	host      bool
	away      bool
	awaySince time.Time
	auto      bool // a bot plays for the player until they press a key
	timeouts  int  // turns in a row that timed out
}

func (s *seat) empty() bool { return s.nick == "" }

// human reports whether a person holds the seat (connected or away).
func (s *seat) human() bool { return !s.empty() && !s.bot }

// robot reports whether the table plays the seat's moves itself.
func (s *seat) robot() bool { return s.bot || s.auto }

type cmdKind uint8

const (
	cmdJoin cmdKind = iota
	cmdIntent
	cmdDisconnect
	cmdReattach
)

type tableCmd struct {
	kind   cmdKind
	client *Client
	watch  bool
	intent Intent
	reply  chan error
}

const (
	logKeep  = 60 // log entries a table keeps
	logShown = 30 // log lines sent to a player
)

func newTable(h *Hub, id, code string, opts TableOptions) *table {
	cfg := h.cfg
	if opts.TurnTime == 0 {
		opts.TurnTime = cfg.TurnTime
	}
	if opts.TurnTime != NoTurnTimer || opts.Public {
		opts.TurnTime = min(max(opts.TurnTime, 10*time.Second), 120*time.Second)
		if cfg.TurnTime < 10*time.Second && opts.TurnTime == 10*time.Second {
			opts.TurnTime = cfg.TurnTime // tests run short timers
		}
	}
	t := &table{
		hub:      h,
		cfg:      cfg,
		id:       id,
		code:     code,
		opts:     opts,
		cmds:     make(chan tableCmd, 128),
		quit:     make(chan struct{}),
		done:     make(chan struct{}),
		watchers: map[*Client]bool{},
		chat:     map[string]*chatLimiter{},
		drops:    map[int]time.Time{},
		rng:      rand.New(rand.NewPCG(cfg.Seed(), cfg.Seed())),
	}
	if t.opts.Name == "" {
		t.opts.Name = "table " + id
	}
	t.opts.Name = Sanitize(t.opts.Name, 24)
	t.seats = make([]*seat, opts.Settings.Players)
	for i := range t.seats {
		t.seats[i] = &seat{}
	}
	// The bots sit down after the host (onJoin), so the host has the first seat.
	t.pendingBots = opts.Bots
	// Not published yet: the lobby's list shows the table once its creator
	// has sat down (onJoin marks the list dirty). Listed before, quick play
	// could fill a public table's seats and start it while the creator's
	// join was still on its way, and they were refused from their own table.
	go t.loop()
	return t
}

// send queues a command without waiting; it reports false when the table's
// queue is full (a storm of key presses is dropped, never queued forever).
func (t *table) send(c tableCmd) bool {
	select {
	case t.cmds <- c:
		return true
	case <-t.done:
		return false
	default:
		return false
	}
}

// call queues a command and waits for its answer.
func (t *table) call(c tableCmd) error {
	c.reply = make(chan error, 1)
	select {
	case t.cmds <- c:
	case <-t.done:
		return ErrNoSuchTable
	case <-time.After(5 * time.Second):
		return ErrBusy
	}
	select {
	case err := <-c.reply:
		return err
	case <-t.done:
		return ErrNoSuchTable
	}
}

func (t *table) join(c *Client, watch bool) error {
	return t.call(tableCmd{kind: cmdJoin, client: c, watch: watch})
}

func (t *table) reattach(c *Client) bool {
	return t.call(tableCmd{kind: cmdReattach, client: c}) == nil
}

// stop asks the table to close at its next safe point: between two commands,
// so no move is ever half-applied.
func (t *table) stop() {
	select {
	case <-t.quit:
	default:
		close(t.quit)
	}
}

func (t *table) loop() {
	defer close(t.done)
	for !t.closed {
		var wake <-chan time.Time
		var timer *time.Timer
		if next := t.nextDeadline(); !next.IsZero() {
			timer = time.NewTimer(time.Until(next))
			wake = timer.C
		}
		select {
		case c := <-t.cmds:
			t.handle(c)
		case <-wake:
			t.tick(now())
		case <-t.quit:
			t.close("the server is stopping")
		}
		if timer != nil {
			timer.Stop()
		}
		t.flush()
	}
}

func (t *table) handle(c tableCmd) {
	var err error
	switch c.kind {
	case cmdJoin:
		err = t.onJoin(c.client, c.watch)
	case cmdReattach:
		err = t.onReattach(c.client)
	case cmdDisconnect:
		t.onDisconnect(c.client)
	case cmdIntent:
		if e := t.onIntent(c.client, c.intent); e != nil {
			c.client.notice(e.Error(), true)
		}
	}
	if c.reply != nil {
		c.reply <- err
	}
}

// nextDeadline is the earliest time the table has something to do by itself.
func (t *table) nextDeadline() time.Time {
	var next time.Time
	for _, d := range []time.Time{t.startsAt, t.turnEnds, t.raceEnds, t.raidEnds, t.nextHandAt, t.botAt, t.catchAt} {
		if !d.IsZero() && (next.IsZero() || d.Before(next)) {
			next = d
		}
	}
	if t.reveal != nil && (next.IsZero() || t.reveal.next.Before(next)) {
		next = t.reveal.next
	}
	for _, d := range t.drops {
		if next.IsZero() || d.Before(next) {
			next = d
		}
	}
	for _, s := range t.seats {
		if s.away && t.status == Playing && !s.bot {
			if d := s.awaySince.Add(t.cfg.Grace); next.IsZero() || d.Before(next) {
				next = d
			}
		}
	}
	return next
}

// due reports whether deadline d has passed.
func due(d, at time.Time) bool { return !d.IsZero() && !at.Before(d) }
