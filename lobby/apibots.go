package lobby

import (
	"errors"

	"github.com/unossh/unossh/engine"
)

// This file is API bots at public tables: a public table's host decides,
// when opening it, whether bots of the bot API may sit there
// (TableOptions.APIBots, off by default: a person who opens a public table
// expects people and the server's own bots). A bot asks for one with
// SeekPublic, which seats it at the fullest waiting public table of its
// edition and mode that allows API bots; it never opens one, as a table of
// bots alone is no public table, and it never waits, so that a bot author
// decides what to do meanwhile (seek again, or play the built-in bots).
// In a cluster it finds the waiting public tables of every node.
// A host who seats an API bot by name (its invitation) has chosen it: that
// seat is the host's to give, whatever the option says.

// ErrNoAPIBots refuses an API bot at a public table whose host does not
// allow API bots.
var ErrNoAPIBots = errors.New("this public table's host does not allow API bots")

// ErrNoneAllowAPIBots answers SeekPublic when public tables of that
// edition and mode wait for players, but none of their hosts allows API bots.
var ErrNoneAllowAPIBots = errors.New("the public tables of that edition and mode that wait for players do not allow API bots: their hosts decide")

// ErrNoPublicTable answers SeekPublic when no waiting public table of that
// edition and mode has a free seat.
var ErrNoPublicTable = errors.New("no public table of that edition and mode waits for players: seek again later, or play the built-in bots")

// ErrPublicPrograms refuses SeekPublic to a person: people use Quick play.
var ErrPublicPrograms = errors.New("only API bots seek public tables this way: people use Quick play")

// seekPublicCmd seats an API bot at a public table if its host allows them.
type seekPublicCmd struct {
	c     *Client
	reply chan error
}

func (seekPublicCmd) tableCmd() {}

// publicSeekCmd lists the waiting public tables with a free seat whose
// edition and mode are these: those that allow API bots first, fullest
// first; refused counts those that do not.
type publicSeekCmd struct {
	choice QuickChoice
	reply  chan publicPicks
}

type publicPicks struct {
	allow   []*tableQueue
	refused int
}

func (publicSeekCmd) hubCmd() {}

// SeekPublic seats the API bot at the fullest waiting public table of this
// edition and mode whose host allows API bots. When such tables wait but
// none allows API bots, the answer is ErrNoneAllowAPIBots; when none waits at
// all, ErrNoPublicTable.
func (c *Client) SeekPublic(e engine.Edition, m engine.Mode) error {
	if !c.program.Load() {
		return ErrPublicPrograms
	}
	if c.nick() == "" {
		return ErrNoNick
	}
	if c.table() != nil {
		return ErrAtTable
	}
	reply := make(chan publicPicks, 1)
	picks, err := ask(c.hub, publicSeekCmd{choice: QuickChoice{ByEdition: true, Edition: e, ByMode: true, Mode: m}, reply: reply}, reply)
	if err != nil {
		return err
	}
	refused := picks.refused
	for _, q := range picks.allow {
		reply := make(chan error, 1)
		err, qerr := c.call(q, seekPublicCmd{c: c, reply: reply}, reply)
		if qerr != nil {
			err = qerr
		}
		switch {
		case err == nil, errors.Is(err, ErrShuttingDown):
			return err
		case errors.Is(err, ErrNoAPIBots):
			refused++ // its host changed their mind
		}
	}
	if refused > 0 {
		return ErrNoneAllowAPIBots
	}
	return ErrNoPublicTable
}

// onSeekPublic seats c, an API bot, if the table allows API bots.
func (t *table) onSeekPublic(c *Client) error {
	if t.closed {
		return ErrNoSuchTable
	}
	if !t.opts.Public || t.tour != nil || t.opts.Ladder {
		return ErrNoSuchTable
	}
	if !t.opts.APIBots {
		return ErrNoAPIBots
	}
	return t.onJoin(c, false)
}

// publicSeekPicks is the hub's answer to publicSeekCmd: the tables of every
// node, as Quick play's, so a bot finds a public table wherever it waits
// (another node's through its proxy, as a player who sits there).
func (h *Hub) publicSeekPicks(q QuickChoice) publicPicks {
	var p publicPicks
	if h.shutdown {
		return p
	}
	for _, tq := range h.quickPicks(q) {
		var in TableInfo
		if h.tables[tq.id] != nil {
			h.infoMu.Lock()
			in = h.infos[tq.id]
			h.infoMu.Unlock()
		} else {
			in = h.rdir.tables[tq.id].Info // another node's (directory.go)
		}
		if in.APIBots {
			p.allow = append(p.allow, tq)
		} else {
			p.refused++
		}
	}
	return p
}

// errAPIBotsPublic refuses the API bots setting where it means nothing.
var errAPIBotsPublic = errors.New("only a public table's host chooses whether API bots may sit: at a private table you seat them by name")

// onAPIBotsSetting is the host's change of mind in the waiting room. The
// waiting table's record is written again, so that a restart keeps it; a
// bot already seated stays (the host may remove it like any player).
func (t *table) onAPIBotsSetting(allow bool) error {
	if !t.opts.Public || t.tour != nil || t.opts.Ladder {
		return errAPIBotsPublic
	}
	if t.status != Waiting {
		return errNotWaiting
	}
	if t.opts.APIBots != allow {
		t.opts.APIBots = allow
		t.note(map[bool]string{true: "API bots may sit at this table now", false: "API bots may no longer sit at this table"}[allow])
		if j := t.journal; j != nil && j.waiting {
			j.rec.Options, j.created, j.replace = t.record(0, true).Options, false, true
		}
	}
	t.dirty, t.listDirty = true, true
	return nil
}
