package engine

import "fmt"

// This file is Classic 2001's Blank cards as the rulebook has them: four, one
// per colour (it speaks of "the yellow Blank Card"). A Blank carrying a house
// rule is a coloured card, played as the coloured action cards are: on a card
// of its colour or on another Blank; the colour in play becomes its own. What
// it scores left in a hand, the rulebook's "?", is the table's choice
// (docs/rules.md).

// BlankScore is what a Blank left in a hand scores.
type BlankScore uint8

// The Blank scores.
const (
	// BlankScoresAction: 20, as the coloured action cards it plays like.
	BlankScoresAction BlankScore = iota
	// BlankScoresWild: 50, as the wild cards.
	BlankScoresWild
	// BlankScoresNothing: 0.
	BlankScoresNothing
)

// BlankScores lists every Blank score, in the order a menu shows them.
var BlankScores = []BlankScore{BlankScoresAction, BlankScoresWild, BlankScoresNothing}

var blankScoreNames = [...]string{"action", "wild", "nothing"}
var blankScorePoints = [...]int{20, 50, 0}

// Points is what a Blank scores under this choice.
func (b BlankScore) Points() int {
	if int(b) < len(blankScorePoints) {
		return blankScorePoints[b]
	}
	return 0
}

func (b BlankScore) String() string {
	if int(b) < len(blankScoreNames) {
		return blankScoreNames[b]
	}
	return fmt.Sprintf("blank-score(%d)", b)
}

// Title is the choice as a player reads it.
func (b BlankScore) Title() string {
	switch b {
	case BlankScoresAction:
		return "20, as an action card"
	case BlankScoresWild:
		return "50, as a wild"
	case BlankScoresNothing:
		return "nothing"
	}
	return b.String()
}

// MarshalText encodes the choice by name.
func (b BlankScore) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText decodes a choice's name.
func (b *BlankScore) UnmarshalText(t []byte) error {
	return unmarshalEnum(t, blankScoreNames[:], (*uint8)(b), "Blank score")
}

// Points is what card scores left in a hand at this table: Card.Points, but
// a Blank scores what the table chose.
func (s Settings) Points(c Card) int {
	if c.Kind == Blank {
		return s.BlankPoints.Points()
	}
	return c.Points()
}

// HandPoints is what hand scores at this table.
func (s Settings) HandPoints(hand []Card) int {
	p := 0
	for _, c := range hand {
		p += s.Points(c)
	}
	return p
}
