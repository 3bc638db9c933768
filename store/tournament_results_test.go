package store

import (
	"errors"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// A tournament's rounds are games that name it, on their players' profiles
// and rated as any game, but recording one leaves its table live for the
// next round; its result counts on the profile as a tournament, played and
// won, with the best place.
func TestTournamentRoundsAndResultOnTheProfile(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		bo := must[Account](t)(db.Register(ctx, "SHA256:bo", "bo"))
		s := engine.Settings{Edition: engine.Classic2001, Mode: engine.Partners, Players: 4}
		if err := db.CreateTable(ctx, Table{ID: "t1", Settings: s, Seed: 1, Tournament: "T1"}); err != nil {
			t.Fatal(err)
		}
		round := testGame(seatA(ana.ID, "ana", 1), seatBot("normal", 2), seatA(bo.ID, "bo", 1), seatBot("normal", 2))
		round.Settings, round.Tournament = s, "T1"
		for i := range round.Seats {
			round.Seats[i].Team = i % 2
		}
		g, _ := recordGame(t, db, round)
		if !g.Rated {
			t.Fatal("a round with two people is rated")
		}
		if saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx)); len(saved) != 1 {
			t.Fatalf("the tournament's table was finished by its round's record: %+v", saved)
		}
		if got := must[GameRecord](t)(db.Game(ctx, g.ID)); got.Tournament != "T1" {
			t.Fatalf("the round names tournament %q", got.Tournament)
		}
		// The same round recorded again (its journal replayed after a restart)
		// is written once, and moves no rating twice.
		again, changes, err := db.RecordGame(ctx, round)
		if err != nil || again.ID != g.ID || !again.Rated || len(changes) != 0 {
			t.Fatalf("recorded again: %+v, %v, %v", again, changes, err)
		}
		if r := must[PlayerRating](t)(db.Rating(ctx, PlayerRef{Kind: SeatAccount, AccountID: ana.ID}, AllEditions)); r.Games != 1 {
			t.Fatalf("ana has %d rated games", r.Games)
		}
		// The next round at that table is a game of its own.
		next := round
		next.Round, next.Started, next.Ended = 1, round.Ended, round.Ended.Add(time.Minute)
		if g2, _ := recordGame(t, db, next); g2.ID == g.ID {
			t.Fatal("the next round was taken for the first")
		}

		start := time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)
		res := TournamentResult{TournamentID: "T1", Name: "friday", Started: start, Ended: start.Add(time.Hour)}
		for p := range engine.TournamentPlayers {
			res.Places = append(res.Places, TournamentPlace{Kind: SeatBot, Name: "bot", Place: p + 1, Points: 100 - p})
		}
		res.Places[0] = TournamentPlace{Kind: SeatAccount, AccountID: bo.ID, Name: "bo", Place: 1, Points: 300}
		res.Places[5] = TournamentPlace{Kind: SeatAccount, AccountID: ana.ID, Name: "ana", Place: 6, Points: 40}
		if _, err := db.RecordTournament(ctx, res); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			id   int64
			want TournamentStats
		}{{ana.ID, TournamentStats{Played: 1, Best: 6}}, {bo.ID, TournamentStats{Played: 1, Won: 1, Best: 1}}} {
			p := must[Profile](t)(db.Profile(ctx, tc.id))
			if p.Tournaments != tc.want || p.Games != 2 || len(p.Recent) != 2 || p.Recent[0].Tournament != "T1" {
				t.Fatalf("%s: %+v, %d games, %+v", p.Account.Nickname, p.Tournaments, p.Games, p.Recent)
			}
		}
		if p := must[Profile](t)(db.Profile(ctx, must[Account](t)(db.Register(ctx, "SHA256:cy", "cy")).ID)); p.Tournaments != (TournamentStats{}) {
			t.Fatalf("cy played none: %+v", p.Tournaments)
		}

		bad := res
		bad.Places = append([]TournamentPlace(nil), res.Places...)
		bad.Places[1] = res.Places[0] // bo twice
		if _, err := db.RecordTournament(ctx, bad); !errors.Is(err, ErrBadGame) {
			t.Fatalf("an account in two places: %v", err)
		}
	})
}
