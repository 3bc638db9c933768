package store

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

var deal = engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat}

// createTables records n empty tables t0..t(n-1).
func createTables(t testing.TB, db *DB, n int) {
	t.Helper()
	for i := range n {
		if err := db.CreateTable(ctx, Table{ID: fmt.Sprintf("t%d", i), Settings: engine.Settings{Players: 2}}); err != nil {
			t.Fatal(err)
		}
	}
}

// holdWriter makes the writer's first commit wait until release is
// called; entered is closed once the writer waits there, so that what is
// appended meanwhile queues behind it and the next batch is known exactly.
func holdWriter(db *DB) (entered <-chan struct{}, release func()) {
	in, rel := make(chan struct{}), make(chan struct{})
	var once sync.Once
	db.journal.fault = func() error {
		once.Do(func() {
			close(in)
			<-rel
		})
		return nil
	}
	return in, func() { close(rel) }
}

// waitQueued waits until n actions wait for the writer.
func waitQueued(db *DB, n int) {
	for db.Stats().Queued < n {
		runtime.Gosched()
	}
}

// appendAll appends one action to each of tables t0..t(n-1) at once and
// returns their errors. Table t0's action is written alone, first; the
// others queue while the writer holds it.
func appendAll(db *DB, n int) []error {
	entered, release := holdWriter(db)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.Append(ctx, fmt.Sprintf("t%d", i), 0, 0, deal)
		}()
		if i == 0 {
			<-entered
		}
	}
	waitQueued(db, n-1)
	release()
	wg.Wait()
	return errs
}

func TestJournalGroupCommit(t *testing.T) {
	tests := []struct {
		name     string
		maxBatch int
		tables   int
		batches  uint64
		largest  uint64
	}{
		// The first action is written alone; the 99 queued meanwhile go in one.
		{"one batch", 0, 100, 2, 99},
		// MaxBatch bounds a batch.
		{"bounded", 10, 41, 5, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conform(t, Options{Journal: JournalOptions{MaxBatch: tt.maxBatch}}, func(t *testing.T, db *DB, _ *clock) {
				createTables(t, db, tt.tables)
				for i, err := range appendAll(db, tt.tables) {
					if err != nil {
						t.Fatalf("table %d: %v", i, err)
					}
				}
				st := db.Stats()
				if st.Appends != uint64(tt.tables) || st.Batches != tt.batches || st.LargestBatch != tt.largest ||
					st.WriteFailures != 0 || st.Failed != 0 || st.Queued != 0 {
					t.Fatalf("stats %+v", st)
				}
				var n int
				if err := db.read.QueryRow(`SELECT COUNT(*) FROM journal`).Scan(&n); err != nil || n != tt.tables {
					t.Fatalf("%d entries, %v", n, err)
				}
				// Every written action's wait is counted, once, in a bucket.
				w := st.Wait
				if w.Count != uint64(tt.tables) || len(w.Counts) != len(w.Bounds) || w.Sum <= 0 ||
					w.Counts[len(w.Counts)-1] > w.Count || !slices.IsSorted(w.Counts) {
					t.Fatalf("waits %+v", w)
				}
			})
		})
	}
}

func TestJournalEntriesRefusedAlone(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		createTables(t, db, 2)
		play := engine.Action{Kind: engine.Draw, Seat: 1}
		must[struct{}](t)(struct{}{}, db.Append(ctx, "t0", 0, 0, deal))
		// Queued together, so that they share a transaction with good entries.
		entered, release := holdWriter(db)
		errs := make([]error, 5)
		var wg sync.WaitGroup
		for i, f := range []func() error{
			func() error { return db.Append(ctx, "t1", 0, 0, deal) },   // the held first commit
			func() error { return db.Append(ctx, "t0", 0, 0, deal) },   // the same again: harmless
			func() error { return db.Append(ctx, "t0", 0, 0, play) },   // another action at a taken seq
			func() error { return db.Append(ctx, "nope", 0, 0, deal) }, // no such table
			func() error { return db.Append(ctx, "t0", 0, 1, play) },   // fine
		} {
			wg.Add(1)
			go func() { defer wg.Done(); errs[i] = f() }()
			if i == 0 {
				<-entered
			}
			waitQueued(db, i) // in this order
		}
		release()
		wg.Wait()
		want := []error{nil, nil, ErrSeqTaken, ErrUnknownTable, nil}
		for i := range want {
			if !errors.Is(errs[i], want[i]) {
				t.Errorf("append %d: %v, want %v", i, errs[i], want[i])
			}
		}
		saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx))
		if got := saved[0].Journal.Actions; len(got) != 2 || got[0] != deal || got[1] != play {
			t.Errorf("journal of t0: %v", got)
		}
		if st := db.Stats(); st.Failed != 2 || st.WriteFailures != 0 || st.Batches != 3 {
			t.Errorf("stats %+v", st)
		}
	})
}

func TestJournalRetriesFailedWrites(t *testing.T) {
	conform(t, Options{Journal: JournalOptions{Retries: 3, RetryWait: time.Microsecond}}, func(t *testing.T, db *DB, _ *clock) {
		createTables(t, db, 1)
		failures := 2
		db.journal.fault = func() error {
			if failures > 0 {
				failures--
				return errors.New("disk I/O error")
			}
			return nil
		}
		if err := db.Append(ctx, "t0", 0, 0, deal); err != nil {
			t.Fatalf("after 2 failures and 3 retries allowed: %v", err)
		}
		if st := db.Stats(); st.WriteFailures != 2 || st.Retries != 2 || st.Appends != 1 || st.Failed != 0 {
			t.Fatalf("stats %+v", st)
		}
	})
}

func TestJournalTellsCallersOfLostWrites(t *testing.T) {
	conform(t, Options{Journal: JournalOptions{Retries: 2, RetryWait: time.Microsecond}}, func(t *testing.T, db *DB, _ *clock) {
		createTables(t, db, 1)
		// A real failure: the journal's table is gone.
		if _, err := db.write.Exec(`DROP TABLE journal`); err != nil {
			t.Fatal(err)
		}
		err := db.Append(ctx, "t0", 0, 0, deal)
		var je *JournalError
		if !errors.As(err, &je) || je.Table != "t0" || je.Seq != 0 {
			t.Fatalf("got %v", err)
		}
		if st := db.Stats(); st.WriteFailures != 3 || st.Retries != 2 || st.Failed != 1 || st.Appends != 0 {
			t.Fatalf("stats %+v", st)
		}
		// The store goes on: other writes work.
		must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
	})
}

func TestJournalCloseWritesWhatIsQueued(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		const n = 30
		createTables(t, db, n)
		entered, release := holdWriter(db)
		errs := make(chan error, n)
		for i := range n {
			go func() { errs <- db.Append(ctx, fmt.Sprintf("t%d", i), 0, 0, deal) }()
			if i == 0 {
				<-entered
			}
		}
		waitQueued(db, n-1)
		closed := make(chan error)
		go func() { closed <- db.Close() }()
		release()
		for range n {
			if err := <-errs; err != nil {
				t.Errorf("append: %v", err)
			}
		}
		if err := <-closed; err != nil {
			t.Fatal(err)
		}
		if err := db.Append(ctx, "t0", 0, 1, deal); !errors.Is(err, ErrClosed) {
			t.Errorf("append after close: %v", err)
		}
		db2 := reopen(t, db, clk, Options{})
		var count int
		if err := db2.read.QueryRow(`SELECT COUNT(*) FROM journal`).Scan(&count); err != nil || count != n {
			t.Fatalf("%d entries after close, %v", count, err)
		}
	})
}

func TestJournalAppendHonoursContext(t *testing.T) {
	conform(t, Options{Journal: JournalOptions{Queue: 1}}, func(t *testing.T, db *DB, _ *clock) {
		createTables(t, db, 3)
		entered, release := holdWriter(db)
		first := make(chan error)
		go func() { first <- db.Append(ctx, "t0", 0, 0, deal) }()
		<-entered
		// Waiting for the commit: the caller gives up, the write goes on.
		c, cancel := context.WithCancel(ctx)
		waiting := make(chan error)
		go func() { waiting <- db.Append(c, "t1", 0, 0, deal) }()
		waitQueued(db, 1)
		// The queue is full: a caller with a deadline gives up without queueing.
		full, cancelFull := context.WithCancel(ctx)
		cancelFull()
		if err := db.Append(full, "t2", 0, 0, deal); !errors.Is(err, context.Canceled) {
			t.Errorf("append to a full queue: %v", err)
		}
		cancel()
		if err := <-waiting; !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled wait: %v", err)
		}
		release()
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		db.Close()
		if st := db.Stats(); st.Appends != 2 {
			t.Errorf("the abandoned append was not written: %+v", st)
		}
	})
}
