package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// A page's key map is a bubbles help.KeyMap: its ShortHelp is the page's
// footer, its FullHelp the page's part of the help page.

// KeyList is a key map whose footer and help list the same bindings.
type KeyList []key.Binding

// ShortHelp is the footer's bindings.
func (l KeyList) ShortHelp() []key.Binding { return l }

// FullHelp is the help page's bindings.
func (l KeyList) FullHelp() [][]key.Binding { return [][]key.Binding{l} }

// Footed is a key map whose footer shows only some of its bindings: the
// rest are on the help page.
type Footed struct {
	Foot, More KeyList
}

// ShortHelp is the footer's bindings.
func (f Footed) ShortHelp() []key.Binding { return f.Foot }

// FullHelp is the footer's bindings, then the others.
func (f Footed) FullHelp() [][]key.Binding { return [][]key.Binding{f.Foot, f.More} }

// And is f with more bindings on the help page.
func (f Footed) And(bs ...key.Binding) *Footed {
	return &Footed{Foot: f.Foot, More: append(append(KeyList(nil), f.More...), bs...)}
}

var _ help.KeyMap = Footed{}

// Key maps are used through pointers (a package's are variables): a
// pointer in a help.KeyMap costs no allocation, where a struct or a slice
// would be copied to the heap each time a footer is drawn.

// Clean makes text that came from a player (a nickname, a table name, a
// chat line) safe to draw: the lobby already sanitises it, but the TUI
// never trusts it, and strips escape sequences and control characters again.
func Clean(s string) string { return lobby.Sanitize(s, 0) }

// Interrupt quits from anywhere (the router handles it before any page).
var Interrupt = key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit"))

// Bind is a binding of keys shown as k with what it does. A binding with
// no keys only says something (esc "any key", "type" to filter): it matches
// nothing.
func Bind(k, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// With is b with another help text.
func With(b key.Binding, k, desc string) key.Binding {
	b.SetHelp(k, desc)
	return b
}

// Is reports whether k is one of the bindings' keys.
func Is(k tea.KeyMsg, bs ...key.Binding) bool { return key.Matches(k, bs...) }

// Bindings that many pages share.
var (
	KeyHelp = Bind("?", "help", "?")
	// KeyUp and KeyDown move a cursor; the footer shows them as one.
	KeyUp   = Bind("↑/↓", "move", "up", "k", "ctrl+p")
	KeyDown = Bind("↑/↓", "move", "down", "j", "ctrl+n")
)

// FootText is bindings as a line's plain text: "enter send · esc cancel".
func FootText(bs ...key.Binding) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = b.Help().Key + " " + b.Help().Desc
	}
	return strings.Join(parts, " · ")
}
