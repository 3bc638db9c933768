package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/tui"
)

// recordsFor answers the records' commands from the store, worded by the
// TUI: `profile [NAME]`, `top [EDITION]` and `link CODE`. Once a code has
// added a key, keyAdded tells the account's sessions (the lobby's
// Hub.KeyAdded): the profile page that shows the code stops showing it.
func recordsFor(st store.Store, now func() time.Time, keyAdded func(accountID int64)) ssh.RecordsFunc {
	return func(ctx context.Context, cmd ssh.Command, fingerprint string) (string, error) {
		switch cmd.Kind {
		case ssh.CommandProfile:
			return profileText(ctx, st, cmd.Arg, fingerprint)
		case ssh.CommandTop:
			edition, err := tui.ParseBoardEdition(cmd.Arg)
			if err != nil {
				return "", err
			}
			if edition == lobby.LadderBoard {
				list, err := st.LadderBoard(ctx, lobby.BoardSize)
				if err != nil {
					return "", errRecords
				}
				return tui.LadderText(list), nil
			}
			var text string
			for _, week := range []bool{false, true} {
				q := store.LeaderboardQuery{Edition: edition, Limit: lobby.BoardSize, Bots: true}
				if week {
					q.Since = store.WeekStart(now())
					text += "\n"
				}
				list, err := st.Leaderboard(ctx, q)
				if err != nil {
					return "", errRecords
				}
				text += tui.BoardText(edition, week, list, now())
			}
			return text, nil
		case ssh.CommandLink:
			if fingerprint == "" {
				return "", errors.New("a guest has no key to add: connect with the SSH key you want to add")
			}
			a, err := st.RedeemLinkCode(ctx, cmd.Arg, fingerprint)
			switch {
			case errors.Is(err, store.ErrKeyHasAccount):
				return "", errors.New("this key already has an account with games played; it cannot join another")
			case errors.Is(err, store.ErrCodeInvalid), errors.Is(err, store.ErrTooManyAttempts):
				return "", err
			case err != nil:
				return "", errRecords
			}
			keyAdded(a.ID)
			return fmt.Sprintf("this key now signs in as %s\n", a.Nickname), nil
		}
		return "", ssh.ErrUnknownCommand
	}
}

// errRecords is what a player reads when the database fails them.
var errRecords = errors.New("the records cannot be read just now; try again in a moment")

// profileText is the profile of the player named, or of the key's own
// account when no name is given.
func profileText(ctx context.Context, st store.Store, name, fingerprint string) (string, error) {
	var p store.Profile
	var err error
	switch {
	case name != "":
		p, err = st.ProfileByName(ctx, name)
		if errors.Is(err, store.ErrNotFound) {
			return "", fmt.Errorf("no player is called %q", name)
		}
	case fingerprint == "":
		return "", errors.New("guests keep no stats: name a player, e.g. profile ana")
	default:
		var a store.Account
		a, err = st.AccountByKey(ctx, fingerprint)
		if errors.Is(err, store.ErrNotFound) {
			return "", errors.New("this key has no account yet: connect with ssh -t and choose a nickname, or name a player")
		}
		if err == nil {
			p, err = st.Profile(ctx, a.ID)
		}
	}
	if err != nil {
		return "", errRecords
	}
	return tui.ProfileText(p), nil
}
