package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// nickPage is the nickname prompt of a first visit.
type nickPage struct {
	input lineInput
	err   string
}

// nickRune keeps only what a nickname may hold.
func nickRune(r rune) (rune, bool) {
	ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_'
	return r, ok
}

func newNickPage(user string) nickPage {
	p := nickPage{input: newInput(lobby.MaxNick, nickRune)}
	p.input.Set(lobby.SuggestNick(user))
	return p
}

func (m *model) nickKey(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEnter:
		nick := m.nick.input.Value()
		if !lobby.ValidNick(nick) {
			m.nick.err = lobby.ErrNickInvalid.Error()
			return nil
		}
		m.nick.err = ""
		return m.call(callNick, func(s Session) error { return s.SetNick(nick) })
	case tea.KeyEsc:
		m.nick.input.Reset()
		return nil
	}
	// A key the field refuses, or filters out, is told, not swallowed.
	refused := false
	if k.Type == tea.KeyRunes {
		for _, r := range k.Runes {
			if _, ok := nickRune(r); !ok {
				refused = true
			}
		}
	}
	if !m.nick.input.Update(k) && k.Type == tea.KeyRunes || refused {
		m.nick.err = "letters, digits, - and _ only"
	} else {
		m.nick.err = ""
	}
	return nil
}

func (m *model) nickView() []string {
	st := m.st
	out := m.top("", st.dim.Render("welcome!"))
	out = append(out, "",
		"  "+st.title.Render("Welcome to UNO over SSH")+st.dim.Render(" — the card game, in your terminal, with friends"),
		"",
		"  Choose a nickname: 2 to 16 letters, digits, - or _.",
		"  It is kept for this key, so next time you go straight to the lobby.",
		"",
	)
	out = append(out, m.field("nickname", m.nick.input.View(st, lobby.MaxNick+1))...)
	if m.nick.err != "" {
		out = append(out, "  "+st.err.Render("✗ "+m.nick.err))
	} else {
		out = append(out, "")
	}
	return m.bottom(out, st.footer(m.w, hint{"enter", "continue"}, hint{"esc", "clear"}, hint{"ctrl+c", "quit"}))
}

// field draws a labelled input in a box.
func (m *model) field(label, input string) []string {
	box := lines(m.st.box.Render(input))
	out := make([]string, len(box))
	for i, l := range box {
		lead := spaces(width(label) + 4)
		if i == len(box)/2 {
			lead = "  " + label + "  "
		}
		out[i] = lead + l
	}
	return out
}
