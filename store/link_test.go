package store

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestLinkSecondKey(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:laptop", "ana"))
		lc := must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		if len(lc.Code) != 9 || lc.Code[4] != '-' || !lc.Expires.Equal(clk.Now().Add(LinkCodeTTL)) {
			t.Fatalf("%+v", lc)
		}
		// Typed by hand: lower case, no dash.
		typed := strings.ToLower(strings.ReplaceAll(lc.Code, "-", " "))
		a := must[Account](t)(db.RedeemLinkCode(ctx, typed, "SHA256:phone"))
		if a.ID != ana.ID || len(a.Keys) != 2 || a.Keys[1] != "SHA256:phone" {
			t.Fatalf("%+v", a)
		}
		if b, err := db.AccountByKey(ctx, "SHA256:phone"); err != nil || b.ID != ana.ID {
			t.Fatalf("the new key signs in as %+v, %v", b, err)
		}
		// A code works once.
		if _, err := db.RedeemLinkCode(ctx, lc.Code, "SHA256:tablet"); !errors.Is(err, ErrCodeInvalid) {
			t.Errorf("second use: %v", err)
		}
		// A code expires.
		lc2 := must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		clk.Advance(LinkCodeTTL)
		if _, err := db.RedeemLinkCode(ctx, lc2.Code, "SHA256:tablet"); !errors.Is(err, ErrCodeInvalid) {
			t.Errorf("expired code: %v", err)
		}
		// A new code replaces the one before.
		old := must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		if _, err := db.RedeemLinkCode(ctx, old.Code, "SHA256:tv"); !errors.Is(err, ErrCodeInvalid) {
			t.Errorf("replaced code: %v", err)
		}
		if _, err := db.NewLinkCode(ctx, 999); !errors.Is(err, ErrNotFound) {
			t.Errorf("code for no account: %v", err)
		}
	})
}

func TestLinkThrottles(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		for range codesPerHour {
			must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
			clk.Advance(time.Minute)
		}
		if _, err := db.NewLinkCode(ctx, ana.ID); !errors.Is(err, ErrTooManyCodes) {
			t.Fatalf("code %d in an hour: %v", codesPerHour+1, err)
		}
		clk.Advance(time.Hour)
		lc := must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))

		// Guessing: a key gets failuresAllowed wrong codes per window, then
		// even the right code is refused until the window passes.
		for i := range failuresAllowed {
			if _, err := db.RedeemLinkCode(ctx, "AAAA-AAA"+string(rune('A'+i)), "SHA256:thief"); !errors.Is(err, ErrCodeInvalid) {
				t.Fatalf("guess %d: %v", i, err)
			}
		}
		if _, err := db.RedeemLinkCode(ctx, lc.Code, "SHA256:thief"); !errors.Is(err, ErrTooManyAttempts) {
			t.Fatalf("after %d wrong codes: %v", failuresAllowed, err)
		}
		// Another key is not held back by the thief.
		must[Account](t)(db.RedeemLinkCode(ctx, lc.Code, "SHA256:phone"))
	})
}

func TestLinkKeyWithAccount(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		// The new key chose a nickname before linking, and has played nothing:
		// its empty account goes, and its name is free again.
		must[Account](t)(db.Register(ctx, "SHA256:phone", "ana-phone"))
		lc := must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		must[Account](t)(db.RedeemLinkCode(ctx, lc.Code, "SHA256:phone"))
		if err := db.NameFree(ctx, "ana-phone", ""); err != nil {
			t.Errorf("the empty account's name is still taken: %v", err)
		}
		// A key of an account with games is not taken over.
		bob := must[Account](t)(db.Register(ctx, "SHA256:bob", "bob"))
		recordGame(t, db, testGame(seatA(bob.ID, "bob", 1), seatBot("easy", 2)))
		lc = must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		if _, err := db.RedeemLinkCode(ctx, lc.Code, "SHA256:bob"); !errors.Is(err, ErrKeyHasAccount) {
			t.Errorf("took over bob's key: %v", err)
		}
		// Redeeming for the key's own account is harmless.
		lc = must[LinkCode](t)(db.NewLinkCode(ctx, ana.ID))
		if a := must[Account](t)(db.RedeemLinkCode(ctx, lc.Code, "SHA256:ana")); len(a.Keys) != 2 {
			t.Errorf("%+v", a)
		}
	})
}
