package lobby

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// table is one table: its seats, its spectators and its game. Its goroutine
// (loop) owns all of it; sessions reach it only through its queue (q), and
// nothing else keeps a copy of who is at it.
type table struct {
	hub   *Hub
	cfg   Config
	clock Clock
	id    string
	code  string
	short string // the table's short name, unique among live tables (shortname.go)
	opts  TableOptions

	q    *tableQueue
	quit chan struct{}

	// owned by loop
	// fence is the table's fencing number in the store (journal.go), once
	// claimed is set: it claims once, at its first write.
	fence   int64
	claimed bool
	moved   bool // taken over from another node (lease.go)
	// storeDown: the table's last journal write failed (set by loop, read
	// by the lease's renewals: offer.go).
	storeDown  atomic.Bool
	epoch      uint64 // this incarnation of the table on this node (remote_serve.go)
	seats      []*seat
	watchers   map[*Client]bool
	status     TableStatus
	game       *engine.Game
	log        []logEntry
	logSeq     uint64    // the seq the next entry of the log takes
	logGen     uint64    // counts changes to entries already in the log
	toldLogs   []toldLog // the log as each viewer reads it: spectators, then by seat (view.go)
	names      []string  // the seats' nicknames, as the views last asked (seatNames)
	namesKey   string
	lastHand   *HandResult
	rng        *rand.Rand
	chat       map[string]*chatLimiter
	chatOff    bool // the host turned the chat off (moderation_players.go)
	moves      int  // actions applied, to tell a new decision from an old one
	scheduled  int  // the move count the timers were set for
	startsAt   time.Time
	turnEnds   time.Time
	raceEnds   time.Time
	raidEnds   time.Time
	nextHandAt time.Time
	botAt      time.Time
	thought    *botThought // a hard bot's search, under way or back (botthink.go)
	catchAt    time.Time
	jump       jumpPlan          // a bot's jump-in waiting for its moment (jumpin.go)
	drops      map[int]time.Time // when each bot drops in the Chili race
	dropOrder  []int             // the seats in the order they dropped in the latest Chili race
	reveal     *reveal           // a Mutated Minion's draw being shown, or nil
	dirty      bool              // the views must be sent again
	startedAt  time.Time         // when the game began, for the log's duration (tablelog.go)
	editing    bool              // the host has the rules form open: the countdown waits (editrules.go)
	listDirty  bool              // the lobby's line must be published again
	closed     bool
	// pendingBots are the bots asked for at creation, seated after the host.
	pendingBots int
	// movedAt is when the latest move was applied (owned by loop), for the
	// operator's move-to-screens latency.
	movedAt time.Time
	// tour ties the table to its tournament (tournament_table.go); nil at
	// an ordinary table.
	tour *tourLink
	// tally is the game's record so far, handed over when it ends (history.go).
	tally *gameTally
	// recordWritten is closed once the last finished game is written
	// (recorder.go); nil when there is none to wait for.
	recordWritten <-chan struct{}
	// replaceRecord: the store keeps the table's record of a round that was
	// played, which the next one replaces (tournament_restore.go).
	replaceRecord bool
	// journal is what the store has of the game (journal.go); nil without one.
	journal  *tableJournal
	restored *restoredFrom // what a restart rebuilt the table from (restore.go)
	// pausedAt is when the table began to hold because its journal could
	// not be written (pause.go); zero while it plays.
	pausedAt time.Time

	// ladderLeft are the keys of those who left this ladder game before its
	// end, counted against their day then (ladderwait.go).
	ladderLeft map[string]bool
}

// seat is one seat: a player (connected or away), a bot, or nobody.
type seat struct {
	nick      string
	key       string
	client    *Client // nil for a bot, an empty seat, or a player who is away
	bot       bool
	program   bool // a bot of the bot API, seated as a player (botaccount.go)
	host      bool
	away      bool
	awaySince time.Time
	auto      bool // a bot plays for the player until they press a key
	timeouts  int  // turns in a row that timed out
	// standFor is the player a bot took the seat from for good, or "": a
	// game it wins is the bot's, not theirs (standin.go).
	standFor string

	// brain is a bot's player: its level and what it remembers (nil for a person).
	brain *bot.Bot
}

func (s *seat) empty() bool { return s.nick == "" }

// human reports whether a person holds the seat (connected or away).
func (s *seat) human() bool { return !s.empty() && !s.bot }

// robot reports whether the table plays the seat's moves itself.
func (s *seat) robot() bool { return s.bot || s.auto }

const (
	logKeep  = 60 // log entries a table keeps
	logShown = 30 // log lines sent to a player

	// queueLen is a table's queue: room for every player's keys at once.
	queueLen = 128
)

// newTable makes a table; the hub starts its loop.
func newTable(h *Hub, id, code string, opts TableOptions) *table {
	cfg := h.cfg
	if opts.TurnTime == 0 {
		opts.TurnTime = cfg.TurnTime
	}
	if opts.TurnTime != NoTurnTimer || opts.Public {
		opts.TurnTime = min(max(opts.TurnTime, 10*time.Second), 120*time.Second)
		if cfg.TurnTime < 10*time.Second && opts.TurnTime == 10*time.Second {
			opts.TurnTime = cfg.TurnTime // the server's own default may be shorter
		}
	}
	t := &table{
		hub:      h,
		cfg:      cfg,
		clock:    cfg.Clock,
		id:       id,
		code:     code,
		opts:     opts,
		q:        &tableQueue{id: id, cmds: make(chan tableCmd, queueLen), done: make(chan struct{})},
		quit:     make(chan struct{}),
		watchers: map[*Client]bool{},
		chat:     map[string]*chatLimiter{},
		drops:    map[int]time.Time{},
		rng:      rand.New(rand.NewPCG(cfg.Seed(), cfg.Seed())),
		epoch:    h.screenVer.Add(1),
	}
	t.opts.Name = Sanitize(t.opts.Name, 24) // its short name, when it has none (nameTable)
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
	return t
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

// loop is the table's goroutine. After each command or timer it sends the
// new state to everyone at the table, and only then answers the command's
// caller: when a join returns, the player's screen already shows the table.
func (t *table) loop() {
	defer close(t.q.done)
	for !t.closed {
		var wake <-chan time.Time
		var timer Timer
		if next := t.nextDeadline(); !next.IsZero() {
			timer = t.clock.NewTimer(next.Sub(t.clock.Now()))
			wake = timer.C()
		}
		select {
		case cmd := <-t.q.cmds:
			if timer != nil {
				timer.Stop() // before the answer: whoever asked never sees the old deadline
			}
			answer := t.handle(cmd)
			t.flush()
			answer()
		case <-wake:
			t.tick(t.clock.Now())
			t.flush()
		case <-t.thoughtDone():
			t.thoughtBack()
			t.tick(t.clock.Now())
			t.flush()
		case <-t.quit:
			t.close(ErrShuttingDown.Error())
		}
		if timer != nil {
			timer.Stop()
		}
	}
	// Commands still queued are answered by done: the table has gone.
}

// handle carries out one command and returns how to answer it, which loop
// does once everyone has been sent the new state.
func (t *table) handle(cmd tableCmd) (answer func()) {
	if t.tour != nil {
		if answer, ok := t.tourHandle(cmd); ok {
			return answer
		}
	}
	switch cmd := cmd.(type) {
	case seekPublicCmd:
		err := t.onSeekPublic(cmd.c)
		t.arrived(cmd.c, err)
		return func() { cmd.reply <- err }
	case joinCmd:
		err := t.onJoin(cmd.c, cmd.watch)
		t.arrived(cmd.c, err)
		t.tellHeld(cmd.c, err)
		return func() { cmd.reply <- err }
	case reattachCmd:
		err := errSeatElsewhere
		if i := t.seatOfKey(cmd.c.key); !cmd.resume || i < 0 || t.seats[i].client == nil || t.seats[i].client == cmd.c {
			err = t.onReattach(cmd.c)
		}
		t.arrived(cmd.c, err)
		t.tellHeld(cmd.c, err)
		return func() { cmd.reply <- err }
	case disconnectCmd:
		kept := t.onDisconnect(cmd.c)
		return func() { cmd.reply <- kept }
	case sitCmd:
		err := t.onSit(cmd.c)
		return func() { cmd.reply <- err }
	case intentCmd:
		err := t.onIntent(cmd.c, cmd.in)
		if err != nil {
			cmd.c.notice(err.Error(), true)
		}
		return func() { cmd.answer(err) }
	case snapshotCmd:
		s := t.snapshot()
		return func() { cmd.reply <- s }
	case handOffCmd:
		ok := t.handOff(cmd.fenced) // handoff.go
		return func() {
			if cmd.reply != nil {
				cmd.reply <- ok
			}
		}
	case renameCmd:
		t.onRename(cmd) // rename.go
	case ladderMoveCmd:
		t.onLadderMove(cmd.to) // ladderdir.go
	case adminCloseCmd:
		t.onAdminClose(cmd.why) // moderation_admin.go
		return func() { cmd.reply <- nil }
	}
	return func() {}
}

// nextDeadline is the earliest time the table has something to do by itself.
func (t *table) nextDeadline() time.Time {
	if t.held() {
		// Nothing else moves while it holds (pause.go). (A journal begun
		// afresh meanwhile has no retry set: its first write is due now.)
		if at := t.journalRetryAt(); !at.IsZero() {
			return at
		}
		return t.clock.Now()
	}
	var next time.Time
	for _, d := range []time.Time{t.startsAt, t.turnEnds, t.raceEnds, t.raidEnds, t.nextHandAt, t.botDue(), t.catchAt, t.jump.at, t.journalRetryAt()} {
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
		if s.away && t.status != Finished && !s.bot { // (away while waiting: restored, restore.go)
			if d := s.awaySince.Add(t.cfg.Grace); next.IsZero() || d.Before(next) {
				next = d
			}
		}
	}
	return next
}

// due reports whether deadline d has passed.
func due(d, at time.Time) bool { return !d.IsZero() && !at.Before(d) }
