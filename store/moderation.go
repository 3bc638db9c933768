package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"
)

// Moderation is what the operators' tools keep: bans, mutes, the speakers
// each account ignores, and the players' reports. Kept here, they survive
// a restart and hold on every node that shares the store.
type Moderation interface {
	// AddBan keeps a ban. A ban of a name (BanName) is of its account,
	// found by the name: ErrNotFound if no account has it.
	AddBan(ctx context.Context, b Ban) (Ban, error)
	// RemoveBans lifts every ban of target (a name, a fingerprint or an
	// address), and says how many there were.
	RemoveBans(ctx context.Context, target string) (int, error)
	// Bans are the bans in force at now, each ban of a name with its
	// account's keys, oldest first.
	Bans(ctx context.Context, now time.Time) ([]Ban, error)
	// SetMute keeps a mute of m.Target, replacing any earlier one.
	SetMute(ctx context.Context, m Mute) error
	// RemoveMute lifts the mute of target, and says whether there was one.
	RemoveMute(ctx context.Context, target string) (bool, error)
	// Mutes are the mutes in force at now.
	Mutes(ctx context.Context, now time.Time) ([]Mute, error)
	// SetIgnore hides speaker from the account (on), or shows them again.
	SetIgnore(ctx context.Context, accountID int64, speaker string, on bool) error
	// Ignores are the speakers the account hides.
	Ignores(ctx context.Context, accountID int64) ([]string, error)
	// AddReport keeps a player's report.
	AddReport(ctx context.Context, r Report) (Report, error)
	// Reports are the latest reports, newest first, at most limit.
	Reports(ctx context.Context, limit int) ([]Report, error)
}

// The kinds of a ban.
const (
	BanName = "name" // an account, by its nickname: all of its keys
	BanKey  = "key"  // one key, by its fingerprint
	BanAddr = "addr" // an address or a CIDR
)

// Ban keeps someone out.
type Ban struct {
	ID     int64
	Kind   string // BanName, BanKey or BanAddr
	Target string // the nickname as typed, the fingerprint, or the CIDR
	// Account is a ban of a name's account; Keys are its keys (Bans).
	Account int64
	Keys    []string
	Reason  string
	By      string // the admin's key fingerprint
	At      time.Time
	Until   time.Time // zero: for ever
}

// Mute silences a speaker's chat until Until.
type Mute struct {
	Target string // the lobby's speaker id
	Name   string // the nickname muted, for the list
	Reason string
	By     string
	At     time.Time
	Until  time.Time
}

// Report is a player's complaint about another.
type Report struct {
	ID         int64
	At         time.Time
	By         string // the reporter's key fingerprint ("" for a guest)
	ByName     string
	Target     string // the reported speaker's id
	TargetName string
	Table      string
	Reason     string
	Evidence   []string // the table's last chat lines, oldest first
}

var _ Moderation = (*DB)(nil)

// AddBan keeps a ban (Moderation).
func (db *DB) AddBan(ctx context.Context, b Ban) (Ban, error) {
	if b.Kind == BanName {
		a, err := db.AccountByName(ctx, b.Target)
		if err != nil {
			return Ban{}, err
		}
		b.Account, b.Target, b.Keys = a.ID, a.Nickname, a.Keys
	}
	if b.At.IsZero() {
		b.At = db.now()
	}
	var acct any
	if b.Account != 0 {
		acct = b.Account
	}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO bans(kind, target, account_id, reason, by_key, at_ms, until_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			b.Kind, b.Target, acct, b.Reason, b.By, ms(b.At), untilMS(b.Until)).Scan(&b.ID)
	})
	if err != nil {
		return Ban{}, err
	}
	return b, nil
}

// RemoveBans lifts the bans of target (Moderation): of the account whose
// name it is, and of the key or address it is.
func (db *DB) RemoveBans(ctx context.Context, target string) (int, error) {
	var acct int64 = -1
	if a, err := db.AccountByName(ctx, target); err == nil {
		acct = a.ID
	} else if !errors.Is(err, ErrNotFound) {
		return 0, err
	}
	var n int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM bans WHERE target = ? OR (kind = ? AND account_id = ?)`,
			target, BanName, acct)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// Bans are the bans in force at now (Moderation).
func (db *DB) Bans(ctx context.Context, now time.Time) ([]Ban, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, kind, target, COALESCE(account_id, 0), reason, by_key, at_ms, until_ms
		FROM bans WHERE until_ms = 0 OR until_ms > ? ORDER BY id`, ms(now))
	if err != nil {
		return nil, err
	}
	var out []Ban
	for rows.Next() {
		var b Ban
		var at, until int64
		if err := rows.Scan(&b.ID, &b.Kind, &b.Target, &b.Account, &b.Reason, &b.By, &at, &until); err != nil {
			rows.Close()
			return nil, err
		}
		b.At, b.Until = fromMS(at), fromUntil(until)
		out = append(out, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Account == 0 {
			continue
		}
		a, err := db.Account(ctx, out[i].Account)
		if errors.Is(err, ErrNotFound) {
			continue // the account is gone: nothing of it can come in
		}
		if err != nil {
			return nil, err
		}
		out[i].Keys = a.Keys
	}
	return out, nil
}

// SetMute keeps a mute (Moderation).
func (db *DB) SetMute(ctx context.Context, m Mute) error {
	if m.At.IsZero() {
		m.At = db.now()
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM mutes WHERE target = ?`, m.Target); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO mutes(target, name, reason, by_key, at_ms, until_ms) VALUES (?, ?, ?, ?, ?, ?)`,
			m.Target, m.Name, m.Reason, m.By, ms(m.At), ms(m.Until))
		return err
	})
}

// RemoveMute lifts a mute (Moderation).
func (db *DB) RemoveMute(ctx context.Context, target string) (bool, error) {
	var n int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM mutes WHERE target = ?`, target)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}

// Mutes are the mutes in force at now (Moderation).
func (db *DB) Mutes(ctx context.Context, now time.Time) ([]Mute, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT target, name, reason, by_key, at_ms, until_ms FROM mutes
		WHERE until_ms > ? ORDER BY at_ms, target`, ms(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Mute
	for rows.Next() {
		var m Mute
		var at, until int64
		if err := rows.Scan(&m.Target, &m.Name, &m.Reason, &m.By, &at, &until); err != nil {
			return nil, err
		}
		m.At, m.Until = fromMS(at), fromMS(until)
		out = append(out, m)
	}
	return out, rows.Err()
}

// MaxIgnores is how many speakers an account may hide at once.
const MaxIgnores = 200

// ErrTooManyIgnores is one ignore past MaxIgnores.
var ErrTooManyIgnores = errors.New("you ignore 200 players already: /unignore one first")

// SetIgnore hides a speaker from an account, or shows them again
// (Moderation). The list is kept with the account, so that a login reads
// it with the account and no more.
func (db *DB) SetIgnore(ctx context.Context, accountID int64, speaker string, on bool) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var text string
		if err := tx.QueryRowContext(ctx, `SELECT ignores FROM accounts WHERE id = ?`, accountID).Scan(&text); err != nil {
			return noRows(err, ErrNotFound)
		}
		list := slices.DeleteFunc(splitLines(text), func(s string) bool { return s == speaker })
		if on {
			if len(list) >= MaxIgnores {
				return ErrTooManyIgnores
			}
			list = append(list, speaker)
		}
		_, err := tx.ExecContext(ctx, `UPDATE accounts SET ignores = ? WHERE id = ?`, strings.Join(list, "\n"), accountID)
		return err
	})
}

// Ignores are the speakers an account hides, in the order it hid them
// (Moderation).
func (db *DB) Ignores(ctx context.Context, accountID int64) ([]string, error) {
	var text string
	if err := db.read.QueryRowContext(ctx, `SELECT ignores FROM accounts WHERE id = ?`, accountID).Scan(&text); err != nil {
		return nil, noRows(err, ErrNotFound)
	}
	return splitLines(text), nil
}

// splitLines is a list kept one item a line ("" is none).
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// AddReport keeps a report (Moderation).
func (db *DB) AddReport(ctx context.Context, r Report) (Report, error) {
	if r.At.IsZero() {
		r.At = db.now()
	}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO reports(at_ms, by_key, by_name, target, target_name, table_name, reason, evidence)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			ms(r.At), r.By, r.ByName, r.Target, r.TargetName, r.Table, r.Reason, strings.Join(r.Evidence, "\n")).Scan(&r.ID)
	})
	if err != nil {
		return Report{}, err
	}
	return r, nil
}

// Reports are the latest reports, newest first (Moderation).
func (db *DB) Reports(ctx context.Context, limit int) ([]Report, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, at_ms, by_key, by_name, target, target_name, table_name, reason, evidence
		FROM reports ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
		var at int64
		var ev string
		if err := rows.Scan(&r.ID, &at, &r.By, &r.ByName, &r.Target, &r.TargetName, &r.Table, &r.Reason, &ev); err != nil {
			return nil, err
		}
		r.At = fromMS(at)
		r.Evidence = splitLines(ev)
		out = append(out, r)
	}
	return out, rows.Err()
}

// untilMS is an end time as kept: 0 for none.
func untilMS(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return ms(t)
}

func fromUntil(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromMS(v)
}
