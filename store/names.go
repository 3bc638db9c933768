package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"strings"

	"github.com/unossh/unossh/names"
)

// Nickname rules are package names': letters of any script, digits, '-'
// and '_', each one cell wide. A name is reserved under two keys: its
// PRECIS form (nickname_key: one owner whatever the letter case) and that
// form's TR39 skeleton (name_skeleton: one owner for names that look
// alike, Cyrillic "аna" and Latin "ana").
const (
	MinName = names.Min
	MaxName = names.Max
	// GuestPrefix starts every guest name; no account may take it.
	GuestPrefix = "guest-"
)

// CheckName reports whether s may be an account's nickname: an error that
// is ErrNameInvalid and says why (names.InvalidError), or ErrNameReserved.
func CheckName(s string) error {
	n, err := names.Check(s)
	if err != nil {
		return nameError{err}
	}
	if strings.HasPrefix(n.Fold, GuestPrefix) || strings.HasPrefix(n.Key, names.Key(GuestPrefix)) {
		return ErrNameReserved
	}
	return nil
}

// nameError is a name names.Check refused: it reads as the reason, and
// is ErrNameInvalid as well as names.ErrInvalid.
type nameError struct{ err error }

func (e nameError) Error() string   { return e.err.Error() }
func (e nameError) Unwrap() []error { return []error{e.err, ErrNameInvalid} }

// nameKey is the form under which a nickname is reserved exactly: one
// owner for "Ana", "ana" and "ANA".
func nameKey(s string) string { return names.Fold(s) }

// nameSkeleton is the form under which a nickname's look-alikes are
// reserved: one owner for "ana", "аna" and "ANA".
func nameSkeleton(s string) string { return names.Key(s) }

// fillNameSkeletons gives every account made before step 3 its
// name_skeleton, oldest first: of two accounts whose names look alike the
// older takes the skeleton, and the newer keeps its name (reserved
// exactly by its nickname_key) with none, so that neither player loses
// the name they have. Any third look-alike meets the older's skeleton.
func fillNameSkeletons(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, nickname FROM accounts WHERE name_skeleton IS NULL ORDER BY created_ms, id`)
	if err != nil {
		return err
	}
	type named struct {
		id   int64
		nick string
	}
	var all []named
	for rows.Next() {
		var n named
		if err := rows.Scan(&n.id, &n.nick); err != nil {
			rows.Close()
			return err
		}
		all = append(all, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	taken := map[string]bool{}
	for _, n := range all {
		key := nameSkeleton(n.nick)
		if taken[key] {
			continue // a newer look-alike: it keeps its name, without the key
		}
		taken[key] = true
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET name_skeleton = ? WHERE id = ?`, key, n.id); err != nil {
			return err
		}
	}
	return nil
}

// codeAlphabet is Crockford's base 32: no I, L, O or U, so a code read
// aloud or copied by hand is not misread.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// GuestName is a fresh guest name such as guest-7Q4K. Guest names are not
// reserved and carry no stats; two guests may, rarely, draw the same one.
// random fills its argument with random bytes; nil means crypto/rand.
func GuestName(random func([]byte)) string {
	return GuestPrefix + randomCode(4, random)
}

// randomCode is n characters of codeAlphabet.
func randomCode(n int, random func([]byte)) string {
	if random == nil {
		random = func(b []byte) { _, _ = rand.Read(b) }
	}
	b := make([]byte, n)
	random(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)] // 256 is a multiple of 32: no bias
	}
	return string(b)
}

// normalizeCode reads a code as a person may type it: any case, with
// spaces or dashes, O for 0 and I or L for 1.
func normalizeCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch r {
		case ' ', '-', '\t':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		b.WriteRune(r)
	}
	return b.String()
}
