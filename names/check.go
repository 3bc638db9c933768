package names

import (
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// The length of a nickname, in characters: each letter, digit, '-' or '_'
// is one (with its accents), and takes one cell on a terminal.
const (
	Min = 2
	Max = 16
	// MaxMarks is how many accents one letter may carry: enough for any
	// script's letters (Vietnamese, Thai, Devanagari), where a stack of
	// them draws over the rows of other players' screens.
	MaxMarks = 2
)

// ErrInvalid is what every refused nickname is (errors.Is); an
// *InvalidError says why.
var ErrInvalid = errors.New("a nickname is 2 to 16 letters, digits, - or _")

// InvalidError is a refused nickname and the reason, worded for the player.
type InvalidError struct {
	// What is the character, or the part of the name, refused (shown
	// quoted, or as U+XXXX if it draws nothing); "" for the name as a whole.
	What   string
	Reason string
}

func (e *InvalidError) Error() string {
	if e.What == "" {
		return e.Reason
	}
	return e.What + ": " + e.Reason
}

func (e *InvalidError) Unwrap() error { return ErrInvalid }

// Name is a valid nickname.
type Name struct {
	// Display is the name as the player typed it (in NFC, which looks
	// the same): what everyone sees.
	Display string
	// Fold is its PRECIS UsernameCaseMapped form: the name in lower case,
	// whatever case it was typed in.
	Fold string
	// Key is the skeleton of Fold: equal for names that look alike.
	Key string
}

// Check reads a typed nickname: the Name if it is one, or an *InvalidError
// that says which character is not allowed and why, or that it is too
// short or too long.
func Check(s string) (Name, error) {
	if !utf8.ValidString(s) {
		return Name{}, &InvalidError{Reason: "that is not text a terminal can show"}
	}
	s = norm.NFC.String(s)
	n, err := characters(s)
	if err != nil {
		return Name{}, err
	}
	if n < Min || n > Max {
		return Name{}, &InvalidError{Reason: fmt.Sprintf("%s (that one has %d)", ErrInvalid.Error(), n)}
	}
	kept, err := precis.UsernameCasePreserved.String(s)
	if err != nil {
		return Name{}, precisError(s, err)
	}
	if kept != s {
		// Width mapping would change what was typed (half-width katakana
		// become full-width): say so rather than show another name.
		return Name{}, &InvalidError{What: quote(changedBy(s)), Reason: "half-width and full-width forms are not allowed in nicknames"}
	}
	fold, err := precis.UsernameCaseMapped.String(s)
	if err != nil {
		return Name{}, precisError(s, err)
	}
	return Name{Display: s, Fold: fold, Key: skeletonKey(fold)}, nil
}

// Valid reports whether s is a nickname.
func Valid(s string) bool {
	_, err := Check(s)
	return err == nil
}

// characters counts the characters of s (an NFC string), or says which
// one is not allowed.
func characters(s string) (int, error) {
	n, marks := 0, 0
	letter := false // the last character was a letter: an accent may follow
	for _, r := range s {
		if why := refused(r); why != "" {
			return 0, &InvalidError{What: show(r), Reason: why}
		}
		if unicode.IsMark(r) {
			if !letter {
				return 0, &InvalidError{What: show(r), Reason: "an accent must sit on a letter"}
			}
			if marks++; marks > MaxMarks {
				return 0, &InvalidError{What: show(r), Reason: fmt.Sprintf("more than %d accents on one letter are not allowed in nicknames", MaxMarks)}
			}
			continue
		}
		// A precomposed letter counts the accents it is made of: "é"
		// and "e" with an acute are one letter with one accent.
		marks, letter = decomposedMarks(r), unicode.IsLetter(r)
		n++
	}
	return n, nil
}

// decomposedMarks is how many accents r is made of, in NFD.
func decomposedMarks(r rune) int {
	n := 0
	for _, m := range norm.NFD.String(string(r)) {
		if unicode.IsMark(m) {
			n++
		}
	}
	return n
}

// refused is why r may not be in a nickname, "" if it may.
func refused(r rune) string {
	switch {
	case r == '-' || r == '_':
		return ""
	case unicode.IsMark(r) && isEmojiPart(r):
		return "emoji are not allowed in nicknames"
	case unicode.IsMark(r):
		return ""
	case unicode.IsControl(r):
		return "control characters are not allowed in nicknames"
	case unicode.IsSpace(r):
		return "spaces are not allowed in nicknames"
	case isEmoji(r) || isEmojiPart(r):
		return "emoji are not allowed in nicknames"
	case unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Co, unicode.Cs) || !unicode.IsGraphic(r):
		return "invisible or unassigned characters are not allowed in nicknames"
	case unicode.IsLetter(r) || unicode.Is(unicode.Nd, r):
		switch ansi.StringWidth(string(r)) {
		case 1:
			return ""
		case 0:
			return "characters that draw nothing of their own are not allowed in nicknames"
		}
		return "wide characters (two cells) are not allowed in nicknames"
	case unicode.IsSymbol(r):
		return "symbols are not allowed in nicknames: only letters, digits, - and _"
	}
	return "only letters, digits, - and _ are allowed in nicknames"
}

// isEmoji reports whether r is a pictograph: the blocks emoji come from.
func isEmoji(r rune) bool {
	return r >= 0x1f000 && r <= 0x1faff || // mahjong, cards, pictographs, emoticons, transport, flags' letters
		r >= 0x2600 && r <= 0x27bf || // miscellaneous symbols, dingbats
		r >= 0x2300 && r <= 0x23ff || // ⌚ ⏰ and the like
		r >= 0x2b00 && r <= 0x2bff || // ⭐ ⬛
		r == 0x00a9 || r == 0x00ae || r == 0x203c || r == 0x2049 || r == 0x2122 || r == 0x2139 ||
		r == 0x3030 || r == 0x303d || r == 0x3297 || r == 0x3299
}

// isEmojiPart reports whether r joins or restyles an emoji: a zero width
// joiner, a variation selector, a keycap or a tag.
func isEmojiPart(r rune) bool {
	return r == 0x200d || r == 0xfe0e || r == 0xfe0f || r == 0x20e3 || r >= 0xe0020 && r <= 0xe007f
}

// precisError words what the PRECIS profile refused in s.
func precisError(s string, err error) error {
	if errors.Is(err, bidirule.ErrInvalid) {
		return &InvalidError{Reason: "letters written right to left cannot be mixed with others, nor start or end with a digit, in a nickname"}
	}
	for _, r := range s {
		if _, e := precis.UsernameCasePreserved.String(string(r)); e != nil && !unicode.IsMark(r) {
			return &InvalidError{What: show(r), Reason: "this character is not allowed in nicknames"}
		}
	}
	return &InvalidError{Reason: "this name is not allowed: " + err.Error()}
}

// changedBy is the first character of s that width mapping changes.
func changedBy(s string) string {
	for _, r := range s {
		if m, err := precis.UsernameCasePreserved.String(string(r)); err == nil && m != string(r) {
			return string(r)
		}
	}
	return s
}

// show is r as a player can read it in a message: quoted if it draws, its
// code point if not.
func show(r rune) string {
	if unicode.IsGraphic(r) && !unicode.IsMark(r) && !unicode.IsSpace(r) {
		return quote(string(r))
	}
	return fmt.Sprintf("U+%04X", r)
}

func quote(s string) string { return "“" + s + "”" }
