package store

import (
	"context"
	"database/sql"
	"fmt"
)

// maxQuickPlay bounds what SetQuickPlay keeps: the lobby's words for an
// edition and a mode are short, and nothing longer is a choice.
const maxQuickPlay = 64

// SetQuickPlay keeps the edition and mode the account last chose for Quick
// play (the lobby's words; read back as Account.QuickPlay).
func (db *DB) SetQuickPlay(ctx context.Context, accountID int64, choice string) error {
	if len(choice) > maxQuickPlay {
		return fmt.Errorf("quick play choice: %d bytes, at most %d", len(choice), maxQuickPlay)
	}
	return db.setAccount(ctx, accountID, `UPDATE accounts SET quick_play = ? WHERE id = ?`, choice)
}

// SetInvitations keeps whether the account's player lets friends invite
// them by nickname (read back as Account.NoInvitations).
func (db *DB) SetInvitations(ctx context.Context, accountID int64, on bool) error {
	off := 1
	if on {
		off = 0
	}
	return db.setAccount(ctx, accountID, `UPDATE accounts SET no_invitations = ? WHERE id = ?`, off)
}

// SetScreenReader keeps whether the account's player plays in the
// screen-reader mode (read back as Account.ScreenReader).
func (db *DB) SetScreenReader(ctx context.Context, accountID int64, on bool) error {
	return db.setAccount(ctx, accountID, `UPDATE accounts SET screen_reader = ? WHERE id = ?`, btoi(on))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setAccount runs update, one of an account's settings with the account's
// id as its last argument; ErrNotFound if there is no such account.
func (db *DB) setAccount(ctx context.Context, accountID int64, update string, value any) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, update, value, accountID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return ErrNotFound
		}
		return nil
	})
}
