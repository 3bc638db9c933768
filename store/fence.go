package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// This file is who writes a live table. A table lives on one node at a
// time; the node that takes it over (a restart, or another node adopting it
// from one that died) claims it, and the claim's fencing number only grows.
// Every journal write carries the writer's fence and is refused (ErrFenced)
// if a larger one has been claimed since, in the same transaction as the
// write: a node paused past its lease can never write again for a table it
// lost. In single-node mode a table claims once when it is created or
// restored.

// fenceCache is SQLite's fences as the journal's writer last read them, so
// that checking an entry's fence costs no query: SQLite has one process
// (the data directory's lock) and one write connection, and only a claim
// raises a fence. Every change happens inside a write transaction, on that
// one connection: a claim forgets the table's fence before it commits, and
// the writer reads it again, in its own transaction, after the claim's.
// (PostgreSQL's nodes check the fence in the database: pg_journal.go.)
type fenceCache struct {
	mu sync.Mutex
	m  map[string]int64
}

// of is the table's fence; known is false if there is no such table.
func (c *fenceCache) of(ctx context.Context, tx *sql.Tx, table string) (fence int64, known bool, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.m[table]; ok {
		return f, true, nil
	}
	err = tx.QueryRowContext(ctx, `SELECT fence FROM live_tables WHERE id = ?`, table).Scan(&fence)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	if c.m == nil {
		c.m = map[string]int64{}
	}
	c.m[table] = fence
	return fence, true, nil
}

// forget drops a table's fence, read again at its next entry.
func (c *fenceCache) forget(table string) {
	c.mu.Lock()
	delete(c.m, table)
	c.mu.Unlock()
}

// ClaimTable makes node the writer of the unfinished table tableID and
// returns its new fence, one more than the last.
func (db *DB) ClaimTable(ctx context.Context, tableID, node string) (int64, error) {
	var fence int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `UPDATE live_tables SET owner = ?, fence = fence + 1
			WHERE id = ? AND finished_ms IS NULL RETURNING fence`, node, tableID).Scan(&fence)
		db.fences.forget(tableID)
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
