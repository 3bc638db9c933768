package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/unossh/unossh/engine"
)

// RecentGames is how many games a profile lists.
const RecentGames = 10

// Profile is what is known of a player: totals, a breakdown by edition and
// mode, ratings, and the latest games.
type Profile struct {
	Account  Account
	Games    int
	Wins     int
	Points   int // summed over every game
	UNOCalls int
	Catches  int
	// ByMode has one line per edition and mode played, in menu order.
	ByMode []ModeStats
	// Ratings are the player's ratings, AllEditions first, then by edition.
	Ratings []EditionRating
	// Recent are the latest games, newest first.
	Recent []GameSummary
	// Tournaments are the player's tournaments' results; their rounds'
	// games count among Games too.
	Tournaments TournamentStats
}

// TournamentStats are a player's results in tournaments.
type TournamentStats struct {
	Played int
	Won    int // first place, alone or tied
	Best   int // the best place, 0 with none played
}

// WinRate is wins per game, 0 with no game.
func (p Profile) WinRate() float64 { return rate(p.Wins, p.Games) }

// ModeStats are a player's results in one edition and mode (a
// tournament's rounds, Partners games, on a line of their own).
type ModeStats struct {
	Edition    engine.Edition
	Mode       engine.Mode
	Tournament bool // the rounds of tournaments
	Games      int
	Wins       int
	Points     int
}

// WinRate is wins per game, 0 with no game.
func (m ModeStats) WinRate() float64 { return rate(m.Wins, m.Games) }

func rate(wins, games int) float64 {
	if games == 0 {
		return 0
	}
	return float64(wins) / float64(games)
}

// EditionRating is a rating in one edition, or in AllEditions.
type EditionRating struct {
	Edition string
	PlayerRating
}

// GameSummary is one game seen from one player's seat.
type GameSummary struct {
	ID      int64
	Edition engine.Edition
	Mode    engine.Mode
	Started time.Time
	Ended   time.Time
	Seat    int // the player's seat
	Place   int
	Points  int
	// Players are the names at the table in seat order; Winners the
	// names of the winners.
	Players []string
	Winners []string
	// Rated reports whether ratings moved; Gain is the change of the
	// player's ordinal in the game's edition.
	Rated bool
	Gain  float64
	// Tournament is the id of the tournament the game was a round of, or "".
	Tournament string
}

// Won reports whether the player won (or shared the win).
func (g GameSummary) Won() bool { return g.Place == 1 }

// Duration is how long the game lasted.
func (g GameSummary) Duration() time.Duration { return g.Ended.Sub(g.Started) }

// ProfileByName is the profile of the account with this nickname.
func (db *DB) ProfileByName(ctx context.Context, nickname string) (Profile, error) {
	a, err := db.AccountByName(ctx, nickname)
	if err != nil {
		return Profile{}, err
	}
	return db.profile(ctx, a)
}

// Profile is the profile of an account.
func (db *DB) Profile(ctx context.Context, accountID int64) (Profile, error) {
	a, err := db.Account(ctx, accountID)
	if err != nil {
		return Profile{}, err
	}
	return db.profile(ctx, a)
}

func (db *DB) profile(ctx context.Context, a Account) (Profile, error) {
	p := Profile{Account: a}
	rows, err := db.read.QueryContext(ctx, `SELECT g.edition, g.mode, g.tournament != '', COUNT(*), SUM(CASE WHEN s.place = 1 THEN 1 ELSE 0 END),
			SUM(s.points), SUM(s.uno_calls), SUM(s.catches)
		FROM game_seats s JOIN games g ON g.id = s.game_id
		WHERE s.account_id = ? GROUP BY g.edition, g.mode, g.tournament != ''`, a.ID)
	if err != nil {
		return p, db.closedOr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var ed, mode string
		var m ModeStats
		var calls, catches int
		if err := rows.Scan(&ed, &mode, &m.Tournament, &m.Games, &m.Wins, &m.Points, &calls, &catches); err != nil {
			return p, err
		}
		if m.Edition.UnmarshalText([]byte(ed)) != nil || m.Mode.UnmarshalText([]byte(mode)) != nil {
			continue // written by a newer binary: not this one's to show
		}
		p.ByMode = append(p.ByMode, m)
		p.Games += m.Games
		p.Wins += m.Wins
		p.Points += m.Points
		p.UNOCalls += calls
		p.Catches += catches
	}
	if err := rows.Err(); err != nil {
		return p, err
	}
	sortModes(p.ByMode)
	if p.Ratings, err = db.ratingsOf(ctx, accountPlayer(a.ID)); err != nil {
		return p, err
	}
	if p.Recent, err = db.recent(ctx, a.ID, RecentGames); err != nil {
		return p, err
	}
	p.Tournaments, err = db.tournamentStats(ctx, a.ID)
	return p, err
}

// sortModes puts the lines in menu order: edition, then mode, then the
// tournaments' rounds.
func sortModes(ms []ModeStats) {
	before := func(a, b ModeStats) bool {
		if a.Edition != b.Edition {
			return a.Edition < b.Edition
		}
		if a.Mode != b.Mode {
			return a.Mode < b.Mode
		}
		return !a.Tournament && b.Tournament
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && before(ms[j], ms[j-1]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

func (db *DB) ratingsOf(ctx context.Context, player string) ([]EditionRating, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT edition, mu, sigma, games FROM ratings WHERE player = ?
		ORDER BY edition != 'all', edition`, player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []EditionRating
	for rows.Next() {
		var r EditionRating
		if err := rows.Scan(&r.Edition, &r.Mu, &r.Sigma, &r.Games); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// recent lists the account's latest games, newest first.
func (db *DB) recent(ctx context.Context, accountID int64, n int) ([]GameSummary, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT g.id, g.edition, g.mode, g.started_ms, g.ended_ms, g.rated,
			g.tournament, s.seat, s.place, s.points,
			`+db.dialect.seatList+`,
			COALESCE((SELECT (c.mu_after - 3 * c.sigma_after) - (c.mu_before - 3 * c.sigma_before)
				FROM rating_changes c WHERE c.game_id = g.id AND c.player = ? AND c.edition = g.edition), 0)
		FROM game_seats s JOIN games g ON g.id = s.game_id
		WHERE s.account_id = ? ORDER BY g.ended_ms DESC, g.id DESC LIMIT ?`, accountPlayer(accountID), accountID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []GameSummary
	for rows.Next() {
		var g GameSummary
		var ed, mode, seats string
		var started, ended int64
		if err := rows.Scan(&g.ID, &ed, &mode, &started, &ended, &g.Rated, &g.Tournament, &g.Seat, &g.Place, &g.Points,
			&seats, &g.Gain); err != nil {
			return nil, err
		}
		if g.Edition.UnmarshalText([]byte(ed)) != nil || g.Mode.UnmarshalText([]byte(mode)) != nil {
			continue
		}
		g.Started, g.Ended = fromMS(started), fromMS(ended)
		var list [][2]any
		if err := json.Unmarshal([]byte(seats), &list); err != nil {
			return nil, err
		}
		for _, s := range list {
			name, _ := s[0].(string)
			g.Players = append(g.Players, name)
			if place, _ := s[1].(float64); place == 1 {
				g.Winners = append(g.Winners, name)
			}
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// Game is a finished game in full.
func (db *DB) Game(ctx context.Context, id int64) (GameRecord, error) {
	g := GameRecord{ID: id}
	var settings, options, hands string
	var started, ended int64
	err := db.read.QueryRowContext(ctx, `SELECT table_id, settings, options, hands, started_ms, ended_ms, rated,
		tournament, round FROM games WHERE id = ?`, id).Scan(&g.TableID, &settings, &options, &hands, &started, &ended,
		&g.Rated, &g.Tournament, &g.Round)
	if err != nil {
		return g, noRows(err, ErrNoGame)
	}
	if err := json.Unmarshal([]byte(settings), &g.Settings); err != nil {
		return g, err
	}
	if err := json.Unmarshal([]byte(hands), &g.Hands); err != nil {
		return g, err
	}
	g.Options = json.RawMessage(options)
	g.Started, g.Ended = fromMS(started), fromMS(ended)
	rows, err := db.read.QueryContext(ctx, `SELECT kind, COALESCE(account_id, 0), name, bot_level, team, place,
		points, uno_calls, catches FROM game_seats WHERE game_id = ? ORDER BY seat`, id)
	if err != nil {
		return g, err
	}
	defer rows.Close()
	for rows.Next() {
		var s GameSeat
		if err := rows.Scan(&s.Kind, &s.AccountID, &s.Name, &s.BotLevel, &s.Team, &s.Place, &s.Points,
			&s.UNOCalls, &s.Catches); err != nil {
			return g, err
		}
		g.Seats = append(g.Seats, s)
	}
	return g, rows.Err()
}
