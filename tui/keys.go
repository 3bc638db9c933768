package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/ui"
)

// Every page has a key map: the bindings its Update matches (with
// key.Matches, never a raw key), each with its help text. Its ShortHelp is
// the page's footer and its FullHelp the page's part of the help page, so
// what a page handles, what its footer offers and what the help page says
// are one list (keys_test.go checks the pages against their maps). A page
// with moments of its own (the lobby's rows, the table's overlays) has a
// map for each. Key maps are built once, when the program starts, and
// shared by every session.

// keyList and footed are ui's key maps (ui.KeyList, ui.Footed).
type (
	keyList = ui.KeyList
	footed  = ui.Footed
)

// bind is a binding of keys shown as k with what it does. A binding with
// no keys only says something (esc "any key", "type" to filter): it matches
// nothing.
func bind(k, desc string, keys ...string) key.Binding { return ui.Bind(k, desc, keys...) }

// Bindings that many pages share.
var (
	// keyInterrupt quits from anywhere (the model handles it first).
	keyInterrupt = ui.Interrupt
	keyHelp      = ui.KeyHelp
	// keyUp and keyDown move a cursor; the footer shows them as one.
	keyUp   = ui.KeyUp
	keyDown = ui.KeyDown
)

// with is b with another help text.
func with(b key.Binding, k, desc string) key.Binding { return ui.With(b, k, desc) }

// also is b with more keys.
func also(b key.Binding, keys ...string) key.Binding {
	b.SetKeys(append(append([]string(nil), b.Keys()...), keys...)...)
	return b
}

// keyMap is the key map of what is on screen now: what its footer shows
// and what its Update matches.
func (m *model) keyMap() help.KeyMap {
	km := routes[m.where()].keys(m)
	if m.Linear() {
		return linearKeys{km} // (linear.go)
	}
	return km
}

// noKeys is the key map of a window too small, or of a closed session.
var noKeys = &keyList{}

// footer draws a key map's footer on one line of w cells: each binding's
// key and what it does, a pair that shares its help key (↑ and ↓) once,
// dropping the last ones that do not fit.
func (s *styles) footer(w int, km help.KeyMap) string {
	bs := km.ShortHelp()
	return keep(&s.drawn, footerKeyOf(w, bs), func() string { return s.drawFooter(w, bs) })
}

func (s *styles) drawFooter(w int, bs []key.Binding) string {
	var parts []string
	used := 1
	last := ""
	for _, b := range bs {
		h := b.Help()
		if h.Key == last {
			continue
		}
		last = h.Key
		part := s.key.Render(h.Key) + " " + s.dim.Render(h.Desc)
		pw := width(h.Key) + 1 + width(h.Desc)
		if used+pw+3 > w {
			break
		}
		parts = append(parts, part)
		used += pw + 3
	}
	return " " + strings.Join(parts, s.dim.Render(" · "))
}

// is reports whether a key press matches one of the bindings.
func is(k tea.KeyMsg, bs ...key.Binding) bool { return ui.Is(k, bs...) }
