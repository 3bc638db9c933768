package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// A field scrolls by cells, not by characters: typed full of wide
// characters (CJK, emoji), it stays exactly its width, and the cursor and
// the last character typed are always in sight.
func TestInputScrollsWideCharactersByCells(t *testing.T) {
	st := stylesFor(plainRenderer())
	for _, wide := range []string{"漢", "😀"} {
		in := newInput(100, nil)
		for i := 0; i < 30; i++ {
			in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(wide)})
			v := ansi.Strip(in.View(st, 20))
			require.Equal(t, 20, ansi.StringWidth(v), "%q after %d", v, i+1)
			require.True(t, strings.Contains(v, wide+"_"), "the last typed and the cursor show: %q", v)
		}
		in.Update(tea.KeyMsg{Type: tea.KeyHome})
		v := ansi.Strip(in.View(st, 20))
		require.Equal(t, 20, ansi.StringWidth(v))
		require.Equal(t, strings.Repeat(wide, 10), v, "back at the start, the first ten show")
		for i := 0; i < 15; i++ {
			in.Update(tea.KeyMsg{Type: tea.KeyRight})
		}
		v = ansi.Strip(in.View(st, 20))
		require.Equal(t, 20, ansi.StringWidth(v), "%q", v)
	}
}

// A narrow field behaves as it always did: the cursor at the end, the
// text scrolled by one character a key.
func TestInputScrollsNarrowCharacters(t *testing.T) {
	st := stylesFor(plainRenderer())
	in := newInput(100, nil)
	in.Set("abcdefghijklmnopqrstuvwxyz")
	require.Equal(t, "hijklmnopqrstuvwxyz_", ansi.Strip(in.View(st, 20)))
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	require.Equal(t, "", in.Value())
	in.Set("two words")
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	require.Equal(t, "two ", in.Value())
}
