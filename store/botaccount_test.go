package store

import (
	"errors"
	"testing"
)

// TestBotAccountIsKeptAndSurvivesReopen: an account marked a bot's reads
// back as one by key, by name and by id, after reopening too; a person's
// account stays a person's.
func TestBotAccountIsKeptAndSurvivesReopen(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		b := must[Account](t)(db.Register(ctx, "SHA256:robo", "robo"))
		p := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		if b.Bot {
			t.Fatal("a new account is a bot's")
		}
		if err := db.MarkBot(ctx, b.ID); err != nil {
			t.Fatal(err)
		}
		if !must[Account](t)(db.AccountByKey(ctx, "SHA256:robo")).Bot || !must[Account](t)(db.AccountByName(ctx, "robo")).Bot {
			t.Fatal("a bot's account read back as a person's")
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db2 := reopen(t, db, clk, Options{})
		if !must[Account](t)(db2.Account(ctx, b.ID)).Bot {
			t.Fatal("after reopening, the bot is a person")
		}
		if must[Account](t)(db2.Account(ctx, p.ID)).Bot {
			t.Fatal("a person's account reads as a bot's")
		}
		if err := db2.MarkBot(ctx, 4242); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no such account: %v", err)
		}
	})
}
