// Package join is the page that joins a friend's private table by its
// code (the lobby's "Join by code", and `ssh HOST join CODE`). A table
// that is full is offered to watch instead (w), rather than making the
// player a spectator without a word.
package join

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys; what else is typed is the code.
var Keys = struct {
	Join, Back, WatchFull key.Binding
}{
	Join: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "join")),
	Back: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	// WatchFull watches the table when it is full. (A whole code takes no
	// more letters, so w is free then.)
	WatchFull: key.NewBinding(key.WithKeys("w", "W"), key.WithHelp("w", "watch this table instead")),
}

// KeyMap is the page's footer, and its help with w.
var KeyMap = &ui.Footed{
	Foot: ui.KeyList{Keys.Join, Keys.Back, ui.Interrupt},
	More: ui.KeyList{Keys.WatchFull},
}

// codeHint says what a code looks like.
var codeHint = fmt.Sprintf("a table code is %d letters and digits", lobby.CodeLength)

// Page is the code typed, and why joining failed.
type Page struct {
	code ui.Input
	err  string
	full bool // the table is full: w watches it
}

// New makes the page.
func New() *Page { return &Page{code: ui.NewInput(lobby.CodeLength, ui.CodeRune)} }

// KeyMap is the page's key map.
func (p *Page) KeyMap(ui.Context) bhelp.KeyMap { return KeyMap }

// Clear forgets why the last join failed.
func (p *Page) Clear() { p.err = "" }

// Start joins the table with code, as the command line asked.
func (p *Page) Start(c ui.Context, code string) tea.Cmd {
	p.code.Set(code)
	return p.join(c, code)
}

// Failed shows why a join failed (this page's, or an invitation taken up
// from the lobby), and whether the table is full.
func (p *Page) Failed(err error) {
	if err != nil {
		p.err = err.Error()
		p.full = errors.Is(err, lobby.ErrTableFull)
	}
}

// join asks the lobby to seat the player at the table with code.
func (p *Page) join(c ui.Context, code string) tea.Cmd {
	code = lobby.NormalizeCode(code)
	if len(code) != lobby.CodeLength {
		p.err = codeHint
		return nil
	}
	p.err = ""
	return c.Call(func(s ui.Session) error { return s.Join(code) }, p.answer(c))
}

// answer is how the page takes the answer to its call: why it failed, on
// this page, wherever the player went meanwhile.
func (p *Page) answer(c ui.Context) func(error) {
	return func(err error) {
		if err != nil {
			p.Failed(err)
			c.Go(ui.Join, "")
		}
	}
}

// Update takes a key.
func (p *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	if cmd, ok := p.watchFull(c, k); ok {
		return cmd
	}
	p.full = false
	switch {
	case key.Matches(k, Keys.Join):
		return p.join(c, p.code.Value())
	case key.Matches(k, Keys.Back):
		p.err = ""
		return c.Go(ui.Lobby, "")
	}
	before := p.code.Value()
	if p.code.Update(k) {
		if k.Type == tea.KeyRunes && p.code.Value() == before {
			p.err = codeHint
		} else {
			p.err = ""
		}
	}
	return nil
}

// watchFull is w after "that table is full": watch it.
func (p *Page) watchFull(c ui.Context, k tea.KeyMsg) (tea.Cmd, bool) {
	code := lobby.NormalizeCode(p.code.Value())
	if !p.full || len(code) != lobby.CodeLength || !key.Matches(k, Keys.WatchFull) {
		return nil, false
	}
	p.full, p.err = false, ""
	return c.Call(func(s ui.Session) error { return s.WatchCode(code) }, p.answer(c)), true
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	out := c.Top("", "")
	out = append(out, "",
		"  "+st.Title("Join a friend's table"),
		"",
		fmt.Sprintf("  Type the %d-character code your friend sees in their waiting room.", lobby.CodeLength),
		"  Capitals or not, dashes or not, it makes no difference.",
		"",
	)
	// Typed so far, dots for the rest, in the groups the code is shown in.
	code := p.code.Value()
	code += strings.Repeat("·", max(0, lobby.CodeLength-utf8.RuneCountInString(code)))
	out = append(out, ui.Field(st, "code", st.Bold(strings.Join(groups(code), " - "))+" ")...)
	if p.err != "" {
		out = append(out, "  "+st.Err("✗ "+p.err))
		if p.full {
			w, esc := Keys.WatchFull.Help(), Keys.Back.Help()
			out = append(out, "", "  "+st.Key(w.Key)+" "+w.Desc+"   "+st.Key(esc.Key)+" back to the lobby")
		}
	}
	return c.Bottom(out, KeyMap)
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

// Said is the page as sentences (the linear mode).
func (p *Page) Said(c ui.Context) []string {
	out := ui.Sentences("Join a friend's table",
		fmt.Sprintf("Type the %d-character code your friend sees in their waiting room, then press enter. Capitals or not, dashes or not, it makes no difference", lobby.CodeLength))
	out = append(out, ui.Typed("code", p.code.Value()))
	if p.err != "" {
		out = append(out, ui.Sentence("Joining failed: "+p.err))
		if p.full {
			out = append(out, "Press w to watch this table instead, escape to go back to the lobby.")
		}
	}
	return out
}
