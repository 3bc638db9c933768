package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver: go run . needs no C compiler
)

const driverName = "sqlite"

// FileName is the database's file inside the data directory.
const FileName = "unossh.db"

// DefaultDir is the data directory when none is given.
const DefaultDir = "data"

// Options configure Open. Only Dir matters in production; the rest are for
// tests and tuning.
type Options struct {
	// Dir is the data directory, created on first run.
	Dir string
	// Now is the clock; time.Now if nil.
	Now func() time.Time
	// Logger receives write failures; log.Default() if nil.
	Logger *log.Logger
	// Rating is the rating model; DefaultModel() if zero.
	Rating Model
	// Journal tunes the journal's group commit.
	Journal JournalOptions
	// Random fills its argument with random bytes, for link codes;
	// crypto/rand if nil.
	Random func([]byte)
	// SyncNormal trades durability on power loss (not on a crash of the
	// process) for speed: SQLite's synchronous=NORMAL instead of FULL.
	SyncNormal bool
}

// withDefaults fills in what either backend takes when it is not given:
// the real clock, the default logger and the default rating model.
func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = log.Default()
	}
	if o.Rating == (Model{}) {
		o.Rating = DefaultModel()
	}
	return o
}

// DB is the embedded store: one SQLite file in WAL mode. Writes go through
// one connection, in order; reads use a pool that WAL lets run beside them.
type DB struct {
	dialect dialect
	path    string
	now     func() time.Time
	log     *log.Logger
	model   Model
	random  func([]byte)
	write   *sql.DB
	read    *sql.DB
	journal *journal
	pool    *pgxpool.Pool // PostgreSQL's (pg_open.go); nil for SQLite
	fences  fenceCache    // SQLite's (fence.go)

	stopCheckpoints chan struct{}
	checkpointsDone chan struct{}
	walTight        bool // the disk is nearly full: the WAL is kept short (room.go; checkpointer's)
	unlock          func()

	closeOnce sync.Once
	closeErr  error
}

var _ Store = (*DB)(nil)

// Open opens (or creates) the database in o.Dir and brings its schema up to
// date. Its error is one line an operator can act on: a directory that
// cannot be created or written, a file that is not a unossh database, a
// schema from a newer binary. A refused file is left exactly as it was.
func Open(o Options) (*DB, error) {
	if o.Dir == "" {
		o.Dir = DefaultDir
	}
	o = o.withDefaults()
	if err := prepareDir(o.Dir); err != nil {
		return nil, err
	}
	unlock, err := lockDir(o.Dir)
	if err != nil {
		return nil, err
	}
	db, err := open(o)
	if err != nil {
		unlock()
		return nil, err
	}
	db.unlock = unlock
	db.fitWAL(context.Background())
	db.journal = newJournal(db, o.Journal)
	db.stopCheckpoints, db.checkpointsDone = make(chan struct{}), make(chan struct{})
	go db.checkpointer(db.stopCheckpoints, db.checkpointsDone)
	return db, nil
}

// open checks the file and opens it, in the locked directory.
func open(o Options) (*DB, error) {
	path := filepath.Join(o.Dir, FileName)
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := probe(ctx, path); err != nil {
		return nil, err
	}
	db := &DB{path: path, now: o.Now, log: o.Logger, model: o.Rating, random: o.Random, dialect: sqliteDialect}
	var err error
	if db.write, err = openPool(path, o.SyncNormal, true); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db.write.SetMaxOpenConns(1) // SQLite has one writer; the pool queues the rest in order
	if db.read, err = openPool(path, o.SyncNormal, false); err != nil {
		db.write.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db.read.SetMaxOpenConns(4)
	if err := db.start(ctx); err != nil {
		db.write.Close()
		db.read.Close()
		return nil, err
	}
	return db, nil
}

// start checks the connection and applies the migrations.
func (db *DB) start(ctx context.Context) error {
	var mode string
	if err := db.write.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return fmt.Errorf("%s: %w (%v)", db.path, ErrNotDatabase, err)
	}
	if mode != "wal" {
		return fmt.Errorf("%s: WAL mode is not available (journal mode %s)", db.path, mode)
	}
	if err := migrate(ctx, db.write, db.now().UnixMilli()); err != nil {
		if errors.Is(err, ErrSchemaTooNew) {
			return fmt.Errorf("%s: %w", db.path, err)
		}
		return fmt.Errorf("%s: the schema cannot be brought up to date: %w", db.path, err)
	}
	return nil
}

// openPool opens a connection pool on path. Every connection waits for a
// busy database (busy_timeout) rather than failing at once, and checks
// foreign keys; write connections take the write lock when they begin a
// transaction, so that two writers never deadlock upgrading their locks.
func openPool(path string, syncNormal, write bool) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "journal_mode(WAL)")
	// The log is cut back to walLimit each time it starts over, so that it
	// never keeps more of a nearly full disk than it needs (room.go).
	q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", walLimit))
	if syncNormal {
		q.Add("_pragma", "synchronous(NORMAL)")
	} else {
		q.Add("_pragma", "synchronous(FULL)")
	}
	if write {
		q.Set("_txlock", "immediate")
	}
	return sql.Open(driverName, "file:"+filepath.ToSlash(path)+"?"+q.Encode())
}

// Path is the database file (for PostgreSQL, the database and its server).
func (db *DB) Path() string { return db.path }

// Close stops the journal writer after it has written everything queued,
// then closes the database. It is safe to call more than once.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		if db.pool != nil {
			db.journal.close()
			db.closeErr = db.write.Close()
			db.pool.Close()
			return
		}
		db.journal.close()
		close(db.stopCheckpoints)
		<-db.checkpointsDone
		// A last checkpoint folds the WAL into the file; an error here
		// loses nothing (the WAL stays and is replayed on the next open).
		_, _ = db.write.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		db.closeErr = errors.Join(db.write.Close(), db.read.Close())
		db.unlock()
	})
	return db.closeErr
}

// ms is t in Unix milliseconds, as the schema keeps times.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS is the time of Unix milliseconds v, in UTC.
func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }
