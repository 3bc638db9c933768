package lobby

import (
	"context"
	"errors"
	"time"
)

// This file is the lobby's seam to the other nodes of a service, for the
// people half of it: the number online, nicknames unique across nodes, who
// is online and invitations, and the counts that limit wrong codes and new
// accounts per address. The lobby knows nothing of how the nodes talk:
// Config.People answers, and package cluster implements it over NATS. On a
// lone node Config.People is nil, and nothing here is ever called.
//
// None of People's methods that the hub's goroutine calls may block: they
// record and return, and the other nodes hear of it a moment later. The
// ones a session calls (ClaimNick, Who, Invite) may wait on the network,
// bounded by their context, and on the session's own goroutine only.

// People is what the lobby asks of the other nodes.
type People interface {
	// SetOnline tells the other nodes how many players are online here
	// (with a nickname). It never blocks.
	SetOnline(n int)
	// OthersOnline is the number online on the other nodes, as last
	// heard. It never blocks.
	OthersOnline() int
	// ClaimNick takes the nickname (by its nickKey) for a session across
	// the service, until ReleaseNick: ErrNickTaken if a player of another
	// session (not of the same account) holds it on any node. When the
	// other nodes cannot be asked, it lets the name be taken here.
	ClaimNick(ctx context.Context, key string, h NickHolder) error
	// HoldNick is ClaimNick for a name the store already keeps for the
	// holder's account, which nobody else may take anyway: it only lets
	// the other nodes find the player, so it does not wait. It never blocks.
	HoldNick(key string, h NickHolder)
	// ReleaseNick frees the nickname, if the session holds it. It never
	// blocks.
	ReleaseNick(key string, session string)
	// Who lists the players online on the other nodes.
	Who(ctx context.Context) ([]OnlinePlayer, error)
	// Invite puts an invitation on the screen of the player named nick
	// (key: its nickKey), online on another node; its error is worded for
	// the inviter.
	Invite(ctx context.Context, key, nick string, inv RemoteInvitation) error
	// GuessMissed tells the other nodes of a wrong code from an identity
	// and an address (either may be ""). It never blocks.
	GuessMissed(identity, addr string)
	// AccountMade tells the other nodes an account was made from addr.
	// It never blocks.
	AccountMade(addr string)
	// SignedIn tells the other nodes that identity key has signed in
	// here in session: an older session of the key on another node is
	// closed, and the seat it had handed to this one (TakeSeatBack). It
	// never blocks.
	SignedIn(key, session string)
}

// NickHolder is who claims a nickname: the session, and its account (0
// for a guest or a key with no account yet), since two keys of one account
// may show one name at once.
type NickHolder struct {
	Session string
	Account int64
	// Key is the player's identity (a key's fingerprint, or a guest's id,
	// which a guest's rejoin code gives back): a newer session of the same
	// player takes over the name, wherever the older one's claim was made.
	Key string
}

// RemoteInvitation is an invitation on its way to another node, with what
// that node checks before showing it.
type RemoteInvitation struct {
	Invitation
	// FromAccount is the inviter's account (0: none): inviting another key
	// of one's own account is inviting oneself.
	FromAccount int64
}

// errInviteElsewhere is the hub saying the invited player is not online on
// this node: the session asks the other nodes (People.Invite).
var errInviteElsewhere = errors.New("not online on this node")

// errNickConflict is a name taken here while the other nodes could not be
// asked, which another node had given meanwhile.
var errNickConflict = errors.New("another player on the service took that nickname meanwhile; choose another")

// peopleWait bounds what a session waits for the other nodes.
const peopleWait = 2 * time.Second

// holder is the session as People knows it.
func (c *Client) holder() NickHolder {
	return NickHolder{Session: c.id, Account: c.accountOf().id, Key: c.key}
}

// The hub's side, for package cluster: what the other nodes ask of this one.

// OthersChanged tells the hub that the number online on the other nodes
// changed: the lobbies show the new total with the next listing. It never
// blocks.
func (h *Hub) OthersChanged() { h.listChanged() }

// LocalWho lists the players online on this node only.
func (h *Hub) LocalWho() ([]OnlinePlayer, error) {
	reply := make(chan []OnlinePlayer, 1)
	return ask(h, whoCmd{reply: reply}, reply)
}

// TakeInvitation is an invitation from another node for a player online
// here: the hub checks it as it checks its own, and shows it.
func (h *Hub) TakeInvitation(nick string, inv RemoteInvitation) error {
	reply := make(chan error, 1)
	err, qerr := ask(h, takeInviteCmd{nick: nick, inv: inv, reply: reply}, reply)
	if qerr != nil {
		return qerr
	}
	return err
}

// OthersMissed counts a wrong code another node saw, from an identity and
// an address, as if it were seen here.
func (h *Hub) OthersMissed(identity, addr string) {
	h.guesses.missQuiet(h.cfg.Clock.Now(), guesser{byIdentity: identity, byAddress: addr})
}

// OthersMadeAccount counts an account another node made from addr.
func (h *Hub) OthersMadeAccount(addr string) {
	h.newAccounts.add(addr, h.cfg.Clock.Now())
}

// takeInviteCmd is an invitation from another node.
type takeInviteCmd struct {
	nick  string
	inv   RemoteInvitation
	reply chan error
}

func (takeInviteCmd) hubCmd() {}

// claimAcross claims nick across the service before the hub gives it to the
// session (claimName): a name another node's player holds is refused here
// as one held on this node is.
func (c *Client) claimAcross(nick string) error {
	p := c.hub.cfg.People
	if p == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(c.hub.ctx, peopleWait)
	defer cancel()
	return p.ClaimNick(ctx, nickKey(nick), c.holder())
}

// releaseAcross frees a claim claimAcross made for a name the hub then
// refused, unless it is the name the session already shows.
func (c *Client) releaseAcross(nick string) {
	p := c.hub.cfg.People
	if p == nil || nickKey(nick) == nickKey(c.nick()) {
		return
	}
	p.ReleaseNick(nickKey(nick), c.id)
}

// claimGiven claims across the service the name the hub gave the session
// back at connect. An account's own name is the store's to keep, so the
// other nodes are only told, without waiting: a login with an account
// makes no round trip to them. A name nothing keeps (a guest's coming
// back, or one a key without an account used earlier in this run) is
// claimed as a chosen one is, and given up if another node's player holds
// it now: the player chooses again.
func (c *Client) claimGiven(nick string, kept bool) {
	p := c.hub.cfg.People
	if kept {
		p.HoldNick(nickKey(nick), c.holder())
		return
	}
	ctx, cancel := context.WithTimeout(c.hub.ctx, peopleWait)
	err := p.ClaimNick(ctx, nickKey(nick), c.holder())
	cancel()
	if !errors.Is(err, ErrNickTaken) {
		return
	}
	rr := make(chan struct{}, 1)
	if _, err := ask(c.hub, revertNickCmd{c: c, nick: nick, reply: rr}, rr); err == nil {
		c.notice(errNickConflict.Error(), true)
	}
}
