package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Account is a player known by their SSH keys.
type Account struct {
	ID       int64
	Nickname string
	// Keys are the fingerprints (SHA256:...) that sign in as this account,
	// the first one first.
	Keys    []string
	Created time.Time
	// Renamed is when the nickname was last changed; zero if never.
	Renamed time.Time
	// QuickPlay is the edition and mode the player last chose for Quick
	// play, in the lobby's words; "" if never chosen.
	QuickPlay string
	// NoInvitations says the player turned invitations by nickname off.
	NoInvitations bool
	// ScreenReader says the player turned the screen-reader (linear) mode
	// on in their profile: their sessions start in it.
	ScreenReader bool
	// Bot says a program plays under the account (the bot API): it is
	// shown as a bot, and a person's key never signs in as it.
	Bot bool
	// Ignores are the speakers whose chat the player hides (moderation.go).
	Ignores []string
}

// RenameEvery is how often a nickname may change. The first change after
// choosing it is free, so a typo is mended at once.
const RenameEvery = 24 * time.Hour

// Register creates the account of a key that has none, with its nickname.
func (db *DB) Register(ctx context.Context, fingerprint, nickname string) (Account, error) {
	if fingerprint == "" {
		return Account{}, fmt.Errorf("register: no key")
	}
	if err := CheckName(nickname); err != nil {
		return Account{}, err
	}
	now := ms(db.now())
	var id int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := accountIDByKey(ctx, tx, fingerprint); err == nil {
			return ErrKeyHasAccount
		} else if err != ErrNotFound {
			return err
		}
		if err := nameFree(ctx, tx, nickname, 0); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO accounts(nickname, nickname_key, name_skeleton, created_ms) VALUES (?, ?, ?, ?)
			RETURNING id`, nickname, nameKey(nickname), nameSkeleton(nickname), now).Scan(&id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO account_keys(fingerprint, account_id, added_ms) VALUES (?, ?, ?)`,
			fingerprint, id, now)
		return err
	})
	if err != nil {
		return Account{}, err
	}
	return db.Account(ctx, id)
}

// Rename changes an account's nickname, at most once per RenameEvery (the
// first change is free). A change of letter case alone is a change too.
func (db *DB) Rename(ctx context.Context, accountID int64, nickname string) (Account, error) {
	if err := CheckName(nickname); err != nil {
		return Account{}, err
	}
	now := db.now()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var current string
		var renamed sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT nickname, renamed_ms FROM accounts WHERE id = ?`, accountID).
			Scan(&current, &renamed)
		if err != nil {
			return noRows(err, ErrNotFound)
		}
		if current == nickname {
			return nil
		}
		if renamed.Valid {
			if next := fromMS(renamed.Int64).Add(RenameEvery); now.Before(next) {
				return &RenameTooSoonError{Next: next}
			}
		}
		if err := nameFree(ctx, tx, nickname, accountID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE accounts SET nickname = ?, nickname_key = ?, name_skeleton = ?, renamed_ms = ? WHERE id = ?`,
			nickname, nameKey(nickname), nameSkeleton(nickname), ms(now), accountID)
		return err
	})
	if err != nil {
		return Account{}, err
	}
	return db.Account(ctx, accountID)
}

// NameFree reports whether nickname may be used by the holder of
// fingerprint: nil if no account has it (in any letter case, or a name
// that looks like it) or if it is that key's own account's; ErrNameTaken
// otherwise. A guest passes "" and
// so may never use a reserved name.
func (db *DB) NameFree(ctx context.Context, nickname, fingerprint string) error {
	var owner int64
	if fingerprint != "" {
		id, err := accountIDByKey(ctx, db.read, fingerprint)
		if err != nil && err != ErrNotFound {
			return err
		}
		owner = id
	}
	return nameFree(ctx, db.read, nickname, owner)
}

// Account is the account with this id.
func (db *DB) Account(ctx context.Context, id int64) (Account, error) {
	return loadAccount(ctx, db.read, `WHERE id = ?`, id)
}

// AccountByKey is the account a key signs in as; ErrNotFound if none.
func (db *DB) AccountByKey(ctx context.Context, fingerprint string) (Account, error) {
	id, err := accountIDByKey(ctx, db.read, fingerprint)
	if err != nil {
		return Account{}, err
	}
	return db.Account(ctx, id)
}

// AccountByName is the account with this nickname in any letter case or,
// if none, the one whose name looks like it.
func (db *DB) AccountByName(ctx context.Context, nickname string) (Account, error) {
	a, err := loadAccount(ctx, db.read, `WHERE nickname_key = ?`, nameKey(nickname))
	if err == ErrNotFound {
		return loadAccount(ctx, db.read, `WHERE name_skeleton = ?`, nameSkeleton(nickname))
	}
	return a, err
}

// querier is what a query needs: a pool or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func accountIDByKey(ctx context.Context, q querier, fingerprint string) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `SELECT account_id FROM account_keys WHERE fingerprint = ?`, fingerprint).Scan(&id)
	return id, noRows(err, ErrNotFound)
}

// nameFree is nil if no account but self holds nickname or a name that
// looks like it.
func nameFree(ctx context.Context, q querier, nickname string, self int64) error {
	key := nameKey(nickname)
	rows, err := q.QueryContext(ctx, `SELECT id, nickname_key FROM accounts WHERE nickname_key = ? OR name_skeleton = ?`,
		key, nameSkeleton(nickname))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var owner int64
		var theirs string
		if err := rows.Scan(&owner, &theirs); err != nil {
			return err
		}
		switch {
		case owner == self:
		case theirs != key:
			return lookAlikeError{}
		default:
			return ErrNameTaken
		}
	}
	return rows.Err()
}

// lookAlikeError is a name that looks like another account's without
// being it: it is ErrNameTaken, worded so the player sees why.
type lookAlikeError struct{}

func (lookAlikeError) Error() string {
	return "that nickname looks like another player's; choose another"
}

func (lookAlikeError) Is(target error) bool { return target == ErrNameTaken }

func loadAccount(ctx context.Context, q querier, where string, arg any) (Account, error) {
	var a Account
	var created int64
	var renamed sql.NullInt64
	var noInvitations, isBot, screenReader int64
	var ignores string
	err := q.QueryRowContext(ctx, `SELECT id, nickname, created_ms, renamed_ms, quick_play, no_invitations, ignores, bot, screen_reader FROM accounts `+where, arg).
		Scan(&a.ID, &a.Nickname, &created, &renamed, &a.QuickPlay, &noInvitations, &ignores, &isBot, &screenReader)
	if err != nil {
		return Account{}, noRows(err, ErrNotFound)
	}
	a.Created = fromMS(created)
	a.NoInvitations = noInvitations != 0
	a.ScreenReader = screenReader != 0
	a.Bot = isBot != 0
	a.Ignores = splitLines(ignores)
	if renamed.Valid {
		a.Renamed = fromMS(renamed.Int64)
	}
	rows, err := q.QueryContext(ctx, `SELECT fingerprint FROM account_keys WHERE account_id = ? ORDER BY added_ms, rowid`, a.ID)
	if err != nil {
		return Account{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return Account{}, err
		}
		a.Keys = append(a.Keys, k)
	}
	return a, rows.Err()
}
