package speech

import (
	"strings"

	"github.com/unossh/unossh/engine"
)

// Card is a card in words: "red 7", "green skip", "yellow draw two",
// "wild", "wild draw four", "blue blank", "wild mutated minion", "foil wild
// the army of grayskull". A wild card carries no colour in a hand; on the
// pile its colour is said apart (Pile).
func Card(c engine.Card) string {
	switch {
	case c.Foil():
		return "foil " + c.Kind.String()
	case c.Kind.IsWild():
		return c.Kind.String() // "wild", "wild draw four", each edition's special
	case c.Kind == engine.Number:
		return c.Color.String() + " " + string('0'+rune(c.Value))
	}
	return c.Color.String() + " " + c.Kind.String()
}

// Cards is cards in words, joined as a sentence says a list: "red 7, blue 2
// and wild". None is "no cards".
func Cards(cs []engine.Card) string {
	if len(cs) == 0 {
		return "no cards"
	}
	words := make([]string, len(cs))
	for i, c := range cs {
		words[i] = Card(c)
	}
	return List(words, "and")
}

// List joins words as a sentence says them: "a", "a and b", "a, b and c"
// (with "or" for choices).
func List(words []string, and string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + and + " " + words[len(words)-1]
}

// label reads a card's label as the log and the screens write it ("R7",
// "W+4", "Y?", "PS"): P is the edition's purple or pink. It reports false
// for a word that is not a card's label.
func label(s string, e engine.Edition) (engine.Card, bool) {
	if len(s) < 1 || len(s) > 3 {
		return engine.Card{}, false
	}
	if s[0] == 'P' && e.HasColor(engine.Pink) {
		s = "K" + s[1:]
	} else if s[0] == 'K' {
		return engine.Card{}, false // K is pink's code, never a label
	}
	c, err := engine.ParseCard(s)
	if err != nil {
		return engine.Card{}, false
	}
	if !c.Kind.IsWild() && !e.HasColor(c.Color) || c.Kind >= engine.Blank && c.Kind != e.Special() {
		return engine.Card{}, false
	}
	return c, true
}
