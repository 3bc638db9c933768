package lobby

import (
	"context"
	"errors"
	"time"

	"github.com/unossh/unossh/store"
)

// This file is a player's account as the lobby sees it: a key whose account
// is in the store gets its nickname back at connect, choosing a nickname
// registers it (no other key and no guest may then take it, in any letter
// case, online or not), a nickname may change once a day, and a second key
// joins the account with a one-time code. A guest is offered a guest name
// and keeps nothing. An address makes only so many accounts
// (newaccounts.go): past that a key plays as a guest until it may.
//
// Every store call runs on the session's own goroutine, never on the hub's
// or a table's: those never wait on the disk.

// AccountInfo is what the player's screen says about their name.
type AccountInfo struct {
	// Guest is a player with no key: nothing is kept for them.
	Guest bool
	// GuestName is the name offered to a guest (guest-7Q4K).
	GuestName string
	// Kept is true when the nickname is this key's account's: reserved for
	// it, and back at the next connect with no prompt.
	Kept bool
	// Records is true when the server keeps accounts, games and ratings.
	Records bool
	// NoAccountUntil, for a key with no account, is when its address may
	// make one again ("21:40 UTC"), worded for the player: until then the
	// player plays as a guest (newaccounts.go). Empty: it may now.
	NoAccountUntil string
	// Bot is true for a bot's account (botaccount.go).
	Bot bool
}

// Errors a player may meet about accounts and records.
var (
	ErrNoRecords    = errors.New("this server keeps no accounts or stats")
	ErrGuestNoStats = errors.New("guests keep no stats: connect with an SSH key to have a profile")
	ErrGuestNoLink  = errors.New("a guest has no key to add: connect with the SSH key you want to add")
	ErrNoAccount    = errors.New("choose a nickname first: it makes your account")
	ErrNoSuchPlayer = errors.New("no player has that nickname")
)

// account is what a session knows of its account (under Client.mu).
type account struct {
	id   int64
	nick string
	// missing: the store has no account for the key (id 0), so a
	// nickname the session plays under makes one.
	missing bool
}

// storeWait bounds one store call made for a player.
const storeWait = 5 * time.Second

// storeCtx is the context of a store call made for this session.
func (c *Client) storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(c.hub.ctx, storeWait)
}

// loadAccount reads the account of the session's key (before the session
// registers with the hub) and tells the screen what is kept.
func (c *Client) loadAccount() {
	st := c.hub.cfg.Store
	info := AccountInfo{Guest: c.guest, Records: st != nil}
	if c.guest {
		info.GuestName = store.GuestName(nil)
	} else if st != nil {
		ctx, cancel := c.storeCtx()
		a, err := st.AccountByKey(ctx, c.key)
		cancel()
		switch {
		case err == nil:
			c.setAccount(account{id: a.ID, nick: a.Nickname})
			c.program.Store(a.Bot) // (botaccount.go)
			info.Bot = a.Bot
			c.loadQuickChoice(a.QuickPlay) // quickchoice.go
			for _, sp := range a.Ignores { // (moderation_players.go)
				c.setIgnored(sp, true)
			}
			if a.NoInvitations { // (invite.go)
				c.post(func(s *Screen) { s.NoInvitations = true })
			}
			if a.ScreenReader { // (screenreader.go)
				c.post(func(s *Screen) { s.ScreenReader = true })
			}
			info.Kept = true
		case errors.Is(err, store.ErrNotFound):
			c.setAccount(account{missing: true})
			now := c.hub.cfg.Clock.Now()
			if next := c.hub.newAccounts.next(addressOf(c.remote), now); !next.IsZero() {
				info.NoAccountUntil = whenUTC(next, now)
			}
		default:
			c.hub.warn("reading an account failed; the player chooses a name for this session", "err", err)
		}
	}
	c.post(func(s *Screen) { s.Account = info })
}

func (c *Client) setAccount(a account) {
	c.mu.Lock()
	c.acct = a
	c.mu.Unlock()
}

// accountOf is the session's account (id 0: none).
func (c *Client) accountOf() account {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.acct
}

// settledAccount is the session's account once a nickname being kept has
// been kept: a player who opens their profile (or changes a choice kept in
// the account) the moment the lobby shows must not be told they have no
// account while the store is still writing it. Only for the session's own
// goroutine: claimName holds naming while it asks the hub.
func (c *Client) settledAccount() account {
	c.naming.Lock()
	defer c.naming.Unlock()
	return c.accountOf()
}

// storedNick is the nickname of the session's account, "" if none.
func (c *Client) storedNick() string { return c.accountOf().nick }

// nameFree checks the store: nil if the player may use nick.
func (c *Client) nameFree(nick string) error {
	st := c.hub.cfg.Store
	if st == nil {
		return nil
	}
	if c.guest {
		// A guest may take any name no account holds; "guest-" names are
		// theirs, so the store's own rule for account names does not apply.
	} else if err := store.CheckName(nick); err != nil {
		return err
	}
	fp := c.key
	if c.guest {
		fp = ""
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if a := c.accountOf(); a.id != 0 && a.nick != nick {
		// A rename: refused before anyone online sees the new name.
		acct, err := st.Account(ctx, a.id)
		if err == nil && !acct.Renamed.IsZero() {
			if next := acct.Renamed.Add(store.RenameEvery); c.hub.cfg.Clock.Now().Before(next) {
				return &store.RenameTooSoonError{Next: next}
			}
		}
	}
	err := st.NameFree(ctx, nick, fp)
	if err != nil && !errors.Is(err, store.ErrNameTaken) {
		c.hub.warn("checking a nickname failed", "err", err)
		return errStoreTrouble
	}
	return err
}

// errStoreTrouble is what a player reads when the database fails them.
var errStoreTrouble = errors.New("the server could not check that just now; try again in a moment")

// keepName makes the nickname the account's, once the hub has given it to
// the session: a first nickname registers the key's account, a new one
// renames it. A guest's name is checked again, now that it is claimed, so
// that a name registered meanwhile is not kept by a guest.
func (c *Client) keepName(nick string) error {
	st := c.hub.cfg.Store
	if st == nil {
		return nil
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if c.guest {
		if err := st.NameFree(ctx, nick, ""); errors.Is(err, store.ErrNameTaken) {
			return err
		}
		return nil
	}
	a := c.accountOf()
	var got store.Account
	var err error
	switch {
	case a.id == 0:
		got, err = c.register(ctx, st, nick)
		if errors.Is(err, errGuestForNow) {
			return nil // not kept: the player plays as a guest
		}
	case a.nick == nick:
		return nil
	default:
		got, err = st.Rename(ctx, a.id, nick)
	}
	if err != nil {
		return err
	}
	c.setAccount(account{id: got.ID, nick: got.Nickname})
	c.post(func(s *Screen) { s.Account.Kept, s.Account.NoAccountUntil = true, "" })
	return nil
}

// errGuestForNow is register making no account: the player has been told
// they play as a guest, and until when.
var errGuestForNow = errors.New("no account made for now")

// register makes the key's account with its first nickname, unless its
// address has made all the accounts it may for now (errGuestForNow).
func (c *Client) register(ctx context.Context, st store.Store, nick string) (store.Account, error) {
	addr, now := addressOf(c.remote), c.hub.cfg.Clock.Now()
	if next := c.hub.newAccounts.take(addr, now); !next.IsZero() {
		limit := &AccountsLimitError{Next: next, Now: now}
		c.post(func(s *Screen) { s.Account.NoAccountUntil = whenUTC(next, now) })
		c.notice(limit.Error(), true)
		return store.Account{}, errGuestForNow
	}
	got, err := st.Register(ctx, c.key, nick)
	if err != nil {
		c.hub.newAccounts.giveBack(addr, now)
	} else if p := c.hub.cfg.People; p != nil && addr != "" {
		p.AccountMade(addr) // counted on the other nodes too (people.go)
	}
	return got, err
}

// keepRemembered makes the account of a key that has none, under the
// nickname the hub remembered for it (given back at connect, with no
// question): the name could not be kept when it was chosen (too many new
// accounts from the address, or the database failed), and may be now. A
// name another account has taken meanwhile is left as it is, for this
// visit.
func (c *Client) keepRemembered() {
	nick := c.nick()
	if c.hub.cfg.Store == nil || c.guest || nick == "" || !c.accountOf().missing {
		return
	}
	err := c.keepName(nick)
	switch {
	case err == nil, errors.Is(err, store.ErrNameTaken), errors.Is(err, store.ErrNameInvalid),
		errors.Is(err, store.ErrNameReserved), errors.Is(err, store.ErrKeyHasAccount):
	default:
		c.hub.warn("keeping a remembered nickname failed", "err", err)
	}
}

// claimName gives nick to the session: checked against the store, then
// claimed among the players online, then kept in the store. If keeping it
// fails the session goes back to its previous name.
func (c *Client) claimName(nick string) error {
	// One claim at a time: the profile's rename runs on a goroutine of its
	// own, and one that began while the first name was still being kept
	// would make the key's account a second time.
	c.naming.Lock()
	defer c.naming.Unlock()
	if err := c.nameFree(nick); err != nil {
		return err
	}
	if err := c.claimAcross(nick); err != nil { // (people.go)
		return err
	}
	prev := c.nick()
	reply := make(chan error, 1)
	err, herr := ask(c.hub, nickCmd{c: c, nick: nick, reply: reply}, reply)
	if herr != nil {
		c.releaseAcross(nick)
		return c.fail(herr)
	}
	if err != nil {
		c.releaseAcross(nick)
		return err
	}
	if err := c.keepName(nick); err != nil {
		if !errors.Is(err, store.ErrNameTaken) && !errors.Is(err, store.ErrRenameTooSoon) &&
			!errors.Is(err, store.ErrNameInvalid) && !errors.Is(err, store.ErrNameReserved) {
			// The database failed, not the player: they play under the
			// name for this session, and it is not kept.
			c.hub.warn("keeping a nickname failed", "err", err)
			c.notice("your nickname could not be saved just now; it is yours for this visit", true)
			c.renamed(prev, nick)
			return nil
		}
		rr := make(chan struct{}, 1)
		_, _ = ask(c.hub, revertNickCmd{c: c, nick: nick, prev: prev, reply: rr}, rr)
		return err
	}
	c.renamed(prev, nick)
	return nil
}

// renamed tells the player's tables of a new name (rename.go), once it is
// theirs: only a rename, not a first name, has a seat to change.
func (c *Client) renamed(prev, nick string) {
	if prev != "" && prev != nick {
		c.tellRename(nick)
	}
}

// revertNickCmd gives a session back its previous nickname (prev, "" for
// none) if it still holds nick.
type revertNickCmd struct {
	c          *Client
	nick, prev string
	reply      chan struct{}
}

func (revertNickCmd) hubCmd() {}

func (h *Hub) onRevertNick(cmd revertNickCmd) {
	c := cmd.c
	if c.nick() != cmd.nick || h.clients[c.id] != c {
		return
	}
	h.dropNick(c)
	if cmd.prev != "" && h.online[nickKey(cmd.prev)] == nil {
		h.online[nickKey(cmd.prev)] = c
		if h.cfg.People != nil {
			// Its claim went with the new name's; the name is the
			// session's again, and the other nodes hear of it.
			h.cfg.People.HoldNick(nickKey(cmd.prev), c.holder())
		}
	} else {
		cmd.prev = ""
	}
	if !c.guest {
		h.nicks[c.key] = cmd.prev
	}
	prev := cmd.prev
	c.post(func(s *Screen) { s.Nick = prev })
	h.broadcastOnline()
}

// Rename changes the player's nickname: at most once a day (the first
// change is free), never to a name another player holds.
func (c *Client) Rename(nick string) error {
	if c.guest {
		return c.SetNick(nick)
	}
	if a := c.settledAccount(); c.hub.cfg.Store != nil && a.id == 0 && !a.missing {
		return ErrNoAccount // (the database could not say whether there is one)
	}
	return c.SetNick(nick) // a key with no account makes one, if it may now
}

// noAccount is why a key with no account cannot do what needs one: it has
// not chosen a nickname yet, or its address has made all the accounts it
// may for now.
func (c *Client) noAccount() error {
	now := c.hub.cfg.Clock.Now()
	if next := c.hub.newAccounts.next(addressOf(c.remote), now); c.nick() != "" && !next.IsZero() {
		return &AccountsLimitError{Next: next, Now: now}
	}
	return ErrNoAccount
}

// LinkCode makes a one-time code that adds another key to the player's
// account: shown here, entered from the new key (ssh HOST link CODE).
func (c *Client) LinkCode() (store.LinkCode, error) {
	st := c.hub.cfg.Store
	switch {
	case st == nil:
		return store.LinkCode{}, ErrNoRecords
	case c.guest:
		return store.LinkCode{}, ErrGuestNoLink
	}
	a := c.settledAccount()
	if a.id == 0 {
		return store.LinkCode{}, c.noAccount()
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	lc, err := st.NewLinkCode(ctx, a.id)
	return lc, c.storeErr(err)
}

// RedeemLink adds this session's key to the account a code was made for,
// and takes that account's nickname.
func (c *Client) RedeemLink(code string) error {
	st := c.hub.cfg.Store
	switch {
	case st == nil:
		return ErrNoRecords
	case c.guest:
		return ErrGuestNoLink
	}
	ctx, cancel := c.storeCtx()
	a, err := st.RedeemLinkCode(ctx, code, c.key)
	cancel()
	if err != nil {
		if errors.Is(err, store.ErrKeyHasAccount) {
			return errors.New("this key already has an account with games played; it cannot join another")
		}
		return c.storeErr(err)
	}
	c.setAccount(account{id: a.ID, nick: a.Nickname})
	c.post(func(s *Screen) { s.Account.Kept = true })
	c.hub.tell(keyAddedCmd{account: a.ID, by: c})
	reply := make(chan error, 1)
	err, herr := ask(c.hub, nickCmd{c: c, nick: a.Nickname, reply: reply}, reply)
	if herr != nil {
		return c.fail(herr)
	}
	if p := c.hub.cfg.People; err == nil && p != nil {
		p.HoldNick(nickKey(a.Nickname), c.holder()) // the store keeps it for the account
	}
	return err
}

// storeErr passes a player's own mistake on and words the database's.
func (c *Client) storeErr(err error) error {
	if err == nil {
		return nil
	}
	for _, mine := range []error{store.ErrCodeInvalid, store.ErrTooManyCodes, store.ErrTooManyAttempts,
		store.ErrNameTaken, store.ErrNameInvalid, store.ErrNameReserved, store.ErrRenameTooSoon} {
		if errors.Is(err, mine) {
			return err
		}
	}
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoSuchPlayer
	}
	c.hub.warn("a store call failed", "err", err)
	return errStoreTrouble
}

// warn logs a line for the operator, if there is a logger.
func (h *Hub) info(msg string, kv ...any) {
	if h.cfg.Logger != nil {
		h.cfg.Logger.Info(msg, kv...)
	}
}

func (h *Hub) warn(msg string, kv ...any) {
	if h.cfg.Logger != nil {
		h.cfg.Logger.Warn(msg, kv...)
	}
}

// sameAccount reports whether two sessions are one account's (two of its
// keys): they may show the same nickname at once.
func sameAccount(a, b *Client) bool {
	x, y := a.accountOf(), b.accountOf()
	return x.id != 0 && x.id == y.id
}
