package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// AllEditions is the edition key of the rating over every edition.
const AllEditions = "all"

// PlayerRef names a rated player: an account, or the bots of one level.
type PlayerRef struct {
	Kind      SeatKind // SeatAccount or SeatBot
	AccountID int64
	BotLevel  string
}

// key is the player's key in the ratings tables.
func (p PlayerRef) key() string {
	if p.Kind == SeatBot {
		return botPlayer(p.BotLevel)
	}
	return accountPlayer(p.AccountID)
}

func accountPlayer(id int64) string { return "a:" + strconv.FormatInt(id, 10) }
func botPlayer(level string) string { return "bot:" + level }

// parsePlayer reads a ratings key back.
func parsePlayer(key string) PlayerRef {
	if level, ok := strings.CutPrefix(key, "bot:"); ok {
		return PlayerRef{Kind: SeatBot, BotLevel: level}
	}
	id, _ := strconv.ParseInt(strings.TrimPrefix(key, "a:"), 10, 64)
	return PlayerRef{Kind: SeatAccount, AccountID: id}
}

// seatRef is the rated player in a seat; ok is false for a guest, who is
// rated as a newcomer and keeps nothing.
func seatRef(s GameSeat) (PlayerRef, bool) {
	switch s.Kind {
	case SeatAccount:
		return PlayerRef{Kind: SeatAccount, AccountID: s.AccountID}, true
	case SeatBot:
		return PlayerRef{Kind: SeatBot, BotLevel: s.BotLevel}, true
	}
	return PlayerRef{}, false
}

// PlayerRating is a stored rating.
type PlayerRating struct {
	Rating
	Games int // rated games played
}

// Rating is a player's rating in an edition (or AllEditions); a player
// never rated gets the model's newcomer rating and zero games.
func (db *DB) Rating(ctx context.Context, p PlayerRef, edition string) (PlayerRating, error) {
	return loadRating(ctx, db.read, db.model, p.key(), edition)
}

func loadRating(ctx context.Context, q querier, m Model, player, edition string) (PlayerRating, error) {
	var r PlayerRating
	err := q.QueryRowContext(ctx, `SELECT mu, sigma, games FROM ratings WHERE player = ? AND edition = ?`,
		player, edition).Scan(&r.Mu, &r.Sigma, &r.Games)
	if err == sql.ErrNoRows {
		return PlayerRating{Rating: m.NewRating()}, nil
	}
	return r, err
}

// rateGame updates, inside tx, the ratings of a game's players in one
// edition key. Partners are rated as a team; bots of one level share a
// rating, and when several sit at a table it moves by their average.
func (db *DB) rateGame(ctx context.Context, tx *sql.Tx, g GameRecord, edition string) ([]RatingChange, error) {
	var teamOf []int // team value of each rating team, in order of first seat
	index := map[int]int{}
	var teams [][]Rating
	var members [][]int // seats of each rating team
	var ranks []int
	priors := map[string]PlayerRating{}
	for i, s := range g.Seats {
		k, ok := index[s.Team]
		if !ok {
			k = len(teamOf)
			index[s.Team] = k
			teamOf = append(teamOf, s.Team)
			teams = append(teams, nil)
			members = append(members, nil)
			ranks = append(ranks, s.Place)
		}
		r := db.model.NewRating()
		if ref, ok := seatRef(s); ok {
			pr, seen := priors[ref.key()]
			if !seen {
				var err error
				if pr, err = loadRating(ctx, tx, db.model, ref.key(), edition); err != nil {
					return nil, err
				}
				priors[ref.key()] = pr
			}
			r = pr.Rating
		}
		teams[k] = append(teams[k], r)
		members[k] = append(members[k], i)
	}
	post, err := db.model.Rate(teams, ranks)
	if err != nil {
		return nil, err
	}
	// Gather each rated player's posteriors (a bot level may have several).
	after := map[string][]Rating{}
	var order []string
	for k, seats := range members {
		for j, i := range seats {
			ref, ok := seatRef(g.Seats[i])
			if !ok {
				continue
			}
			if _, seen := after[ref.key()]; !seen {
				order = append(order, ref.key())
			}
			after[ref.key()] = append(after[ref.key()], post[k][j])
		}
	}
	var changes []RatingChange
	for _, key := range order {
		before := priors[key]
		now := mean(after[key])
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings(player, edition, mu, sigma, games, updated_ms)
			VALUES (?1, ?2, ?3, ?4, 1, ?5)
			ON CONFLICT(player, edition) DO UPDATE SET mu = ?3, sigma = ?4, games = ratings.games + 1, updated_ms = ?5`,
			key, edition, now.Mu, now.Sigma, ms(g.Ended)); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rating_changes(game_id, player, edition,
			mu_before, sigma_before, mu_after, sigma_after, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, key, edition, before.Mu, before.Sigma, now.Mu, now.Sigma, ms(g.Ended)); err != nil {
			return nil, err
		}
		changes = append(changes, RatingChange{Player: parsePlayer(key), Edition: edition, Before: before.Rating, After: now})
	}
	return changes, nil
}

// mean is the average of ratings, component by component.
func mean(rs []Rating) Rating {
	var m Rating
	for _, r := range rs {
		m.Mu += r.Mu
		m.Sigma += r.Sigma
	}
	n := float64(len(rs))
	return Rating{Mu: m.Mu / n, Sigma: m.Sigma / n}
}
