package ui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The linear mode's words (Form.Said): what a page shows, as sentences a
// speech synthesiser reads well. A screen reader reads every symbol it
// meets by its name ("black right-pointing triangle", "box drawings light
// horizontal"), so the sentences carry words only: keys by their names,
// arrows as directions, and no decoration at all.

// The keys every page has in the linear mode, besides its own: the router
// handles them before the page, and adds them to the page's key map, so the
// keys said, the help page and what is handled stay one list.
var (
	// KeyAgain says the whole page again.
	KeyAgain = Bind("ctrl+l", "hear the page again", "ctrl+l")
	// KeyKeys says what each key of the page does.
	KeyKeys = Bind("ctrl+k", "hear the keys", "ctrl+k")
)

// LinearKeys are the keys every page has in the linear mode.
var LinearKeys = KeyList{KeyAgain, KeyKeys}

// symbolWords are the symbols the screens are drawn with, as words (or as
// nothing: decoration).
var symbolWords = strings.NewReplacer(
	"↑/↓", "up or down", "←/→", "left or right", "↑", "up", "↓", "down", "←", "left", "→", "right",
	" (-)", "", "…", "...", "·", ",", "—", ",", "–", "-", "»", "", "«", "", "▶", "", "▸", "", "►", "", "•", "",
	"✉", "", "★", "", "☆", "", "✓", "", "✔", "", "✗", "", "✘", "", "⚑", "", "♦", "", "♠", "", "♥", "", "♣", "",
	"█", "", "░", "", "▒", "", "▓", "", "●", "", "○", "", "◆", "", "◇", "", "■", "", "□", "",
)

// Spoken is s with the screen's symbols as words and its decoration taken
// out (styling, box drawing, blocks, marks), single spaced, and without a
// space before a comma left by a mark.
func Spoken(s string) string {
	s = symbolWords.Replace(ansi.Strip(s))
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= 0x2500 && r <= 0x259F: // box drawing, blocks
			return ' '
		case r == '\t':
			return ' '
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, " ,", ",")
	return strings.TrimLeft(s, ", ")
}

// keyNames are keys as a screen reader should say them.
var keyNames = map[string]string{
	"esc": "escape", "?": "question mark", "/": "slash", "+": "plus", "-": "minus", " ": "space",
	"pgup": "page up", "pgdown": "page down", "pgdn": "page down", "shift+tab": "shift tab", "a/b": "a or b",
}

// KeyWords is a key's help text (its Help().Key) as words: "↑/↓" "up or
// down", "esc" "escape", "ctrl+l" "control l", "1-7" "1 to 7", "M" "capital
// M".
func KeyWords(k string) string {
	if w, ok := keyNames[k]; ok {
		return w
	}
	if strings.Contains(k, "/") && k != "/" {
		parts := strings.Split(k, "/")
		for i, p := range parts {
			parts[i] = KeyWords(p)
		}
		return strings.Join(parts, " or ")
	}
	if a, b, ok := strings.Cut(k, "-"); ok && a != "" && b != "" {
		return KeyWords(a) + " to " + KeyWords(b)
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return "control " + KeyWords(rest)
	}
	if rest, ok := strings.CutPrefix(k, "alt+"); ok {
		return "alt " + KeyWords(rest)
	}
	if r := []rune(k); len(r) == 1 && unicode.IsUpper(r[0]) {
		return "capital " + k
	}
	return Spoken(k)
}

// KeysSaid is a key map as sentences, one a binding: "Press up or down to
// move." A pair that shares its help (up and down) is said once.
func KeysSaid(km help.KeyMap) []string {
	var out []string
	seen := map[key.Help]bool{}
	for _, col := range km.FullHelp() {
		for _, b := range col {
			h := b.Help()
			if seen[h] || h.Key == "" {
				continue
			}
			seen[h] = true
			out = append(out, KeySaid(h.Key, h.Desc))
		}
	}
	return out
}

// KeySaid is one key and what it does, as a sentence.
func KeySaid(k, desc string) string {
	if k == "type" || k == "any key" {
		return Sentence(capital(k) + " " + Spoken(desc))
	}
	return Sentence(capital(KeyWords(k)) + ": " + Spoken(desc))
}

// Numbered is a choice said with the number that chooses it: "3: Join by
// code, a friend's private table."
func Numbered(n int, s string) string { return strconv.Itoa(n) + ": " + Sentence(s) }

// Sentence is s spoken and ended by a full stop, if it has no ending of its
// own.
func Sentence(s string) string {
	s = Spoken(s)
	if s == "" {
		return ""
	}
	switch s[len(s)-1] {
	case '.', '!', '?', ':':
		return s
	}
	return s + "."
}

// Sentences is a list of texts as sentences, the empty ones left out.
func Sentences(ss ...string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		if s = Sentence(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// NumberKey is the number a key press chose (1 to 9), or 0.
func NumberKey(k string) int {
	if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
		return int(k[0] - '0')
	}
	return 0
}

func capital(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// wholeMark begins a sentence said only with the whole page (Whole).
const wholeMark = "\x1f"

// Whole marks a sentence said only when the page is said whole (on
// arrival, and when the player asks to hear it again), never as a change:
// what changes too often to be news (the number of players online, what a
// field holds as it is typed).
func Whole(s string) string { return wholeMark + s }

// IsWhole says whether a sentence is said only with the whole page, and
// gives it without its mark.
func IsWhole(s string) (string, bool) { return strings.CutPrefix(s, wholeMark) }

// Typed is the sentence of what a text field holds, "So far, the nickname
// reads ana, spelt a n a." (a name or a code must be heard letter by
// letter), or that it is empty. It is said with the whole page only
// (Whole): each key typed would be a sentence, and a screen reader says
// typed keys itself. A field emptied is news, and said.
func Typed(label, value string) string {
	if value == "" {
		return "So far, the " + label + " is empty."
	}
	return Whole("So far, the " + label + " reads " + value + ", spelt " + Spelt(value) + ".")
}

// Spelt is s letter by letter: "K 7 Q X".
func Spelt(s string) string {
	rs := []rune(s)
	parts := make([]string, 0, len(rs))
	for _, r := range rs {
		switch r {
		case ' ':
			parts = append(parts, "space")
		case '-':
			parts = append(parts, "dash")
		case '_':
			parts = append(parts, "underscore")
		case '.':
			parts = append(parts, "dot")
		default:
			parts = append(parts, string(r))
		}
	}
	return strings.Join(parts, " ")
}

// KeyPick chooses a row of a list by its number, in the linear mode (where
// the rows are said numbered); pages that have it add it to their key map
// only then.
var KeyPick = Bind("1-9", "choose by number", "1", "2", "3", "4", "5", "6", "7", "8", "9")

// Pick is the row a number key chose in a list of n rows (from 0), if the
// session is linear and k is KeyPick with a number in the list.
func Pick(c Context, k tea.KeyMsg, n int) (int, bool) {
	if !c.Linear() || !Is(k, KeyPick) {
		return 0, false
	}
	i := NumberKey(k.String()) - 1
	if i < 0 || i >= n {
		c.Say(fmt.Sprintf("there is no number %d here", i+1), true)
		return 0, true
	}
	return i, true
}

// Picking is km with KeyPick, in the linear mode; km otherwise.
func Picking(c Context, km *KeyList) help.KeyMap {
	if !c.Linear() {
		return km
	}
	return append(KeyList{KeyPick}, *km...)
}
