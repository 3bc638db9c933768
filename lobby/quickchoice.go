package lobby

import (
	"errors"
	"strings"

	"github.com/unossh/unossh/engine"
)

// This file is Quick play's choice: the edition and the mode a player
// wants, or any. Quick play sits them at the fullest waiting public table
// that matches, or opens one with that edition and mode. The last choice
// is kept in a key's account (read at connect, saved when it changes, both
// on the session's goroutine); a guest's lasts the session.

// QuickChoice is what Quick play looks for. The zero value is any edition
// and any mode: Quick play asks nothing until a player chooses.
type QuickChoice struct {
	// ByEdition asks for Edition only; false: any edition.
	ByEdition bool
	Edition   engine.Edition
	// ByMode asks for Mode only; false: any mode.
	ByMode bool
	Mode   engine.Mode
}

// matches reports whether a table's settings are what the choice asks for.
func (q QuickChoice) matches(s engine.Settings) bool {
	return (!q.ByEdition || s.Edition == q.Edition) && (!q.ByMode || s.Mode == q.Mode)
}

// settings are the rules of the table Quick play opens for this choice:
// the defaults, with the edition and mode chosen. A mode for four players
// (partners) seats four, whatever size Quick play opens otherwise.
func (q QuickChoice) settings(players int) engine.Settings {
	s := defaultSettings(players)
	if q.ByEdition {
		s.Edition = q.Edition
	}
	if q.ByMode {
		s.Mode = q.Mode
	}
	if s.Mode == engine.Partners || s.Mode == engine.RotatingPartners {
		s.Players = 4
	}
	return s
}

// anyWord is the word a choice keeps for "any".
const anyWord = "any"

// String is the choice as the store keeps it: "minions-2016 single-hand",
// "any any".
func (q QuickChoice) String() string {
	ed, mode := anyWord, anyWord
	if q.ByEdition {
		ed = q.Edition.String()
	}
	if q.ByMode {
		mode = q.Mode.String()
	}
	return ed + " " + mode
}

// errQuickChoice is a kept choice the lobby cannot read.
var errQuickChoice = errors.New("not a quick play choice")

// ParseQuickChoice reads a choice String wrote; "" is any edition and any
// mode (never chosen).
func ParseQuickChoice(s string) (QuickChoice, error) {
	var q QuickChoice
	if s == "" {
		return q, nil
	}
	ed, mode, ok := strings.Cut(s, " ")
	if !ok {
		return QuickChoice{}, errQuickChoice
	}
	if ed != anyWord {
		if err := q.Edition.UnmarshalText([]byte(ed)); err != nil {
			return QuickChoice{}, errQuickChoice
		}
		q.ByEdition = true
	}
	if mode != anyWord {
		if err := q.Mode.UnmarshalText([]byte(mode)); err != nil {
			return QuickChoice{}, errQuickChoice
		}
		q.ByMode = true
	}
	return q, nil
}

// QuickChoice is the session's Quick play choice: its account's, or the
// one chosen during this session.
func (c *Client) QuickChoice() QuickChoice {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.quick
}

// SetQuickChoice makes q the session's Quick play choice and keeps it in
// the key's account, if it has one. The choice holds for the session even
// when the database cannot keep it.
func (c *Client) SetQuickChoice(q QuickChoice) {
	c.mu.Lock()
	same := c.quick == q
	c.quick = q
	c.mu.Unlock()
	c.post(func(s *Screen) { s.Quick = q })
	st := c.hub.cfg.Store
	a := c.settledAccount()
	if same || st == nil || c.guest || a.id == 0 {
		return
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if err := st.SetQuickPlay(ctx, a.id, q.String()); err != nil {
		c.hub.warn("keeping a quick play choice failed", "err", err)
	}
}

// loadQuickChoice takes the account's kept choice (loadAccount).
func (c *Client) loadQuickChoice(kept string) {
	q, err := ParseQuickChoice(kept)
	if err != nil {
		c.hub.warn("an account's quick play choice is unreadable; any edition and mode instead", "choice", kept)
		return
	}
	c.mu.Lock()
	c.quick = q
	c.mu.Unlock()
	c.post(func(s *Screen) { s.Quick = q })
}
