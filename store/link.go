package store

import (
	"context"
	"database/sql"
	"time"
)

// Linking a second key: a session of the first key asks for a code
// (NewLinkCode) and shows it; the player connects with the new key and
// enters it (RedeemLinkCode). A code is short-lived and works once; asking
// for codes and guessing them are both throttled.
const (
	LinkCodeTTL     = 10 * time.Minute
	LinkCodeLen     = 8 // 40 bits: guessing is hopeless within the throttle
	codesPerHour    = 5
	failuresAllowed = 5
	failureWindow   = 15 * time.Minute
)

// LinkCode is a one-time code that adds a key to an account.
type LinkCode struct {
	Code    string // shown as XXXX-XXXX
	Expires time.Time
}

// NewLinkCode makes a code for the account. A new code replaces the
// account's earlier ones; at most codesPerHour are made an hour.
func (db *DB) NewLinkCode(ctx context.Context, accountID int64) (LinkCode, error) {
	now := db.now()
	code := randomCode(LinkCodeLen, db.random)
	lc := LinkCode{Code: code[:4] + "-" + code[4:], Expires: now.Add(LinkCodeTTL)}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT id FROM accounts WHERE id = ?`, accountID).Scan(&n); err != nil {
			return noRows(err, ErrNotFound)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM link_codes WHERE account_id = ? AND created_ms > ?`,
			accountID, ms(now.Add(-time.Hour))).Scan(&n); err != nil {
			return err
		}
		if n >= codesPerHour {
			return ErrTooManyCodes
		}
		// Old codes go: expired ones are of no use, live ones are replaced.
		if _, err := tx.ExecContext(ctx, `UPDATE link_codes SET expires_ms = ? WHERE account_id = ? AND expires_ms > ?`,
			ms(now), accountID, ms(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM link_codes WHERE created_ms <= ?`, ms(now.Add(-time.Hour))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO link_codes(code, account_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)`,
			code, accountID, ms(now), ms(lc.Expires))
		return err
	})
	if err != nil {
		return LinkCode{}, err
	}
	return lc, nil
}

// RedeemLinkCode adds the key to the account the code was made for. A key
// that already has an account may join only if that account has played no
// game: the empty account is dropped and its nickname freed. Wrong codes
// count against the key.
func (db *DB) RedeemLinkCode(ctx context.Context, code, fingerprint string) (Account, error) {
	now := db.now()
	code = normalizeCode(code)
	var target int64
	var failed bool
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var fails int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM link_failures WHERE fingerprint = ? AND at_ms > ?`,
			fingerprint, ms(now.Add(-failureWindow))).Scan(&fails); err != nil {
			return err
		}
		if fails >= failuresAllowed {
			return ErrTooManyAttempts
		}
		err := tx.QueryRowContext(ctx, `SELECT account_id FROM link_codes
			WHERE code = ? AND used_ms IS NULL AND expires_ms > ?`, code, ms(now)).Scan(&target)
		if err == sql.ErrNoRows {
			failed = true
			return ErrCodeInvalid
		}
		if err != nil {
			return err
		}
		if err := freeKey(ctx, tx, fingerprint, target); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE link_codes SET used_ms = ? WHERE code = ?`, ms(now), code); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO account_keys(fingerprint, account_id, added_ms) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`,
			fingerprint, target, ms(now))
		return err
	})
	if failed {
		db.noteFailure(ctx, fingerprint, now)
	}
	if err != nil {
		return Account{}, err
	}
	return db.Account(ctx, target)
}

// freeKey makes way for fingerprint to join target: nothing to do for a new
// key or one already there; an account that has played no game is dropped;
// any other account keeps its key.
func freeKey(ctx context.Context, tx *sql.Tx, fingerprint string, target int64) error {
	own, err := accountIDByKey(ctx, tx, fingerprint)
	if err == ErrNotFound || err == nil && own == target {
		return nil
	}
	if err != nil {
		return err
	}
	var keys, games, rated int
	if err := tx.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM account_keys WHERE account_id = ?1),
		(SELECT COUNT(*) FROM game_seats WHERE account_id = ?1),
		(SELECT COUNT(*) FROM ratings WHERE player = ?2)`, own, accountPlayer(own)).Scan(&keys, &games, &rated); err != nil {
		return err
	}
	if keys > 1 || games > 0 || rated > 0 {
		return ErrKeyHasAccount
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM accounts WHERE id = ?`, own) // its key row goes with it
	return err
}

// noteFailure counts a wrong code against the key, in its own transaction
// so that the refusal itself is not rolled back.
func (db *DB) noteFailure(ctx context.Context, fingerprint string, now time.Time) {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM link_failures WHERE at_ms <= ?`, ms(now.Add(-failureWindow))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO link_failures(fingerprint, at_ms) VALUES (?, ?)`, fingerprint, ms(now))
		return err
	})
	if err != nil {
		db.log.Warn("store: a wrong link code was not counted", "err", err)
	}
}
