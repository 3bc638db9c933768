package store

import (
	"crypto/rand"
	"strings"
)

// Nickname rules. The same rule as the lobby's: ASCII letters and digits so
// that a name reads the same in every terminal, and no look-alikes by case.
const (
	MinName = 2
	MaxName = 16
	// GuestPrefix starts every guest name; no account may take it.
	GuestPrefix = "guest-"
)

// CheckName reports whether s may be an account's nickname.
func CheckName(s string) error {
	if len(s) < MinName || len(s) > MaxName {
		return ErrNameInvalid
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_'
		if !ok {
			return ErrNameInvalid
		}
	}
	if strings.HasPrefix(nameKey(s), GuestPrefix) {
		return ErrNameReserved
	}
	return nil
}

// nameKey is the form under which a nickname is reserved: one owner for
// "Ana", "ana" and "ANA".
func nameKey(s string) string { return strings.ToLower(s) }

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
