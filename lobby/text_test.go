package lobby

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSanitizeBoundsCombiningMarks(t *testing.T) {
	acute, grave, dotBelow, circumflex := "\u0301", "\u0300", "\u0323", "\u0302"
	tests := []struct {
		name, in, want string
	}{
		{"150 marks on one letter", "a" + strings.Repeat(acute, 150) + "b", "a" + strings.Repeat(acute, maxMarks) + "b"},
		{"marks on every letter", strings.Repeat("x"+strings.Repeat(grave, 50), 3), strings.Repeat("x"+strings.Repeat(grave, maxMarks), 3)},
		{"Vietnamese, decomposed", "Vi" + "e" + dotBelow + circumflex + "t", "Vi" + "e" + dotBelow + circumflex + "t"},
		{"precomposed accents", "déjà vu, naïve, Ærø", "déjà vu, naïve, Ærø"},
		{"marks with no letter", strings.Repeat(acute, 150) + "ok", strings.Repeat(acute, maxMarks) + "ok"},
		{"stacked Hangul vowels", "\u1100" + strings.Repeat("\u1161", 150), "\u1100" + strings.Repeat("\u1161", maxMarks)},
		{"a filler does not reset the count", "e" + strings.Repeat(acute+"\u3164", 20), "e" + strings.Repeat(acute, maxMarks)},
		{"emoji with its variation selector", "I \u2764\ufe0f UNO", "I \u2764\ufe0f UNO"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Sanitize(tc.in, 0))
		})
	}
}

func TestSanitizeDropsInvisibleFillers(t *testing.T) {
	fillers := []rune{0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x034f, 0x17b4, 0x17b5,
		0x180e, 0x2028, 0x2029, 0xe0041, 0xfff0, 0x200b, 0xfeff, 0x2060}
	for _, f := range fillers {
		in := "a" + string(f) + "b"
		assert.Equal(t, "ab", Sanitize(in, 0), "U+%04X", f)
		assert.Equal(t, "", Sanitize(strings.Repeat(string(f), 10), 0), "a line of U+%04X only is empty", f)
	}
	assert.Equal(t, "한국어", Sanitize("한국어", 0), "Hangul syllables are letters")
}

// Property: whatever is typed, what is kept has no invisible filler, no run
// of more than maxMarks marks, is valid UTF-8, and sanitizing it again
// changes nothing.
func TestSanitizeProperties(t *testing.T) {
	pool := []rune{'a', 'Z', ' ', 0x301, 0x323, 0x20dd, 0x1161, 0x115f, 0x3164, 0xffa0,
		0x200b, 0x202e, 0x1b, '[', '3', 'm', 0x9b, 0xe9, 0xd55c, 0x2028, 0xfe0f}
	rng := rand.New(rand.NewPCG(15, 15))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteRune(pool[rng.IntN(len(pool))])
		}
		in := b.String()
		out := Sanitize(in, 0)
		require.True(t, utf8.ValidString(out))
		run := 0
		for _, r := range out {
			require.False(t, isInvisible(r), "%q kept U+%04X", in, r)
			if isMark(r) {
				run++
				require.LessOrEqual(t, run, maxMarks, "%q", in)
			} else {
				run = 0
			}
		}
		require.Equal(t, out, Sanitize(out, 0), "%q", in)
	}
}

func TestCodesAreLongGroupedAndForgiving(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		code := randomCode()
		require.Len(t, code, CodeLength)
		for _, r := range code {
			require.Contains(t, codeAlphabet, string(r))
		}
		require.False(t, seen[code])
		seen[code] = true

		shown := FormatCode(code)
		assert.Equal(t, code[:4]+"-"+code[4:8]+"-"+code[8:], shown)
		for _, typed := range []string{shown, strings.ToLower(shown), strings.ReplaceAll(shown, "-", " "), code} {
			assert.Equal(t, code, NormalizeCode(typed))
		}
	}
	assert.Equal(t, "QQQQQQ", FormatCode("QQQQQQ"), "not a code: left alone")
}

// Sanitize returns text it keeps whole as it is, without a copy (names are
// cleaned on every frame that shows them), and otherwise the same as
// building the result rune by rune (sanitizeRuneByRune, its former body).
func TestSanitizeKeepsCleanTextWithoutACopy(t *testing.T) {
	for _, in := range []string{"alice", "Zoë Ñandú", "한국어", "  padded  "} {
		allocs := testing.AllocsPerRun(100, func() { _ = Sanitize(in, 0) })
		assert.Zero(t, allocs, "%q", in)
	}
	pool := []rune{'a', 'Z', ' ', '\t', '\n', 0x301, 0x323, 0x1161, 0x3164, 0x200b, 0x202e,
		0x1b, '[', '3', 'm', 0x9b, 0xe9, 0xd55c, 0xfe0f, 0x7f}
	rng := rand.New(rand.NewPCG(16, 16))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteRune(pool[rng.IntN(len(pool))])
		}
		if rng.IntN(8) == 0 {
			b.WriteByte(0xff) // a stray byte
		}
		in := b.String()
		for _, max := range []int{0, 1, 5, 12} {
			require.Equal(t, sanitizeRuneByRune(in, max), Sanitize(in, max), "%q, at most %d", in, max)
		}
	}
}

// sanitizeRuneByRune is Sanitize as it was before it kept clean text whole.
func sanitizeRuneByRune(s string, max int) string {
	var b strings.Builder
	n, marks := 0, 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			csi := s[i] == 0x9b
			i++
			if csi {
				i += escapeLength(s[i:], true)
			}
			continue
		}
		if r == 0x1b || r == 0x9b {
			i += size + escapeLength(s[i+size:], r == 0x9b)
			continue
		}
		i += size
		if r == '\t' || r == '\n' || r == '\r' {
			r = ' '
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || isBidi(r) || isInvisible(r) {
			continue
		}
		if isMark(r) {
			if marks >= maxMarks {
				continue
			}
			marks++
		} else {
			marks = 0
		}
		if max > 0 && n >= max {
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// A valid nickname is shown as it is: Sanitize, which cleans names on every
// frame, leaves it whole, accents and all.
func TestSanitizeKeepsValidNicknames(t *testing.T) {
	for _, nick := range []string{"Zoë", "аna", "ane\u0342", "ที่ดี", "नमस्ते", "Ελένη", "a_b-9", "שלום"} {
		shown, err := CheckNick(nick)
		if err != nil {
			t.Fatalf("CheckNick(%q): %v", nick, err)
		}
		if got := Sanitize(shown, MaxChat); got != shown {
			t.Errorf("Sanitize(%q) = %q", shown, got)
		}
	}
}
