package ui

import (
	"github.com/charmbracelet/bubbles/help"

	"github.com/unossh/unossh/engine"
)

// ChipW is the width of a card drawn as a label (ChipCard): "[W+4]" under
// the cursor, " W+4 " otherwise.
const ChipW = 5

// Cards are the session's styles as the table draws with them: the text
// styles, and the cards, chips and piles of the player's terminal, with
// the cache of what they have drawn, shared by every session of the same
// kind of terminal.
type Cards interface {
	Styles
	// Label is a card's name in its colour.
	Label(c engine.Card, e engine.Edition) string
	// Chip is a colour's name in that colour.
	Chip(c engine.Color) string
	// ChipCard is a card of a hand drawn as a label (a hand too wide for
	// drawn cards), dimmed when it cannot be played, marked at the cursor.
	ChipCard(c engine.Card, e engine.Edition, dim, cursor bool) string
	// SmallCard is a card of a hand, cardW cells wide.
	SmallCard(c engine.Card, e engine.Edition, cardW int, dim, bold bool) []string
	// BigCard is the discard pile's top card, with the colour in play.
	BigCard(c engine.Card, inPlay engine.Color, e engine.Edition) []string
	// DrawPile is the draw pile of n cards.
	DrawPile(n int) []string
	// Banner draws s as a banner (OUT, WATCHING, DROP!).
	Banner(s string) string
	// ChatNick draws a nickname in the chat.
	ChatNick(s string) string
	// Rule is a horizontal rule w cells wide.
	Rule(w int) string
	// Footer is the footer of km's keys, w cells wide.
	Footer(w int, km help.KeyMap) string
	// Overlay draws body in the overlay's border, w cells wide.
	Overlay(body []string, w int) string
	// Drawn is the cache of strings drawn in these styles (Keep).
	Drawn() *Drawn
}
