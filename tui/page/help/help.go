// Package help is the help page: how to play, every page's keys, the
// editions, the modes and the house rules, in a list that scrolls. The
// router writes the text (it knows every page and its key map, and the
// help page lists them all); this page draws it and scrolls it, and any
// key it does not bind goes back to the page it was opened from.
package help

import (
	"fmt"

	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/ui"
)

// Line is a line of the help page: a heading, a paragraph (wrapped to the
// window), or a key and what it does. The zero Line is a blank line.
type Line struct{ Heading, Text, Key string }

// Keys are the page's keys: any other goes back.
var Keys = struct {
	Up, Down, PageUp, PageDown, Back key.Binding
}{
	Up:       key.NewBinding(key.WithKeys("up", "k", "ctrl+p"), key.WithHelp("↑/↓", "scroll")),
	Down:     key.NewBinding(key.WithKeys("down", "j", "ctrl+n", " "), key.WithHelp("↑/↓", "scroll")),
	PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup/pgdn", "a page")),
	PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgup/pgdn", "a page")),
	Back:     key.NewBinding(key.WithHelp("any key", "back")), // (no keys: every other)
}

// The page's key maps: at the end of the text, and with more below.
var (
	KeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Up, Keys.Down, Keys.Back},
		More: ui.KeyList{Keys.PageUp, Keys.PageDown},
	}
	MoreKeyMap = &ui.Footed{
		Foot: ui.KeyList{more(Keys.Up), Keys.Down, Keys.Back},
		More: KeyMap.More,
	}
)

// more is b saying that there is more below.
func more(b key.Binding) key.Binding {
	b.SetHelp(b.Help().Key, b.Help().Desc+" (more below)")
	return b
}

// keyW is the column of the keys.
const keyW = 16

// Page is the help page's scroll position.
type Page struct{ top int }

// KeyMap is the page's key map.
func (p *Page) KeyMap(ui.Context) bhelp.KeyMap { return KeyMap }

// Update scrolls with a key, or goes back.
func (p *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	_, h := c.Size()
	switch {
	case key.Matches(k, Keys.Up):
		p.top = max(p.top-1, 0)
	case key.Matches(k, Keys.Down):
		p.top++
	case key.Matches(k, Keys.PageUp):
		p.top = max(p.top-page(c, h), 0)
	case key.Matches(k, Keys.PageDown):
		p.top += page(c, h)
	default:
		return c.Go(ui.Back, "")
	}
	return nil
}

// page is how far page up and page down go: a window's height, or, read
// aloud, ten sentences.
func page(c ui.Context, h int) int {
	if c.Linear() {
		return 10
	}
	return h - 6
}

// Lines draws text, from where the player has scrolled to.
func (p *Page) Lines(c ui.Context, text []Line) []string {
	st := c.Styles()
	w, h := c.Size()
	out := c.Top(st.Title("UNO")+st.Bold(" · help"), "")
	var body []string
	for _, l := range text {
		switch {
		case l.Heading != "":
			body = append(body, " "+st.Title(l.Heading))
		case l.Key != "":
			for i, wl := range ui.Wrap(l.Text, w-keyW-5) {
				k := ""
				if i == 0 {
					k = st.Key(l.Key)
				}
				body = append(body, "   "+ui.Pad(k, keyW)+wl)
			}
		case l.Text == "":
			body = append(body, "")
		default:
			for _, wl := range ui.Wrap(l.Text, w-5) {
				body = append(body, "   "+wl)
			}
		}
	}
	room := h - len(out) - 2
	p.top = min(p.top, max(len(body)-room, 0))
	end := min(p.top+room, len(body))
	out = append(out, body[p.top:end]...)
	var km bhelp.KeyMap = KeyMap
	if end < len(body) {
		km = MoreKeyMap
	}
	return c.Bottom(out, km)
}

// Said is text as sentences (the linear mode): the whole help, headings,
// paragraphs and keys, each key said by its name, with the page; then the
// keys that scroll move a reading cursor, and say the sentence it is on.
func (p *Page) Said(_ ui.Context, text []Line) []string {
	var all []string
	for _, l := range text {
		switch {
		case l.Heading != "":
			all = append(all, ui.Sentence(l.Heading))
		case l.Key != "":
			all = append(all, ui.KeySaid(l.Key, l.Text))
		case l.Text != "":
			all = append(all, ui.Sentence(l.Text))
		}
	}
	out := make([]string, 0, len(all)+2)
	out = append(out, ui.Whole("Help. Up and down read it sentence by sentence, page up and page down ten at a time; any other key goes back."))
	for _, s := range all {
		out = append(out, ui.Whole(s))
	}
	p.top = min(max(p.top, 0), len(all)-1)
	return append(out, fmt.Sprintf("Sentence %d of %d: %s", p.top+1, len(all), all[p.top]))
}
