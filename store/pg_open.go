package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// This file opens the PostgreSQL store, for several nodes that share one
// database: the same DB as the embedded store, over a pgx pool (pg_driver.go),
// with PostgreSQL's own schema steps (migrations/pg) and its journal commit
// (pg_journal.go). What SQLite's single writer gives for free, PostgreSQL
// gets from advisory locks: one node at a time brings the schema up to
// date, and the store's read-then-write transactions (a rename, a rated
// game) run one at a time across the nodes (inTx).

// pgMigrationFiles are PostgreSQL's schema steps, applied in order of their
// numbers: the first is SQLite's first six at once, and each later one is
// one later SQLite step (its comment names which).
//
//go:embed migrations/pg/*.sql
var pgMigrationFiles embed.FS

// Advisory lock keys, the same on every node ("unossh" and a number).
const (
	pgMigrateLock = 0x756e6f7373680001
	pgWriterLock  = 0x756e6f7373680002
)

// pgMaxConns is the pool's size unless the URL gives pool_max_conns: the
// journal's writer, a write transaction and the reads of profiles and
// leaderboards each take one while they run (pgx's own default is the
// number of cores, at least four).
const pgMaxConns = 10

// pgConnectWait bounds OpenPostgres's first connection, and pgDialWait each
// connection the pool makes later (a database that does not answer during
// an outage fails a write instead of hanging it).
const (
	pgConnectWait = 15 * time.Second
	pgDialWait    = 5 * time.Second
)

// OpenPostgres opens the PostgreSQL database at url (postgres://...) and
// brings its schema up to date; o.Dir and o.SyncNormal do not apply. Its
// error is one line an operator can act on: a URL that does not parse, a
// server that does not answer, a refused password, a database that is not
// unossh's or comes from a newer binary. A refused database is left exactly
// as it was.
func OpenPostgres(ctx context.Context, url string, o Options) (*DB, error) {
	o = o.withDefaults()
	if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
		return nil, errors.New("database URL: give a postgres:// URL")
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database URL: %s", oneLine(err))
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = pgDialWait
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = max(cfg.MaxConns, pgMaxConns)
	}
	where := fmt.Sprintf("database %s on %s:%d", cfg.ConnConfig.Database, cfg.ConnConfig.Host, cfg.ConnConfig.Port)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", where, oneLine(err))
	}
	cctx, cancel := context.WithTimeout(ctx, pgConnectWait)
	defer cancel()
	if err := pool.Ping(cctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %s", where, connectError(err, cfg.ConnConfig.User))
	}
	sdb := sql.OpenDB(newPGConnector(pool))
	sdb.SetMaxIdleConns(0) // (the pgx pool keeps the idle connections)
	db := &DB{dialect: postgresDialect, path: where, now: o.Now, log: o.Logger, model: o.Rating, random: o.Random,
		write: sdb, read: sdb, pool: pool}
	if err := migratePG(cctx, sdb, db.now().UnixMilli()); err != nil {
		sdb.Close()
		pool.Close()
		return nil, flatError{fmt.Errorf("%s: %w", where, err)}
	}
	db.journal = newJournal(db, o.Journal)
	return db, nil
}

// connectError words a failed first connection for the operator.
func connectError(err error, user string) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "28P01", "28000":
			return fmt.Sprintf("the server refused user %s (wrong password, or not allowed in pg_hba.conf): check the URL", user)
		case "3D000":
			return "no such database on the server: create it (createdb), or fix the URL"
		}
		return "the server refused the connection: " + pe.Message
	}
	var ne net.Error
	if errors.As(err, &ne) || strings.Contains(err.Error(), "connect") {
		return "cannot connect: is PostgreSQL running there, and the address right? (" + oneLine(err) + ")"
	}
	return oneLine(err)
}

// flatError is an error whose message is kept on one line (a server's
// message may have several), and which still matches what it wraps.
type flatError struct{ err error }

func (e flatError) Error() string { return oneLine(e.err) }
func (e flatError) Unwrap() error { return e.err }

// oneLine is err's message on a single line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// migratePG brings the schema up to date in one transaction, under an
// advisory lock: nodes that start together wait for the first, then find
// the schema up to date. A database that holds other tables and no
// schema_version is not ours, and is left untouched.
func migratePG(ctx context.Context, db *sql.DB, now int64) (err error) {
	ms, err := loadMigrations(pgMigrationFiles, "migrations/pg")
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
	if _, err = tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, int64(pgMigrateLock)); err != nil {
		return err
	}
	if err = checkForeign(ctx, tx); err != nil {
		return err
	}
	if _, err = tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_ms BIGINT  NOT NULL)`); err != nil {
		return err
	}
	if err = applySteps(ctx, tx, ms, nil, now); err != nil {
		if !errors.Is(err, ErrSchemaTooNew) {
			err = fmt.Errorf("the schema cannot be brought up to date: %w", err)
		}
		return err
	}
	return tx.Commit()
}

// checkForeign refuses a schema that has tables and no schema_version: the
// database of something else.
func checkForeign(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() ORDER BY table_name`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var tables []string
	ours := false
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		ours = ours || name == "schema_version"
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(tables) > 0 && !ours {
		if len(tables) > 3 {
			tables = append(tables[:3], "...")
		}
		return fmt.Errorf("%w (its schema holds other tables: %s): give unossh a database of its own",
			ErrNotDatabase, strings.Join(tables, ", "))
	}
	return nil
}
