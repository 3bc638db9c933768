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
		_, err := tx.ExecContext(ctx, `INSERT INTO live_tournaments(id, code, state, created_ms, updated_ms)
			VALUES (?1, ?2, ?3, ?4, ?5)
			ON CONFLICT(id) DO UPDATE SET code = ?2, state = ?3, updated_ms = ?5,
				created_ms = CASE WHEN live_tournaments.finished_ms IS NULL THEN live_tournaments.created_ms ELSE ?4 END,
				finished_ms = NULL`,
			t.ID, t.Code, string(t.State), ms(t.Created), ms(now))
		return err
	})
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
