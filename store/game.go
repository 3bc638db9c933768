package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// SeatKind is who sat in a seat.
type SeatKind string

// The kinds of seat. Only accounts keep stats and ratings; a guest counts
// as a human for rating a game but keeps nothing; bots are rated per level.
const (
	SeatAccount SeatKind = "account"
	SeatGuest   SeatKind = "guest"
	SeatBot     SeatKind = "bot"
)

// GameSeat is one seat of a finished game, in seat order.
type GameSeat struct {
	Kind      SeatKind
	AccountID int64  // SeatAccount only
	Name      string // as shown at the table
	BotLevel  string // SeatBot only
	// Team groups partners: seats with the same Team are rated together.
	// Give each seat its own Team when there are no partners.
	Team int
	// Place is the finishing place, 1 for the winner(s); equal places tie.
	Place    int
	Points   int // the seat's (or its team's) final score
	UNOCalls int
	Catches  int // times this seat caught another not calling UNO
	// Left is a person who left before the end: a ladder game counted
	// against their day when they left (LadderLeft), not again here.
	Left bool `json:",omitempty"`
}

// Human reports whether a person sat there.
func (s GameSeat) Human() bool { return s.Kind == SeatAccount || s.Kind == SeatGuest }

// Won reports whether the seat won (or shared the win).
func (s GameSeat) Won() bool { return s.Place == 1 }

// GameRecord is a finished game.
type GameRecord struct {
	ID       int64 // set by RecordGame
	TableID  string
	Settings engine.Settings // its Edition and Mode are the game's
	// Options is the table's own settings beyond the engine's, as JSON.
	Options json.RawMessage
	Seats   []GameSeat
	// Hands are the points of each hand, one entry per seat.
	Hands   [][]int
	Started time.Time
	Ended   time.Time
	Rated   bool // set by RecordGame: ratings were updated
	// Tournament is the id of the tournament this game was a round of, ""
	// for an ordinary table's game. A tournament's table plays on after a
	// round, so recording the round does not finish the table.
	Tournament string
	Round      int // the tournament's round, from 0
	// Ladder is a game of the bot ladder (ladder.go): rated on the ladder
	// alone, never in the people's ratings.
	Ladder bool
}

// Duration is how long the game lasted.
func (g GameRecord) Duration() time.Duration { return g.Ended.Sub(g.Started) }

// Winners are the seats that won.
func (g GameRecord) Winners() []int {
	var w []int
	for i, s := range g.Seats {
		if s.Won() {
			w = append(w, i)
		}
	}
	return w
}

// RatingChange is one player's rating before and after a game.
type RatingChange struct {
	Player  PlayerRef
	Edition string // an edition's name, or AllEditions
	Before  Rating
	After   Rating
}

// validate checks a record before anything is written.
func (g GameRecord) validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrBadGame, fmt.Sprintf(format, a...))
	}
	if len(g.Seats) == 0 {
		return bad("no seats")
	}
	if g.Ended.Before(g.Started) {
		return bad("it ended before it started")
	}
	seen := map[int64]bool{}
	teamPlace := map[int]int{}
	for i, s := range g.Seats {
		switch s.Kind {
		case SeatAccount:
			if s.AccountID == 0 || seen[s.AccountID] {
				return bad("seat %d: an account seat needs an account that sits only once", i)
			}
			seen[s.AccountID] = true
		case SeatGuest, SeatBot:
		default:
			return bad("seat %d: unknown kind %q", i, s.Kind)
		}
		if s.Place < 1 {
			return bad("seat %d: place %d", i, s.Place)
		}
		if p, ok := teamPlace[s.Team]; ok && p != s.Place {
			return bad("seat %d: partners finish in the same place", i)
		}
		teamPlace[s.Team] = s.Place
	}
	for h, hand := range g.Hands {
		if len(hand) != len(g.Seats) {
			return bad("hand %d has %d scores for %d seats", h, len(hand), len(g.Seats))
		}
	}
	return nil
}

// RecordGame stores a finished game and, when at least two seats are
// people's (the lobby credits a seat to the person who played it, see
// docs/rules.md), updates the ratings of everyone at the table (for the
// edition and for all editions). In the same transaction it finishes the
// live table TableID, if one is recorded and the game is not a
// tournament's round and the table was recorded no later than the game
// began (a later record is the table's next game): a crash then never
// leaves a recorded game's table to be restored. Recorded again, a game
// whose table is already finished that way is not written again (the
// stored one is returned, with no change). It returns the
// stored record (with its ID) and the rating changes. A tournament's round
// is one game per table and start: recorded again, it is not written again
// (the stored one is returned, with no change).
func (db *DB) RecordGame(ctx context.Context, g GameRecord) (GameRecord, []RatingChange, error) {
	if err := g.validate(); err != nil {
		return g, nil, err
	}
	settings, err := json.Marshal(g.Settings)
	if err != nil {
		return g, nil, err
	}
	hands, err := json.Marshal(g.Hands)
	if err != nil {
		return g, nil, err
	}
	if g.Hands == nil {
		hands = []byte("[]")
	}
	options := g.Options
	if len(options) == 0 {
		options = json.RawMessage("{}")
	}
	humans := 0
	for _, s := range g.Seats {
		if s.Human() {
			humans++
		}
	}
	var changes []RatingChange
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		if g.Tournament != "" {
			// A round recorded before a restart, and again when its
			// journal was replayed: written once.
			err := tx.QueryRowContext(ctx, `SELECT id, rated FROM games
				WHERE tournament = ? AND table_id = ? AND round = ? AND started_ms = ?`,
				g.Tournament, g.TableID, g.Round, ms(g.Started)).Scan(&g.ID, &g.Rated)
			if err == nil {
				return nil
			}
			if err != sql.ErrNoRows {
				return err
			}
		}
		if g.Tournament == "" {
			// The game's own live table is finished with it, in this
			// transaction: once it is, the game is recorded, and a second
			// record of it (replayed from its journal by the node that
			// restored or took over the table while the first was on its
			// way) is not written again.
			done, err := db.finishGameTable(ctx, tx, &g)
			if err != nil || done {
				return err
			}
		}
		g.Rated = humans >= 2 && distinctTeams(g.Seats) >= 2 && !g.Ladder
		if err := tx.QueryRowContext(ctx, `INSERT INTO games(table_id, edition, mode, settings, options, hands, started_ms, ended_ms,
			rated, tournament, round) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, g.TableID, g.Settings.Edition.String(),
			g.Settings.Mode.String(), string(settings), string(options), string(hands), ms(g.Started), ms(g.Ended), g.Rated,
			g.Tournament, g.Round).Scan(&g.ID); err != nil {
			return err
		}
		if err := insertSeats(ctx, tx, g); err != nil {
			return err
		}
		if g.Ladder {
			return db.rateLadder(ctx, tx, g)
		}
		if !g.Rated {
			return nil
		}
		for _, ed := range []string{g.Settings.Edition.String(), AllEditions} {
			c, err := db.rateGame(ctx, tx, g, ed)
			if err != nil {
				return err
			}
			changes = append(changes, c...)
		}
		return nil
	})
	if err != nil {
		return g, nil, err
	}
	return g, changes, nil
}

func insertSeats(ctx context.Context, tx *sql.Tx, g GameRecord) error {
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO game_seats(game_id, seat, kind, account_id, name, bot_level,
		team, place, points, uno_calls, catches) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for i, s := range g.Seats {
		var acct sql.NullInt64
		if s.Kind == SeatAccount {
			acct = sql.NullInt64{Int64: s.AccountID, Valid: true}
		}
		if _, err := stmt.ExecContext(ctx, g.ID, i, string(s.Kind), acct, s.Name, s.BotLevel,
			s.Team, s.Place, s.Points, s.UNOCalls, s.Catches); err != nil {
			if isConstraint(err) {
				return fmt.Errorf("%w: seat %d: no account %d", ErrBadGame, i, s.AccountID)
			}
			return err
		}
	}
	return nil
}

func distinctTeams(seats []GameSeat) int {
	teams := map[int]bool{}
	for _, s := range seats {
		teams[s.Team] = true
	}
	return len(teams)
}

// finishGameTable finishes the live table of an ordinary table's game g, if
// it is recorded and unfinished and was recorded no later than g began (a
// later one is the table's next game, which g's record must not end). done
// is true when g is recorded already (its table finished, or at its next
// game): g becomes that record.
func (db *DB) finishGameTable(ctx context.Context, tx *sql.Tx, g *GameRecord) (done bool, err error) {
	res, err := tx.ExecContext(ctx, `UPDATE live_tables SET finished_ms = ? WHERE id = ? AND finished_ms IS NULL
		AND created_ms <= ?`, ms(db.now()), g.TableID, ms(g.Started))
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		db.fences.forget(g.TableID)
		_, err = tx.ExecContext(ctx, `DELETE FROM journal WHERE table_id = ?`, g.TableID)
		return false, err
	}
	var one int
	err = tx.QueryRowContext(ctx, `SELECT 1 FROM live_tables WHERE id = ?`, g.TableID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil // a table never recorded live (or long gone)
	}
	if err != nil {
		return false, err
	}
	// Its table is finished, or at its next game: g may be written
	// already. (Only here, seldom, is games searched by table.)
	err = tx.QueryRowContext(ctx, `SELECT id, rated FROM games WHERE tournament = '' AND table_id = ? AND started_ms = ?
		ORDER BY id DESC LIMIT 1`, g.TableID, ms(g.Started)).Scan(&g.ID, &g.Rated)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil // its table was abandoned: g is written now
	}
	return err == nil, err
}
