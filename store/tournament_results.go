package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// This file is a finished tournament's result: its final standings, a line
// per player. Its rounds' games are recorded as games (RecordGame with
// GameRecord.Tournament set), rated as any game; the result itself moves no
// rating, or the same hands would count twice.

// TournamentResult is a finished tournament's standings.
type TournamentResult struct {
	ID           int64 // set by RecordTournament
	TournamentID string
	Name         string
	// Places are the players, by their number in the tournament.
	Places  []TournamentPlace
	Started time.Time
	Ended   time.Time
}

// TournamentPlace is one player's result in a tournament.
type TournamentPlace struct {
	Kind      SeatKind
	AccountID int64 // SeatAccount only
	Name      string
	// Place is the finishing place, 1 for the winner(s); equal points tie.
	Place  int
	Points int
}

// validate checks a result before anything is written.
func (r TournamentResult) validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrBadGame, fmt.Sprintf(format, a...))
	}
	if len(r.Places) == 0 {
		return bad("a tournament with no players")
	}
	if r.Ended.Before(r.Started) {
		return bad("it ended before it started")
	}
	seen := map[int64]bool{}
	for i, p := range r.Places {
		switch p.Kind {
		case SeatAccount:
			if p.AccountID == 0 || seen[p.AccountID] {
				return bad("player %d: an account plays once in a tournament", i)
			}
			seen[p.AccountID] = true
		case SeatGuest, SeatBot:
		default:
			return bad("player %d: unknown kind %q", i, p.Kind)
		}
		if p.Place < 1 {
			return bad("player %d: place %d", i, p.Place)
		}
	}
	return nil
}

// RecordTournament stores a finished tournament's result.
func (db *DB) RecordTournament(ctx context.Context, r TournamentResult) (TournamentResult, error) {
	if err := r.validate(); err != nil {
		return r, err
	}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `INSERT INTO tournament_results(tournament_id, name, started_ms, ended_ms)
			VALUES (?, ?, ?, ?) RETURNING id`, r.TournamentID, r.Name, ms(r.Started), ms(r.Ended)).Scan(&r.ID); err != nil {
			return err
		}
		for i, p := range r.Places {
			var acct sql.NullInt64
			if p.Kind == SeatAccount {
				acct = sql.NullInt64{Int64: p.AccountID, Valid: true}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_places(result_id, player, kind, account_id, name,
				place, points) VALUES (?, ?, ?, ?, ?, ?, ?)`, r.ID, i, string(p.Kind), acct, p.Name, p.Place,
				p.Points); err != nil {
				if isConstraint(err) {
					return fmt.Errorf("%w: player %d: no account %d", ErrBadGame, i, p.AccountID)
				}
				return err
			}
		}
		return nil
	})
	return r, err
}

// tournamentStats are an account's tournaments: played, won, best place.
func (db *DB) tournamentStats(ctx context.Context, accountID int64) (TournamentStats, error) {
	var s TournamentStats
	var best sql.NullInt64
	err := db.read.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), 0), MIN(place)
		FROM tournament_places WHERE account_id = ?`, accountID).Scan(&s.Played, &s.Won, &best)
	s.Best = int(best.Int64)
	return s, err
}
