package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// Table is the record of a live table: enough, with its journal, to rebuild
// it after a restart.
type Table struct {
	ID       string
	Code     string // the private code, "" for a public table
	Settings engine.Settings
	Seed     uint64
	Stack    *engine.Stack // the fixed first deal of a test game; nil for real ones
	Seats    []TableSeat
	// Options are the lobby's own table options (name, timers...), as JSON,
	// returned as given.
	Options json.RawMessage
	Created time.Time
	// Tournament is the id of the tournament the table plays for, "" for
	// an ordinary table (tournaments.go).
	Tournament string
}

// TableSeat is who sits in a seat of a live table, so that the player who
// comes back after a restart finds their seat.
type TableSeat struct {
	Kind      SeatKind `json:"kind"`
	AccountID int64    `json:"account_id,omitempty"`
	Name      string   `json:"name"`
	BotLevel  string   `json:"bot_level,omitempty"`
	// Key is the fingerprint of the key that holds the seat (a player's),
	// so that this key, and only this one, finds the seat after a restart.
	Key string `json:"key,omitempty"`
	// Host marks the seat of the table's host.
	Host bool `json:"host,omitempty"`
	// StandIn marks a player's seat that a bot plays for them while they
	// are away (they left with q, or were idle), so that it goes on doing
	// so after a restart.
	StandIn bool `json:"stand_in,omitempty"`
}

// SavedTable is an unfinished table as the journal left it.
type SavedTable struct {
	Table
	// Journal replays to the table's game: engine.Replay(Journal).
	Journal engine.Journal
	// Lost counts entries after a gap in the sequence (which only a bug can
	// make); they are left out, since the game cannot skip a move.
	Lost int
	// Owner is the node that last claimed the table ("" if none has), and
	// Fence the fencing number of that claim (fence.go).
	Owner string
	Fence int64
}

// CreateTable records a new live table. Its journal starts empty; append
// its actions from sequence number 0. The ID of a finished table may be
// used again, for the next game at that table.
func (db *DB) CreateTable(ctx context.Context, t Table) error {
	settings, err := json.Marshal(t.Settings)
	if err != nil {
		return err
	}
	var stack sql.NullString
	if t.Stack != nil {
		b, err := json.Marshal(t.Stack)
		if err != nil {
			return err
		}
		stack = sql.NullString{String: string(b), Valid: true}
	}
	seats, err := seatsJSON(t.Seats)
	if err != nil {
		return err
	}
	options := string(t.Options)
	if options == "" {
		options = "{}"
	}
	if t.Created.IsZero() {
		t.Created = db.now()
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO live_tables(id, code, settings, seed, stack, seats, options, created_ms, tournament)
			VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
			ON CONFLICT(id) DO UPDATE SET code = ?2, settings = ?3, seed = ?4, stack = ?5, seats = ?6, options = ?7,
				created_ms = ?8, tournament = ?9, finished_ms = NULL
			WHERE live_tables.finished_ms IS NOT NULL`, t.ID, t.Code, string(settings), int64(t.Seed), stack, seats, options, ms(t.Created), t.Tournament)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("table %s is already recorded and not finished", t.ID)
		}
		// A finished table's journal is gone already; an old one would
		// not belong to the new game.
		_, err = tx.ExecContext(ctx, `DELETE FROM journal WHERE table_id = ?`, t.ID)
		return err
	})
}

// SetTableSeats records who sits at the table now.
func (db *DB) SetTableSeats(ctx context.Context, tableID string, seats []TableSeat) error {
	b, err := seatsJSON(seats)
	if err != nil {
		return err
	}
	return db.updateTable(ctx, tableID, `UPDATE live_tables SET seats = ? WHERE id = ? AND finished_ms IS NULL`, b, tableID)
}

// FinishTable marks the table finished (its game abandoned: a game played
// to the end is finished by RecordGame) and drops its journal.
func (db *DB) FinishTable(ctx context.Context, tableID string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		done, err := db.finishTable(ctx, tx, tableID)
		if err == nil && !done {
			err = ErrUnknownTable
		}
		return err
	})
}

// finishTable marks a live table finished and drops its journal; done is
// false if no unfinished table has that ID. Its fence is no longer kept in
// memory (fence.go): a finished table is seldom written again.
func (db *DB) finishTable(ctx context.Context, tx *sql.Tx, tableID string) (done bool, err error) {
	db.fences.forget(tableID)
	res, err := tx.ExecContext(ctx, `UPDATE live_tables SET finished_ms = ? WHERE id = ? AND finished_ms IS NULL`,
		ms(db.now()), tableID)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM journal WHERE table_id = ?`, tableID)
	return err == nil, err
}

func (db *DB) updateTable(ctx context.Context, id, query string, args ...any) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrUnknownTable
		}
		return nil
	})
}

func seatsJSON(seats []TableSeat) (string, error) {
	if seats == nil {
		seats = []TableSeat{}
	}
	b, err := json.Marshal(seats)
	return string(b), err
}

// UnfinishedTables lists every table not finished, oldest first, with its
// journal, for replay at start (a tournament's tables among them, each
// naming its tournament).
func (db *DB) UnfinishedTables(ctx context.Context) ([]SavedTable, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+tableColumns+`
		FROM live_tables WHERE finished_ms IS NULL ORDER BY created_ms, id`)
	if err != nil {
		return nil, db.closedOr(err)
	}
	var out []SavedTable
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if err := db.loadJournal(ctx, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// tableColumns are what scanTable reads, in its order.
const tableColumns = `id, code, settings, seed, stack, seats, options, created_ms, tournament, owner, fence`

func scanTable(rows interface{ Scan(...any) error }) (SavedTable, error) {
	var t SavedTable
	var settings, seats, options string
	var stack sql.NullString
	var seed, created int64
	if err := rows.Scan(&t.ID, &t.Code, &settings, &seed, &stack, &seats, &options, &created, &t.Tournament,
		&t.Owner, &t.Fence); err != nil {
		return t, err
	}
	return decodeTable(t, settings, seats, options, stack, seed, created)
}

// decodeTable completes a table read by either backend from its columns.
func decodeTable(t SavedTable, settings, seats, options string, stack sql.NullString, seed, created int64) (SavedTable, error) {
	t.Seed, t.Created, t.Options = uint64(seed), fromMS(created), json.RawMessage(options)
	if err := json.Unmarshal([]byte(settings), &t.Settings); err != nil {
		return t, fmt.Errorf("table %s: settings: %w", t.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &t.Seats); err != nil {
		return t, fmt.Errorf("table %s: seats: %w", t.ID, err)
	}
	if stack.Valid {
		t.Stack = new(engine.Stack)
		if err := json.Unmarshal([]byte(stack.String), t.Stack); err != nil {
			return t, fmt.Errorf("table %s: stack: %w", t.ID, err)
		}
	}
	t.Journal = engine.Journal{Settings: t.Settings, Seed: t.Seed, Stack: t.Stack, Actions: []engine.Action{}}
	return t, nil
}

// loadJournal reads the table's actions in order, stopping at a gap.
func (db *DB) loadJournal(ctx context.Context, t *SavedTable) error {
	rows, err := db.read.QueryContext(ctx, `SELECT seq, action FROM journal WHERE table_id = ? ORDER BY seq`, t.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var seq int
		var action string
		if err := rows.Scan(&seq, &action); err != nil {
			return err
		}
		if seq != len(t.Journal.Actions) || t.Lost > 0 {
			t.Lost++
			continue
		}
		var a engine.Action
		if err := json.Unmarshal([]byte(action), &a); err != nil {
			return fmt.Errorf("table %s, journal entry %d: %w", t.ID, seq, err)
		}
		t.Journal.Actions = append(t.Journal.Actions, a)
	}
	return rows.Err()
}
