package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

// inTx runs f in a write transaction and commits it if f succeeds.
func (db *DB) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return db.closedOr(err)
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return db.closedOr(tx.Commit())
}

// closedOr turns the pool's "closed" error into ErrClosed.
func (db *DB) closedOr(err error) error {
	if err != nil && strings.Contains(err.Error(), "sql: database is closed") {
		return ErrClosed
	}
	return err
}

// isConstraint reports whether err is SQLite refusing a row (a unique key
// or a foreign key): the caller's data, not the disk, is at fault.
func isConstraint(err error) bool {
	return err != nil && strings.Contains(err.Error(), "constraint failed")
}

// noRows maps sql.ErrNoRows to e.
func noRows(err, e error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return e
	}
	return err
}
