package store

import (
	"context"
	"database/sql"
	"errors"
)

// This file is who writes a live table. A table lives on one node at a
// time; the node that takes it over (a restart, or another node adopting it
// from one that died) claims it, and the claim's fencing number only grows.
// Every journal write carries the writer's fence and is refused (ErrFenced)
// if a larger one has been claimed since, in the same transaction as the
// write: a node paused past its lease can never write again for a table it
// lost. In single-node mode a table claims once when it is created or
// restored.

// ClaimTable makes node the writer of the unfinished table tableID and
// returns its new fence, one more than the last.
func (db *DB) ClaimTable(ctx context.Context, tableID, node string) (int64, error) {
	var fence int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `UPDATE live_tables SET owner = ?, fence = fence + 1
			WHERE id = ? AND finished_ms IS NULL RETURNING fence`, node, tableID).Scan(&fence)
		return noRows(err, ErrUnknownTable)
	})
	return fence, err
}

// LoadTable is the unfinished table id with its journal.
func (db *DB) LoadTable(ctx context.Context, id string) (SavedTable, error) {
	t, err := scanTable(db.read.QueryRowContext(ctx, `SELECT `+tableColumns+`
		FROM live_tables WHERE id = ? AND finished_ms IS NULL`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return SavedTable{}, ErrUnknownTable
	}
	if err != nil {
		return SavedTable{}, db.closedOr(err)
	}
	if err := db.loadJournal(ctx, &t); err != nil {
		return SavedTable{}, err
	}
	return t, nil
}
