package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/ui"
)

// The linear mode (the screen-reader mode): the runtime's linear painter
// (ssh/term/linear.go) draws nothing and appends what TakeSaid hands it.
// The router asks the page on screen for its sentences (ui.Form's Said),
// made from the same state as its lines, and says those that changed since
// it last asked: the whole page when the player arrives on it (or asks for
// it again), then only what is new; besides, the status line's hint or
// notice when it changes, and the page's keys on request, from the same key
// map the page's Update matches. Keys are the same in both modes, with two
// more in this one (ui.LinearKeys).

// linearState is what the router remembers of what it said.
type linearState struct {
	door    bool     // the door chose the mode (ssh HOST plain, TERM=dumb, UNOSSH_SCREEN_READER)
	started bool     // the mode's first sentences were said
	at      where    // the place last said
	page    page     // and its page (the lobby and the tournaments share a place)
	last    []string // the page's sentences last said
	again   bool     // say the whole page (ui.KeyAgain)
	keys    bool     // say the page's keys (ui.KeyKeys)
	hinted  bool     // a hint was given since the last sentences
	keyed   bool     // a key of the page's key map was pressed since
	notice  int      // the notice last said (its Seq)
}

// Linear says the model speaks rather than draws (term.Model): the door
// chose it, or the player did in their profile (kept in their account).
func (m *model) Linear() bool { return m.lin.door || m.scr.ScreenReader }

// Linear is the page context's view of it (ui.Context).
func (c pageCtx) Linear() bool { return c.m.Linear() }

// intro is said once, when the mode begins.
var intro = []string{
	"UNO over SSH, screen reader mode: each change is said once, on a line of its own.",
	"Control l says the page again, control k says its keys, question mark opens the help.",
}

// newsForm is a page with news (the table's log, its countdowns):
// sentences taken once and said as they are, before the page's changed
// sentences, since news may repeat word for word ("bo drew a card.") where
// a comparison with what was last said would miss it.
type newsForm interface {
	News(c ui.Context) []string
}

// TakeSaid appends the sentences to say since the last call (term.Model).
func (m *model) TakeSaid(dst []string) []string {
	at := m.where()
	c := m.ctx()
	form := routes[at].form(m)
	now := form.Said(c)
	whole := !m.lin.started || at != m.lin.at || m.page != m.lin.page || m.lin.again
	from := len(dst)
	if !m.lin.started {
		dst = append(dst, intro...)
	}
	if n, ok := form.(newsForm); ok {
		dst = append(dst, n.News(c)...)
	}
	if whole {
		for _, s := range now {
			s, _ = ui.IsWhole(s)
			dst = append(dst, s)
		}
	} else {
		dst = appendNew(dst, m.lin.last, now)
	}
	if m.notice.Seq != m.lin.notice && m.notice.Text != "" {
		dst = append(dst, ui.Sentence(ui.Clean(m.notice.Text)))
	}
	m.lin.notice = m.notice.Seq
	if m.lin.hinted && m.hint != "" {
		dst = append(dst, ui.Sentence(m.hint))
	}
	if m.lin.keys {
		dst = append(dst, "The keys here:")
		dst = append(dst, ui.KeysSaid(m.keyMap())...)
	}
	if m.lin.keyed && len(dst) == from && len(now) > 0 {
		// A key of the page that changed nothing heard (up on the first
		// row, a list's number for the row already chosen) says where the
		// player is again, as a screen reader says the item at a list's
		// end: silence would leave them wondering whether it was heard.
		last, _ := ui.IsWhole(now[len(now)-1])
		dst = append(dst, last)
	}
	m.lin.last = append(m.lin.last[:0], now...)
	m.lin.at, m.lin.page = at, m.page
	m.lin.started, m.lin.again, m.lin.keys, m.lin.hinted, m.lin.keyed = true, false, false, false, false
	return dst
}

// appendNew appends to dst the sentences of now that were not in last (as
// many times as they were not: a list's rows may repeat).
func appendNew(dst, last, now []string) []string {
	had := make(map[string]int, len(last))
	for _, s := range last {
		had[s]++
	}
	for _, s := range now {
		if _, ok := ui.IsWhole(s); ok {
			continue // said with the whole page only
		}
		if had[s] > 0 {
			had[s]--
			continue
		}
		dst = append(dst, s)
	}
	return dst
}

// linearKey handles the mode's own keys; false for any other.
func (m *model) linearKey(k tea.KeyMsg) bool {
	if !m.Linear() {
		return false
	}
	switch {
	case is(k, ui.KeyAgain):
		m.lin.again = true
	case is(k, ui.KeyKeys):
		m.lin.keys = true
	default:
		m.lin.keyed = inKeyMap(m.keyMap(), k)
		return false
	}
	return true
}

// inKeyMap reports whether a binding of the key map matches k. (The help
// page's "any key" matches none: what it does is what an unbound key does.)
func inKeyMap(km help.KeyMap, k tea.KeyMsg) bool {
	for _, col := range km.FullHelp() {
		for _, b := range col {
			if key.Matches(k, b) {
				return true
			}
		}
	}
	return false
}

// linearKeys is a page's key map with the mode's own keys.
type linearKeys struct{ page help.KeyMap }

func (l linearKeys) ShortHelp() []key.Binding {
	return append(append([]key.Binding(nil), l.page.ShortHelp()...), ui.LinearKeys...)
}

func (l linearKeys) FullHelp() [][]key.Binding {
	return append(append([][]key.Binding(nil), l.page.FullHelp()...), ui.LinearKeys)
}
