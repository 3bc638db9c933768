package store

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/unossh/unossh/store/pgtest"
)

// oneLineError checks that err is one line that says want.
func oneLineError(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatal("opened")
	}
	if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), want) {
		t.Fatalf("%q: want one line that says %q", err, want)
	}
}

func TestOpenPostgresRefusesAServerThatDoesNotAnswer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	_, err = OpenPostgres(ctx, "postgres://unossh@"+addr+"/unossh?sslmode=disable", Options{Logger: quiet})
	oneLineError(t, err, "cannot connect: is PostgreSQL running there")
}

func TestOpenPostgresRefusesABadURL(t *testing.T) {
	for _, u := range []string{"mysql://x@127.0.0.1/db", "postgres://x@127.0.0.1:notaport/db"} {
		_, err := OpenPostgres(ctx, u, Options{Logger: quiet})
		oneLineError(t, err, "database URL")
	}
}

func TestOpenPostgresRefusesAWrongPassword(t *testing.T) {
	u, err := url.Parse(pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), "not-the-password")
	_, err = OpenPostgres(ctx, u.String(), Options{Logger: quiet})
	oneLineError(t, err, "the server refused user postgres (wrong password")
	if strings.Contains(err.Error(), "not-the-password") {
		t.Errorf("the password is in the message: %v", err)
	}
}

func TestOpenPostgresRefusesAMissingDatabase(t *testing.T) {
	u, err := url.Parse(pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/no_such_database"
	_, err = OpenPostgres(ctx, u.String(), Options{Logger: quiet})
	oneLineError(t, err, "no such database")
}

// pgExec runs statements on the database at dbURL, as another program would.
func pgExec(t *testing.T, dbURL string, stmts ...string) {
	t.Helper()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, s := range stmts {
		if _, err := conn.Exec(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestOpenPostgresRefusesAForeignDatabase(t *testing.T) {
	dbURL := pgtest.New(t)
	pgExec(t, dbURL, `CREATE TABLE invoices (id INT PRIMARY KEY)`, `INSERT INTO invoices VALUES (7)`)
	_, err := OpenPostgres(ctx, dbURL, Options{Logger: quiet})
	oneLineError(t, err, "not a unossh database (its schema holds other tables: invoices)")
	if !errors.Is(err, ErrNotDatabase) {
		t.Errorf("not ErrNotDatabase: %v", err)
	}
	// Left as it was.
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var tables int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'`).
		Scan(&tables); err != nil || tables != 1 {
		t.Errorf("%d tables after the refusal, %v", tables, err)
	}
}

func TestOpenPostgresRefusesANewerSchema(t *testing.T) {
	dbURL := pgtest.New(t)
	db := openPGAt(t, dbURL, Options{})
	must0(t, db.Close())
	pgExec(t, dbURL, `INSERT INTO schema_version(version, name, applied_ms) VALUES (99, '0099_future.sql', 0)`)
	_, err := OpenPostgres(ctx, dbURL, Options{Logger: quiet})
	oneLineError(t, err, "the database was written by a newer unossh (schema 99; this binary knows up to 1): upgrade unossh")
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("not ErrSchemaTooNew: %v", err)
	}
}

// Nodes that start together on a new database: one brings the schema up
// to date, the others wait for it and find it done.
func TestOpenPostgresNodesStartingTogetherMigrateOnce(t *testing.T) {
	dbURL := pgtest.New(t)
	const nodes = 4
	dbs := make([]*DB, nodes)
	errs := make([]error, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Go(func() { dbs[i], errs[i] = OpenPostgres(ctx, dbURL, Options{Logger: quiet}) })
	}
	wg.Wait()
	for i, db := range dbs {
		must0(t, errs[i])
		t.Cleanup(func() { db.Close() })
	}
	var steps int
	if err := dbs[0].read.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_version`).Scan(&steps); err != nil || steps != 1 {
		t.Fatalf("%d steps recorded, %v", steps, err)
	}
	// Each node works on the same data.
	a := must[Account](t)(dbs[1].Register(ctx, "SHA256:ana", "ana"))
	if b := must[Account](t)(dbs[3].AccountByKey(ctx, "SHA256:ana")); b.ID != a.ID {
		t.Fatalf("node 3 sees %+v, node 1 made %+v", b, a)
	}
}

// During an outage every call fails with an error, none hangs; once the
// database is back the pool connects again by itself.
func TestPostgresOutageFailsCallsThenReconnects(t *testing.T) {
	dbURL := pgtest.New(t)
	db := openPGAt(t, dbURL, Options{Journal: JournalOptions{Retries: 1, RetryWait: time.Millisecond}})
	createTables(t, db, 1)
	must0(t, db.Append(ctx, "t0", 0, 0, deal))
	back := pgtest.Outage(t, dbURL)
	c, cancel := context.WithTimeout(ctx, time.Minute) // (a bound for the test: the calls fail long before)
	defer cancel()
	if _, err := db.Register(c, "SHA256:ana", "ana"); err == nil {
		t.Error("registered during the outage")
	}
	var je *JournalError
	if err := db.Append(c, "t0", 0, 1, deal); !errors.As(err, &je) {
		t.Errorf("append during the outage: %v", err)
	}
	if _, err := db.UnfinishedTables(c); err == nil {
		t.Error("read during the outage")
	}
	back()
	must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
	must0(t, db.Append(ctx, "t0", 0, 1, deal))
	if got := must[SavedTable](t)(db.LoadTable(ctx, "t0")); len(got.Journal.Actions) != 2 {
		t.Fatalf("after the outage: %+v", got)
	}
	if st := db.Stats(); st.Failed != 1 || st.WriteFailures != 2 || st.Appends != 2 {
		t.Errorf("stats %+v", st)
	}
}
