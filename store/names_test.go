package store

import (
	"errors"
	"testing"
)

// Names that look alike are one name: once one is an account's, its
// look-alikes are refused to other keys and to guests, in either order,
// with the reason; the owner may take any of them.
func TestLookAlikeNamesAreReserved(t *testing.T) {
	tests := []struct {
		name, first, second string
	}{
		{"Cyrillic after Latin", "ana", "аna"},
		{"Latin after Cyrillic", "аna", "ana"},
		{"two Cyrillic letters after Latin, other case", "ANA", "аnа"},
		{"a digit for a letter", "bob", "b0b"},
		{"one for el", "ana1", "anal"},
		{"Greek omicron", "olga", "οlga"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conform(t, Options{}, func(t *testing.T, db *DB, _ *clock) {
				first := must[Account](t)(db.Register(ctx, "SHA256:first", tt.first))
				_, err := db.Register(ctx, "SHA256:second", tt.second)
				if !errors.Is(err, ErrNameTaken) || err.Error() != (lookAlikeError{}).Error() {
					t.Fatalf("Register(%q) after %q = %v, want the look-alike refusal", tt.second, tt.first, err)
				}
				if err := db.NameFree(ctx, tt.second, ""); !errors.Is(err, ErrNameTaken) {
					t.Errorf("a guest may take %q: %v", tt.second, err)
				}
				if err := db.NameFree(ctx, tt.second, "SHA256:first"); err != nil {
					t.Errorf("the owner may not take their own look-alike: %v", err)
				}
				if a, err := db.AccountByName(ctx, tt.second); err != nil || a.ID != first.ID {
					t.Errorf("AccountByName(%q) = %+v, %v: want the look-alike's account", tt.second, a, err)
				}
			})
		})
	}
}

// A database from before look-alike keys gets them at the next start: of
// two existing accounts whose names look alike, the older takes the key and
// both keep their names; a third look-alike is refused.
func TestNameSkeletonsFilledOldestFirst(t *testing.T) {
	dir := t.TempDir()
	db, _ := openTest(t, Options{Dir: dir})
	backToSchema(t, db, 3,
		`INSERT INTO accounts(id, nickname, nickname_key, created_ms) VALUES (1, 'anal', 'anal', 2000)`,
		`INSERT INTO accounts(id, nickname, nickname_key, created_ms) VALUES (2, 'Ana1', 'ana1', 1000)`,
		`INSERT INTO accounts(id, nickname, nickname_key, created_ms) VALUES (3, 'zoe', 'zoe', 3000)`,
	)
	must0(t, db.Close())

	db, _ = openTest(t, Options{Dir: dir})
	skeletons := map[int64]*string{}
	rows, err := db.read.Query(`SELECT id, name_skeleton FROM accounts`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var s *string
		must0(t, rows.Scan(&id, &s))
		skeletons[id] = s
	}
	must0(t, rows.Err())
	rows.Close()
	if s := skeletons[2]; s == nil || *s != "anal" {
		t.Errorf("the older Ana1 has key %v, want anal", s)
	}
	if s := skeletons[1]; s != nil {
		t.Errorf("the newer anal has key %q, want none", *s)
	}
	if s := skeletons[3]; s == nil || *s != "zoe" {
		t.Errorf("zoe has key %v", s)
	}
	for id, nick := range map[int64]string{1: "anal", 2: "Ana1"} {
		if a := must[Account](t)(db.Account(ctx, id)); a.Nickname != nick {
			t.Errorf("account %d is now %q, want %q", id, a.Nickname, nick)
		}
	}
	for _, nick := range []string{"anal", "ANA1", "ana1", "аnal"} {
		if err := db.NameFree(ctx, nick, ""); !errors.Is(err, ErrNameTaken) {
			t.Errorf("NameFree(%q) = %v, want taken", nick, err)
		}
	}
}
