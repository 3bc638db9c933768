package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestBansOfANameHoldItsKeysAndLapse(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		ctx := context.Background()
		a, err := db.Register(ctx, "SHA256:ana1", "ana")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AddBan(ctx, Ban{Kind: BanName, Target: "nobody", Reason: "x", By: "SHA256:op"}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a ban of a name no account has: %v, want ErrNotFound", err)
		}
		b, err := db.AddBan(ctx, Ban{Kind: BanName, Target: "ANA", Reason: "spam", By: "SHA256:op"})
		if err != nil {
			t.Fatal(err)
		}
		if b.Account != a.ID || b.Target != "ana" {
			t.Fatalf("ban of ANA is of account %d named %q, want %d ana", b.Account, b.Target, a.ID)
		}
		if _, err := db.AddBan(ctx, Ban{Kind: BanAddr, Target: "10.0.0.0/8", Reason: "flood", By: "SHA256:op",
			Until: clk.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		bans, err := db.Bans(ctx, clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(bans) != 2 || !slices.Equal(bans[0].Keys, []string{"SHA256:ana1"}) || bans[0].Reason != "spam" ||
			bans[0].By != "SHA256:op" || !bans[0].Until.IsZero() || bans[1].Target != "10.0.0.0/8" {
			t.Fatalf("bans = %+v", bans)
		}
		if later, _ := db.Bans(ctx, clk.Now().Add(2*time.Hour)); len(later) != 1 {
			t.Fatalf("two hours on, %d bans are in force, want the one for ever", len(later))
		}
		if n, err := db.RemoveBans(ctx, "Ana"); err != nil || n != 1 {
			t.Fatalf("unban Ana: %d, %v", n, err)
		}
		if n, err := db.RemoveBans(ctx, "10.0.0.0/8"); err != nil || n != 1 {
			t.Fatalf("unban 10.0.0.0/8: %d, %v", n, err)
		}
		if left, _ := db.Bans(ctx, clk.Now()); len(left) != 0 {
			t.Fatalf("after unbans: %+v", left)
		}
	})
}

func TestMutesIgnoresAndReportsAreKept(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		ctx := context.Background()
		now := clk.Now()
		if err := db.SetMute(ctx, Mute{Target: "a:1", Name: "bo", Reason: "rude", By: "SHA256:op", Until: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if err := db.SetMute(ctx, Mute{Target: "a:1", Name: "bo", Reason: "ruder", By: "SHA256:op", Until: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		ms, err := db.Mutes(ctx, now.Add(2*time.Minute))
		if err != nil || len(ms) != 1 || ms[0].Reason != "ruder" {
			t.Fatalf("mutes = %+v, %v; want the second one alone", ms, err)
		}
		if ok, err := db.RemoveMute(ctx, "a:1"); !ok || err != nil {
			t.Fatalf("unmute: %v %v", ok, err)
		}
		if ok, _ := db.RemoveMute(ctx, "a:1"); ok {
			t.Fatal("a second unmute found a mute")
		}

		a, err := db.Register(ctx, "SHA256:ana1", "ana")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"a:7", "n:bo", "a:7"} {
			if err := db.SetIgnore(ctx, a.ID, s, true); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetIgnore(ctx, a.ID, "n:bo", false); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Ignores(ctx, a.ID); err != nil || !slices.Equal(got, []string{"a:7"}) {
			t.Fatalf("ignores = %v, %v", got, err)
		}
		if got, err := db.AccountByKey(ctx, "SHA256:ana1"); err != nil || !slices.Equal(got.Ignores, []string{"a:7"}) {
			t.Fatalf("the account read at login hides %v (%v), want a:7", got.Ignores, err)
		}
		for i := 1; i < MaxIgnores; i++ {
			if err := db.SetIgnore(ctx, a.ID, fmt.Sprintf("a:%d", 1000+i), true); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetIgnore(ctx, a.ID, "a:1", true); !errors.Is(err, ErrTooManyIgnores) {
			t.Fatalf("one ignore past %d: %v, want ErrTooManyIgnores", MaxIgnores, err)
		}
		if err := db.SetIgnore(ctx, 999, "a:1", true); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an ignore of no account: %v", err)
		}

		for _, reason := range []string{"first", "second"} {
			if _, err := db.AddReport(ctx, Report{By: "SHA256:ana1", ByName: "ana", Target: "a:7", TargetName: "bo",
				Table: "brave-otter", Reason: reason, Evidence: []string{"bo: hi", "bo: rude words"}}); err != nil {
				t.Fatal(err)
			}
		}
		rs, err := db.Reports(ctx, 10)
		if err != nil || len(rs) != 2 || rs[0].Reason != "second" || !slices.Equal(rs[1].Evidence, []string{"bo: hi", "bo: rude words"}) ||
			rs[1].TargetName != "bo" || rs[1].Table != "brave-otter" {
			t.Fatalf("reports = %+v, %v", rs, err)
		}
	})
}
