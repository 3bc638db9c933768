package lobby

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/store/pgtest"
)

// The journal's cost: many tables, each a player (played by the table's own
// bot once their turns time out) and three bots, play on the real clock with
// the journal on (a store in a temporary directory, synchronous=FULL as in
// production), off, and on PostgreSQL when UNOSSH_TEST_DATABASE names a
// server (package pgtest). Reported: moves a second, and how long each
// action waited for its write (the table holds its result until then).
//
//	go test -run '^$' -bench BenchmarkJournal -benchtime 4000x ./lobby
//	go test -run '^$' -bench BenchmarkJournal/paced -benchtime 4000x ./lobby -journal.tables 500

var benchTables = flag.Int("journal.tables", 500, "tables in BenchmarkJournal (four seats each)")

// timedStore records how long each Append waits for its commit.
type timedStore struct {
	store.Store
	mu    sync.Mutex
	waits []time.Duration
}

func (s *timedStore) Append(ctx context.Context, id string, fence int64, seq int, a engine.Action) error {
	start := time.Now()
	err := s.Store.Append(ctx, id, fence, seq, a)
	d := time.Since(start)
	s.mu.Lock()
	s.waits = append(s.waits, d)
	s.mu.Unlock()
	return err
}

// reset forgets the waits so far (those of the setup).
func (s *timedStore) reset() {
	s.mu.Lock()
	s.waits = s.waits[:0]
	s.mu.Unlock()
}

func (s *timedStore) quantiles() (p50, p99, max time.Duration, n int) {
	s.mu.Lock()
	w := slices.Clone(s.waits)
	s.mu.Unlock()
	if len(w) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(w)
	return w[len(w)/2], w[len(w)*99/100], w[len(w)-1], len(w)
}

func BenchmarkJournal(b *testing.B) {
	paces := []struct {
		name  string
		delay time.Duration
	}{
		{"flat", time.Microsecond}, // as fast as the bots can think
		{"paced", 0},               // the production pause: 900 ms and up to half again
	}
	for _, pace := range paces {
		// off: no store; on: SQLite's; postgres: PostgreSQL's, when
		// UNOSSH_TEST_DATABASE names a server (package pgtest).
		for _, backend := range []string{"off", "on", "postgres"} {
			b.Run(pace.name+"/"+backend, func(b *testing.B) { benchJournal(b, *benchTables, pace.delay, backend) })
		}
	}
}

func benchJournal(b *testing.B, tables int, botDelay time.Duration, backend string) {
	cfg := Config{Clock: RealClock{}, BotDelay: botDelay, TurnTime: time.Millisecond, NextHand: time.Millisecond,
		RaceTime: time.Millisecond, RevealStep: time.Microsecond, Grace: time.Hour,
		// The benchmark's players never press a key: standing them up for it
		// would empty the tables of people, and a table of bots stops.
		IdleMoves: -1}
	var ts *timedStore
	var st *store.DB
	logs := &lockedBuffer{}
	cfg.Logger = log.New(logs)
	if backend != "off" {
		var err error
		if backend == "postgres" {
			st, err = store.OpenPostgres(b.Context(), pgtest.New(b), store.Options{Logger: log.New(io.Discard)})
		} else {
			st, err = store.Open(store.Options{Dir: b.TempDir(), Logger: log.New(io.Discard)})
		}
		if err != nil {
			b.Fatal(err)
		}
		ts = &timedStore{Store: st}
		cfg.Store = ts
	}
	h := NewHub(cfg)
	clients := make([]*Client, tables)
	errs := make(chan error, tables)
	var wg sync.WaitGroup
	// A few at a time: each table's record is a transaction of its own
	// (only the actions are committed in groups), so thousands at once
	// would wait longer than a write may.
	setup := make(chan struct{}, 8)
	for i := range clients {
		setup <- struct{}{}
		wg.Go(func() {
			defer func() { <-setup }()
			c := h.Connect(fmt.Sprintf("s%d", i), fmt.Sprintf("key%d", i), false)
			if err := c.SetNick(fmt.Sprintf("p%d", i)); err != nil {
				errs <- err
				return
			}
			settings := engine.Settings{Edition: engine.Classic2001, Players: 4, Target: engine.DefaultTarget}
			if err := c.Create(TableOptions{Settings: settings, Bots: 3}); err != nil {
				errs <- err
				return
			}
			c.Do(Intent{Kind: Start})
			clients[i] = c
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	moves := func() int {
		n := 0
		for _, c := range clients {
			s := c.Screen()
			if s.Table == nil {
				continue
			}
			n += s.Table.Moves
			if s.Table.Status == Finished { // a new game, with the same seats
				c.Do(Intent{Kind: Rematch})
				c.Do(Intent{Kind: Start})
			}
		}
		return n
	}
	from := moves()
	var before store.Stats
	if ts != nil {
		ts.reset()
		before = st.Stats()
	}
	b.ResetTimer()
	start := time.Now()
	tick := time.NewTicker(20 * time.Millisecond)
	n := from
	for n-from < b.N {
		<-tick.C
		n = moves()
	}
	elapsed := time.Since(start)
	b.StopTimer()
	tick.Stop()
	b.ReportMetric(float64(n-from)/elapsed.Seconds(), "moves/s")
	if ts != nil {
		p50, p99, mx, count := ts.quantiles()
		stats := st.Stats()
		appends, batches := stats.Appends-before.Appends, stats.Batches-before.Batches
		b.ReportMetric(float64(p50.Microseconds())/1000, "p50-wait-ms")
		b.ReportMetric(float64(p99.Microseconds())/1000, "p99-wait-ms")
		b.ReportMetric(float64(mx.Microseconds())/1000, "max-wait-ms")
		b.ReportMetric(float64(appends)/float64(max(batches, 1)), "actions/commit")
		b.Logf("%d tables, %d moves in %v: %d writes, %d commits, largest batch %d, failures %d, refused %d, lobby retries %d",
			tables, n-from, elapsed.Round(time.Millisecond), count, batches, stats.LargestBatch,
			stats.WriteFailures-before.WriteFailures, stats.Failed-before.Failed, h.JournalStats().WriteErrors)
		if l := logs.String(); l != "" {
			b.Logf("first lines of the log:\n%s", l[:min(len(l), 1500)])
		}
	}
	_ = h.Shutdown(context.Background())
	if st != nil {
		_ = st.Close()
	}
}
