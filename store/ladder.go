package store

import (
	"context"
	"database/sql"
	"time"
)

// This file is the bot ladder: the rated games of the bot API's programs,
// against each other and against the built-in levels. It is rated apart
// from the people's ratings, with LadderModel, and its built-in levels are
// fixed references (their rows never move), so a bot's number reads on the
// same scale from one day to the next.

// Ladder is the bot ladder's records.
type Ladder interface {
	// LadderStanding is a bot account's place on the ladder, with the
	// number of its ladder games ended since since.
	LadderStanding(ctx context.Context, accountID int64, since time.Time) (LadderStanding, error)
	// LadderBoard ranks the ladder's bots and the built-in levels by the
	// conservative ordinal, best first (limit 20 if zero).
	LadderBoard(ctx context.Context, limit int) ([]LeaderEntry, error)
	// LadderLeft counts a ladder game its player left before the end
	// against their day, at once: leaving is no way round the daily limit.
	LadderLeft(ctx context.Context, accountID int64, at time.Time) error
	// LadderReferences are the built-in levels' fixed ratings on the
	// ladder, by level name.
	LadderReferences(ctx context.Context) (map[string]Rating, error)
}

// LadderModel is the project's rating model with no drift: tau is there
// for a player who learns between games, and a program does not, so its
// rating should settle rather than keep a floor of doubt.
func LadderModel() Model {
	m := DefaultModel()
	m.Tau = 0
	return m
}

// LadderStanding is a bot's place on the ladder.
type LadderStanding struct {
	Rating Rating
	Games  int
	// Validated is set once the bot has played its validation game.
	Validated bool
	// Today counts its ladder games ended since the time asked about.
	Today int
}

// LadderStanding implements Ladder.
func (db *DB) LadderStanding(ctx context.Context, accountID int64, since time.Time) (LadderStanding, error) {
	key := accountPlayer(accountID)
	s := LadderStanding{Rating: LadderModel().NewRating()}
	err := db.read.QueryRowContext(ctx, `SELECT mu, sigma, games, validated FROM ladder WHERE player = ?`, key).
		Scan(&s.Rating.Mu, &s.Rating.Sigma, &s.Games, &s.Validated)
	if err != nil && err != sql.ErrNoRows {
		return s, err
	}
	err = db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM ladder_games WHERE player = ? AND at_ms >= ?`,
		key, ms(since)).Scan(&s.Today)
	return s, err
}

// LadderBoard implements Ladder.
func (db *DB) LadderBoard(ctx context.Context, limit int) ([]LeaderEntry, error) {
	if limit <= 0 {
		limit = 20
	}
	rows, err := db.read.QueryContext(ctx, `SELECT l.player, l.mu, l.sigma, l.games, COALESCE(a.nickname, ''), COALESCE(a.bot, 1)
		FROM ladder l LEFT JOIN accounts a ON a.id = CASE WHEN l.player LIKE 'a:%' THEN CAST(substr(l.player, 3) AS BIGINT) END
		WHERE l.validated = 1
		ORDER BY l.mu - 3 * l.sigma DESC, l.player LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []LeaderEntry
	for rows.Next() {
		var key string
		var e LeaderEntry
		var program bool
		if err := rows.Scan(&key, &e.Rating.Mu, &e.Rating.Sigma, &e.Games, &e.Name, &program); err != nil {
			return nil, err
		}
		e.Player = parsePlayer(key)
		e.Person = e.Player.Kind == SeatAccount && !program
		if e.Player.Kind == SeatBot {
			e.Name = e.Player.BotLevel
		}
		e.Rank = len(list) + 1
		list = append(list, e)
	}
	return list, rows.Err()
}

// rateLadder rates, inside tx, a ladder game: the bots' accounts move by
// LadderModel; a built-in level (a fixed reference) and a guest do not.
// Each account's game is counted for its daily limit, and its first one
// validates it.
func (db *DB) rateLadder(ctx context.Context, tx *sql.Tx, g GameRecord) error {
	m := LadderModel()
	teams := make([][]Rating, len(g.Seats))
	ranks := make([]int, len(g.Seats))
	keys := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		r := m.NewRating()
		if ref, ok := seatRef(s); ok {
			keys[i] = ref.key()
			err := tx.QueryRowContext(ctx, `SELECT mu, sigma FROM ladder WHERE player = ?`, keys[i]).Scan(&r.Mu, &r.Sigma)
			if err != nil && err != sql.ErrNoRows {
				return err
			}
		}
		teams[i], ranks[i] = []Rating{r}, s.Place
	}
	post, err := m.Rate(teams, ranks)
	if err != nil {
		return err
	}
	for i, s := range g.Seats {
		if s.Kind != SeatAccount {
			continue
		}
		now := post[i][0]
		if _, err := tx.ExecContext(ctx, `INSERT INTO ladder(player, mu, sigma, games, validated, updated_ms)
			VALUES (?1, ?2, ?3, 1, 1, ?4)
			ON CONFLICT(player) DO UPDATE SET mu = ?2, sigma = ?3, games = ladder.games + 1, validated = 1, updated_ms = ?4`,
			keys[i], now.Mu, now.Sigma, ms(g.Ended)); err != nil {
			return err
		}
		if s.Left {
			continue // counted when they left (LadderLeft)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ladder_games(game_id, player, at_ms) VALUES (?, ?, ?)`,
			g.ID, keys[i], ms(g.Ended)); err != nil {
			return err
		}
	}
	return nil
}

// LadderLeft implements Ladder. The game has no id yet (it is recorded when
// it ends), so its line takes the next free negative one of the player's.
func (db *DB) LadderLeft(ctx context.Context, accountID int64, at time.Time) error {
	key := accountPlayer(accountID)
	_, err := db.write.ExecContext(ctx, `INSERT INTO ladder_games(game_id, player, at_ms)
		SELECT COALESCE(MIN(game_id), 0) - 1, ?1, ?2 FROM ladder_games WHERE player = ?1 AND game_id < 0`,
		key, ms(at))
	return err
}

// LadderReferences implements Ladder.
func (db *DB) LadderReferences(ctx context.Context) (map[string]Rating, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT player, mu, sigma FROM ladder WHERE player LIKE 'bot:%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	refs := map[string]Rating{}
	for rows.Next() {
		var key string
		var r Rating
		if err := rows.Scan(&key, &r.Mu, &r.Sigma); err != nil {
			return nil, err
		}
		refs[parsePlayer(key).BotLevel] = r
	}
	return refs, rows.Err()
}
