package lobby

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/engine"
)

// tournament is the eight-player, two-table tournament: its sign-up room,
// its schedule and its standings. Its goroutine (loop) owns all of that.
// The two tables are ordinary tables, each owning its seats and its game;
// each tells the tournament how every hand ended, and between rounds hands
// its seats back so that the next round can seat them anew (engine's
// TournamentSchedule: every player partners every other for four hands).
//
// Sessions reach the tournament's room through its queue (q), with the
// commands they send a table; the tables report on reports. The tournament
// publishes, then replies, as a table does.
type tournament struct {
	hub     *Hub
	cfg     Config
	clock   Clock
	id      string
	code    string
	opts    TournamentOptions
	q       *tableQueue
	reports chan tourReport
	quit    chan struct{}
	tables  [engine.TournamentTables]*table

	// owned by loop
	places    []*seat // by player number; nil while a table holds the seat
	names     [engine.TournamentPlayers]string
	keys      [engine.TournamentPlayers]string // "" for a bot's place
	bots      [engine.TournamentPlayers]bool
	watchers  map[*Client]bool
	status    TableStatus
	schedule  []engine.Round
	round     int
	tally     [engine.TournamentPlayers][engine.TournamentPlayers]int
	hands     [engine.TournamentTables]int
	roundDone [engine.TournamentTables]bool
	released  [engine.TournamentTables]bool
	moving    bool                         // the seats are between tables
	present   [engine.TournamentTables]int // people seated at each table
	open      [engine.TournamentTables]bool
	held      []tableCmd // sessions' commands held while the seats move
	log       []logEntry
	chat      map[string]*chatLimiter
	dirty     bool
	listDirty bool
	closed    bool
	// pendingBots are the bots asked for at opening, signed up after the host.
	pendingBots int
	// keep is what the store has of the tournament (tournament_keep.go).
	keep tourKeep
	// started is when its first round was dealt, for its result (zero
	// after a restart: the result then starts at its end).
	started time.Time
	// epoch is this incarnation of the tournament on this node, and leased
	// that its lease was taken before it was registered
	// (tournament_cluster.go).
	epoch  uint64
	leased bool
	// fence is its record's fencing number in the store, once a node of
	// several claimed it (0: never claimed).
	fence int64
	// recordDown: its record's last write failed (set by loop, read by the
	// lease's renewals: offer.go).
	recordDown atomic.Bool
}

// tourReportsLen is room for every report the tables can have in flight:
// a few a hand, and one each between rounds.
const tourReportsLen = 64

func newTournament(h *Hub, id, code string, opts TournamentOptions) *tournament {
	if opts.Name == "" {
		opts.Name = "tournament " + id
	}
	opts.Name = Sanitize(opts.Name, 24)
	tr := &tournament{
		hub: h, cfg: h.cfg, clock: h.cfg.Clock, id: id, code: code, opts: opts,
		q:           &tableQueue{id: id, cmds: make(chan tableCmd, queueLen), done: make(chan struct{})},
		reports:     make(chan tourReport, tourReportsLen),
		quit:        make(chan struct{}),
		places:      make([]*seat, engine.TournamentPlayers),
		watchers:    map[*Client]bool{},
		chat:        map[string]*chatLimiter{},
		schedule:    engine.TournamentSchedule(),
		epoch:       h.screenVer.Add(1),
		pendingBots: opts.Bots,
	}
	for i := range tr.places {
		tr.places[i] = &seat{}
	}
	return tr
}

// loop is the tournament's goroutine: after each command or report it sends
// the new state to everyone in its room, and only then answers.
func (tr *tournament) loop() {
	defer close(tr.q.done)
	tr.flush() // (a tournament a restart brought back shows itself)
	for !tr.closed {
		var wake <-chan time.Time
		var timer Timer
		if next := tr.nextDeadline(); !next.IsZero() {
			timer = tr.clock.NewTimer(next.Sub(tr.now()))
			wake = timer.C()
		}
		select {
		case cmd := <-tr.q.cmds:
			answer := tr.handle(cmd)
			tr.flush()
			answer()
		case r := <-tr.reports:
			tr.report(r)
			tr.flush()
		case <-wake:
			tr.expire(tr.now())
			tr.flush()
		case <-tr.quit:
			tr.close(ErrShuttingDown.Error())
		case <-tr.hub.ctx.Done():
			tr.close(ErrShuttingDown.Error())
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// stop asks the tournament to close at its next safe point.
func (tr *tournament) stop() {
	select {
	case <-tr.quit:
	default:
		close(tr.quit)
	}
}

// handle carries out a session's command and returns how to answer it.
func (tr *tournament) handle(cmd tableCmd) (answer func()) {
	switch cmd := cmd.(type) {
	case joinCmd:
		err := tr.onJoin(cmd.c, cmd.watch)
		return func() { cmd.reply <- err }
	case reattachCmd:
		if tr.status != Waiting {
			tr.forward(cmd, cmd.c.key)
			return func() {}
		}
		err := ErrNoSuchTable // a spectator of the room has no place to come back to
		if i := tr.placeOfKey(cmd.c.key); i >= 0 && cmd.c.guest {
			err = tr.guestBack(i, cmd.c)
		} else if i >= 0 {
			err = tr.onJoin(cmd.c, false)
		}
		return func() { cmd.reply <- err }
	case disconnectCmd:
		if tr.status != Waiting && !tr.watchers[cmd.c] {
			tr.forward(cmd, cmd.c.key)
			return func() {}
		}
		tr.onDisconnect(cmd.c)
		return func() { cmd.reply <- false }
	case sitCmd:
		// Enter on the room in the lobby's list: as SignUp, in one command.
		if tr.status != Waiting && tr.placeOfKey(cmd.c.key) >= 0 && !cmd.c.guest {
			tr.forward(cmd, cmd.c.key) // back to their seat, at whichever table it is
			return func() {}
		}
		err := tr.onJoin(cmd.c, false)
		if errors.Is(err, ErrTableStarted) || errors.Is(err, ErrTableFull) {
			err = tr.onJoin(cmd.c, true)
		}
		return func() { cmd.reply <- err }
	case tourSnapshotCmd:
		v := tr.snapshot()
		return func() { cmd.reply <- v }
	case tourHandOffCmd:
		ok := tr.handOff(cmd.fenced) // tournament_cluster.go
		return func() {
			if cmd.reply != nil {
				cmd.reply <- ok
			}
		}
	case renameCmd:
		tr.onRename(cmd) // rename.go
		return func() {}
	case intentCmd:
		if cmd.in.Kind == TourWatch {
			if err := tr.onWatchTable(cmd); err != nil {
				cmd.c.notice(err.Error(), true)
				return func() { cmd.answer(err) }
			}
			return func() {} // the table answers
		}
		err := tr.onIntent(cmd.c, cmd.in)
		if err != nil {
			cmd.c.notice(err.Error(), true)
		}
		return func() { cmd.answer(err) }
	}
	return func() {}
}

// report takes in what a table tells.
func (tr *tournament) report(r tourReport) {
	switch r := r.(type) {
	case tourHandReport:
		tr.onHand(r)
	case tourReleasedReport:
		tr.onReleased(r)
	case tourHumansReport:
		tr.present[r.table] = r.humans
		if tr.status == Playing && tr.present[0]+tr.present[1] == 0 {
			tr.close("everyone left, so the tournament closed")
		}
	case tourClosedReport:
		tr.open[r.table] = false
		tr.closeIfDone()
	case tourAskReport:
		tr.ask(r.cmd)
	}
}

// start seats the eight players (bots in the free places) for the first round.
func (tr *tournament) start() {
	tr.unholdPlaces(false) // (tournament_held.go)
	for tr.addBot() {
	}
	for p, s := range tr.places {
		tr.names[p], tr.bots[p] = s.nick, s.bot
		if !s.bot {
			tr.keys[p] = s.key
		}
	}
	tr.status, tr.started = Playing, tr.now()
	tr.open = [engine.TournamentTables]bool{true, true}
	tr.note("the tournament begins: seven rounds of four hands, at two tables")
	tr.seatRound()
	tr.dirty, tr.listDirty = true, true
}

// seatRound hands each table its four players for the round.
func (tr *tournament) seatRound() {
	tr.roundDone, tr.released, tr.moving = [2]bool{}, [2]bool{}, false
	tr.keepState() // the round is kept before its tables are (tournament_keep.go)
	for k := range tr.tables {
		tr.seatTable(k)
	}
	held := tr.held
	tr.held = nil
	for _, cmd := range held {
		tr.ask(cmd)
	}
}

// seatTable hands table k its four players for the round.
func (tr *tournament) seatTable(k int) {
	cmd := tourSeatCmd{round: tr.round, settings: tr.opts.settings().TournamentTable(), view: tr.view(k)}
	cmd.players = tr.schedule[tr.round].Seats(k)
	tr.present[k] = 0
	for i, p := range cmd.players {
		cmd.seats[i], tr.places[p] = tr.places[p], nil
		if cmd.seats[i].human() {
			tr.present[k]++
		}
	}
	tr.send(tr.tables[k], cmd)
}

// onHand adds a hand's points to the partnership that scored them.
func (tr *tournament) onHand(r tourHandReport) {
	if r.round != tr.round || tr.status != Playing {
		return
	}
	tr.tally[r.winner][r.partner] += r.points
	tr.tally[r.partner][r.winner] += r.points
	tr.hands[r.table]++
	tr.roundDone[r.table] = tr.roundDone[r.table] || r.last
	tr.dirty = true
	switch {
	case !tr.roundDone[0] || !tr.roundDone[1]:
		tr.sendViews()
	case tr.round == engine.TournamentRounds-1:
		tr.end()
	default:
		tr.sendViews()
		tr.moving = true
		for _, t := range tr.tables {
			tr.send(t, tourReleaseCmd{})
		}
	}
}

// onReleased takes back a table's seats; once both tables have handed
// theirs back, the next round is seated.
func (tr *tournament) onReleased(r tourReleasedReport) {
	for i, p := range tr.schedule[tr.round].Seats(r.table) {
		s := r.seats[i]
		tr.places[p] = s
		tr.bots[p] = s.bot
	}
	tr.released[r.table] = true
	if tr.released[0] && tr.released[1] {
		tr.round++
		tr.note(fmt.Sprintf("round %d of %d", tr.round+1, engine.TournamentRounds))
		tr.seatRound()
	}
}

// end closes the last round: the standings are final.
func (tr *tournament) end() {
	tr.status = Finished
	tr.finishState()
	tr.recordResult() // tournament_record.go
	st := tr.standings()
	names := ""
	for i, w := range st.Winners {
		if i > 0 {
			names += " and "
		}
		names += tr.names[w]
	}
	tr.note(fmt.Sprintf("the tournament is over: %s won with %d points", names, st.Scores[st.Winners[0]]))
	for k, t := range tr.tables {
		tr.send(t, tourEndCmd{view: tr.view(k)})
	}
	tr.dirty, tr.listDirty = true, true
}

// sendViews brings both tables the latest standings.
func (tr *tournament) sendViews() {
	for k, t := range tr.tables {
		tr.send(t, tourViewCmd{view: tr.view(k)})
	}
}

// send queues cmd for table t. A table drains its queue without ever
// waiting on the tournament (its reports have room), so this is brief.
func (tr *tournament) send(t *table, cmd tableCmd) {
	select {
	case t.q.cmds <- cmd:
	case <-t.q.done:
	case <-tr.hub.ctx.Done():
	}
}

// forward passes a session's command to the table where the player with
// key sits this round; while the seats move between tables it is held, and
// a player with no seat gets the answer a table would give a stranger.
func (tr *tournament) forward(cmd tableCmd, key string) {
	if tr.moving {
		tr.held = append(tr.held, cmd)
		return
	}
	for p, k := range tr.keys {
		if k != "" && k == key && tr.status != Waiting {
			table, _ := tr.seatOf(p)
			tr.send(tr.tables[table], tourFwdCmd{cmd: cmd})
			return
		}
	}
	switch cmd := cmd.(type) {
	case reattachCmd:
		cmd.reply <- ErrNoSuchTable
	case disconnectCmd:
		cmd.reply <- false
	case intentCmd:
		cmd.answer(nil)
	case joinCmd:
		cmd.reply <- ErrNoSuchTable
	case sitCmd:
		cmd.reply <- ErrNoSuchTable
	}
}

// ask is a command a table passed up: forward it by its player's key.
func (tr *tournament) ask(cmd tableCmd) {
	switch c := cmd.(type) {
	case reattachCmd:
		tr.forward(cmd, c.c.key)
	case disconnectCmd:
		tr.forward(cmd, c.c.key)
	case intentCmd:
		tr.forward(cmd, c.c.key)
	case joinCmd:
		tr.forward(cmd, c.c.key)
	}
}

// seatOf is where player p sits this round: the table and the seat.
func (tr *tournament) seatOf(p int) (table, seat int) {
	for k := range engine.TournamentTables {
		for s, q := range tr.schedule[tr.round].Seats(k) {
			if q == p {
				return k, s
			}
		}
	}
	return 0, -1
}

// standings are the points across both tables.
func (tr *tournament) standings() engine.Standings {
	var st engine.Standings
	best := 0
	for p := range tr.tally {
		st.Tally = append(st.Tally, append([]int(nil), tr.tally[p][:]...))
		sum := 0
		for _, v := range tr.tally[p] {
			sum += v
		}
		st.Scores = append(st.Scores, sum)
		best = max(best, sum)
	}
	st.Hands = tr.hands
	if tr.status == Finished {
		for p, sc := range st.Scores {
			if sc == best {
				st.Winners = append(st.Winners, p)
			}
		}
	}
	return st
}

// view is the tournament as it is shown at table (-1: its room).
func (tr *tournament) view(table int) *TournamentView {
	v := &TournamentView{ID: tr.id, Name: tr.opts.Name, Schedule: append([]engine.Round(nil), tr.schedule...),
		Round: tr.round, Started: tr.status != Waiting, Over: tr.status == Finished, Table: table,
		RoundDone: tr.roundDone, Standings: tr.standings()}
	for k, t := range tr.tables {
		v.TableIDs[k] = t.id
	}
	for p := range engine.TournamentPlayers {
		name, bot := tr.names[p], tr.bots[p]
		if tr.status == Waiting {
			name, bot = tr.places[p].nick, tr.places[p].bot
		}
		v.Players = append(v.Players, name)
		v.Bots = append(v.Bots, bot)
	}
	return v
}

// closeIfDone closes a finished tournament once both its tables have
// closed and nobody watches its room.
func (tr *tournament) closeIfDone() {
	if tr.status == Finished && !tr.open[0] && !tr.open[1] && len(tr.watchers) == 0 {
		tr.close("")
	}
}

// close ends the tournament: everyone in its room goes back to the lobby,
// and its tables close (after the last round they close by themselves when
// their players leave).
func (tr *tournament) close(why string) {
	if tr.closed {
		return
	}
	tr.closed = true
	tr.finishState() // (unless the server is stopping)
	if tr.status == Waiting {
		tr.unholdPlaces(false)
		for _, s := range tr.places {
			if s != nil && s.client != nil {
				s.client.unseat(tr.q, why, false)
			}
		}
	}
	for c := range tr.watchers {
		c.unseat(tr.q, why, false)
	}
	for k, t := range tr.tables {
		if tr.open[k] || tr.status == Waiting {
			tr.send(t, tourCloseCmd{why: why})
		}
	}
	tr.hub.unpublish(tr.id)
	tr.hub.tell(tourGoneCmd{tr: tr})
}

// note adds a line of the tournament's own to its room's log.
func (tr *tournament) note(text string) {
	tr.addLog(logEntry{text: text})
}

func (tr *tournament) addLog(e logEntry) {
	if len(tr.log) >= logKeep {
		tr.log = append(tr.log[:0], tr.log[len(tr.log)-logKeep+1:]...)
	}
	tr.log = append(tr.log, e)
	tr.dirty = true
}

// now is the lobby's time.
func (tr *tournament) now() time.Time { return tr.clock.Now() }
