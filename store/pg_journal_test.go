package store

import (
	"fmt"
	"strings"
	"testing"

	"github.com/unossh/unossh/engine"
)

// The journal's batch reads each entry's fence by its table's key even in
// the plan PostgreSQL keeps for a prepared statement, which cannot see how
// short a batch is. As a join, that plan scanned every live table for each
// batch: a move's cost grew with the number of tables in play.
func TestJournalBatchReadsEachFenceByKeyOnPostgreSQL(t *testing.T) {
	db, _ := openPGTest(t, Options{})
	s := engine.Settings{Edition: engine.Classic2001, Players: 2}
	for i := range 300 {
		must0(t, db.CreateTable(ctx, Table{ID: fmt.Sprintf("t%d", i), Settings: s, Seed: uint64(i)}))
	}
	conn, err := db.write.Conn(ctx)
	must0(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, `SET plan_cache_mode = force_generic_plan`)
	must0(t, err)
	_, err = conn.ExecContext(ctx, `PREPARE batch(text[], int[], text[], bigint[]) AS `+pgInsertEntries)
	must0(t, err)
	rows, err := conn.QueryContext(ctx, `EXPLAIN EXECUTE batch('{t1}', '{0}', '{"x"}', '{1}')`)
	must0(t, err)
	var plan strings.Builder
	for rows.Next() {
		var line string
		must0(t, rows.Scan(&line))
		plan.WriteString(line + "\n")
	}
	must0(t, rows.Err())
	if strings.Contains(plan.String(), "Seq Scan on live_tables") ||
		!strings.Contains(plan.String(), "Index Scan using live_tables_pkey") {
		t.Fatalf("the batch's kept plan does not read each table by its key:\n%s", plan.String())
	}
}
