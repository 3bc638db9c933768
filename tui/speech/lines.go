package speech

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// Line is a line of the table's log as one plain sentence: a chat line as
// who said what, an event with its cards in words and its shouting
// lowered ("you played W+4: RED" is "you played wild draw four, red."),
// and no symbol a speech synthesiser reads as noise. names are the seats'
// nicknames: a word that is someone's name is never read as a card.
func Line(l lobby.LogLine, e engine.Edition, names []string) string {
	if l.Chat {
		return sentence(Plain(l.Nick) + " says: " + Plain(l.Text))
	}
	return Say(l.Text, e, names)
}

// Say is a line the game wrote for the screen (an event, a notice) as one
// plain sentence: cards in words, colours and shouts in lower case, the
// symbols said or dropped, and a full stop at the end.
func Say(text string, e engine.Edition, names []string) string {
	text = Plain(text)
	for _, r := range rewrites {
		text = r.re.ReplaceAllString(text, r.to)
	}
	words := strings.Fields(text)
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		lead, core, tail := trim(w)
		if isName(core, names) {
			out = append(out, w)
			continue
		}
		if c, ok := label(core, e); ok {
			// A run of labels is a list of cards: "R1 G2 B3" is said
			// "red 1, green 2 and blue 3".
			cards := []engine.Card{c}
			for i+1 < len(words) && tail == "" {
				l2, c2, t2 := trim(words[i+1])
				card, ok := label(c2, e)
				if l2 != "" || !ok || isName(c2, names) {
					break
				}
				cards, tail = append(cards, card), t2
				i++
			}
			out = append(out, lead+Cards(cards)+spoken(tail))
			continue
		}
		if shouted(core) {
			core = strings.ToLower(core)
		}
		out = append(out, lead+core+tail)
	}
	return sentence(strings.ReplaceAll(strings.Join(out, " "), " ,", ","))
}

// rewrites are the log's shapes that read badly aloud, as they are said.
var rewrites = []struct {
	re *regexp.Regexp
	to string
}{
	{regexp.MustCompile(`without UNO: \+(\d+)`), "without UNO, a penalty of $1 cards"},
	{regexp.MustCompile(`dropped \((\d+)\)`), "dropped, number $1"},
	{regexp.MustCompile(`\((\d+) points?\)`), ", $1 points,"},
	{regexp.MustCompile(`(^|\s)\+(\d+)`), "${1}plus $2"},
	{regexp.MustCompile(`\b1 (\w+ )?cards\b`), "1 ${1}card"},
}

// trim splits a word into the punctuation before it, its core, and the
// punctuation after it: "(W+4:" is "(", "W+4", ":".
func trim(w string) (lead, core, tail string) {
	end := strings.TrimRightFunc(w, func(r rune) bool { return strings.ContainsRune(`:,.!;)"'`, r) })
	// A card's label may end in "?" (a Blank) or "*" (a foil): kept.
	core = strings.TrimLeftFunc(end, func(r rune) bool { return strings.ContainsRune(`("'`, r) })
	return end[:len(end)-len(core)], core, w[len(end):]
}

// spoken is a word's trailing punctuation as a sentence says it: a colon
// after a card ("W+4: RED") is a pause, a comma.
func spoken(tail string) string {
	if tail == ":" {
		return ","
	}
	return tail
}

// isName reports whether w is one of the seats' nicknames.
func isName(w string, names []string) bool {
	for _, n := range names {
		if n != "" && n == w {
			return true
		}
	}
	return false
}

// shouted reports whether w is a word in capitals the game wrote for
// emphasis ("RED", "GAME", "KEVIN'S"), which a synthesiser might spell out
// letter by letter. UNO stays as it is: it is the game's name, and said so.
func shouted(w string) bool {
	if utf8.RuneCountInString(w) < 2 || w == "UNO" || w == "UNO!" || w == "API" {
		return false
	}
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// sentence ends s with a full stop unless it ends a sentence already.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ",:; ")
	if s == "" {
		return ""
	}
	if strings.ContainsRune(".!?", rune(s[len(s)-1])) {
		return s
	}
	return s + "."
}

// Plain is text with the symbols a synthesiser reads as noise said in
// words or dropped, and no control character or escape sequence: what is
// left is letters, digits, spaces and a sentence's punctuation.
func Plain(s string) string {
	s = lobby.Sanitize(s, 0)
	var b strings.Builder
	for _, r := range s {
		if w, ok := symbolWords[r]; ok {
			b.WriteString(w)
			continue
		}
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsSpace(r), unicode.IsMark(r):
			b.WriteRune(r)
		case r < 0x80 && unicode.IsPunct(r), r == '+', r == '=', r == '<', r == '>':
			b.WriteRune(r)
		}
		// Everything else (box drawing, arrows, dingbats, emoji) is
		// dropped: nothing in it is a word.
	}
	return strings.ReplaceAll(strings.Join(strings.Fields(b.String()), " "), " ,", ",")
}

// symbolWords are the symbols the game writes that carry a meaning, as said.
var symbolWords = map[rune]string{
	'·': ",", '—': ",", '–': ",", '…': "...", '→': " to ", '←': " back ",
	'×': " times ", '’': "'", '“': `"`, '”': `"`, '★': "", '•': ",",
}
