package store

import (
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

func TestWeekStart(t *testing.T) {
	monday := time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)
	for _, tt := range []time.Time{
		monday,
		monday.Add(time.Nanosecond),
		time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 22, 23, 59, 59, 0, time.UTC),                            // Sunday
		time.Date(2026, 11, 22, 23, 30, 0, 0, time.FixedZone("east", -3600)).Add(0), // Monday 00:30 UTC
	} {
		want := monday
		if tt.UTC().Weekday() == time.Monday && tt.UTC().Day() == 23 {
			want = monday.AddDate(0, 0, 7)
		}
		if got := WeekStart(tt); !got.Equal(want) {
			t.Errorf("WeekStart(%v) = %v, want %v", tt, got, want)
		}
	}
}

func TestLeaderboard(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		ids := map[string]int64{}
		for _, n := range []string{"ana", "bob", "cy"} {
			ids[n] = must[Account](t)(db.Register(ctx, "SHA256:"+n, n)).ID
		}
		play := func(at time.Time, ed engine.Edition, order ...string) {
			t.Helper()
			var seats []GameSeat
			for place, n := range order {
				if n == "bot" {
					seats = append(seats, seatBot("normal", place+1))
					continue
				}
				seats = append(seats, seatA(ids[n], n, place+1))
			}
			g := testGame(seats...)
			g.Settings.Edition = ed
			g.Started, g.Ended = at.Add(-10*time.Minute), at
			recordGame(t, db, g)
		}
		lastWeek := WeekStart(clk.Now()).Add(-48 * time.Hour)
		for range 3 {
			play(lastWeek, engine.Classic2001, "ana", "bob", "bot")
		}
		play(clk.Now(), engine.Classic2001, "cy", "bob", "bot")
		play(clk.Now(), engine.Minions2016, "bob", "cy")

		names := func(es []LeaderEntry) (s []string) {
			for _, e := range es {
				s = append(s, e.Name)
			}
			return s
		}
		check := func(name string, q LeaderboardQuery, want ...string) []LeaderEntry {
			t.Helper()
			es := must[[]LeaderEntry](t)(db.Leaderboard(ctx, q))
			got := names(es)
			if len(got) != len(want) {
				t.Fatalf("%s: %v, want %v", name, got, want)
			}
			for i := range want {
				if got[i] != want[i] || es[i].Rank != i+1 {
					t.Fatalf("%s: %v, want %v", name, got, want)
				}
				if i > 0 && es[i].Display() > es[i-1].Display() {
					t.Fatalf("%s: not in order: %+v", name, es)
				}
			}
			return es
		}
		all := check("all time, all editions", LeaderboardQuery{}, "ana", "bob", "cy")
		if all[0].Games != 3 || all[1].Games != 5 {
			t.Errorf("games %+v", all)
		}
		check("all time with bots", LeaderboardQuery{Bots: true}, "ana", "bob", "cy", "normal")
		check("classic only", LeaderboardQuery{Edition: "classic-2001"}, "ana", "bob", "cy")
		week := check("this week", LeaderboardQuery{Since: WeekStart(clk.Now())}, "bob", "cy")
		if week[0].Games != 2 || week[1].Games != 2 {
			t.Errorf("games this week %+v", week)
		}
		// cy started the week a newcomer (ordinal 0): the gain is the ordinal now.
		if !near(week[1].Gain, week[1].Display()) {
			t.Errorf("cy's gain %v, ordinal %v", week[1].Gain, week[1].Display())
		}
		check("this week in minions", LeaderboardQuery{Edition: "minions-2016", Since: WeekStart(clk.Now())}, "bob", "cy")
		check("limit", LeaderboardQuery{Limit: 1}, "ana")
		check("empty edition", LeaderboardQuery{Edition: "motu-2023"})
	})
}
