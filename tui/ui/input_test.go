package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// A field scrolls by cells, not by characters: typed full of wide
// characters (CJK, emoji), it stays exactly its width, and the cursor and
// the last character typed are always in sight.
func TestInputScrollsWideCharactersByCells(t *testing.T) {
	st := plainStyles{}
	for _, wide := range []string{"漢", "😀"} {
		in := NewInput(100, nil)
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
	st := plainStyles{}
	in := NewInput(100, nil)
	in.Set("abcdefghijklmnopqrstuvwxyz")
	require.Equal(t, "hijklmnopqrstuvwxyz_", ansi.Strip(in.View(st, 20)))
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	require.Equal(t, "", in.Value())
	in.Set("two words")
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	require.Equal(t, "two ", in.Value())
}

// plainStyles are styles that draw nothing but the text: a terminal
// without colour, where the cursor at the end is an underscore.
type plainStyles struct{}

func (plainStyles) Title(s string) string                 { return s }
func (plainStyles) Bold(s string) string                  { return s }
func (plainStyles) Dim(s string) string                   { return s }
func (plainStyles) Key(s string) string                   { return s }
func (plainStyles) Err(s string) string                   { return s }
func (plainStyles) OK(s string) string                    { return s }
func (plainStyles) Warn(s string) string                  { return s }
func (plainStyles) Accent(s string) string                { return s }
func (plainStyles) Turn(s string) string                  { return s }
func (plainStyles) Selected(s string) string              { return s }
func (plainStyles) Box(s string) string                   { return s }
func (plainStyles) Plain() bool                           { return true }
func (plainStyles) Color(_ engine.Color, s string) string { return s }
