package lobby

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/unossh/unossh/store"
)

// This file is who is online and inviting them. Who lists the players
// online by name and where they are; Invite, from a table, offers a player
// in the lobby a seat at it, as one line on their screen that enter takes
// up. An invitation is a nudge that cannot become a nuisance: a player may
// turn them all away, an inviter has a few a minute, and an invitation
// lapses by itself.

// OnlinePlayer is a player online, as Who lists them.
type OnlinePlayer struct {
	Nick  string
	Guest bool
	// Table is the short name (or name) of the table they sit at or watch,
	// "" in the lobby; Watching says they only watch it.
	Table    string
	Watching bool
}

// Invitation is a seat offered to the player, on their screen until they
// take it, turn it down or it lapses (Until).
type Invitation struct {
	From    string // the inviter's nickname
	TableID string
	Code    string // a private table's code, which lets them in; "" for a public table
	Name    string // the table's short name, or its name
	Edition string
	Until   time.Time
}

// Limits on invitations.
const (
	// InvitationTTL is how long an invitation stays on the invited
	// player's screen.
	InvitationTTL = 2 * time.Minute
	// invitesPerMinute is how many invitations one player may send a
	// minute: enough to gather friends, too few to pester strangers.
	invitesPerMinute = 5
	// whoMost is the most players Who lists: a page of names, not the
	// whole server's.
	whoMost = 500
)

// Errors of inviting, worded for the inviter.
var (
	errInviteNoTable  = errors.New("sit at a table first, then invite a friend to it")
	errInviteSelf     = errors.New("you cannot invite yourself")
	errInviteOver     = errors.New("this game is over: start a rematch, then invite")
	errInviteTooMany  = errors.New("too many invitations: wait a minute before sending more")
	errNoInvitation   = errors.New("no invitation is waiting for you")
	errInvitationGone = errors.New("that invitation has lapsed")
)

// whoCmd lists the players online.
type whoCmd struct{ reply chan []OnlinePlayer }

// inviteCmd offers nick a seat at from's table.
type inviteCmd struct {
	from  *Client
	nick  string
	reply chan invited
}

// invited is the hub's answer to an invitation: sent, refused (err), or
// for a player not online here, the invitation for the other nodes
// (elsewhere; people.go).
type invited struct {
	err       error
	elsewhere *RemoteInvitation
}

func (whoCmd) hubCmd()    {}
func (inviteCmd) hubCmd() {}

// Who lists the players online, by name (at most whoMost of them): on
// every node of the service, if there are others (people.go).
func (c *Client) Who() ([]OnlinePlayer, error) {
	reply := make(chan []OnlinePlayer, 1)
	here, err := ask(c.hub, whoCmd{reply: reply}, reply)
	p := c.hub.cfg.People
	if err != nil || p == nil {
		return here, err
	}
	ctx, cancel := context.WithTimeout(c.hub.ctx, peopleWait)
	others, oerr := p.Who(ctx)
	cancel()
	if oerr != nil {
		c.hub.warn("listing the players of the other nodes failed", "err", oerr)
	}
	return sortWho(append(here, others...)), nil
}

// Invite offers the player named nick, online and in the lobby, a seat at
// the table this player is at.
func (c *Client) Invite(nick string) error {
	nick = strings.TrimSpace(nick)
	if nick == "" {
		return errors.New("whom? type a nickname")
	}
	reply := make(chan invited, 1)
	r, qerr := ask(c.hub, inviteCmd{from: c, nick: nick, reply: reply}, reply)
	if qerr != nil {
		return c.fail(qerr)
	}
	err := r.err
	if r.elsewhere != nil {
		ctx, cancel := context.WithTimeout(c.hub.ctx, peopleWait)
		err = c.hub.cfg.People.Invite(ctx, nickKey(nick), nick, *r.elsewhere)
		cancel()
	}
	if err == nil {
		c.notice("invitation sent to "+nick, false)
	}
	return err
}

// SetInvitations turns invitations to this player on or off: for this
// session, and for the next ones of a key with an account. The account
// keeps it before the screen says so, so that a player who sees it and
// leaves finds it so at the next visit.
func (c *Client) SetInvitations(on bool) {
	c.keepInvitations(on)
	c.post(func(s *Screen) {
		s.NoInvitations = !on
		if !on {
			s.Invitation = nil
		}
	})
	if on {
		c.notice("invitations are on: friends can invite you to their tables", false)
	} else {
		c.notice("invitations are off: nobody can invite you", false)
	}
}

// DeclineInvitation takes the invitation off the player's screen.
func (c *Client) DeclineInvitation() {
	c.post(func(s *Screen) { s.Invitation = nil })
}

// AcceptInvitation takes the seat the waiting invitation offers.
func (c *Client) AcceptInvitation() error {
	c.mu.Lock()
	inv := c.screen.Invitation
	c.screen.Invitation = nil
	c.mu.Unlock()
	switch {
	case inv == nil:
		return errNoInvitation
	case !c.hub.cfg.Clock.Now().Before(inv.Until):
		return errInvitationGone
	case inv.Code != "":
		return c.Join(inv.Code)
	}
	return c.Sit(inv.TableID)
}

// onWho lists the players online (hub goroutine).
func (h *Hub) onWho() []OnlinePlayer {
	out := make([]OnlinePlayer, 0, min(len(h.online), whoMost))
	for _, c := range h.online {
		c.mu.Lock()
		p := OnlinePlayer{Nick: c.screen.Nick, Guest: c.guest}
		if t := c.screen.Table; t != nil {
			p.Table, p.Watching = t.Short, t.You < 0
			if p.Table == "" {
				p.Table = t.Name
			}
		}
		c.mu.Unlock()
		if p.Nick != "" {
			out = append(out, p)
		}
	}
	return sortWho(out)
}

// sortWho sorts players by name and keeps the first whoMost.
func sortWho(out []OnlinePlayer) []OnlinePlayer {
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Nick) < strings.ToLower(out[j].Nick) })
	return out[:min(len(out), whoMost)]
}

// onInvite checks an invitation and puts it on the invited player's screen
// (hub goroutine). A player not online here may be on another node: the
// invitation, counted against the inviter's limit here, goes to them there.
func (h *Hub) onInvite(from *Client, nick string) invited {
	from.mu.Lock()
	t := from.screen.Table
	fromNick := from.screen.Nick
	from.mu.Unlock()
	to := h.online[nickKey(nick)]
	elsewhere := to == nil && h.cfg.People != nil
	switch {
	case t == nil:
		return invited{err: errInviteNoTable}
	case t.Status == Finished:
		return invited{err: errInviteOver}
	case to == nil && !elsewhere:
		return invited{err: fmt.Errorf("nobody called %s is online", nick)}
	case to != nil && (to == from || sameAccount(to, from)):
		return invited{err: errInviteSelf}
	}
	now := h.cfg.Clock.Now()
	if !h.invites.allow(from.key, now) {
		return invited{err: errInviteTooMany}
	}
	name := t.Short
	if name == "" {
		name = t.Name
	}
	inv := Invitation{From: fromNick, TableID: t.ID, Code: t.Code, Name: name,
		Edition: t.Settings.Edition.Title(), Until: now.Add(InvitationTTL)}
	if elsewhere {
		return invited{elsewhere: &RemoteInvitation{Invitation: inv, FromAccount: from.accountOf().id}}
	}
	return invited{err: h.offer(to, inv)}
}

// offer puts inv on to's screen, unless they take no invitations or are
// at a table (hub goroutine).
func (h *Hub) offer(to *Client, inv Invitation) error {
	to.mu.Lock()
	defer to.mu.Unlock()
	who := to.screen.Nick
	switch {
	case to.screen.NoInvitations:
		return fmt.Errorf("%s is not taking invitations", who)
	case to.at != nil && to.screen.Table != nil && to.screen.Table.ID == inv.TableID:
		return fmt.Errorf("%s is at this table already", who)
	case to.at != nil:
		return fmt.Errorf("%s is at a table: invite them when they are back in the lobby", who)
	}
	to.screen.Invitation = &inv
	to.signal()
	return nil
}

// onTakeInvitation shows an invitation from another node's player (hub
// goroutine): the checks of the invited side are this node's to make.
func (h *Hub) onTakeInvitation(nick string, inv RemoteInvitation) error {
	to := h.online[nickKey(nick)]
	switch {
	case to == nil:
		return fmt.Errorf("nobody called %s is online", nick)
	case inv.FromAccount != 0 && to.accountOf().id == inv.FromAccount:
		return errInviteSelf
	}
	// The invitation lapses by this node's clock, as its own do.
	inv.Until = h.cfg.Clock.Now().Add(InvitationTTL)
	return h.offer(to, inv.Invitation)
}

// inviteCounts limits each inviter's invitations a minute (hub goroutine).
type inviteCounts map[string][]time.Time

func (ic *inviteCounts) allow(key string, now time.Time) bool {
	if *ic == nil {
		*ic = inviteCounts{}
	}
	for k, ts := range *ic { // forget what is over a minute old
		for len(ts) > 0 && now.Sub(ts[0]) >= time.Minute {
			ts = ts[1:]
		}
		if len(ts) == 0 {
			delete(*ic, k)
		} else {
			(*ic)[k] = ts
		}
	}
	if len((*ic)[key]) >= invitesPerMinute {
		return false
	}
	(*ic)[key] = append((*ic)[key], now)
	return true
}

// keepInvitations keeps the player's choice in their account. The choice
// holds for the session even when the database cannot keep it.
func (c *Client) keepInvitations(on bool) {
	c.keepChoice("invitations", func(ctx context.Context, st store.Store, id int64) error {
		return st.SetInvitations(ctx, id, on)
	})
}

// keepChoice keeps one of the player's choices (what names it in the log)
// in their account, for an account the store has; a guest's lasts the
// visit. A database that cannot keep it is logged: the choice holds for the
// session all the same.
func (c *Client) keepChoice(what string, set func(ctx context.Context, st store.Store, id int64) error) {
	st := c.hub.cfg.Store
	a := c.settledAccount()
	if st == nil || c.guest || a.id == 0 {
		return
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if err := set(ctx, st, a.id); err != nil {
		c.hub.warn("keeping the choice of "+what+" failed", "err", err)
	}
}
