package lobby

import (
	"errors"
	"fmt"

	"github.com/unossh/unossh/engine"
)

// This file is the hub's side of tournaments: opening one (with its two
// tables), finding a public one by its id or a private one by its code, and
// forgetting one that closed; and the session's calls that reach them.

// tourRegistry is the hub's list of tournaments (hub goroutine only).
type tourRegistry struct {
	byID   map[string]*tournament
	byCode map[string]*tournament
}

func (r *tourRegistry) add(tr *tournament) {
	if r.byID == nil {
		r.byID, r.byCode = map[string]*tournament{}, map[string]*tournament{}
	}
	r.byID[tr.id] = tr
	if tr.code != "" {
		r.byCode[tr.code] = tr
	}
}

// tourHubCmd is a hub command about tournaments.
type tourHubCmd interface {
	hubCmd
	tourHubCmd()
}

// tourOpenCmd opens a tournament and queues its host's sign-up as its
// first command (joinCmd with joined as its reply).
type tourOpenCmd struct {
	c      *Client
	opts   TournamentOptions
	joined chan error
	reply  chan found
}

// tourFindCmd finds a public tournament by its id.
type tourFindCmd struct {
	id    string
	reply chan found
}

// tourGoneCmd is a tournament that has closed (no answer).
type tourGoneCmd struct {
	tr *tournament
}

func (tourOpenCmd) hubCmd()     {}
func (tourFindCmd) hubCmd()     {}
func (tourGoneCmd) hubCmd()     {}
func (tourOpenCmd) tourHubCmd() {}
func (tourFindCmd) tourHubCmd() {}
func (tourGoneCmd) tourHubCmd() {}

func (h *Hub) handleTour(cmd tourHubCmd) {
	switch cmd := cmd.(type) {
	case tourOpenCmd:
		cmd.reply <- h.onTourOpen(cmd)
	case tourFindCmd:
		tr := h.tours.byID[cmd.id]
		switch {
		case h.shutdown:
			cmd.reply <- found{err: ErrShuttingDown}
		case tr == nil && h.remoteTour(cmd.id) != nil:
			cmd.reply <- found{q: h.remoteTour(cmd.id)} // another node's (tournament_cluster.go)
		case tr == nil || tr.code != "":
			cmd.reply <- found{err: errNoTournament}
		default:
			cmd.reply <- found{q: tr.q}
		}
	case tourQueueCmd:
		if tr := h.tours.byID[cmd.id]; tr != nil {
			cmd.reply <- tr.q
		} else {
			cmd.reply <- nil
		}
	case tourRestoreCmd:
		n := 0
		for _, tr := range cmd.tours {
			if h.onTourRestore(tr) {
				n++
			}
		}
		cmd.reply <- n
	case tourHandedOffCmd:
		h.onTourHandedOff(cmd)
	case tourGoneCmd:
		h.unshareTour(cmd.tr)
		for k, q := range h.away {
			if q == cmd.tr.q {
				delete(h.away, k) // (a player a restart expected back)
			}
		}
		delete(h.tours.byID, cmd.tr.id)
		if cmd.tr.code != "" && h.tours.byCode[cmd.tr.code] == cmd.tr {
			delete(h.tours.byCode, cmd.tr.code)
		}
		h.broadcastList()
	}
}

var errNoTournament = errors.New("that tournament has closed")

// onTourOpen opens a tournament and its two tables. The tables wait, off
// the public list, until the tournament seats the first round.
func (h *Hub) onTourOpen(cmd tourOpenCmd) found {
	if h.shutdown {
		return found{err: ErrShuttingDown}
	}
	id, tables := h.tourIDs() // (tournament_cluster.go)
	code := ""
	if !cmd.opts.Public {
		code = h.tourCode(id)
	}
	tr := newTournament(h, id, code, cmd.opts)
	for k := range tr.tables {
		t := h.tourTable(tr, k, tables[k])
		h.nameTable(t)
		h.tables[t.id] = t
		go t.loop()
	}
	// The host's sign-up is the tournament's first command; the queue is
	// new, so this never waits.
	tr.q.cmds <- joinCmd{c: cmd.c, reply: cmd.joined}
	go tr.loop()
	h.tours.add(tr)
	h.shareTour(tr, false)
	return found{q: tr.q}
}

// tourTable makes table k of tournament tr, with id id.
func (h *Hub) tourTable(tr *tournament, k int, id string) *table {
	opts := TableOptions{Name: fmt.Sprintf("%s · table %d", tr.opts.Name, k+1), Public: tr.opts.Public,
		Settings: tr.opts.settings().TournamentTable(), TurnTime: tr.opts.TurnTime}
	t := newTable(h, id, tr.code, opts)
	t.tour = &tourLink{reports: tr.reports, done: tr.q.done, id: tr.id, index: k}
	tr.tables[k] = t
	return t
}

// newTourCode is a code no table or tournament holds.
func (h *Hub) newTourCode() string {
	for {
		if code := h.newCode(); h.tours.byCode[code] == nil {
			return code
		}
	}
}

// OpenTournament opens an eight-player, two-table tournament with the
// player as its host and first to sign up. When it returns, the player's
// screen shows the tournament's room.
func (c *Client) OpenTournament(opts TournamentOptions) error {
	if c.nick() == "" {
		return ErrNoNick
	}
	if _, err := engine.NewTournament(opts.settings(), 1); err != nil {
		return err
	}
	if opts.Bots < 0 || opts.Bots >= engine.TournamentPlayers {
		return errors.New("leave at least one place for yourself")
	}
	if c.table() != nil {
		return ErrAtTable
	}
	return c.openAndJoin(func(joined chan error, reply chan found) hubCmd {
		return tourOpenCmd{c: c, opts: opts, joined: joined, reply: reply}
	})
}

// SignUp signs the player up for the public tournament with that id, or,
// once it has begun (or is full), takes them to its room to watch.
func (c *Client) SignUp(id string) error {
	if c.nick() == "" {
		return ErrNoNick
	}
	if c.table() != nil {
		return ErrAtTable
	}
	reply := make(chan found, 1)
	f, err := ask(c.hub, tourFindCmd{id: id, reply: reply}, reply)
	if err == nil {
		err = f.err
	}
	if err != nil {
		return c.fail(err)
	}
	if err := c.enter(f.q, false); err != nil {
		if errors.Is(err, ErrTableStarted) || errors.Is(err, ErrTableFull) {
			return c.fail(c.enter(f.q, true))
		}
		return c.fail(err)
	}
	return nil
}
