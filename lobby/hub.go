package lobby

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/lobby/bot"
)

// Hub is the lobby: the registry of who is online, of private codes and of
// the public list. Its goroutine (run) owns all of it; sessions reach it
// only through cmds. It never waits on a session or a table.
type Hub struct {
	cfg      Config
	cmds     chan hubCmd
	ctx      context.Context // ends when the hub's goroutine stops
	stop     context.CancelFunc
	done     chan struct{}
	stopping chan struct{} // closed when Shutdown begins
	stopOnce sync.Once

	// owned by run
	clients  map[string]*Client     // by session id
	byKey    map[string]*Client     // the live session of each identity
	nicks    map[string]string      // identity -> nickname, remembered while the server runs
	online   map[string]*Client     // nickname key (nickKey: any case, look-alikes) -> session
	tables   map[string]*table      // by id
	codes    map[string]*table      // private tables by code
	away     map[string]*tableQueue // identity -> the table keeping their seat while they are gone
	nextID   int
	guesses  *guessLimiter // wrong private codes (guesses.go)
	invites  inviteCounts  // invitations sent lately (invite.go)
	rejoin   rejoins       // guests' rejoin codes (rejoin.go)
	tours    tourRegistry  // tournaments by id and code (tournament_hub.go)
	held     heldSeats     // seats kept for players away from them (held.go; its own lock)
	rec      *recorder     // writes finished games; nil without a store (recorder.go)
	ladder   *tableQueue   // the table of the bot waiting on the ladder (ladder.go)
	shutdown bool

	// ladderSeek lets one ladder seek at a time pair or wait (ladder.go;
	// its own lock, held by the seeking session's goroutine).
	ladderSeek sync.Mutex

	journal journalCounters // the tables' journals (journal.go)

	// newAccounts counts the accounts made per address (newaccounts.go;
	// its own lock: sessions make accounts on their own goroutines).
	newAccounts *accountLimiter

	// Tables publish their line of the list here, under infoMu, without
	// waiting on the hub; changed tells run to send the list out again.
	infoMu  sync.Mutex
	infos   map[string]TableInfo
	changed chan struct{}

	// The shared listing (list.go): run makes it, any session reads it.
	shown     atomic.Pointer[listing]
	listDirty bool      // owned by run: a change not yet sent out
	listSent  time.Time // owned by run: when the last listing went out
	listTimer Timer     // owned by run: the merged send pending, or nil

	movesMade atomic.Uint64 // moves applied at every table, for Stats

	// remoteLatency is how long other nodes' moves took to reach this
	// node's sessions (remote_latency.go).
	remoteLatency remoteLatency

	// mutes are the mutes in force, for every table to read (moderation_mutes.go).
	mutes atomic.Pointer[muteSet]

	// thinkers bounds the hard bots' searches on the whole server (botthink.go).
	thinkers *bot.Thinkers

	// With a Cluster (cluster.go): this node's tables as other nodes reach
	// them (owned by run), the shadows' outbox, the proxies of other nodes'
	// tables, the directory this node writes and what it read of the
	// others' (owned by run), and the versions of the shadows' screens.
	served       map[string]*servedTable
	out          *outbox
	proxies      proxies
	dir          *dirWriter
	rdir         remoteDir
	screenVer    atomic.Uint64
	leases       leaseSet                  // the tables whose lease this node holds (lease.go)
	offered      leaseSet                  // its tables it offered to the others, cut off from the store (offer.go)
	goneRuns     map[string]bool           // runs of other nodes whose lease ran out or was given up (runTag; hub goroutine)
	tourLeases   tourLeases                // the tournaments whose lease this node holds (tournament_cluster.go)
	tourMoves    map[string][]movedSession // sessions at a tournament's tables it stopped, by tournament (hub goroutine)
	offeredTours tourLeases                // its tournaments it offered to the others, cut off from the store (offer.go)
	draining     bool                      // owned by run: handing every table to other nodes (handoff.go)
	moving       sync.WaitGroup
	// nodeLeased: this node holds its own lease (owned by renewLeases).
	nodeLeased bool
	// run names this run of the node, for its lease (lease.go).
	runID    uint64
	stopText stopLine
}

// NewHub starts a lobby.
func NewHub(cfg Config) *Hub {
	ctx, stop := context.WithCancel(context.Background())
	h := &Hub{
		cfg:      cfg.withDefaults(),
		cmds:     make(chan hubCmd, 256),
		ctx:      ctx,
		stop:     stop,
		done:     make(chan struct{}),
		stopping: make(chan struct{}),
		clients:  map[string]*Client{},
		byKey:    map[string]*Client{},
		nicks:    map[string]string{},
		online:   map[string]*Client{},
		tables:   map[string]*table{},
		codes:    map[string]*table{},
		away:     map[string]*tableQueue{},
		guesses:  newHubGuesses(),
		infos:    map[string]TableInfo{},
		changed:  make(chan struct{}, 1),
	}
	h.guesses.shared = h.cfg.People
	h.newAccounts = newAccountLimiter(h.cfg.AccountsPerAddr, h.cfg.AccountsEvery, h.cfg.Logger)
	h.thinkers = bot.NewThinkers(h.cfg.BotThinkers).WithShare(h.cfg.BotShare, h.cfg.Clock.Now)
	if h.cfg.Store != nil {
		h.rec = newRecorder(h)
	}
	if h.clustered() {
		h.startCluster()
	}
	go h.run()
	return h
}

func (h *Hub) run() {
	defer close(h.done)
	for {
		select {
		case cmd := <-h.cmds:
			h.handle(cmd)
		case <-h.changed:
			h.broadcastList()
		case <-h.listTimerC():
			h.listTimer = nil
			h.flushList()
		case <-h.ctx.Done():
			return
		}
	}
}

// ask queues cmd for the hub and waits for the answer on reply. Once the
// hub has stopped, the answer is ErrShuttingDown.
func ask[R any](h *Hub, cmd hubCmd, reply <-chan R) (R, error) {
	r, err := request(h.ctx, h.cmds, h.done, cmd, reply, true)
	if err != nil {
		return r, ErrShuttingDown
	}
	return r, nil
}

// tell queues cmd for the hub without an answer, giving up if it stops.
func (h *Hub) tell(cmd hubCmd) {
	select {
	case h.cmds <- cmd:
	case <-h.ctx.Done():
	}
}

func (h *Hub) handle(cmd hubCmd) {
	switch cmd := cmd.(type) {
	case connectCmd:
		cmd.reply <- h.onConnect(cmd.c)
	case goneCmd:
		h.onGone(cmd.c, cmd.away)
		cmd.reply <- struct{}{}
	case nickCmd:
		cmd.reply <- h.onNick(cmd.c, cmd.nick)
	case revertNickCmd:
		h.onRevertNick(cmd)
		cmd.reply <- struct{}{}
	case createCmd:
		cmd.reply <- h.onCreate(cmd)
	case codeCmd:
		cmd.reply <- h.onCode(cmd.who, cmd.code)
	case publicCmd:
		cmd.reply <- h.onPublic(cmd.id)
	case ladderCmd:
		cmd.reply <- h.onLadder()
	case ladderWaitCmd:
		h.onLadderWait(cmd.q) // (ladderdir.go)
	case quickCmd:
		cmd.reply <- h.quickPicks(cmd.choice)
	case publicSeekCmd:
		cmd.reply <- h.publicSeekPicks(cmd.choice)
	case onlineCmd:
		cmd.reply <- len(h.online)
	case rejoinCmd:
		cmd.reply <- h.onRejoin(cmd)
	case whoCmd:
		cmd.reply <- h.onWho()
	case inviteCmd:
		cmd.reply <- h.onInvite(cmd.from, cmd.nick)
	case takeInviteCmd:
		cmd.reply <- h.onTakeInvitation(cmd.nick, cmd.inv)
	case signedInCmd:
		cmd.reply <- h.onSignedIn(cmd)
	case seatBackCmd:
		cmd.reply <- h.onSeatBack(cmd)
	case closedCmd:
		h.onClosed(cmd.t)
	case dirCmd:
		h.onDir(cmd)
	case leaseFreeCmd:
		h.onLeaseFree(cmd.id)
	case handedOffCmd:
		h.onHandedOff(cmd)
	case drainCmd:
		h.draining = true
		d := drained{tables: h.allTables()}
		for _, tr := range h.tours.byID {
			d.tours = append(d.tours, tr)
		}
		cmd.reply <- d
	case keyAddedCmd:
		h.onKeyAdded(cmd)
	case tourHubCmd:
		h.handleTour(cmd)
	case restoreCmd:
		h.onRestore(cmd.tables, cmd.moved)
		cmd.reply <- struct{}{}
	case tablesCmd:
		cmd.reply <- h.allTables()
	case adminCmd:
		h.onAdmin(cmd) // moderation_admin.go
	case shutdownCmd:
		h.shutdown = true
		var s stopping
		for _, t := range h.tables {
			s.tables = append(s.tables, t)
		}
		for _, c := range h.clients {
			s.clients = append(s.clients, c)
		}
		cmd.reply <- s
	}
}

// onConnect registers c. A session of the same identity already online is
// taken over: c gets its way back to the table (the old one is told by
// Connect). A guest is a new player every time.
func (h *Hub) onConnect(c *Client) connected {
	if h.shutdown {
		return connected{err: ErrShuttingDown}
	}
	var r connected
	h.clients[c.id] = c
	nick := ""
	if !c.guest {
		if old := h.byKey[c.key]; old != nil {
			delete(h.clients, old.id)
			h.dropNick(old)
			r.old, r.back = old, old.table()
		}
		h.byKey[c.key] = c
		h.showHeld(c) // "back to your table" (held.go)
		if r.back == nil {
			r.back = h.away[c.key]
		}
		if r.back == nil && h.clustered() {
			r.back = h.heldQueue(c.key) // kept by a table of another node (directory.go)
		}
		delete(h.away, c.key)
		nick = h.nicks[c.key]
		if kept := c.storedNick(); kept != "" {
			nick, r.kept = kept, true // the account's, whatever this run remembered
		}
		if other := h.online[nickKey(nick)]; nick != "" && other != nil && !sameAccount(other, c) {
			nick = "" // someone else took it meanwhile
		} else if nick != "" {
			h.online[nickKey(nick)] = c
		}
	} else if nick, r.back = h.connectGuest(c); nick != "" { // (rejoin.go)
		h.online[nickKey(nick)] = c
	}
	r.nick = nick
	c.post(func(s *Screen) { s.Nick = nick })
	if nick != "" {
		h.broadcastOnline()
	}
	return r
}

// onGone forgets a session that ended (unless a newer one took over).
func (h *Hub) onGone(c *Client, away *tableQueue) {
	if h.clients[c.id] != c {
		return // taken over: the newer session is the player now
	}
	delete(h.clients, c.id)
	if h.byKey[c.key] == c {
		delete(h.byKey, c.key)
	}
	if away != nil && !c.guest {
		h.away[c.key] = away
	}
	if c.guest {
		h.goneGuest(c, away) // (rejoin.go)
	}
	h.dropNick(c)
	h.broadcastOnline()
}

func (h *Hub) onNick(c *Client, nick string) error {
	key := nickKey(nick)
	if other := h.online[key]; other != nil && other != c && !sameAccount(other, c) {
		return ErrNickTaken
	}
	if nickKey(c.nick()) != key {
		h.dropNick(c) // (a new letter case keeps the claim the session holds)
	}
	h.online[key] = c
	if !c.guest {
		h.nicks[c.key] = nick
	} else {
		h.putLiveRejoin(c, nick) // (rejoin_cluster.go)
	}
	c.post(func(s *Screen) { s.Nick = nick })
	h.broadcastOnline()
	return nil
}

// dropNick frees c's nickname.
func (h *Hub) dropNick(c *Client) {
	n := nickKey(c.nick())
	if h.online[n] == c {
		delete(h.online, n)
		if h.cfg.People != nil {
			h.cfg.People.ReleaseNick(n, c.id)
		}
	}
}

func (h *Hub) onCreate(cmd createCmd) found {
	if h.shutdown {
		return found{err: ErrShuttingDown}
	}
	h.nextID++
	id, code := tableID(h.nextID), ""
	if h.clustered() {
		id = clusterTableID()
	}
	if !cmd.opts.Public {
		if h.clustered() {
			code = h.claimCode(id)
		} else {
			code = h.newCode()
		}
	}
	t := newTable(h, id, code, cmd.opts)
	h.nameTable(t)
	// The creator's join is the table's first command; the queue is new,
	// so this never waits.
	t.q.cmds <- joinCmd{c: cmd.c, reply: cmd.joined}
	t.logCreated()
	go t.loop()
	h.tables[t.id] = t
	if code != "" {
		h.codes[code] = t
	}
	h.serveTable(t)
	h.takeLease(t)
	return found{q: t.q}
}

// onCode finds a private table by its code. Wrong codes are limited per
// identity, connection and address (guesses.go), so that codes cannot be
// found by trying them all.
func (h *Hub) onCode(who guesser, code string) found {
	if h.shutdown {
		return found{err: ErrShuttingDown}
	}
	now := h.cfg.Clock.Now()
	if err := h.guesses.allow(now, who); err != nil {
		return found{err: err}
	}
	t := h.codes[code]
	if q := h.tours.byCode[code]; t == nil && q != nil {
		return found{q: q.q}
	}
	if t == nil && h.clustered() {
		q, err := h.remoteCode(code)
		if q != nil || err != nil {
			return found{q: q, err: err}
		}
	}
	if t == nil {
		h.guesses.miss(now, who)
		return found{err: ErrNoSuchTable}
	}
	return found{q: t.q}
}

func (h *Hub) onPublic(id string) found {
	if h.shutdown {
		return found{err: ErrShuttingDown}
	}
	t := h.tables[id]
	if tr := h.tours.byID[id]; tr != nil && tr.code == "" {
		return found{q: tr.q}
	}
	if t == nil && h.clustered() {
		if q := h.remotePublic(id); q != nil {
			return found{q: q}
		}
	}
	if t == nil || t.code != "" {
		return found{err: ErrNoSuchTable} // private tables are watched by code only
	}
	return found{q: t.q}
}

// quickPicks are the waiting public tables with a free seat whose edition
// and mode are the choice's, fullest first.
func (h *Hub) quickPicks(q QuickChoice) []*tableQueue {
	if h.shutdown {
		return nil
	}
	// Only the few tables that wait with a free seat are copied and sorted,
	// not every table (thousands while arrivals pour in).
	h.infoMu.Lock()
	var infos []TableInfo
	for _, in := range h.infos {
		if in.Public && in.Status == Waiting && in.Taken < in.Seats && in.Tournament == "" && q.matches(in.Settings) {
			infos = append(infos, in)
		}
	}
	h.infoMu.Unlock()
	if h.clustered() {
		for _, in := range h.remoteInfos() {
			if in.Public && in.Status == Waiting && in.Taken < in.Seats && in.Tournament == "" && q.matches(in.Settings) {
				infos = append(infos, in)
			}
		}
	}
	sort.Slice(infos, func(i, j int) bool {
		if infos[i].Taken != infos[j].Taken {
			return infos[i].Taken > infos[j].Taken
		}
		return infos[i].ID < infos[j].ID
	})
	var out []*tableQueue
	for _, in := range infos {
		if t := h.tables[in.ID]; t != nil {
			out = append(out, t.q)
		} else if q := h.remotePublic(in.ID); q != nil {
			out = append(out, q)
		}
	}
	return out
}

// onClosed forgets a table that closed.
func (h *Hub) onClosed(t *table) {
	delete(h.tables, t.id)
	if h.clustered() && t.tour == nil { // (a tournament's table is its room's: tournament_cluster.go)
		h.unserveTable(t.id)
		h.dir.dropTable(t.id, t.code)
		h.dropLease(t.id)
	}
	if t.code != "" && h.codes[t.code] == t {
		delete(h.codes, t.code)
	}
	for k, q := range h.away {
		if q == t.q {
			delete(h.away, k)
		}
	}
	h.broadcastList()
}

// Online is the number of players online with a nickname on this node
// (the lobby's screens count the whole service's: list.go).
func (h *Hub) Online() int {
	reply := make(chan int, 1)
	n, _ := ask(h, onlineCmd{reply: reply}, reply)
	return n
}

// Shutdown tells every player the server is stopping, lets every table reach
// a safe point (the move in hand is finished; nothing is half-applied) and
// stops the hub, within ctx's deadline. From its first moment, whatever a
// player presses is answered with ErrShuttingDown.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.stopOnce.Do(func() { close(h.stopping) })
	reply := make(chan stopping, 1)
	s, err := ask(h, shutdownCmd{reply: reply}, reply)
	if err != nil {
		return nil // stopped already
	}
	line := h.stopLine()
	for _, c := range s.clients {
		c.closeWith(line)
	}
	for _, t := range s.tables {
		t.stop()
	}
	for _, t := range s.tables {
		select {
		case <-t.q.done:
			continue
		case <-ctx.Done():
			err = ctx.Err()
		}
		break
	}
	if h.rec != nil {
		h.rec.drain(ctx) // the games the tables finished, written before the store closes
	}
	h.dropNode(ctx) // (lease.go)
	h.stop()
	<-h.done
	return err
}

// stoppingNow reports whether Shutdown has begun.
func (h *Hub) stoppingNow() bool {
	select {
	case <-h.stopping:
		return true
	default:
		return false
	}
}

func cryptoSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
