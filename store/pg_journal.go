package store

import (
	"context"
	"database/sql"
	"errors"
)

// pgInsertEntries writes a whole batch in one statement, which is its own
// transaction: one round trip to the server and one commit. The entries
// come as arrays, and each is written only if its fence is still its
// table's. FOR SHARE locks each table's row until the commit, so that a
// claim (an UPDATE of the row) waits for the batch, and a batch that comes
// after a claim sees the claim's fence: the check and the write are one.
//
// The fence is read by a subquery per entry, not by a join: the statement
// is prepared once, and its generic plan cannot see how short a batch is,
// so a join scanned every live table for each batch (the journal's cost
// grew with the number of tables; docs/benchmarks.md, "Three nodes, fifth
// round"). A subquery is not flattened into a join: each entry reads its
// own table's row by the primary key.
const pgInsertEntries = `WITH b AS (
		SELECT * FROM unnest(?1::text[], ?2::int[], ?3::text[], ?4::bigint[]) AS b(table_id, seq, action, fence)
	)
	INSERT INTO journal(table_id, seq, action) SELECT b.table_id, b.seq, b.action FROM b
	WHERE (SELECT t.fence FROM live_tables t WHERE t.id = b.table_id FOR SHARE) <= b.fence
	ON CONFLICT (table_id, seq) DO NOTHING
	RETURNING table_id, seq`

// commitPG is commit on PostgreSQL.
func (j *journal) commitPG(ctx context.Context, batch []*appendReq) (errs []error, err error) {
	tables, seqs, actions, fences := make([]string, len(batch)), make([]int32, len(batch)),
		make([]string, len(batch)), make([]int64, len(batch))
	for i, r := range batch {
		tables[i], seqs[i], actions[i], fences[i] = r.table, int32(r.seq), string(r.action), r.fence
	}
	type key struct {
		table string
		seq   int
	}
	written := make(map[key]bool, len(batch))
	if err = scanWritten(ctx, j.db.write, func(table string, seq int) { written[key{table, seq}] = true },
		tables, seqs, actions, fences); err != nil {
		return nil, err
	}
	errs = make([]error, len(batch))
	for i, r := range batch {
		k := key{r.table, r.seq}
		if written[k] {
			delete(written, k) // (the same entry twice in a batch: the second is checked)
			continue
		}
		if errs[i], err = refused(ctx, j.db.write, r); err != nil {
			return nil, err
		}
	}
	return errs, nil
}

func scanWritten(ctx context.Context, db *sql.DB, f func(string, int), args ...any) error {
	rows, err := db.QueryContext(ctx, pgInsertEntries, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var table string
		var seq int
		if err := rows.Scan(&table, &seq); err != nil {
			return err
		}
		f(table, seq)
	}
	return rows.Err()
}

// refused says, after the batch, why PostgreSQL did not write an entry: a
// larger fence claimed (fences only grow, so it was there when the batch
// ran), or an entry already there (the same action again is a harmless
// repeat, sameEntry), or else no such table.
func refused(ctx context.Context, db *sql.DB, r *appendReq) (error, error) {
	var fence int64
	err := db.QueryRowContext(ctx, `SELECT fence FROM live_tables WHERE id = ?`, r.table).Scan(&fence)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrUnknownTable, nil
	case err != nil:
		return nil, err
	case fence > r.fence:
		return ErrFenced, nil
	}
	refusal, err := sameEntry(ctx, db, r)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrUnknownTable, nil // (a table recorded after the batch ran)
	}
	return refusal, err
}
