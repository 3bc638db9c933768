package lobby

import (
	"math/rand/v2"
	"strings"
	"testing"
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
