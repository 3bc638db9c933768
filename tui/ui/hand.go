package ui

import (
	"slices"
	"strings"

	"github.com/unossh/unossh/engine"
)

// SortHand sorts a copy of hand by colour, in the edition's order, then by
// kind and number; wild cards come last.
func SortHand(hand []engine.Card, e engine.Edition) []engine.Card {
	out := slices.Clone(hand)
	rank := func(c engine.Card) int {
		if c.Kind.IsWild() {
			return 10
		}
		for i, col := range e.Colors() {
			if col == c.Color {
				return i
			}
		}
		return 9
	}
	slices.SortStableFunc(out, func(a, b engine.Card) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		return int(a.Value) - int(b.Value)
	})
	return out
}

// ColorName is a colour as a player reads it in capitals: RED, PINK.
func ColorName(c engine.Color) string { return strings.ToUpper(c.String()) }

// BigCardW is the width of a pile card.
const BigCardW = 11
