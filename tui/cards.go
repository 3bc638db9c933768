package tui

import (
	"strconv"
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// label draws a card's label (R7, G+2, W+4) in the card's colour; a wild's
// label is a rainbow of the edition's colours.
func (s *styles) label(c engine.Card, e engine.Edition) string {
	text := c.Label()
	if !c.Kind.IsWild() {
		return s.boldColor(c.Color).Render(text)
	}
	cols := e.Colors()
	var b strings.Builder
	for i, r := range text {
		b.WriteString(s.boldColor(cols[i%len(cols)]).Render(string(r)))
	}
	return b.String()
}

// border is the style of a card's frame.
func (s *styles) border(c engine.Card) func(string) string {
	st := s.wild
	if !c.Kind.IsWild() {
		st = s.color(c.Color)
	}
	return func(t string) string { return st.Render(t) }
}

// smallCard draws a hand card, cardW cells wide and 3 lines tall:
//
//	╭────╮
//	│ R7 │
//	╰────╯
//
// dim fades a card that cannot be played now; bold frames the one under the
// cursor.
func (s *styles) smallCard(c engine.Card, e engine.Edition, cardW int, dim, bold bool) []string {
	k := cardKey{c, e, cardW, dim, bold}
	if got, ok := s.cards.Load(k); ok {
		return got.([]string)
	}
	out := s.drawSmallCard(c, e, cardW, dim, bold)
	if s.cardCount.Load() < maxCachedCards {
		if _, had := s.cards.LoadOrStore(k, out); !had {
			s.cardCount.Add(1)
		}
	}
	return out
}

// cardKey names one way of drawing a hand card.
type cardKey struct {
	c           engine.Card
	e           engine.Edition
	w           int
	dim, cursor bool
}

// maxCachedCards bounds the cache of drawn cards (a deck has at most 73
// distinct cards, each drawn in a few ways).
const maxCachedCards = 2048

func (s *styles) drawSmallCard(c engine.Card, e engine.Edition, cardW int, dim, bold bool) []string {
	inner := cardW - 2
	b := s.border(c)
	if bold {
		st := s.wild.Bold(true)
		if !c.Kind.IsWild() {
			st = s.color(c.Color).Bold(true)
		}
		b = func(t string) string { return st.Render(t) }
	}
	h, v := "─", "│"
	tl, tr, bl, br := "╭", "╮", "╰", "╯"
	if bold {
		h, v, tl, tr, bl, br = "━", "┃", "┏", "┓", "┗", "┛"
	}
	lbl := s.label(c, e)
	if dim && !s.plain { // faded, but still in its colour
		st := s.wild.Faint(true)
		if !c.Kind.IsWild() {
			st = s.color(c.Color).Faint(true)
		}
		lbl = st.Render(c.Label())
		b = func(t string) string { return st.Render(t) }
	}
	return []string{
		b(tl + strings.Repeat(h, inner) + tr),
		b(v) + center(lbl, inner) + b(v),
		b(bl + strings.Repeat(h, inner) + br),
	}
}

// kindWord is what a pile card says in its middle.
func kindWord(c engine.Card) string {
	switch c.Kind {
	case engine.Number:
		return string('0' + rune(c.Value))
	case engine.Skip:
		return "SKIP"
	case engine.Reverse:
		return "REVERSE"
	case engine.DrawTwo:
		return "DRAW 2"
	case engine.Wild:
		return "WILD"
	case engine.WildDrawFour:
		return "WILD +4"
	case engine.Blank:
		return "BLANK"
	case engine.MutatedMinion:
		return "MINION"
	case engine.PowerOfGreyskull:
		return "GREYSKULL"
	case engine.KevinsChili:
		return "CHILI"
	case engine.ArmyOfGrayskull:
		return "ARMY"
	}
	return "?"
}

// bigCard draws the top of the discard pile, 5 lines tall, framed in the
// colour in play (so a wild shows the colour chosen for it):
//
//	╭─────────╮
//	│R7       │
//	│    7    │
//	│       R7│
//	╰─────────╯
func (s *styles) bigCard(c engine.Card, inPlay engine.Color, e engine.Edition) []string {
	return keep(&s.drawn, bigCardKey{c, inPlay, e}, func() []string { return s.drawBigCard(c, inPlay, e) })
}

// bigCardKey names one way of drawing the discard pile's top card.
type bigCardKey struct {
	c      engine.Card
	inPlay engine.Color
	e      engine.Edition
}

// drawPileKey names the draw pile drawn with n cards.
type drawPileKey int

func (s *styles) drawBigCard(c engine.Card, inPlay engine.Color, e engine.Edition) []string {
	inner := ui.BigCardW - 2
	frameCol := inPlay
	if frameCol == engine.NoColor {
		frameCol = c.Color
	}
	b := s.color(frameCol).Bold(true)
	if frameCol == engine.NoColor {
		b = s.wild.Bold(true)
	}
	lbl := s.label(c, e)
	word := kindWord(c)
	if c.Kind.IsWild() {
		word = s.label(engine.Card{Kind: engine.Wild}, e)
		if c.Kind != engine.Wild {
			word = kindWord(c)
		}
	} else {
		word = s.boldColor(c.Color).Render(word)
	}
	side := b.Render("│")
	return []string{
		b.Render("╭" + strings.Repeat("─", inner) + "╮"),
		side + pad(lbl, inner) + side,
		side + center(word, inner) + side,
		side + padLeft(lbl, inner) + side,
		b.Render("╰" + strings.Repeat("─", inner) + "╯"),
	}
}

// drawPile draws the draw pile with the number of cards left.
func (s *styles) drawPile(n int) []string {
	return keep(&s.drawn, drawPileKey(n), func() []string { return s.drawDrawPile(n) })
}

func (s *styles) drawDrawPile(n int) []string {
	inner := ui.BigCardW - 2
	b := s.dim
	side := b.Render("│")
	return []string{
		b.Render("╭" + strings.Repeat("─", inner) + "╮"),
		side + spaces(inner) + side,
		side + center(s.title.Render("UNO"), inner) + side,
		side + center(s.dim.Render(strconv.Itoa(n)), inner) + side,
		b.Render("╰" + strings.Repeat("─", inner) + "╯"),
	}
}

// chip draws a colour as a small swatch and its name: "■ RED".
func (s *styles) chip(c engine.Color) string {
	return s.boldColor(c).Render("■ " + ui.ColorName(c))
}

// chipCard draws a hand card as its label alone, chipW cells wide, for a
// hand too big for rows of framed cards: " R7 ", or "[R7 ]" under the
// cursor. dim fades a card that cannot be played now.
func (s *styles) chipCard(c engine.Card, e engine.Edition, dim, cursor bool) string {
	return keep(&s.drawn, chipKey{c, e, dim, cursor}, func() string {
		lbl := s.label(c, e)
		if dim && !s.plain {
			st := s.wild.Faint(true)
			if !c.Kind.IsWild() {
				st = s.color(c.Color).Faint(true)
			}
			lbl = st.Render(c.Label())
		}
		lbl = pad(lbl, ui.ChipW-2)
		if cursor {
			return s.bold.Render("[") + lbl + s.bold.Render("]")
		}
		return " " + lbl + " "
	})
}

// chipKey names one way of drawing a hand card as its label.
type chipKey struct {
	c           engine.Card
	e           engine.Edition
	dim, cursor bool
}
