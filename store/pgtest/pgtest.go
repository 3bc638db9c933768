// Package pgtest gives each test a PostgreSQL database of its own, on the
// server that UNOSSH_TEST_DATABASE names (.ci/run starts one and sets it):
//
//	url := pgtest.New(t) // a fresh, empty database; dropped when t ends
//	st, err := store.OpenPostgres(ctx, url, store.Options{})
//
//	end := pgtest.Outage(t, url) // the database refuses everyone...
//	end()                        // ...until this
//
// Without UNOSSH_TEST_DATABASE, New skips the test, and the first skip of a
// `go test` run says so in one line on the go command's own output, for
// every package of the run at once:
//
//	cluster tests skipped: no PostgreSQL (set UNOSSH_TEST_DATABASE, or run .ci/run)
//
// (go test keeps a passing package's output to itself, t.Skip's message
// included: without this line a run without the server would look like a
// run with it.) With UNOSSH_TEST_DATABASE set, a server that cannot be
// reached fails the test: CI must not pass by skipping.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env is the environment variable naming the test server: a postgres:// URL
// of a role that may create databases.
const Env = "UNOSSH_TEST_DATABASE"

// SkipLine is the line a run without the server prints once.
const SkipLine = "cluster tests skipped: no PostgreSQL (set " + Env + ", or run .ci/run)"

// adminWait bounds each statement New and Outage send to the server.
const adminWait = 30 * time.Second

// New creates an empty database on the test server and returns its URL; the
// database is dropped when the test ends. It skips the test if Env is unset.
func New(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		announceSkip()
		t.Skip(SkipLine)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "unossh_test_" + hex.EncodeToString(b[:])
	admin(t, base, "CREATE DATABASE "+name)
	t.Cleanup(func() { admin(t, base, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}

// Outage makes the database at dbURL (one New made) refuse new connections
// and ends those it has, as a database cut off from this node would, until
// the returned function is called (at the latest, when the test ends).
func Outage(t testing.TB, dbURL string) (end func()) {
	t.Helper()
	base := os.Getenv(Env)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	name := pgx.Identifier{u.Path[1:]}.Sanitize()
	admin(t, base, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS false")
	admin(t, base, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"+u.Path[1:]+"' AND pid <> pg_backend_pid()")
	ended := false
	end = func() {
		if !ended {
			ended = true
			admin(t, base, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true")
		}
	}
	t.Cleanup(end)
	return end
}

// admin runs one statement on the test server's own database.
func admin(t testing.TB, base, stmt string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), adminWait)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("the test PostgreSQL (%s) cannot be reached: %v", Env, err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, stmt); err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
}
