package store

import (
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// Seats for tests; the team is the seat's own unless set.
func seatA(id int64, name string, place int) GameSeat {
	return GameSeat{Kind: SeatAccount, AccountID: id, Name: name, Place: place, Team: int(id)}
}

func seatBot(level string, place int) GameSeat {
	return GameSeat{Kind: SeatBot, Name: "bot " + level, BotLevel: level, Place: place, Team: -place}
}

func seatGuest(name string, place int) GameSeat {
	return GameSeat{Kind: SeatGuest, Name: name, Place: place, Team: -100 - place}
}

// testGame is a finished classic standard game with these seats.
func testGame(seats ...GameSeat) GameRecord {
	start := time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)
	hands := [][]int{make([]int, len(seats))}
	for i, s := range seats {
		if s.Place == 1 {
			hands[0][i] = 120
		}
	}
	return GameRecord{TableID: "t1", Settings: engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: len(seats)},
		Seats: seats, Hands: hands, Started: start, Ended: start.Add(17 * time.Minute)}
}

func recordGame(t *testing.T, db *DB, g GameRecord) (GameRecord, []RatingChange) {
	t.Helper()
	g, ch, err := db.RecordGame(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	return g, ch
}

func TestRecordGameAndProfile(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		bob := must[Account](t)(db.Register(ctx, "SHA256:bob", "bob"))

		g1 := testGame(seatA(ana.ID, "ana", 1), seatA(bob.ID, "bob", 2), seatBot("easy", 3))
		g1.Seats[0].Points, g1.Seats[0].UNOCalls, g1.Seats[0].Catches = 120, 3, 1
		g1.Hands = [][]int{{40, 0, 0}, {80, 0, 0}}
		g1.Options = []byte(`{"name":"ana's table"}`)
		stored, changes := recordGame(t, db, g1)
		if stored.ID == 0 || !stored.Rated {
			t.Fatalf("%+v", stored)
		}
		// Two humans: ana, bob and the easy bots are rated, per edition and overall.
		if len(changes) != 6 {
			t.Fatalf("%d rating changes: %+v", len(changes), changes)
		}
		back := must[GameRecord](t)(db.Game(ctx, stored.ID))
		if back.Duration() != 17*time.Minute || len(back.Seats) != 3 || back.Seats[0].UNOCalls != 3 ||
			len(back.Hands) != 2 || back.Hands[1][0] != 80 || string(back.Options) != `{"name":"ana's table"}` ||
			back.Settings != g1.Settings || back.Winners()[0] != 0 {
			t.Fatalf("came back as %+v", back)
		}

		// Lowest score in another edition: bob wins, ana second; a guest plays.
		g2 := testGame(seatA(ana.ID, "ana", 2), seatA(bob.ID, "bob", 1), seatGuest("guest-AB12", 3))
		g2.Settings.Edition, g2.Settings.Mode = engine.TheOffice2020, engine.LowestScore
		g2.Started, g2.Ended = g2.Started.Add(time.Hour), g2.Ended.Add(time.Hour)
		g2.Seats[0].Points = 30
		recordGame(t, db, g2)

		p := must[Profile](t)(db.ProfileByName(ctx, "ANA"))
		if p.Account.ID != ana.ID || p.Games != 2 || p.Wins != 1 || p.Points != 150 || p.UNOCalls != 3 || p.Catches != 1 {
			t.Fatalf("profile totals %+v", p)
		}
		if p.WinRate() != 0.5 {
			t.Errorf("win rate %v", p.WinRate())
		}
		want := []ModeStats{
			{Edition: engine.Classic2001, Mode: engine.Standard, Games: 1, Wins: 1, Points: 120},
			{Edition: engine.TheOffice2020, Mode: engine.LowestScore, Games: 1, Wins: 0, Points: 30},
		}
		if len(p.ByMode) != len(want) {
			t.Fatalf("by mode %+v", p.ByMode)
		}
		for i := range want {
			if p.ByMode[i] != want[i] {
				t.Errorf("by mode %d: %+v, want %+v", i, p.ByMode[i], want[i])
			}
		}
		if len(p.Recent) != 2 || p.Recent[0].Edition != engine.TheOffice2020 || p.Recent[0].Won() ||
			p.Recent[1].Place != 1 || p.Recent[0].Winners[0] != "bob" || len(p.Recent[0].Players) != 3 {
			t.Fatalf("recent %+v", p.Recent)
		}
		// A second place of three can raise the ordinal too: sigma shrinks.
		if p.Recent[1].Gain <= 0 || p.Recent[0].Gain == 0 || !p.Recent[0].Rated {
			t.Errorf("gains: won %v, lost %v", p.Recent[1].Gain, p.Recent[0].Gain)
		}
		if len(p.Ratings) != 3 || p.Ratings[0].Edition != AllEditions || p.Ratings[0].Games != 2 {
			t.Fatalf("ratings %+v", p.Ratings)
		}
		if _, err := db.ProfileByName(ctx, "nobody"); err != ErrNotFound {
			t.Errorf("profile of nobody: %v", err)
		}
		if _, err := db.Game(ctx, 999); err != ErrNoGame {
			t.Errorf("game 999: %v", err)
		}
	})
}

func TestRecordGameRatesOnlyWithTwoHumans(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		g, changes := recordGame(t, db, testGame(seatA(ana.ID, "ana", 1), seatBot("easy", 2), seatBot("hard", 3)))
		if g.Rated || len(changes) != 0 {
			t.Fatalf("a game against bots alone moved ratings: %+v", changes)
		}
		if r := must[PlayerRating](t)(db.Rating(ctx, PlayerRef{Kind: SeatAccount, AccountID: ana.ID}, AllEditions)); r.Games != 0 || r.Rating != db.model.NewRating() {
			t.Errorf("rating %+v", r)
		}
		// Its stats count all the same.
		if p := must[Profile](t)(db.Profile(ctx, ana.ID)); p.Games != 1 || p.Wins != 1 {
			t.Errorf("profile %+v", p)
		}
		// A guest is a human: the game is rated, the guest keeps nothing.
		g, changes = recordGame(t, db, testGame(seatA(ana.ID, "ana", 2), seatGuest("guest-ZZ99", 1)))
		if !g.Rated || len(changes) != 2 || changes[0].After.Mu >= changes[0].Before.Mu {
			t.Fatalf("rated %v, changes %+v", g.Rated, changes)
		}
	})
}

func TestRecordGamePartnersAndBots(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		var ids []int64
		for _, n := range []string{"ana", "bob", "cy", "dee"} {
			ids = append(ids, must[Account](t)(db.Register(ctx, "SHA256:"+n, n)).ID)
		}
		// Partners sit across: seats 0 and 2 against 1 and 3.
		g := testGame(seatA(ids[0], "ana", 1), seatA(ids[1], "bob", 2), seatA(ids[2], "cy", 1), seatA(ids[3], "dee", 2))
		g.Settings.Mode = engine.Partners
		for i := range g.Seats {
			g.Seats[i].Team = i % 2
		}
		_, changes := recordGame(t, db, g)
		// Compare with the model: two teams of two newcomers.
		m := db.model
		n := m.NewRating()
		want, _ := m.Rate([][]Rating{{n, n}, {n, n}}, []int{1, 2})
		for _, c := range changes {
			team := map[int64]int{ids[0]: 0, ids[1]: 1, ids[2]: 0, ids[3]: 1}[c.Player.AccountID]
			if !near(c.After.Mu, want[team][0].Mu) || !near(c.After.Sigma, want[team][0].Sigma) {
				t.Errorf("%+v, want %v", c, want[team][0])
			}
		}
		// Partners must finish together.
		bad := g
		bad.Seats = append([]GameSeat{}, g.Seats...)
		bad.Seats[2].Place = 2
		if _, _, err := db.RecordGame(ctx, bad); err == nil {
			t.Error("partners in different places accepted")
		}

		// Two bots of one level at a table: the level moves by their average.
		g = testGame(seatA(ids[0], "ana", 1), seatA(ids[1], "bob", 4), seatBot("easy", 2), seatBot("easy", 3))
		g.Settings.Edition = engine.Minions2016
		_, changes = recordGame(t, db, g)
		want, _ = m.Rate([][]Rating{{n}, {n}, {n}, {n}}, []int{1, 4, 2, 3})
		for _, c := range changes {
			if c.Player.Kind == SeatBot && c.Edition == "minions-2016" {
				avg := (want[2][0].Mu + want[3][0].Mu) / 2
				if !near(c.After.Mu, avg) {
					t.Errorf("bot level moved to %v, want %v", c.After.Mu, avg)
				}
			}
		}
		bots := must[PlayerRating](t)(db.Rating(ctx, PlayerRef{Kind: SeatBot, BotLevel: "easy"}, "minions-2016"))
		if bots.Games != 1 {
			t.Errorf("bot rating %+v", bots)
		}
	})
}

func TestRecordGameRefusesBadRecords(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		ok := func() GameRecord { return testGame(seatA(ana.ID, "ana", 1), seatBot("easy", 2)) }
		tests := []struct {
			name   string
			change func(g *GameRecord)
		}{
			{"no seats", func(g *GameRecord) { g.Seats = nil }},
			{"ends before it starts", func(g *GameRecord) { g.Ended = g.Started.Add(-time.Second) }},
			{"place 0", func(g *GameRecord) { g.Seats[1].Place = 0 }},
			{"account without id", func(g *GameRecord) { g.Seats[0].AccountID = 0 }},
			{"unknown account", func(g *GameRecord) { g.Seats[0].AccountID = 77 }},
			{"account twice", func(g *GameRecord) { g.Seats[1] = seatA(ana.ID, "ana", 2) }},
			{"unknown kind", func(g *GameRecord) { g.Seats[1].Kind = "alien" }},
			{"short hand", func(g *GameRecord) { g.Hands = [][]int{{1}} }},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				g := ok()
				tt.change(&g)
				if _, _, err := db.RecordGame(ctx, g); err == nil {
					t.Error("accepted")
				}
			})
		}
		if p := must[Profile](t)(db.Profile(ctx, ana.ID)); p.Games != 0 {
			t.Errorf("a refused game was counted: %+v", p)
		}
	})
}
