package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// The journal's cost. Each table is a goroutine that appends one action at
// a time and waits for it, as a table does before it shows a move's result.
// With UNOSSH_TEST_DATABASE set (package pgtest), the same runs on
// PostgreSQL too. Run (figures in docs/benchmarks.md):
//
//	go test -run '^$' -bench 'Journal$|TableMoves' -benchtime 40000x ./store
//	go test -run '^$' -bench 'JournalPaced' -benchtime 20000x ./store

// appender writes one journal entry and returns when it is committed.
type appender func(ctx context.Context, table string, seq int, a engine.Action) error

// txPerAppend is the baseline: one transaction (and one disk sync) per
// action, through the same single write connection.
func txPerAppend(db *DB) appender {
	return func(ctx context.Context, table string, seq int, a engine.Action) error {
		return db.inTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO journal(table_id, seq, action) VALUES (?, ?, ?)`,
				table, seq, `{"kind":"draw","seat":1}`)
			return err
		})
	}
}

func BenchmarkJournal(b *testing.B) {
	for _, sync := range []struct {
		name   string
		normal bool
	}{{"full", false}, {"normal", true}} {
		for _, how := range []string{"group", "tx-per-append"} {
			for _, tables := range []int{1, 64, 2000} {
				b.Run(fmt.Sprintf("%s/sync=%s/tables=%d", how, sync.name, tables), func(b *testing.B) {
					db, _ := openTest(b, Options{SyncNormal: sync.normal})
					createTables(b, db, tables)
					write := appender(func(ctx context.Context, table string, seq int, a engine.Action) error {
						return db.Append(ctx, table, 0, seq, a)
					})
					if how == "tx-per-append" {
						write = txPerAppend(db)
					}
					runTables(b, tables, func(table, seq int) error {
						return write(ctx, fmt.Sprintf("t%d", table), seq, engine.Action{Kind: engine.Draw, Seat: 1})
					})
					if how == "group" {
						st := db.Stats()
						b.ReportMetric(float64(st.Appends)/float64(max(st.Batches, 1)), "actions/batch")
					}
				})
			}
		}
	}
	// The same on PostgreSQL, when UNOSSH_TEST_DATABASE names a server:
	// what a node of a cluster pays for its journal.
	for _, tables := range []int{1, 64, 2000} {
		b.Run(fmt.Sprintf("group/postgres/tables=%d", tables), func(b *testing.B) {
			db, _ := openPGTest(b, Options{})
			createTables(b, db, tables)
			runTables(b, tables, func(table, seq int) error {
				return db.Append(ctx, fmt.Sprintf("t%d", table), 0, seq, engine.Action{Kind: engine.Draw, Seat: 1})
			})
			st := db.Stats()
			b.ReportMetric(float64(st.Appends)/float64(max(st.Batches, 1)), "actions/batch")
		})
	}
}

// runTables runs b.N steps spread over tables goroutines, each doing its
// steps in order as fast as it can, and reports steps per second and the
// wait of a step.
func runTables(b *testing.B, tables int, step func(table, seq int) error) {
	runPaced(b, tables, 0, step)
}

// runPaced is runTables with each table pausing about every (between half
// and one and a half of it) before each step, as players think: an open
// load of tables/every steps a second instead of a flat-out one.
func runPaced(b *testing.B, tables int, every time.Duration, step func(table, seq int) error) {
	var next atomic.Int64
	waits := make([][]time.Duration, tables)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 2))
			for seq := 0; next.Add(1) <= int64(b.N); seq++ {
				if every > 0 {
					time.Sleep(every/2 + time.Duration(r.Int64N(int64(every)))) // the player thinks
				}
				t0 := time.Now()
				if err := step(i, seq); err != nil {
					b.Error(err)
					return
				}
				waits[i] = append(waits[i], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	all := slices.Concat(waits...)
	slices.Sort(all)
	pct := func(p float64) float64 {
		if len(all) == 0 {
			return 0
		}
		return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "steps/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(pct(1), "max-ms")
}

// BenchmarkJournalPaced is 2,000 tables each making a move about once a
// second, far busier than 2,000 players (four to a table, thinking between
// moves): the wait of a move under a heavy but not flat-out load.
func BenchmarkJournalPaced(b *testing.B) {
	const tables = 2000
	for _, sync := range []struct {
		name   string
		normal bool
	}{{"full", false}, {"normal", true}, {"postgres", false}} {
		b.Run(fmt.Sprintf("sync=%s/tables=%d", sync.name, tables), func(b *testing.B) {
			open := openTest
			if sync.name == "postgres" {
				open = openPGTest
			}
			db, _ := open(b, Options{SyncNormal: sync.normal})
			createTables(b, db, tables)
			runPaced(b, tables, time.Second, func(table, seq int) error {
				return db.Append(ctx, fmt.Sprintf("t%d", table), 0, seq, engine.Action{Kind: engine.Draw, Seat: 1})
			})
			st := db.Stats()
			b.ReportMetric(float64(st.Appends)/float64(max(st.Batches, 1)), "actions/batch")
		})
	}
}

// BenchmarkTableMoves plays real games, 2,000 tables at once, with the
// journal on (each accepted move appended and waited for before the next)
// and off: the moves per second the journal leaves, and what a move waits.
func BenchmarkTableMoves(b *testing.B) {
	const tables = 2000
	for _, journal := range []bool{false, true} {
		b.Run(fmt.Sprintf("journal=%v", journal), func(b *testing.B) {
			db, _ := openTest(b, Options{})
			createTables(b, db, tables)
			games := make([]*engine.Game, tables)
			rngs := make([]*rand.Rand, tables)
			for i := range games {
				games[i] = newBenchGame(b, uint64(i))
				rngs[i] = rand.New(rand.NewPCG(uint64(i), 1))
			}
			runTables(b, tables, func(table, seq int) error {
				g := games[table]
				if g.Over() {
					g = newBenchGame(b, uint64(table+seq*tables))
					games[table] = g
				}
				w := g.Waiting()
				legal := g.Legal(w[rngs[table].IntN(len(w))])
				a := legal[rngs[table].IntN(len(legal))]
				if _, err := g.Apply(a); err != nil {
					return err
				}
				if !journal {
					return nil
				}
				return db.Append(ctx, fmt.Sprintf("t%d", table), 0, seq, a)
			})
		})
	}
}

func newBenchGame(b *testing.B, seed uint64) *engine.Game {
	g, err := engine.New(engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: 4}, seed)
	if err != nil {
		b.Fatal(err)
	}
	return g
}
