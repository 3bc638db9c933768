// Package store keeps what must outlive the process: accounts and their
// nicknames, finished games (a tournament's rounds among them) and the
// statistics drawn from them, finished tournaments' results, ratings, the
// journal of every live table so that a restart can replay it, and the
// record of every live tournament beside its tables'.
//
// The lobby talks to a Store (an interface, so that a PostgreSQL backend can
// follow); Open gives the embedded one, a single SQLite file in pure Go under
// a data directory:
//
//	st, err := store.Open(store.Options{Dir: "./data"})
//	if err != nil { ... }           // one line, fit for an operator
//	defer st.Close()
//	acct, err := st.Register(ctx, fingerprint, "ana")
//	err = st.Append(ctx, tableID, fence, seq, action) // back after the commit
//
// A failed write is an error like any other (a full disk, a database gone):
// the lobby holds the table until a write succeeds, whatever the backend.
// On a nearly full disk the SQLite store keeps its write-ahead log short
// (room.go), and Open refuses a data directory without the room to bring its
// tables back (ErrNoRoom), with one line saying what to free.
//
// The store returns typed values; wording them for a screen is the TUI's job.
// Times come from an injected clock, so tests drive the once-a-day rename and
// the short life of a link code without waiting.
package store
