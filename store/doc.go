// Package store keeps what must outlive the process: accounts and their
// nicknames, finished games (a tournament's rounds among them) and the
// statistics drawn from them, finished tournaments' results, ratings, the
// journal of every live table so that a restart can replay it, and the
// record of every live tournament beside its tables'.
//
// The lobby talks to a Store. Open gives the embedded one, a single SQLite
// file in pure Go under a data directory; OpenPostgres the one several nodes
// share, in a PostgreSQL database (pg_open.go). Both are a DB, running the
// same queries (pg_driver.go, dialect.go), and one conformance suite
// (conformance_test.go) runs the store's tests against both:
//
//	st, err := store.Open(store.Options{Dir: "./data"})
//	st, err := store.OpenPostgres(ctx, "postgres://...", store.Options{})
//	if err != nil { ... }           // one line, fit for an operator
//	defer st.Close()
//	acct, err := st.Register(ctx, fingerprint, "ana")
//	fence, err := st.ClaimTable(ctx, tableID, node) // this node writes the table (fence.go)
//	err = st.Append(ctx, tableID, fence, seq, action) // back after the commit
//
// A failed write is an error like any other (a full disk, a database gone):
// the lobby holds the table until a write succeeds, whatever the backend.
// On a nearly full disk the SQLite store keeps its write-ahead log short
// (room.go), and Open refuses a data directory without the room to bring its
// tables back (ErrNoRoom), with one line saying what to free.
//
// Backup copies the SQLite database of a data directory to a file while a
// server has it open, without its lock and without holding up its writes
// (`unossh backup`; backup.go); a restore is that file put in place as
// FileName with the server stopped (docs/deploy.md).
//
// The store returns typed values; wording them for a screen is the TUI's job.
// Times come from an injected clock, so tests drive the once-a-day rename and
// the short life of a link code without waiting.
package store
