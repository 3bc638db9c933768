package store

import (
	"reflect"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// ladderGame is a two-seat ladder game: seat 0 wins.
func ladderGame(clk *clock, a, b GameSeat) GameRecord {
	a.Team, a.Place, b.Team, b.Place = 0, 1, 1, 2
	return GameRecord{TableID: "", Settings: engine.Settings{Players: 2}, Seats: []GameSeat{a, b},
		Started: clk.Now().Add(-time.Minute), Ended: clk.Now(), Ladder: true}
}

// TestLadderRatesBotsApartAndKeepsLevelsFixed: a ladder game moves the
// bots' ladder ratings (not the people's ratings), validates a new bot,
// counts each bot's games of the day, leaves a built-in level where it is,
// and the board ranks them all by the conservative ordinal.
func TestLadderRatesBotsApartAndKeepsLevelsFixed(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		a := must[Account](t)(db.Register(ctx, "SHA256:a", "robo"))
		b := must[Account](t)(db.Register(ctx, "SHA256:b", "droid"))
		s := must[LadderStanding](t)(db.LadderStanding(ctx, a.ID, clk.Now().Add(-time.Hour)))
		if s.Validated || s.Games != 0 || s.Today != 0 || s.Rating != LadderModel().NewRating() {
			t.Fatalf("a new bot's standing: %+v", s)
		}
		normal := GameSeat{Kind: SeatBot, BotLevel: "normal", Name: "normal"}
		g, changes, err := db.RecordGame(ctx, ladderGame(clk, GameSeat{Kind: SeatAccount, AccountID: a.ID, Name: "robo"}, normal))
		if err != nil || g.Rated || len(changes) != 0 {
			t.Fatalf("a ladder game touched the people's ratings: rated %v, %v, %v", g.Rated, changes, err)
		}
		s = must[LadderStanding](t)(db.LadderStanding(ctx, a.ID, clk.Now().Add(-time.Hour)))
		if !s.Validated || s.Games != 1 || s.Today != 1 || s.Rating.Mu <= 25 {
			t.Fatalf("after winning its validation game: %+v", s)
		}
		clk.Advance(time.Minute)
		must[GameRecord](t)(func() (GameRecord, error) {
			g, _, err := db.RecordGame(ctx, ladderGame(clk, GameSeat{Kind: SeatAccount, AccountID: b.ID, Name: "droid"},
				GameSeat{Kind: SeatAccount, AccountID: a.ID, Name: "robo"}))
			return g, err
		}())
		sa := must[LadderStanding](t)(db.LadderStanding(ctx, a.ID, clk.Now().Add(-time.Hour)))
		sb := must[LadderStanding](t)(db.LadderStanding(ctx, b.ID, clk.Now().Add(-time.Hour)))
		if sa.Games != 2 || sa.Today != 2 || sa.Rating.Mu >= s.Rating.Mu || !sb.Validated || sb.Rating.Mu <= 25 {
			t.Fatalf("after a game between two bots: robo %+v, droid %+v", sa, sb)
		}
		if later := must[LadderStanding](t)(db.LadderStanding(ctx, a.ID, clk.Now().Add(time.Second))); later.Today != 0 {
			t.Fatalf("games before the day counted: %d", later.Today)
		}
		board := must[[]LeaderEntry](t)(db.LadderBoard(ctx, 0))
		if len(board) != 6 {
			t.Fatalf("the board has %d entries, want 2 bots and 4 levels: %+v", len(board), board)
		}
		names := map[string]LeaderEntry{}
		for i, e := range board {
			names[e.Name] = e
			if i > 0 && e.Display() > board[i-1].Display() {
				t.Fatalf("not ranked by the ordinal: %+v", board)
			}
		}
		if n := names["normal"]; n.Rating != measuredReferences["normal"] || n.Player.Kind != SeatBot {
			t.Fatalf("the normal level moved or lost its kind: %+v", n)
		}
		if names["robo"].Player.AccountID != a.ID || names["droid"].Games != 1 {
			t.Fatalf("the bots on the board: %+v", board)
		}
		if r := must[PlayerRating](t)(db.Rating(ctx, PlayerRef{Kind: SeatAccount, AccountID: a.ID}, AllEditions)); r.Games != 0 {
			t.Fatalf("the people's rating counted a ladder game: %+v", r)
		}
	})
}

// TestLadderCountsALeaverOnceAndMarksPeople: a ladder game left before its
// end counts against the leaver's day at once, and not again when the game
// is recorded; a person's account on the board is marked as a person, a
// program's not; the built-in levels' references are read by level.
func TestLadderCountsALeaverOnceAndMarksPeople(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		robo := must[Account](t)(db.Register(ctx, "SHA256:a", "robo"))
		if err := db.MarkBot(ctx, robo.ID); err != nil {
			t.Fatal(err)
		}
		ana := must[Account](t)(db.Register(ctx, "SHA256:b", "ana"))
		since := clk.Now().Add(-time.Hour)
		for range 2 {
			if err := db.LadderLeft(ctx, robo.ID, clk.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if s := must[LadderStanding](t)(db.LadderStanding(ctx, robo.ID, since)); s.Today != 2 {
			t.Fatalf("two games left count %d", s.Today)
		}
		_, _, err := db.RecordGame(ctx, ladderGame(clk, GameSeat{Kind: SeatAccount, AccountID: ana.ID, Name: "ana"},
			GameSeat{Kind: SeatAccount, AccountID: robo.ID, Name: "robo", Left: true}))
		if err != nil {
			t.Fatal(err)
		}
		s := must[LadderStanding](t)(db.LadderStanding(ctx, robo.ID, since))
		if s.Today != 2 || s.Games != 1 || s.Rating.Mu >= 25 {
			t.Fatalf("the game it left, recorded: %+v (want still 2 today, and rated)", s)
		}
		if s := must[LadderStanding](t)(db.LadderStanding(ctx, ana.ID, since)); s.Today != 1 || !s.Validated {
			t.Fatalf("ana's standing: %+v", s)
		}
		people := map[string]bool{}
		for _, e := range must[[]LeaderEntry](t)(db.LadderBoard(ctx, 0)) {
			people[e.Name] = e.Person
		}
		if !people["ana"] || people["robo"] || people["hard"] {
			t.Fatalf("who is a person on the board: %v", people)
		}
		refs := must[map[string]Rating](t)(db.LadderReferences(ctx))
		if len(refs) != 4 || refs["hard"].Mu <= refs["beginner"].Mu {
			t.Fatalf("the references: %v", refs)
		}
	})
}

// measuredReferences are the built-in levels' ladder ratings as
// TestLadderReferences measured them (docs/benchmarks.md).
var measuredReferences = map[string]Rating{"beginner": {Mu: 20.2, Sigma: 0.6}, "easy": {Mu: 24, Sigma: 0.6},
	"normal": {Mu: 25, Sigma: 0.6}, "hard": {Mu: 27.9, Sigma: 0.6}}

// TestLadderReferencesAreMeasured: the built-in levels stand on the ladder
// at their measured ratings, on both backends.
func TestLadderReferencesAreMeasured(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		if refs := must[map[string]Rating](t)(db.LadderReferences(ctx)); !reflect.DeepEqual(refs, measuredReferences) {
			t.Fatalf("the references: %v, want %v", refs, measuredReferences)
		}
	})
}

// A database from before the measured references gains them at the next
// start, and a bot's own ladder rating is left as it was.
func TestLadderReferencesStepUpgradesASchemaElevenDatabase(t *testing.T) {
	dir := t.TempDir()
	db, clk := openTest(t, Options{Dir: dir})
	a := must[Account](t)(db.Register(ctx, "SHA256:a", "robo"))
	must[GameRecord](t)(func() (GameRecord, error) {
		g, _, err := db.RecordGame(ctx, ladderGame(clk, GameSeat{Kind: SeatAccount, AccountID: a.ID, Name: "robo"},
			GameSeat{Kind: SeatBot, BotLevel: "hard", Name: "hard"}))
		return g, err
	}())
	before := must[LadderStanding](t)(db.LadderStanding(ctx, a.ID, time.Time{}))
	backToSchema(t, db, 11)
	if refs := must[map[string]Rating](t)(db.LadderReferences(ctx)); refs["hard"].Mu != 29 {
		t.Fatalf("schema 11's marks: %v", refs)
	}
	must0(t, db.Close())

	db, _ = openTest(t, Options{Dir: dir})
	if refs := must[map[string]Rating](t)(db.LadderReferences(ctx)); !reflect.DeepEqual(refs, measuredReferences) {
		t.Fatalf("after the upgrade: %v", refs)
	}
	if after := must[LadderStanding](t)(db.LadderStanding(ctx, a.ID, time.Time{})); after.Rating != before.Rating {
		t.Fatalf("the bot's rating moved: %v, was %v", after.Rating, before.Rating)
	}
}
