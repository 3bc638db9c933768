package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// keyMap holds the named keys the screens match (with key.Matches), each
// with its help text. Keys whose meaning depends on the moment (arrows on a
// card row, letters typed into an input) are read where they are used.
type keyMap struct {
	Up, Down, Enter, Quit, Help               key.Binding
	Draw, Keep, UNO, Catch, Chat, Leave, Drop key.Binding
	Yes, No, EndRaid, Rematch, Lobby          key.Binding
	Start, AddBot, Remove, Edit, Filter       key.Binding
	Interrupt, Bell                           key.Binding
}

func bind(keys []string, k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// theKeys are the bindings of every session: they never change once built,
// so sessions share them rather than each holding some 2 KB of its own.
var theKeys = newKeyMap()

func newKeyMap() keyMap {
	return keyMap{
		Up:        bind([]string{"up", "k", "ctrl+p"}, "↑/↓", "move"),
		Down:      bind([]string{"down", "j", "ctrl+n"}, "↑/↓", "move"),
		Enter:     bind([]string{"enter"}, "enter", "choose"),
		Quit:      bind([]string{"q"}, "q", "quit"),
		Help:      bind([]string{"?"}, "?", "help"),
		Draw:      bind([]string{"d"}, "d", "draw"),
		Keep:      bind([]string{"k"}, "k", "keep"),
		UNO:       bind([]string{"u"}, "u", "UNO"),
		Catch:     bind([]string{"c"}, "c", "catch"),
		Chat:      bind([]string{"t"}, "t", "chat"),
		Leave:     bind([]string{"q", "l"}, "q", "leave"),
		Drop:      bind([]string{" ", "enter", "d"}, "space", "DROP!"),
		Yes:       bind([]string{"y"}, "y", "yes"),
		No:        bind([]string{"n"}, "n", "no"),
		EndRaid:   bind([]string{"e"}, "e", "end raid"),
		Rematch:   bind([]string{"r"}, "r", "rematch"),
		Lobby:     bind([]string{"enter", "q"}, "enter", "back to lobby"),
		Start:     bind([]string{"s"}, "s", "start"),
		AddBot:    bind([]string{"b"}, "b", "add bot"),
		Remove:    bind([]string{"x"}, "x", "remove/kick"),
		Edit:      bind([]string{"e"}, "e", "edit rules"),
		Filter:    bind([]string{"/"}, "/", "filter"),
		Interrupt: bind([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Bell:      bind([]string{"b"}, "b", "turn bell on/off"),
	}
}

// hint is one entry of a footer: a key and what it does.
type hint struct{ key, desc string }

// hints turns bindings into footer entries, merging a pair such as ↑ and ↓
// that share their help key.
func hints(bs ...key.Binding) []hint {
	var out []hint
	for _, b := range bs {
		h := b.Help()
		if len(out) > 0 && out[len(out)-1].key == h.Key {
			continue
		}
		out = append(out, hint{h.Key, h.Desc})
	}
	return out
}

// footer draws key hints on one line of w cells, dropping the last ones that
// do not fit.
func (s *styles) footer(w int, hs ...hint) string {
	return keep(&s.drawn, footerKeyOf(w, hs), func() string { return s.drawFooter(w, hs) })
}

func (s *styles) drawFooter(w int, hs []hint) string {
	var parts []string
	used := 1
	for _, h := range hs {
		part := s.key.Render(h.key) + " " + s.dim.Render(h.desc)
		pw := width(h.key) + 1 + width(h.desc)
		if used+pw+3 > w {
			break
		}
		parts = append(parts, part)
		used += pw + 3
	}
	return " " + strings.Join(parts, s.dim.Render(" · "))
}

// is reports whether a key press matches one of the bindings.
func is(k tea.KeyMsg, bs ...key.Binding) bool { return key.Matches(k, bs...) }
