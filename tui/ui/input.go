package ui

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// Input is a one-line text field: bubbles' textinput does the editing
// (the cursor, deleting, the limit), and this keeps only printable
// characters, whatever is typed or pasted, which filter (if set) may refuse
// or change one by one. It draws itself with the session's styles, in
// cells: a wide character (CJK, an emoji) takes two, and the field scrolls
// by them so that the cursor is always in sight.
type Input struct {
	// ti is made at the first edit and dropped by Reset: a textinput is
	// larger than the rest of a lobby session's state (docs/benchmarks.md,
	// "The TUI's figures"), and most sessions never type into most of
	// their fields.
	ti     *textinput.Model
	limit  int
	filter func(rune) (rune, bool)
}

func NewInput(limit int, filter func(rune) (rune, bool)) Input {
	return Input{limit: limit, filter: filter}
}

// editKeys are the textinput's keys this field answers; everything else
// (enter, esc, tab, ctrl+v, which would read the server's clipboard) is
// left to the page.
var editKeys = func() textinput.KeyMap {
	km := textinput.DefaultKeyMap
	off := key.NewBinding(key.WithDisabled())
	km.WordForward, km.WordBackward, km.DeleteWordForward = off, off, off
	km.DeleteWordBackward = key.NewBinding(key.WithKeys("ctrl+w"))
	km.Paste, km.AcceptSuggestion, km.NextSuggestion, km.PrevSuggestion = off, off, off, off
	return km
}()

// model is the textinput, made if need be.
func (in *Input) model() *textinput.Model {
	if in.ti == nil {
		ti := textinput.New()
		ti.CharLimit = in.limit
		ti.KeyMap = editKeys
		ti.Prompt = ""
		ti.Focus()
		in.ti = &ti
	}
	return in.ti
}

// Value is the text typed.
func (in *Input) Value() string {
	if in.ti == nil {
		return ""
	}
	return in.ti.Value()
}

// Set replaces the text and puts the cursor at its end.
func (in *Input) Set(s string) {
	in.Reset()
	in.insert([]rune(s))
}

// Reset empties the input.
func (in *Input) Reset() { in.ti = nil }

// insert types runes at the cursor, keeping the printable ones the filter
// lets through.
func (in *Input) insert(rs []rune) {
	keep := make([]rune, 0, len(rs))
	for _, r := range rs {
		if !unicode.IsPrint(r) {
			continue
		}
		if in.filter != nil {
			var ok bool
			if r, ok = in.filter(r); !ok {
				continue
			}
		}
		keep = append(keep, r)
	}
	if len(keep) > 0 {
		ti := in.model()
		*ti, _ = ti.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: keep})
	}
}

// Update edits the text with a key; it reports whether the key was an
// editing key (so that others, such as enter and esc, are left to the caller).
func (in *Input) Update(k tea.KeyMsg) bool {
	switch k.Type {
	case tea.KeyRunes, tea.KeySpace:
		if k.Alt {
			return false
		}
		in.insert(k.Runes)
		return true
	case tea.KeyBackspace, tea.KeyCtrlH, tea.KeyDelete, tea.KeyCtrlD, tea.KeyLeft, tea.KeyCtrlB,
		tea.KeyRight, tea.KeyCtrlF, tea.KeyHome, tea.KeyCtrlA, tea.KeyEnd, tea.KeyCtrlE,
		tea.KeyCtrlU, tea.KeyCtrlK, tea.KeyCtrlW:
		if in.ti != nil {
			*in.ti, _ = in.ti.Update(k) // (its cursor's blink is not drawn)
		}
		return true
	}
	return false
}

// View draws the text in w cells with the cursor as a reversed cell,
// scrolled so that the cursor is always in sight.
func (in *Input) View(s Styles, w int) string {
	if w < 2 {
		return ""
	}
	var value []rune
	pos := 0
	if in.ti != nil {
		value, pos = []rune(in.ti.Value()), in.ti.Position()
	}
	// (Widths are measured as every line is, so that pad agrees.) The
	// first character shown: as far left as leaves the cursor's cell,
	// and the characters before it, within w cells.
	cur := 1
	if pos < len(value) {
		cur = max(Width(string(value[pos])), 1)
	}
	start, used := pos, cur
	for start > 0 && used+Width(string(value[start-1])) <= w {
		start--
		used += Width(string(value[start]))
	}
	var b strings.Builder
	used = 0
	for i := start; i < len(value); i++ {
		rw := Width(string(value[i]))
		if used+rw > w {
			break
		}
		ch := string(value[i])
		if i == pos {
			ch = s.Selected(ch)
		}
		b.WriteString(ch)
		used += rw
	}
	if pos == len(value) && used < w {
		if s.Plain() {
			b.WriteString("_") // no reverse video without colour
		} else {
			b.WriteString(s.Selected(" "))
		}
	}
	return Pad(b.String(), w)
}

// CodeRune keeps letters and digits, in capitals; spaces and dashes that
// people type to group a code (a table's, a link's) are dropped.
func CodeRune(r rune) (rune, bool) {
	r = unicode.ToUpper(r)
	return r, r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))
}
