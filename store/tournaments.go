package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"
)

// ErrUnknownTournament is a tournament the store has no live record of.
var ErrUnknownTournament = errors.New("no such live tournament")

// Tournament is the record of a live tournament: its state as the lobby
// keeps it (who signed up, the round, the points so far), written when it
// changes between rounds, never per move. Its tables are Tables naming it.
type Tournament struct {
	ID   string
	Code string // the private code, "" for a public tournament
	// State is the lobby's own record, as JSON, returned as given.
	State   json.RawMessage
	Created time.Time
	Updated time.Time
	// Fence is the writer's fencing number (ClaimTournament; 0 if it never
	// claimed): a record is written only with one at least as large as
	// the last claim's.
	Fence int64
}

// SaveTournament records a live tournament, or replaces the state of one
// recorded and not finished. A finished tournament's id may be used again.
func (db *DB) SaveTournament(ctx context.Context, t Tournament) error {
	if !json.Valid(t.State) {
		return errors.New("a tournament's state must be JSON")
	}
	now := db.now()
	if t.Created.IsZero() {
		t.Created = now
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// A finished record's id may serve again, with any fence; a live
		// one is written only by its newest claimant.
		res, err := tx.ExecContext(ctx, `INSERT INTO live_tournaments(id, code, state, created_ms, updated_ms, fence)
			VALUES (?1, ?2, ?3, ?4, ?5, ?6)
			ON CONFLICT(id) DO UPDATE SET code = ?2, state = ?3, updated_ms = ?5,
				created_ms = CASE WHEN live_tournaments.finished_ms IS NULL THEN live_tournaments.created_ms ELSE ?4 END,
				fence = CASE WHEN live_tournaments.finished_ms IS NULL THEN live_tournaments.fence ELSE ?6 END,
				finished_ms = NULL
			WHERE live_tournaments.finished_ms IS NOT NULL OR live_tournaments.fence <= ?6`,
			t.ID, t.Code, string(t.State), ms(t.Created), ms(now), t.Fence)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrFenced
		}
		return nil
	})
}

// ClaimTournament makes node the writer of the unfinished tournament id
// and returns its new fence, one more than the last.
func (db *DB) ClaimTournament(ctx context.Context, id, node string) (int64, error) {
	var fence int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `UPDATE live_tournaments SET owner = ?, fence = fence + 1
			WHERE id = ? AND finished_ms IS NULL RETURNING fence`, node, id).Scan(&fence)
		return noRows(err, ErrUnknownTournament)
	})
	return fence, err
}

// FinishTournament marks the tournament finished. Its tables are finished
// on their own (FinishTable), as each ends its game.
func (db *DB) FinishTournament(ctx context.Context, id string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE live_tournaments SET finished_ms = ? WHERE id = ? AND finished_ms IS NULL`,
			ms(db.now()), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrUnknownTournament
		}
		return nil
	})
}

// UnfinishedTournaments lists every tournament not finished, oldest first.
func (db *DB) UnfinishedTournaments(ctx context.Context) ([]Tournament, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, code, state, created_ms, updated_ms
		FROM live_tournaments WHERE finished_ms IS NULL ORDER BY created_ms, id`)
	if err != nil {
		return nil, db.closedOr(err)
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		var t Tournament
		var state string
		var created, updated int64
		if err := rows.Scan(&t.ID, &t.Code, &state, &created, &updated); err != nil {
			return nil, err
		}
		t.State, t.Created, t.Updated = json.RawMessage(state), fromMS(created), fromMS(updated)
		out = append(out, t)
	}
	return out, rows.Err()
}
