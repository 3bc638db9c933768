package tui

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
)

// lineInput is a one-line text editor. It keeps only printable characters,
// up to limit of them, whatever is typed or pasted, and filter (if set) may
// refuse or change each one.
type lineInput struct {
	value  []rune
	pos    int
	limit  int
	filter func(rune) (rune, bool)
}

func newInput(limit int, filter func(rune) (rune, bool)) lineInput {
	return lineInput{limit: limit, filter: filter}
}

// Value is the text typed.
func (in *lineInput) Value() string { return string(in.value) }

// Set replaces the text and puts the cursor at its end.
func (in *lineInput) Set(s string) {
	in.value = in.value[:0]
	in.pos = 0
	in.insert([]rune(s))
}

// Reset empties the input.
func (in *lineInput) Reset() { in.value, in.pos = nil, 0 }

func (in *lineInput) insert(rs []rune) {
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
		if in.limit > 0 && len(in.value) >= in.limit {
			return
		}
		in.value = append(in.value, 0)
		copy(in.value[in.pos+1:], in.value[in.pos:])
		in.value[in.pos] = r
		in.pos++
	}
}

// Update edits the text with a key; it reports whether the key was an
// editing key (so that others, such as enter and esc, are left to the caller).
func (in *lineInput) Update(k tea.KeyMsg) bool {
	switch k.Type {
	case tea.KeyRunes, tea.KeySpace:
		if k.Alt {
			return false
		}
		in.insert(k.Runes)
	case tea.KeyBackspace, tea.KeyCtrlH:
		if in.pos > 0 {
			in.value = append(in.value[:in.pos-1], in.value[in.pos:]...)
			in.pos--
		}
	case tea.KeyDelete, tea.KeyCtrlD:
		if in.pos < len(in.value) {
			in.value = append(in.value[:in.pos], in.value[in.pos+1:]...)
		}
	case tea.KeyLeft, tea.KeyCtrlB:
		in.pos = max(in.pos-1, 0)
	case tea.KeyRight, tea.KeyCtrlF:
		in.pos = min(in.pos+1, len(in.value))
	case tea.KeyHome, tea.KeyCtrlA:
		in.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		in.pos = len(in.value)
	case tea.KeyCtrlU:
		in.value = append([]rune(nil), in.value[in.pos:]...)
		in.pos = 0
	case tea.KeyCtrlK:
		in.value = in.value[:in.pos]
	case tea.KeyCtrlW:
		in.deleteWord()
	default:
		return false
	}
	return true
}

func (in *lineInput) deleteWord() {
	i := in.pos
	for i > 0 && in.value[i-1] == ' ' {
		i--
	}
	for i > 0 && in.value[i-1] != ' ' {
		i--
	}
	in.value = append(in.value[:i], in.value[in.pos:]...)
	in.pos = i
}

// View draws the text in w cells with the cursor as a reversed cell,
// scrolled so that the cursor is always in sight.
func (in *lineInput) View(s *styles, w int) string {
	if w < 2 {
		return ""
	}
	start := 0
	if in.pos >= w {
		start = in.pos - w + 1
	}
	var b strings.Builder
	for i := start; i < len(in.value) && i < start+w; i++ {
		ch := string(in.value[i])
		if i == in.pos {
			ch = s.selected.Render(ch)
		}
		b.WriteString(ch)
	}
	if in.pos == len(in.value) {
		if s.plain {
			b.WriteString("_") // no reverse video without colour
		} else {
			b.WriteString(s.selected.Render(" "))
		}
	}
	return pad(b.String(), w)
}
