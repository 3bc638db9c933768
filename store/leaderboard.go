package store

import (
	"context"
	"database/sql"
	"time"
)

// LeaderboardQuery picks a leaderboard.
type LeaderboardQuery struct {
	// Edition is an edition's name (engine.Edition.String()), or
	// AllEditions; "" means AllEditions.
	Edition string
	// Since, if not zero, keeps only players rated in a game since then
	// (WeekStart(now) for this week's board) and reports their gain.
	Since time.Time
	// Limit is the number of entries; 20 if zero.
	Limit int
	// Bots includes the bot levels, so that their strength reads in the
	// same units.
	Bots bool
}

// LeaderEntry is one line of a leaderboard.
type LeaderEntry struct {
	Rank   int // from 1
	Player PlayerRef
	// Name is the account's nickname, or the bot level for bots.
	Name   string
	Rating Rating
	// Games counts rated games: all of them, or those since Since.
	Games int
	// Gain is the change of the ordinal since Since (0 for all time).
	Gain float64
	// Person marks a person's account on the bot ladder (LadderBoard),
	// where the rest are programs and the built-in levels.
	Person bool
}

// Display is the rating shown and ranked by: the conservative ordinal.
func (e LeaderEntry) Display() float64 { return e.Rating.Ordinal() }

// WeekStart is the start of t's week: Monday 00:00 UTC.
func WeekStart(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	back := (int(day.Weekday()) + 6) % 7 // days since Monday
	return day.AddDate(0, 0, -back)
}

// Leaderboard ranks players by their conservative rating, best first.
func (db *DB) Leaderboard(ctx context.Context, q LeaderboardQuery) ([]LeaderEntry, error) {
	if q.Edition == "" {
		q.Edition = AllEditions
	}
	if q.Limit <= 0 {
		q.Limit = 20
	}
	// (The CASE keeps the CAST from a bot's key: PostgreSQL may evaluate
	// either side of an AND first.)
	const names = `LEFT JOIN accounts a ON a.id = CASE WHEN r.player LIKE 'a:%' THEN CAST(substr(r.player, 3) AS BIGINT) END`
	bots := `AND r.player NOT LIKE 'bot:%'`
	if q.Bots {
		bots = ``
	}
	var rows *sql.Rows
	var err error
	if q.Since.IsZero() {
		rows, err = db.read.QueryContext(ctx, `SELECT r.player, r.mu, r.sigma, r.games, COALESCE(a.nickname, ''), 0.0
			FROM ratings r `+names+`
			WHERE r.edition = ? `+bots+`
			ORDER BY r.mu - 3 * r.sigma DESC, r.player LIMIT ?`, q.Edition, q.Limit)
	} else {
		rows, err = db.read.QueryContext(ctx, `WITH w AS (
				SELECT player, COUNT(*) AS n FROM rating_changes
				WHERE edition = ?1 AND at_ms >= ?2 GROUP BY player)
			SELECT r.player, r.mu, r.sigma, w.n, COALESCE(a.nickname, ''),
				(r.mu - 3 * r.sigma) - (SELECT f.mu_before - 3 * f.sigma_before FROM rating_changes f
					WHERE f.player = r.player AND f.edition = r.edition AND f.at_ms >= ?2
					ORDER BY f.at_ms, f.game_id LIMIT 1)
			FROM w JOIN ratings r ON r.player = w.player AND r.edition = ?1 `+names+`
			WHERE TRUE `+bots+`
			ORDER BY r.mu - 3 * r.sigma DESC, r.player LIMIT ?3`, q.Edition, ms(q.Since), q.Limit)
	}
	if err != nil {
		return nil, db.closedOr(err)
	}
	defer rows.Close()
	var out []LeaderEntry
	for rows.Next() {
		var e LeaderEntry
		var key string
		if err := rows.Scan(&key, &e.Rating.Mu, &e.Rating.Sigma, &e.Games, &e.Name, &e.Gain); err != nil {
			return nil, err
		}
		e.Rank = len(out) + 1
		e.Player = parsePlayer(key)
		if e.Player.Kind == SeatBot {
			e.Name = e.Player.BotLevel
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
