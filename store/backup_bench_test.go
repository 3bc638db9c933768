package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// BenchmarkJournalDuringBackup: what an online backup costs the live
// tables. 200 tables each append a move about every 100 ms (2,000 moves a
// second), on a database grown with a history of filler moves, first alone
// and then while `unossh backup` (Backup) copies the database over and
// over, one copy after another. Run (figures in docs/benchmarks.md):
//
//	go test -run '^$' -bench 'JournalDuringBackup' -benchtime 30000x ./store
func BenchmarkJournalDuringBackup(b *testing.B) {
	const tables, filler = 200, 400_000
	for _, backup := range []bool{false, true} {
		b.Run(fmt.Sprintf("backup=%t", backup), func(b *testing.B) {
			db, _ := openTest(b, Options{})
			createTables(b, db, tables+1)
			fill(b, db, fmt.Sprintf("t%d", tables), filler)
			stop, done := make(chan struct{}), make(chan struct{})
			var copies atomic.Int64
			var took, size atomic.Int64
			dest := filepath.Join(b.TempDir(), "backup.db")
			go func() {
				defer close(done)
				for backup {
					select {
					case <-stop:
						return
					default:
					}
					t0 := time.Now()
					n, err := Backup(ctx, filepath.Dir(db.Path()), dest)
					if err != nil {
						b.Error(err)
						return
					}
					size.Store(n)
					took.Add(int64(time.Since(t0)))
					copies.Add(1)
				}
			}()
			runPaced(b, tables, 100*time.Millisecond, func(table, seq int) error {
				return db.Append(ctx, fmt.Sprintf("t%d", table), 0, seq, engine.Action{Kind: engine.Draw, Seat: 1})
			})
			close(stop)
			<-done
			if n := copies.Load(); n > 0 {
				b.ReportMetric(float64(n), "backups")
				b.ReportMetric(float64(time.Duration(took.Load()/n).Milliseconds()), "ms/backup")
				b.ReportMetric(float64(size.Load())/(1<<20), "MiB/backup")
			}
		})
	}
}

// fill appends n filler moves to table in one transaction.
func fill(b *testing.B, db *DB, table string, n int) {
	b.Helper()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		st, err := tx.PrepareContext(ctx, `INSERT INTO journal(table_id, seq, action) VALUES (?, ?, ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for i := range n {
			if _, err := st.ExecContext(ctx, table, i, `{"kind":"play","seat":1,"card":"R7"}`); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}
