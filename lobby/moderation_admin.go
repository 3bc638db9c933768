package lobby

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sort"
	"strings"
)

// This file is what an operator asks of this node's lobby (ssh HOST admin
// ...): who is online with their keys and addresses, a kick, a line on
// every screen, a table closed, a muted player told. Each reaches only
// this node's sessions and tables; on a node of a service, package
// moderation sends the same to every other node. The hub answers each on
// its goroutine like any other command; closing a table waits for the
// table, never on the hub's goroutine.

// AdminSession is a live session as an operator sees it.
type AdminSession struct {
	Session string // the session's id
	Nick    string // "" until chosen
	Key     string // fingerprint, or "guest"
	Addr    string // "ip:port"
	Where   string // lobby, waiting, playing, watching or finished
	Table   string // the table's short name, "" in the lobby
}

// ErrNotOnline is an operator's command about a nickname nobody online
// here has.
var ErrNotOnline = errors.New("nobody online by that name")

// errTournamentTable is a close of a tournament's table: the tournament
// owns it.
var errTournamentTable = errors.New("that table belongs to a tournament, which closes it itself")

// adminCmd is one of the operators' commands to the hub.
type adminCmd interface {
	hubCmd
	adminCmd()
}

type adminWhoCmd struct{ reply chan []AdminSession }

// adminKickCmd closes the sessions that match: of a nickname, of one of
// keys, or from an address in addr; n is how many.
type adminKickCmd struct {
	match Match
	why   string
	reply chan int
}

// Match picks sessions for an operator: by nickname (any case, or a
// look-alike), by key, or by the address they come from. A zero field
// matches nothing.
type Match struct {
	Nick string
	Keys []string
	Addr netip.Prefix
}

func (m Match) matches(c *Client) bool {
	if m.Nick != "" && nickKey(c.nick()) == nickKey(m.Nick) {
		return true
	}
	if slices.Contains(m.Keys, c.key) {
		return true
	}
	if m.Addr.IsValid() {
		if ap, err := netip.ParseAddrPort(c.remote); err == nil && m.Addr.Contains(ap.Addr().Unmap()) {
			return true
		}
	}
	return false
}

// adminNoticeCmd puts text on every session's screen (nick ""), or on
// the screens of one nickname's sessions; n is how many.
type adminNoticeCmd struct {
	nick, text string
	reply      chan int
}

// adminFindCmd finds a live table by short name or code.
type adminFindCmd struct {
	ref   string
	reply chan adminFound
}

type adminFound struct {
	q     *tableQueue
	short string
	tour  bool
}

// adminSpeakerCmd finds the speaker id of a nickname online here.
type adminSpeakerCmd struct {
	nick  string
	reply chan string
}

func (adminWhoCmd) hubCmd()       {}
func (adminKickCmd) hubCmd()      {}
func (adminNoticeCmd) hubCmd()    {}
func (adminFindCmd) hubCmd()      {}
func (adminSpeakerCmd) hubCmd()   {}
func (adminWhoCmd) adminCmd()     {}
func (adminKickCmd) adminCmd()    {}
func (adminNoticeCmd) adminCmd()  {}
func (adminFindCmd) adminCmd()    {}
func (adminSpeakerCmd) adminCmd() {}

// AdminWho lists every session on this node, with a nickname or not.
func (h *Hub) AdminWho() ([]AdminSession, error) {
	reply := make(chan []AdminSession, 1)
	return ask(h, adminWhoCmd{reply: reply}, reply)
}

// Kick closes every session on this node that m matches, each reading
// why. It says how many it closed.
func (h *Hub) Kick(m Match, why string) (int, error) {
	reply := make(chan int, 1)
	return ask(h, adminKickCmd{match: m, why: why, reply: reply}, reply)
}

// Announce puts a line on the screen of every session on this node, in the
// lobby and at every table. It says how many.
func (h *Hub) Announce(text string) (int, error) {
	reply := make(chan int, 1)
	return ask(h, adminNoticeCmd{text: "announcement: " + text, reply: reply}, reply)
}

// Tell puts a line on the screens of the player called nick on this node
// (a mute, say). It says on how many.
func (h *Hub) Tell(nick, text string) (int, error) {
	reply := make(chan int, 1)
	return ask(h, adminNoticeCmd{nick: nick, text: text, reply: reply}, reply)
}

// SpeakerOnline is the speaker id (for mutes) of the player called nick
// online on this node; ErrNotOnline if none is.
func (h *Hub) SpeakerOnline(nick string) (string, error) {
	reply := make(chan string, 1)
	id, err := ask(h, adminSpeakerCmd{nick: nick, reply: reply}, reply)
	if err == nil && id == "" {
		err = ErrNotOnline
	}
	return id, err
}

// AccountSpeaker is the speaker id of an account.
func AccountSpeaker(accountID int64) string { return fmt.Sprintf("a:%d", accountID) }

// CloseTable closes the live table of this node whose short name or code
// is ref: its players and spectators go back to the lobby, each reading
// why. It returns the table's short name; ErrNoSuchTable if this node has
// no such table.
func (h *Hub) CloseTable(ref, why string) (string, error) {
	reply := make(chan adminFound, 1)
	f, err := ask(h, adminFindCmd{ref: ref, reply: reply}, reply)
	if err != nil {
		return "", err
	}
	if f.q == nil {
		return "", ErrNoSuchTable
	}
	if f.tour {
		return "", errTournamentTable
	}
	done := make(chan error, 1)
	if _, err := request[tableCmd](h.ctx, f.q.cmds, f.q.done, adminCloseCmd{why: why, reply: done}, done, true); err != nil {
		return "", ErrNoSuchTable // it closed by itself meanwhile
	}
	return f.short, nil
}

// adminCloseCmd closes a table at an operator's word.
type adminCloseCmd struct {
	why   string
	reply chan error
}

func (adminCloseCmd) tableCmd() {}

func (h *Hub) onAdmin(cmd adminCmd) {
	switch cmd := cmd.(type) {
	case adminWhoCmd:
		cmd.reply <- h.adminWho()
	case adminKickCmd:
		n := 0
		for _, c := range h.clients {
			if cmd.match.matches(c) {
				c.closeWith(cmd.why)
				n++
			}
		}
		cmd.reply <- n
	case adminNoticeCmd:
		n := 0
		for _, c := range h.clients {
			if cmd.nick == "" || nickKey(c.nick()) == nickKey(cmd.nick) {
				c.notice(cmd.text, false)
				n++
			}
		}
		cmd.reply <- n
	case adminFindCmd:
		cmd.reply <- h.findTable(cmd.ref)
	case adminSpeakerCmd:
		id := ""
		if c := h.online[nickKey(cmd.nick)]; c != nil {
			id = c.speaker()
		}
		cmd.reply <- id
	}
}

func (h *Hub) adminWho() []AdminSession {
	out := make([]AdminSession, 0, len(h.clients))
	for _, c := range h.clients {
		key := c.key
		if c.guest {
			key = "guest"
		}
		c.mu.Lock()
		s := AdminSession{Session: c.id, Nick: c.screen.Nick, Key: key, Addr: c.remote, Where: "lobby"}
		if t := c.screen.Table; t != nil {
			s.Table = t.Short
			if s.Table == "" {
				s.Table = t.Name
			}
			switch {
			case t.You < 0:
				s.Where = "watching"
			case t.Status == Waiting:
				s.Where = "waiting"
			case t.Status == Finished:
				s.Where = "finished"
			default:
				s.Where = "playing"
			}
		}
		c.mu.Unlock()
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := strings.ToLower(out[i].Nick), strings.ToLower(out[j].Nick); a != b {
			return a < b
		}
		return out[i].Addr < out[j].Addr
	})
	return out
}

// findTable is the live table of this node called ref (its short name, any
// case) or with the code ref.
func (h *Hub) findTable(ref string) adminFound {
	code := NormalizeCode(ref)
	for _, t := range h.tables {
		if strings.EqualFold(t.short, ref) || (t.code != "" && t.code == code) {
			return adminFound{q: t.q, short: t.short, tour: t.tour != nil}
		}
	}
	return adminFound{}
}

// onAdminClose is the table closing at an operator's word.
func (t *table) onAdminClose(why string) {
	t.note(why) // kept in the log of whoever watches it close
	t.close(why)
}
