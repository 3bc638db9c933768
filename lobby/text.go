package lobby

import (
	"crypto/rand"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/unossh/unossh/engine"
)

// Limits on what players type.
const (
	MaxChat     = 200 // characters in a chat line
	MinNick     = 2
	MaxNick     = 16
	CodeLength  = 6
	chatBurst   = 5               // chat lines allowed at once
	chatRefill  = 2 * time.Second // one more line allowed per
	maxWrong    = 5               // wrong private codes allowed per minute
	wrongWindow = time.Minute
)

// ValidNick reports whether s is a valid nickname: 2 to 16 ASCII letters,
// digits, '-' or '_'. Nothing else, so a nickname can never carry an escape
// sequence or pretend to be someone else with look-alike letters.
func ValidNick(s string) bool {
	if len(s) < MinNick || len(s) > MaxNick {
		return false
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_'
		if !ok {
			return false
		}
	}
	return true
}

// SuggestNick turns an SSH user name into a valid nickname, or "" if nothing
// of it is usable.
func SuggestNick(user string) string {
	var b strings.Builder
	for _, r := range user {
		if b.Len() >= MaxNick {
			break
		}
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') {
			b.WriteRune(r)
		}
	}
	if s := b.String(); ValidNick(s) {
		return s
	}
	return ""
}

// Sanitize makes player-typed text safe to show on anyone's terminal: escape
// sequences are removed whole, and every other control character, bidirectional
// override or isolate, and invisible format character is dropped. Invalid UTF-8
// is dropped too. The result is at most max runes (0: no limit).
func Sanitize(s string, max int) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			// A stray byte. 0x9b is an 8-bit CSI to a terminal that takes
			// 8-bit controls: drop its whole sequence, not just the byte.
			csi := s[i] == 0x9b
			i++
			if csi {
				i += escapeLength(s[i:], true)
			}
			continue
		}
		if r == 0x1b || r == 0x9b { // ESC or CSI: skip the whole sequence
			i += size + escapeLength(s[i+size:], r == 0x9b)
			continue
		}
		i += size
		if r == '\t' || r == '\n' || r == '\r' {
			r = ' '
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || isBidi(r) {
			continue
		}
		if max > 0 && n >= max {
			break
		}
		b.WriteRune(r)
		n++
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

// codeAlphabet has no look-alike characters (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V).
const codeAlphabet = "34679ACDEFGHJKMNPQRTWXY"

// newCode draws a fresh private table code with crypto/rand (hub goroutine).
func (h *Hub) newCode() string {
	for {
		var b [CodeLength]byte
		_, _ = rand.Read(b[:])
		for i := range b {
			b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
		}
		if code := string(b[:]); h.codes[code] == nil {
			return code
		}
	}
}

// NormalizeCode reads a code the way a person types it: any case, spaces or
// dashes ignored.
func NormalizeCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r != ' ' && r != '-' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// guessLog throttles guessing private codes: a few wrong codes a minute.
type guessLog struct{ wrong []time.Time }

func (g *guessLog) allow(t time.Time) bool {
	kept := g.wrong[:0]
	for _, w := range g.wrong {
		if t.Sub(w) < wrongWindow {
			kept = append(kept, w)
		}
	}
	g.wrong = kept
	return len(g.wrong) < maxWrong
}

func (g *guessLog) miss(t time.Time) { g.wrong = append(g.wrong, t) }

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
