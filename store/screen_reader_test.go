package store

import (
	"errors"
	"testing"
)

func TestScreenReaderModeIsKeptAndSurvivesReopen(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		a := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		if a.ScreenReader {
			t.Fatal("a new account starts in the screen-reader mode")
		}
		if err := db.SetScreenReader(ctx, a.ID, true); err != nil {
			t.Fatal(err)
		}
		if !must[Account](t)(db.AccountByKey(ctx, "SHA256:ana")).ScreenReader {
			t.Fatal("the mode turned on read back off")
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db2 := reopen(t, db, clk, Options{})
		if !must[Account](t)(db2.AccountByKey(ctx, "SHA256:ana")).ScreenReader {
			t.Fatal("after reopening, the mode is off again")
		}
		if err := db2.SetScreenReader(ctx, a.ID, false); err != nil {
			t.Fatal(err)
		}
		if must[Account](t)(db2.Account(ctx, a.ID)).ScreenReader {
			t.Fatal("the mode turned off read back on")
		}
		if err := db2.SetScreenReader(ctx, 42, true); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no such account: %v", err)
		}
	})
}
