package tui

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// joinKeys are the join page's keys; what else is typed is the code.
var joinKeys = struct {
	Join, Back, WatchFull key.Binding
}{
	Join: bind("enter", "join", "enter"),
	Back: bind("esc", "back", "esc"),
	// WatchFull watches the table when it is full (joinfull.go).
	WatchFull: bind("w", "watch this table instead", "w", "W"),
}

// joinKeyMap is its footer, and its help with w.
var joinKeyMap = footed{
	Foot: keyList{joinKeys.Join, joinKeys.Back, keyInterrupt},
	More: keyList{joinKeys.WatchFull},
}

// joinPage asks for a private table's code.
type joinPage struct {
	code lineInput
	err  string
	full bool // the table is full: w watches it (joinfull.go)
}

// codeHint says what a code looks like.
var codeHint = fmt.Sprintf("a table code is %d letters and digits", lobby.CodeLength)

// codeRune keeps letters and digits, in capitals; spaces and dashes that
// people type to group the code are dropped.
func codeRune(r rune) (rune, bool) {
	r = unicode.ToUpper(r)
	return r, r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

func newJoinPage() *joinPage {
	return &joinPage{code: newInput(lobby.CodeLength, codeRune)}
}

// joinState is the join page, made when first used: most players never
// open it.
func (m *model) joinState() *joinPage {
	if m.join == nil {
		m.join = newJoinPage()
	}
	return m.join
}

// joinCode asks the lobby to seat the player at the table with code.
func (m *model) joinCode(code string) tea.Cmd {
	jp := m.joinState()
	code = lobby.NormalizeCode(code)
	if len(code) != lobby.CodeLength {
		jp.err = codeHint
		return nil
	}
	jp.err = ""
	return m.call(callJoin, func(s Session) error { return s.Join(code) })
}

func (m *model) joinKey(k tea.KeyMsg) tea.Cmd {
	jp := m.joinState()
	if cmd, ok := m.joinFullKey(k); ok {
		return cmd
	}
	jp.full = false
	switch {
	case is(k, joinKeys.Join):
		return m.joinCode(jp.code.Value())
	case is(k, joinKeys.Back):
		m.page, jp.err = pageLobby, ""
		return nil
	}
	before := jp.code.Value()
	if jp.code.Update(k) {
		if k.Type == tea.KeyRunes && jp.code.Value() == before {
			jp.err = codeHint
		} else {
			jp.err = ""
		}
	}
	return nil
}

func (m *model) joinView() []string {
	jp := m.joinState()
	st := m.st
	out := m.top("", "")
	out = append(out, "",
		"  "+st.title.Render("Join a friend's table"),
		"",
		fmt.Sprintf("  Type the %d-character code your friend sees in their waiting room.", lobby.CodeLength),
		"  Capitals or not, dashes or not, it makes no difference.",
		"",
	)
	// Typed so far, dots for the rest, in the groups the code is shown in.
	code := jp.code.Value()
	code += strings.Repeat("·", max(0, lobby.CodeLength-utf8.RuneCountInString(code)))
	out = append(out, m.field("code", st.bold.Render(strings.Join(groups(code), " - "))+" ")...)
	if jp.err != "" {
		out = append(out, "  "+st.err.Render("✗ "+jp.err))
		out = append(out, m.joinFullLines()...)
	}
	return m.bottom(out, st.footer(m.w, joinKeyMap))
}

// groups cuts s into runs of lobby.CodeGroup characters.
func groups(s string) []string {
	r := []rune(s)
	var out []string
	for i := 0; i < len(r); i += lobby.CodeGroup {
		out = append(out, string(r[i:min(i+lobby.CodeGroup, len(r))]))
	}
	return out
}
