package lobby

import (
	"errors"
	"fmt"
)

// This file is the lobby's side of bot accounts (the bot API, package
// botapi): a key with no account registers a bot's in its first `ssh HOST
// bot` session; from then on it is shown as a bot at every table
// (SeatInfo.Program) and in its records, and it plays only through the API.
// A person's key never plays as a bot: a bot needs a key of its own.

// ErrPersonKey refuses a bot session whose key holds a person's account.
var ErrPersonKey = errors.New("this key holds a person's account: a bot needs a key of its own (make one with ssh-keygen)")

// Program reports whether the session is a bot of the bot API.
func (c *Client) Program() bool { return c.program.Load() }

// PersonAccount is the nickname of the person's account the session's key
// holds, if it holds one (a bot's account is not a person's).
func (c *Client) PersonAccount() (string, bool) {
	if c.program.Load() {
		return "", false
	}
	a := c.accountOf()
	if a.id == 0 {
		return "", false
	}
	return a.nick, true
}

// StartBot makes the session a bot's, before it takes a name or a seat:
// for a key whose account is a bot's it already is; a key with a person's
// account is refused (ErrPersonKey).
func (c *Client) StartBot() error {
	if nick, ok := c.PersonAccount(); ok {
		return fmt.Errorf("%w (it is %s's)", ErrPersonKey, nick)
	}
	c.program.Store(true)
	return nil
}

// RegisterBot names a bot session (after StartBot) and, when the server
// keeps accounts, makes the key's account a bot's under that name.
func (c *Client) RegisterBot(name string) error {
	if !c.program.Load() {
		return ErrPersonKey
	}
	if err := c.SetNick(name); err != nil {
		return err
	}
	st := c.hub.cfg.Store
	a := c.accountOf()
	if st == nil || a.id == 0 {
		return nil // no records, or the address may make no account now: a bot for this visit
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if err := st.MarkBot(ctx, a.id); err != nil {
		return c.storeErr(err)
	}
	c.post(func(s *Screen) { s.Account.Bot = true })
	return nil
}

// ErrBotKey refuses a terminal session whose key is a bot's.
var ErrBotKey = errors.New("this key is a bot's: it plays through the bot API (ssh HOST bot), not a terminal")
