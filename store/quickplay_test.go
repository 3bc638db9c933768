package store

import (
	"errors"
	"strings"
	"testing"
)

func TestQuickPlayChoiceIsKeptAndSurvivesReopen(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		a := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		if a.QuickPlay != "" {
			t.Fatalf("a new account's choice = %q, want none", a.QuickPlay)
		}
		if err := db.SetQuickPlay(ctx, a.ID, "minions-2016 single-hand"); err != nil {
			t.Fatal(err)
		}
		if got := must[Account](t)(db.AccountByKey(ctx, "SHA256:ana")).QuickPlay; got != "minions-2016 single-hand" {
			t.Fatalf("read back %q", got)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db2 := reopen(t, db, clk, Options{})
		if got := must[Account](t)(db2.AccountByKey(ctx, "SHA256:ana")).QuickPlay; got != "minions-2016 single-hand" {
			t.Fatalf("after reopening: %q", got)
		}
	})
}

func TestQuickPlayChoiceRefusesNoAccountAndTooLong(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		if err := db.SetQuickPlay(ctx, 42, "any any"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no such account: %v", err)
		}
		a := must[Account](t)(db.Register(ctx, "SHA256:bo", "bo"))
		if err := db.SetQuickPlay(ctx, a.ID, strings.Repeat("x", maxQuickPlay+1)); err == nil {
			t.Fatal("a choice too long was kept")
		}
	})
}

// A database from before Quick play's choice gains the column at the next
// start: its accounts have chosen nothing, and may choose.
func TestQuickPlayStepUpgradesASchemaFourDatabase(t *testing.T) {
	dir := t.TempDir()
	db, _ := openTest(t, Options{Dir: dir})
	a := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
	backToSchema(t, db, 4)
	must0(t, db.Close())

	db, _ = openTest(t, Options{Dir: dir})
	if got := must[Account](t)(db.Account(ctx, a.ID)); got.Nickname != "ana" || got.QuickPlay != "" {
		t.Fatalf("after the upgrade: %+v", got)
	}
	must0(t, db.SetQuickPlay(ctx, a.ID, "any single-hand"))
}
