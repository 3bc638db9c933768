package store

import (
	"errors"
	"strings"
	"testing"
)

func TestQuickPlayChoiceIsKeptAndSurvivesReopen(t *testing.T) {
	dir := t.TempDir()
	db, _ := openTest(t, Options{Dir: dir})
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
	db2, _ := openTest(t, Options{Dir: dir})
	if got := must[Account](t)(db2.AccountByKey(ctx, "SHA256:ana")).QuickPlay; got != "minions-2016 single-hand" {
		t.Fatalf("after reopening: %q", got)
	}
}

func TestQuickPlayChoiceRefusesNoAccountAndTooLong(t *testing.T) {
	db, _ := openTest(t, Options{})
	if err := db.SetQuickPlay(ctx, 42, "any any"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("no such account: %v", err)
	}
	a := must[Account](t)(db.Register(ctx, "SHA256:bo", "bo"))
	if err := db.SetQuickPlay(ctx, a.ID, strings.Repeat("x", maxQuickPlay+1)); err == nil {
		t.Fatal("a choice too long was kept")
	}
}
