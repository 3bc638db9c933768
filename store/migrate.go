package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// migrationFiles are the schema's steps, numbered from 1 with no gap
// (0001_init.sql, 0002_....sql). A step, once released, is never edited: a
// change is a new step.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// migrations lists the embedded SQLite steps in order, checking the
// numbering.
func migrations() ([]migration, error) { return loadMigrations(migrationFiles, "migrations") }

// loadMigrations lists the steps in dir in order, checking the numbering.
func loadMigrations(fsys fs.ReadFileFS, dir string) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: the name must start with its number", e.Name())
		}
		if e.IsDir() {
			continue
		}
		b, err := fsys.ReadFile(dir + "/" + e.Name())
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d", m.name, i+1)
		}
	}
	return ms, nil
}

// migrationAfter is the Go that completes a step, in the step's own
// transaction: what SQL alone cannot compute.
var migrationAfter = map[int]func(context.Context, *sql.Tx) error{
	4: fillNameSkeletons, // names.go
}

// SchemaVersion is the newest schema this binary knows.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate brings the schema up to date in one transaction: either every
// missing step is applied, or none. A database from a newer binary is
// refused untouched.
func migrate(ctx context.Context, db *sql.DB, now int64) (err error) {
	ms, err := migrations()
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if _, err = tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_ms INTEGER NOT NULL)`); err != nil {
		return err
	}
	if err = applySteps(ctx, tx, ms, migrationAfter, now); err != nil {
		return err
	}
	return tx.Commit()
}

// applySteps applies, in tx, the steps the schema_version table does not
// list yet; a schema newer than steps is refused untouched.
func applySteps(ctx context.Context, tx *sql.Tx, ms []migration, after map[int]func(context.Context, *sql.Tx) error, now int64) (err error) {
	var have int
	if err = tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return err
	}
	if have > len(ms) {
		return fmt.Errorf("%w (schema %d; this binary knows up to %d): upgrade unossh", ErrSchemaTooNew, have, len(ms))
	}
	for _, m := range ms[have:] {
		if _, err = tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if after := after[m.version]; after != nil {
			if err = after(ctx, tx); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
		}
		if _, err = tx.ExecContext(ctx, `INSERT INTO schema_version(version, name, applied_ms) VALUES (?, ?, ?)`,
			m.version, m.name, now); err != nil {
			return err
		}
	}
	return nil
}
