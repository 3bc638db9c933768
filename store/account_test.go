package store

import (
	"errors"
	"regexp"
	"testing"
	"time"
)

func TestNameRules(t *testing.T) {
	tests := []struct {
		name string
		want error
	}{
		{"ana", nil},
		{"Al", nil},
		{"a_b-9", nil},
		{"sixteen-letters1", nil},
		{"a", ErrNameInvalid},
		{"seventeen-letters", ErrNameInvalid},
		{"ana maria", ErrNameInvalid},
		{"ánа", nil}, // letters of any script (the last is Cyrillic)
		{"an😀e͂", ErrNameInvalid},
		{"guеst-x", ErrNameReserved}, // a Cyrillic е: a look-alike of the prefix
		{"", ErrNameInvalid},
		{"guest-7Q4K", ErrNameReserved},
		{"GUEST-x", ErrNameReserved},
		{"guest", nil},
	}
	for _, tt := range tests {
		if err := CheckName(tt.name); !errors.Is(err, tt.want) {
			t.Errorf("CheckName(%q) = %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestGuestName(t *testing.T) {
	re := regexp.MustCompile(`^guest-[0-9A-HJKMNP-TV-Z]{4}$`)
	seen := map[string]bool{}
	for i := range 200 {
		n := GuestName(nil)
		if !re.MatchString(n) {
			t.Fatalf("guest name %q", n)
		}
		seen[n] = true
		_ = i
	}
	if len(seen) < 190 {
		t.Errorf("only %d different names in 200", len(seen))
	}
	fixed := func(b []byte) {
		for i := range b {
			b[i] = byte(7 + 32*i) // every value maps into the alphabet
		}
	}
	if n := GuestName(fixed); n != "guest-7777" {
		t.Errorf("GuestName(fixed) = %q", n)
	}
	if err := CheckName(GuestName(nil)); !errors.Is(err, ErrNameReserved) {
		t.Errorf("a guest name can be taken by an account: %v", err)
	}
}

func TestRegisterAndReserve(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "Ana"))
		if ana.Nickname != "Ana" || len(ana.Keys) != 1 || ana.Keys[0] != "SHA256:ana" || ana.ID == 0 {
			t.Fatalf("%+v", ana)
		}
		tests := []struct {
			name        string
			fingerprint string
			nick        string
			want        error
		}{
			{"same name, other key", "SHA256:bob", "Ana", ErrNameTaken},
			{"other case, other key", "SHA256:bob", "aNA", ErrNameTaken},
			{"key already registered", "SHA256:ana", "Ana2", ErrKeyHasAccount},
			{"invalid", "SHA256:bob", "a b", ErrNameInvalid},
			{"guest prefix", "SHA256:bob", "guest-1234", ErrNameReserved},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if _, err := db.Register(ctx, tt.fingerprint, tt.nick); !errors.Is(err, tt.want) {
					t.Errorf("Register(%s, %s) = %v, want %v", tt.fingerprint, tt.nick, err, tt.want)
				}
			})
		}
		// A squat is refused to guests and other keys, online or not; the
		// owner passes.
		for _, tt := range []struct {
			fingerprint, nick string
			want              error
		}{
			{"", "ana", ErrNameTaken},           // a guest
			{"", "ANA", ErrNameTaken},           // a guest, shouting
			{"SHA256:bob", "Ana", ErrNameTaken}, // another key
			{"SHA256:ana", "ana", nil},          // the owner, any case
			{"", "bob", nil},                    // a free name
		} {
			if err := db.NameFree(ctx, tt.nick, tt.fingerprint); !errors.Is(err, tt.want) {
				t.Errorf("NameFree(%q, %q) = %v, want %v", tt.nick, tt.fingerprint, err, tt.want)
			}
		}
		if a, err := db.AccountByKey(ctx, "SHA256:ana"); err != nil || a.ID != ana.ID {
			t.Errorf("AccountByKey: %+v, %v", a, err)
		}
		if _, err := db.AccountByKey(ctx, "SHA256:nobody"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown key: %v", err)
		}
		if _, err := db.AccountByName(ctx, "nobody"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown name: %v", err)
		}
	})
}

func TestRenameOnceADay(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, db *DB, clk *clock) {
		ana := must[Account](t)(db.Register(ctx, "SHA256:ana", "ana"))
		must[Account](t)(db.Register(ctx, "SHA256:bob", "bob"))

		if _, err := db.Rename(ctx, ana.ID, "BOB"); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("took bob's name: %v", err)
		}
		// The first change is free, even right after choosing.
		a := must[Account](t)(db.Rename(ctx, ana.ID, "anna"))
		if a.Nickname != "anna" || !a.Renamed.Equal(clk.Now()) {
			t.Fatalf("%+v", a)
		}
		// The old name is free again at once.
		if err := db.NameFree(ctx, "ana", ""); err != nil {
			t.Errorf("old name still reserved: %v", err)
		}
		// Renaming to the same name is no change and costs nothing.
		must[Account](t)(db.Rename(ctx, ana.ID, "anna"))

		clk.Advance(23 * time.Hour)
		_, err := db.Rename(ctx, ana.ID, "Anna") // a change of case is a change
		var soon *RenameTooSoonError
		if !errors.Is(err, ErrRenameTooSoon) || !errors.As(err, &soon) {
			t.Fatalf("rename within a day: %v", err)
		}
		if want := a.Renamed.Add(RenameEvery); !soon.Next.Equal(want) {
			t.Errorf("next rename %v, want %v", soon.Next, want)
		}
		clk.Advance(time.Hour)
		if a = must[Account](t)(db.Rename(ctx, ana.ID, "Anna")); a.Nickname != "Anna" {
			t.Fatalf("%+v", a)
		}
		if _, err := db.Rename(ctx, 999, "zed"); !errors.Is(err, ErrNotFound) {
			t.Errorf("rename of no account: %v", err)
		}
	})
}
