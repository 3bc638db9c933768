package store

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/unossh/unossh/engine"
)

// playRandom plays up to steps random legal moves of g, the table's own
// included, now and then a catch or an UNO call out of turn, and hands each
// accepted action to record.
func playRandom(t testing.TB, g *engine.Game, r *rand.Rand, steps int, record func(engine.Action)) {
	t.Helper()
	players := g.Settings().Players
	for i := 0; i < steps && !g.Over(); i++ {
		var legal []engine.Action
		if r.IntN(10) == 0 {
			legal = g.Legal(r.IntN(players))
		}
		if len(legal) == 0 {
			w := g.Waiting()
			legal = g.Legal(w[r.IntN(len(w))])
		}
		a := legal[r.IntN(len(legal))]
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("move %d, %s: %v", i, a, err)
		}
		record(a)
	}
}

func TestJournalReplaysToIdenticalState(t *testing.T) {
	// Durability on power loss is not what this test is about.
	conform(t, Options{SyncNormal: true}, func(t *testing.T, db *DB, clk *clock) {
		type live struct {
			id   string
			game *engine.Game
			n    int
		}
		var tables []*live
		for i, ed := range engine.Editions {
			s := engine.Settings{Edition: ed, Mode: engine.Modes[i%len(engine.Modes)], Players: 4, Target: 200}
			if s.Mode == engine.Challenge {
				s.Target = 100
			}
			seed := uint64(1000 + i)
			g, err := engine.New(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			tb := &live{id: "table-" + ed.String(), game: g}
			if err := db.CreateTable(ctx, Table{ID: tb.id, Code: "K7QX2M", Settings: s, Seed: seed,
				Seats: []TableSeat{{Kind: SeatAccount, AccountID: 1, Name: "ana"}, {Kind: SeatBot, Name: "bot", BotLevel: "normal"}}}); err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 7))
			playRandom(t, g, r, 400+i*150, func(a engine.Action) {
				if err := db.Append(ctx, tb.id, 0, tb.n, a); err != nil {
					t.Fatal(err)
				}
				tb.n++
			})
			tables = append(tables, tb)
		}
		// As after a restart (crash_test.go does it after kill -9).
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		after := reopen(t, db, clk, Options{})
		saved := must[[]SavedTable](t)(after.UnfinishedTables(ctx))
		if len(saved) != len(tables) {
			t.Fatalf("%d tables saved, want %d", len(saved), len(tables))
		}
		byID := map[string]SavedTable{}
		for _, s := range saved {
			byID[s.ID] = s
		}
		for _, tb := range tables {
			s := byID[tb.id]
			if s.Lost != 0 || len(s.Journal.Actions) != tb.n || s.Code != "K7QX2M" || len(s.Seats) != 2 {
				t.Fatalf("%s: %d actions (lost %d), want %d; %+v", tb.id, len(s.Journal.Actions), s.Lost, tb.n, s.Table)
			}
			g, err := engine.Replay(s.Journal)
			if err != nil {
				t.Fatalf("%s: %v", tb.id, err)
			}
			if want, got := tb.game.State(), g.State(); !reflect.DeepEqual(want, got) {
				t.Fatalf("%s: replayed state differs", tb.id)
			}
		}
	})
}

func TestTableRecords(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		s := engine.Settings{Edition: engine.Classic2001, Players: 2}
		stack := &engine.Stack{Dealer: 1}
		if err := db.CreateTable(ctx, Table{ID: "a", Settings: s, Seed: 1<<63 + 5, Stack: stack,
			Options: json.RawMessage(`{"name":"x"}`)}); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateTable(ctx, Table{ID: "a", Settings: s}); err == nil {
			t.Error("a table recorded twice")
		}
		clk.Advance(1)
		if err := db.CreateTable(ctx, Table{ID: "b", Settings: s, Seed: 2}); err != nil {
			t.Fatal(err)
		}
		seats := []TableSeat{{Kind: SeatGuest, Name: "guest-1234"}, {Kind: SeatAccount, AccountID: 3, Name: "bo"}}
		if err := db.SetTableSeats(ctx, "a", seats); err != nil {
			t.Fatal(err)
		}
		if err := db.SetTableSeats(ctx, "zz", seats); !errors.Is(err, ErrUnknownTable) {
			t.Errorf("seats of no table: %v", err)
		}
		deal := engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat}
		for seq := range 3 {
			if err := db.Append(ctx, "a", 0, seq, deal); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Append(ctx, "a", 0, 5, deal); err != nil { // a gap: only a bug makes one
			t.Fatal(err)
		}
		saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx))
		if len(saved) != 2 || saved[0].ID != "a" || saved[1].ID != "b" {
			t.Fatalf("%+v", saved)
		}
		a := saved[0]
		if a.Seed != 1<<63+5 || a.Stack == nil || a.Stack.Dealer != 1 || !reflect.DeepEqual(a.Seats, seats) ||
			string(a.Options) != `{"name":"x"}` || len(a.Journal.Actions) != 3 || a.Lost != 1 ||
			a.Journal.Seed != a.Seed || a.Journal.Stack == nil || a.Journal.Settings != s {
			t.Fatalf("%+v", a)
		}
		if len(saved[1].Journal.Actions) != 0 || saved[1].Journal.Actions == nil {
			t.Errorf("an empty journal: %#v", saved[1].Journal.Actions)
		}
		if err := db.FinishTable(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if err := db.FinishTable(ctx, "a"); !errors.Is(err, ErrUnknownTable) {
			t.Errorf("finished twice: %v", err)
		}
		saved = must[[]SavedTable](t)(db.UnfinishedTables(ctx))
		if len(saved) != 1 || saved[0].ID != "b" {
			t.Fatalf("%+v", saved)
		}
		var left int
		if err := db.read.QueryRow(`SELECT COUNT(*) FROM journal WHERE table_id = 'a'`).Scan(&left); err != nil || left != 0 {
			t.Errorf("%d journal entries left of a finished table, %v", left, err)
		}
	})
}

func TestRecordGameFinishesItsTable(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		s := engine.Settings{Edition: engine.Classic2001, Players: 2}
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		game := testGame(seatA(ana.ID, "ana", 1), seatBot("easy", 2)) // TableID t1
		if err := db.CreateTable(ctx, Table{ID: "t1", Settings: s, Seed: 1, Created: game.Started}); err != nil {
			t.Fatal(err)
		}
		if err := db.Append(ctx, "t1", 0, 0, deal); err != nil {
			t.Fatal(err)
		}
		// The same ID again while the game is on: refused.
		if err := db.CreateTable(ctx, Table{ID: "t1", Settings: s}); err == nil {
			t.Fatal("an unfinished table was recorded again")
		}
		first, _ := recordGame(t, db, game)
		if saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx)); len(saved) != 0 {
			t.Fatalf("the recorded game's table would be restored: %+v", saved)
		}
		// The next game at the same table starts a fresh journal.
		if err := db.CreateTable(ctx, Table{ID: "t1", Code: "NEW123", Settings: s, Seed: 2}); err != nil {
			t.Fatal(err)
		}
		saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx))
		if len(saved) != 1 || saved[0].Seed != 2 || saved[0].Code != "NEW123" || len(saved[0].Journal.Actions) != 0 {
			t.Fatalf("%+v", saved)
		}
		// The first game recorded again (replayed by a node that took the
		// table over while its record was on its way) is not written
		// twice, and does not end the next game's table.
		again, changes := recordGame(t, db, game)
		if again.ID != first.ID || len(changes) != 0 {
			t.Fatalf("recorded again as %d (first %d), %d rating changes", again.ID, first.ID, len(changes))
		}
		var games int
		if err := db.read.QueryRow(`SELECT COUNT(*) FROM games WHERE table_id = 't1'`).Scan(&games); err != nil || games != 1 {
			t.Fatalf("%d games recorded, %v", games, err)
		}
		if saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx)); len(saved) != 1 || saved[0].Seed != 2 {
			t.Fatalf("the next game's table was ended by the first game's record: %+v", saved)
		}
	})
}
