package store

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// A tournament's record comes back after a restart with its state and its
// tables naming it; a new state replaces the old; a finished one is gone,
// and its id may serve again.
func TestTournamentRecords(t *testing.T) {
	conform(t, Options{SyncNormal: true}, func(t *testing.T, db *DB, clk *clock) {
		created := clk.Now()
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", Code: "K7QX2M", State: json.RawMessage(`{"round":0}`)}))
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T4", State: json.RawMessage(`{"round":0}`)}))
		clk.Advance(time.Minute)
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", Code: "K7QX2M", State: json.RawMessage(`{"round":2}`)}))
		s := engine.Settings{Edition: engine.Classic2001, Mode: engine.Partners, Players: 4}
		must0(t, db.CreateTable(ctx, Table{ID: "t2", Code: "K7QX2M", Settings: s, Seed: 9, Tournament: "T1"}))
		must0(t, db.CreateTable(ctx, Table{ID: "t9", Settings: s, Seed: 9}))
		if err := db.SaveTournament(ctx, Tournament{ID: "T5", State: json.RawMessage(`{`)}); err == nil {
			t.Fatal("a state that is not JSON was saved")
		}
		must0(t, db.Close())

		db = reopen(t, db, clk, Options{Now: newClock().Now}) // (a clock back at the start)
		tours := must[[]Tournament](t)(db.UnfinishedTournaments(ctx))
		if len(tours) != 2 || tours[0].ID != "T1" || tours[1].ID != "T4" {
			t.Fatalf("tournaments %+v", tours)
		}
		if got := tours[0]; string(got.State) != `{"round":2}` || got.Code != "K7QX2M" || !got.Created.Equal(created) ||
			!got.Updated.After(created) {
			t.Fatalf("T1 came back as %+v", got)
		}
		tables := must[[]SavedTable](t)(db.UnfinishedTables(ctx))
		byID := map[string]string{}
		for _, tb := range tables {
			byID[tb.ID] = tb.Tournament
		}
		if byID["t2"] != "T1" || byID["t9"] != "" || len(byID) != 2 {
			t.Fatalf("tables and their tournaments: %v", byID)
		}

		must0(t, db.FinishTournament(ctx, "T1"))
		if err := db.FinishTournament(ctx, "T1"); !errors.Is(err, ErrUnknownTournament) {
			t.Fatalf("finishing twice: %v", err)
		}
		if tours := must[[]Tournament](t)(db.UnfinishedTournaments(ctx)); len(tours) != 1 || tours[0].ID != "T4" {
			t.Fatalf("after T1 finished: %+v", tours)
		}
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", State: json.RawMessage(`{"round":0}`)}))
		if tours := must[[]Tournament](t)(db.UnfinishedTournaments(ctx)); len(tours) != 2 || tours[0].ID != "T1" ||
			string(tours[0].State) != `{"round":0}` {
			t.Fatalf("T1 used again: %+v", tours)
		}
	})
}

func must0(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A database of the first schema gains the tournaments' step at the next
// start: its live tables stay, as ordinary tables.
func TestTournamentStepUpgradesASchemaOneDatabase(t *testing.T) {
	dir := t.TempDir()
	db, _ := openTest(t, Options{Dir: dir, SyncNormal: true})
	s := engine.Settings{Edition: engine.Classic2001, Players: 2}
	must0(t, db.CreateTable(ctx, Table{ID: "t1", Code: "K7QX2M", Settings: s, Seed: 3}))
	must0(t, db.Append(ctx, "t1", 0, 0, engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat}))
	backToSchema(t, db, 1) // as an older binary left it
	must0(t, db.Close())

	db, _ = openTest(t, Options{Dir: dir})
	tables := must[[]SavedTable](t)(db.UnfinishedTables(ctx))
	if len(tables) != 1 || tables[0].ID != "t1" || tables[0].Tournament != "" || len(tables[0].Journal.Actions) != 1 {
		t.Fatalf("after the upgrade: %+v", tables)
	}
	if tours := must[[]Tournament](t)(db.UnfinishedTournaments(ctx)); len(tours) != 0 {
		t.Fatalf("tournaments from nowhere: %+v", tours)
	}
}

// A tournament's record is written only by its newest claimant: once a
// node has claimed it (a node of several taking it over), a write with an
// older fence is refused, and one with the new fence goes through. A
// finished record's id serves again with any fence.
func TestTournamentFencing(t *testing.T) {
	conform(t, Options{SyncNormal: true}, func(t *testing.T, db *DB, clk *clock) {
		state := func(round int) json.RawMessage { return json.RawMessage(`{"round":` + strconv.Itoa(round) + `}`) }
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", State: state(0)}))
		if _, err := db.ClaimTournament(ctx, "T9", "b"); !errors.Is(err, ErrUnknownTournament) {
			t.Fatalf("claiming a tournament there is no record of: %v", err)
		}
		f1 := must[int64](t)(db.ClaimTournament(ctx, "T1", "a"))
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", State: state(1), Fence: f1}))
		f2 := must[int64](t)(db.ClaimTournament(ctx, "T1", "b"))
		if f2 <= f1 {
			t.Fatalf("fences %d then %d", f1, f2)
		}
		if err := db.SaveTournament(ctx, Tournament{ID: "T1", State: state(2), Fence: f1}); !errors.Is(err, ErrFenced) {
			t.Fatalf("a write of the old claimant: %v", err)
		}
		tours := must[[]Tournament](t)(db.UnfinishedTournaments(ctx))
		if len(tours) != 1 || string(tours[0].State) != `{"round":1}` {
			t.Fatalf("after a fenced write: %+v", tours)
		}
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", State: state(2), Fence: f2}))
		tours = must[[]Tournament](t)(db.UnfinishedTournaments(ctx))
		if string(tours[0].State) != `{"round":2}` {
			t.Fatalf("the new claimant's write: %+v", tours)
		}
		must0(t, db.FinishTournament(ctx, "T1"))
		must0(t, db.SaveTournament(ctx, Tournament{ID: "T1", State: state(0)}))
		if _, err := db.ClaimTournament(ctx, "T1", "a"); err != nil {
			t.Fatalf("claiming the id serving again: %v", err)
		}
	})
}
