package lobby

import (
	"crypto/rand"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/names"
)

// Limits on what players type.
const (
	MaxChat    = 200 // characters in a chat line
	MinNick    = names.Min
	MaxNick    = names.Max
	chatBurst  = 5               // chat lines allowed at once
	chatRefill = 2 * time.Second // one more line allowed per
	maxMarks   = 3               // combining marks kept on one character
)

// CodeLength is the length of a private table's code: 12 characters of the
// 23 of codeAlphabet, shown and typed in groups of CodeGroup.
//
// The sum: 23^12 is about 2.19e16 codes. A /16 is 65,536 addresses; one
// guess a second from each for a year (31,557,600 s) is about 2.07e12
// guesses. With 100 private tables open at every moment, each guess hits
// one with probability 100/2.19e16, so the year's guesses find on average
// 2.07e12 * 100 / 2.19e16 = 0.0094 tables: a 1-in-106 chance of finding
// any. That is before the guess limits (guesses.go), which hold each
// address to 120 wrong codes an hour, not 3,600: with them the same /16
// makes 6.9e10 guesses a year and finds a table once in about 3,200 years
// (expected 3.1e-4 a year).
const (
	CodeLength = 12
	CodeGroup  = 4
)

// ValidNick reports whether s is a valid nickname (package names): 2 to 16
// letters of any script, digits, '-' or '_', each one terminal cell wide.
// Never an escape sequence, an emoji or an invisible character.
func ValidNick(s string) bool { return names.Valid(s) }

// CheckNick reads a typed nickname: the name as it is shown (what was
// typed, in NFC), or why it is not one, in an error that is ErrNickInvalid
// and says which character is refused (names.InvalidError).
func CheckNick(s string) (string, error) {
	n, err := names.Check(s)
	if err != nil {
		return "", nickError{err}
	}
	return n.Display, nil
}

// nickError is a nickname names.Check refused: it reads as the reason,
// and is ErrNickInvalid.
type nickError struct{ err error }

func (e nickError) Error() string   { return e.err.Error() }
func (e nickError) Unwrap() []error { return []error{e.err, ErrNickInvalid} }

// nickKey is the form under which the hub tells the players online apart:
// one for a name in any letter case and its look-alikes.
func nickKey(nick string) string { return names.Key(nick) }

// Sanitize makes player-typed text safe to show on anyone's terminal: escape
// sequences are removed whole, and every other control character, bidirectional
// override or isolate, and invisible format character is dropped. Invalid UTF-8
// is dropped too, and so are invisible fillers (isInvisible). A character
// keeps at most maxMarks combining marks: enough for any accented letter,
// where 150 stacked marks drew over three rows of other players' screens.
// The result is at most max runes (0: no limit).
func Sanitize(s string, max int) string {
	// Most text is kept whole, and then s itself is returned: names are
	// cleaned again on every frame that shows them. The builder is used
	// only from the first character that changes.
	var b strings.Builder
	same := true // b would hold s[:i] exactly: nothing written to it yet
	differ := func(at int) {
		if same {
			same = false
			b.WriteString(s[:at])
		}
	}
	n, marks := 0, 0 // runes kept; combining marks on the last character
	end := len(s)    // where the text kept whole ends, while same
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			// A stray byte. 0x9b is an 8-bit CSI to a terminal that takes
			// 8-bit controls: drop its whole sequence, not just the byte.
			differ(i)
			csi := s[i] == 0x9b
			i++
			if csi {
				i += escapeLength(s[i:], true)
			}
			continue
		}
		if r == 0x1b || r == 0x9b { // ESC or CSI: skip the whole sequence
			differ(i)
			i += size + escapeLength(s[i+size:], r == 0x9b)
			continue
		}
		at := i
		i += size
		if r == '\t' || r == '\n' || r == '\r' {
			differ(at)
			r = ' '
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || isBidi(r) || isInvisible(r) {
			differ(at)
			continue
		}
		if isMark(r) {
			if marks >= maxMarks {
				differ(at)
				continue
			}
			marks++
		} else {
			marks = 0
		}
		if max > 0 && n >= max {
			end = at
			break
		}
		if !same {
			b.WriteRune(r)
		}
		n++
	}
	if same {
		return strings.TrimSpace(s[:end])
	}
	return strings.TrimSpace(b.String())
}

// escapeLength is how many bytes after an ESC (or a C1 CSI) belong to its sequence.
func escapeLength(s string, csi bool) int {
	if len(s) == 0 {
		return 0
	}
	i := 0
	kind := byte('[')
	if !csi {
		kind = s[0]
		i = 1
	}
	switch kind {
	case '[': // CSI: parameters and intermediates, then one final byte
		for i < len(s) {
			c := s[i]
			i++
			if c >= 0x40 && c <= 0x7e {
				return i
			}
		}
		return i
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to BEL or ST
		for i < len(s) {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			i++
		}
		return i
	}
	// A two- or three-byte escape: intermediates, then a final byte.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && !csi && kind >= 0x20 && kind <= 0x2f {
		i++
	}
	return i
}

// isBidi reports whether r changes text direction: embeddings, overrides,
// isolates and marks, which could make a line read other than it is.
func isBidi(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// isMark reports whether r draws on the character before it instead of a
// cell of its own: a combining mark, or a Hangul vowel or final consonant
// jamo, which terminals stack the same way.
func isMark(r rune) bool {
	return unicode.Is(unicode.M, r) || r >= 0x1160 && r <= 0x11ff || r >= 0xd7b0 && r <= 0xd7ff
}

// isInvisible reports whether r draws nothing while not being a space:
// fillers that let a line or a name look empty or like another, and
// line or paragraph separators, which some terminals take as a new line.
func isInvisible(r rune) bool {
	switch r {
	case 0x115f, 0x1160, 0x3164, 0xffa0, // Hangul fillers
		0x2800,         // Braille blank
		0x034f,         // combining grapheme joiner
		0x17b4, 0x17b5, // Khmer inherent vowels
		0x16fe4,                // Khitan filler
		0x2028, 0x2029, 0x2065: // line and paragraph separators; reserved ignorable
		return true
	}
	return r >= 0x180b && r <= 0x180f || // Mongolian variation selectors and vowel separator
		r >= 0xfff0 && r <= 0xfff8 || // reserved ignorable
		r >= 0xe0000 && r <= 0xe0fff // tags, ideographic variation selectors, reserved ignorable
}

// codeAlphabet has no look-alike characters (no 0/O, 1/I/L, 2/Z, 5/S, 8/B,
// U/V), so a code read aloud or copied by hand comes out right.
const codeAlphabet = "34679ACDEFGHJKMNPQRTWXY"

// newCode draws a fresh private table code with crypto/rand (hub goroutine).
// Codes are kept as CodeLength characters with no dashes; FormatCode groups
// them for people.
func (h *Hub) newCode() string {
	for {
		if code := randomCode(); h.codes[code] == nil {
			return code
		}
	}
}

// randomCode is CodeLength characters of codeAlphabet (randomChars).
func randomCode() string { return randomChars(CodeLength) }

// randomChars is n characters of codeAlphabet, each uniform: bytes at or
// past the last whole multiple of the alphabet are drawn again, so no
// character is likelier than another.
func randomChars(n int) string {
	const limit = 256 - 256%len(codeAlphabet)
	code := make([]byte, 0, n)
	buf := make([]byte, 2*n)
	for len(code) < n {
		_, _ = rand.Read(buf)
		for _, b := range buf {
			if int(b) < limit && len(code) < n {
				code = append(code, codeAlphabet[int(b)%len(codeAlphabet)])
			}
		}
	}
	return string(code)
}

// NormalizeCode reads a code the way a person types it: any case, spaces or
// dashes ignored. The result is what the lobby keeps (FormatCode's input).
func NormalizeCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r != ' ' && r != '-' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// FormatCode groups a code for people to read and type: "K7QX-2MHC-9DFA".
// Anything that is not a normalized code of CodeLength (a table's) or
// RejoinLength (a guest's rejoin code) comes back as it is.
func FormatCode(code string) string {
	if len(code) != CodeLength && len(code) != RejoinLength {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i += CodeGroup {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(code[i:min(i+CodeGroup, len(code))])
	}
	return b.String()
}

// chatLimiter is a token bucket for one player's chat lines.
type chatLimiter struct {
	tokens float64
	last   time.Time
}

func (l *chatLimiter) allow(t time.Time) bool {
	if l.last.IsZero() {
		l.tokens = chatBurst
	} else {
		l.tokens += float64(t.Sub(l.last)) / float64(chatRefill)
		if l.tokens > chatBurst {
			l.tokens = chatBurst
		}
	}
	l.last = t
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}

func tableID(n int) string { return fmt.Sprintf("t%d", n) }

func defaultSettings(players int) engine.Settings {
	return engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: players, Target: engine.DefaultTarget}
}
