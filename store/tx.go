package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// inTx runs f in a write transaction and commits it if f succeeds. On
// PostgreSQL the transaction first takes the writers' advisory lock, so
// that what f reads stays true until it commits, on every node, as
// SQLite's one writer makes it.
func (db *DB) inTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return db.closedOr(err)
	}
	if db.pool != nil {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, int64(pgWriterLock)); err != nil {
			_ = tx.Rollback()
			return err
		}
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

// isConstraint reports whether err is the database refusing a row (a
// unique key or a foreign key): the caller's data, not the disk, is at
// fault.
func isConstraint(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "23") // integrity_constraint_violation
	}
	return err != nil && strings.Contains(err.Error(), "constraint failed")
}

// noRows maps sql.ErrNoRows to e.
func noRows(err, e error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return e
	}
	return err
}
