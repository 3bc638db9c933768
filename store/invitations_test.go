package store

import (
	"errors"
	"testing"
)

func TestInvitationsOffIsKeptAndSurvivesReopen(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		a := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		if a.NoInvitations {
			t.Fatal("a new account refuses invitations")
		}
		if err := db.SetInvitations(ctx, a.ID, false); err != nil {
			t.Fatal(err)
		}
		if !must[Account](t)(db.AccountByKey(ctx, "SHA256:ana")).NoInvitations {
			t.Fatal("invitations turned off read back on")
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db2 := reopen(t, db, clk, Options{})
		if !must[Account](t)(db2.AccountByKey(ctx, "SHA256:ana")).NoInvitations {
			t.Fatal("after reopening, invitations are on again")
		}
		if err := db2.SetInvitations(ctx, a.ID, true); err != nil {
			t.Fatal(err)
		}
		if must[Account](t)(db2.Account(ctx, a.ID)).NoInvitations {
			t.Fatal("invitations turned on read back off")
		}
		if err := db2.SetInvitations(ctx, 42, false); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no such account: %v", err)
		}
	})
}
