package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// What a screen shows with symbols is said in words, and its decoration
// not at all.
func TestSpokenSaysSymbolsInWords(t *testing.T) {
	for in, want := range map[string]string{
		"↑/↓ choose a line · enter to go":  "up or down choose a line, enter to go",
		" ▶ Quick play   any edition":      "Quick play any edition",
		"finding you a seat…":              "finding you a seat...",
		"│ R7 │ ──── ╭─╮":                  "R7",
		"✗ that name is taken":             "that name is taken",
		"0 games, 0 wins (-), 0 points":    "0 games, 0 wins, 0 points",
		"\x1b[1mbold\x1b[0m and a\tbell\a": "bold and a bell",
	} {
		assert.Equal(t, want, Spoken(in), "%q", in)
	}
}

func TestKeyWords(t *testing.T) {
	for k, want := range map[string]string{
		"↑/↓": "up or down", "←/→": "left or right", "esc": "escape", "?": "question mark", "/": "slash",
		"ctrl+l": "control l", "1-7": "1 to 7", "M": "capital M", "pgup/pgdn": "page up or page down",
		"o/p": "o or p", "enter": "enter", "tab": "tab",
	} {
		assert.Equal(t, want, KeyWords(k), "%q", k)
	}
	assert.Equal(t, "Up or down: move.", KeySaid("↑/↓", "move"))
	assert.Equal(t, "Type to filter.", KeySaid("type", "to filter"))
}
