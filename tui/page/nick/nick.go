// Package nick is the nickname prompt of a first visit: a name of 2 to 16
// letters of any alphabet, kept for the player's key (or, for a guest, for
// this visit). A player who has played before with another key may link
// this one to that account instead (tab), with a code from it.
package nick

import (
	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys; what else is typed is the name (or, linking a
// key, the code).
var Keys = struct {
	Continue, Clear, Link key.Binding
	// LinkCode, Choose and Back are the keys while a link code is typed.
	LinkCode, Choose, Back key.Binding
}{
	Continue: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "continue")),
	Clear:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
	Link:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "link a key")),
	LinkCode: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "link")),
	Choose:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "choose a nickname instead")),
	Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
}

// The page's key maps: a name for a player who may keep it (and so link a
// key instead), for one who may not, and a link code.
var (
	KeepKeyMap  = &ui.KeyList{Keys.Continue, Keys.Clear, Keys.Link, ui.Interrupt}
	GuestKeyMap = &ui.KeyList{Keys.Continue, Keys.Clear, ui.Interrupt}
	LinkKeyMap  = &ui.KeyList{Keys.LinkCode, Keys.Choose, Keys.Back, ui.Interrupt}
)

// Page is the name typed (or the code), and what the lobby said of it.
type Page struct {
	input ui.Input
	err   string
	// linking: the player types a code from their other key instead
	// (tab switches), to sign in as that key's account.
	linking bool
	code    ui.Input
	note    string
}

// redeemMsg is the answer to a link code.
type redeemMsg struct{ err error }

// New makes the page. The field starts empty: never the SSH login name
// ("root"), which enter would otherwise make the player's name for good.
func New() *Page {
	return &Page{input: ui.NewNickInput(), code: ui.NewInput(lobby.LinkCodeLen, ui.CodeRune)}
}

// Typed is the name typed so far.
func (p *Page) Typed() string { return p.input.Value() }

// canKeep reports whether the player has an account here: a key, on a
// server that keeps records.
func canKeep(c ui.Context) bool {
	a := c.Screen().Account
	return a.Records && !a.Guest
}

// guestName is the name a guest plays under if they type none: enter on an
// empty field, "" for a player with a key.
func guestName(c ui.Context) string {
	if a := c.Screen().Account; a.Guest {
		return a.GuestName
	}
	return ""
}

// KeyMap is the page's key map now.
func (p *Page) KeyMap(c ui.Context) bhelp.KeyMap {
	switch {
	case p.linking:
		return LinkKeyMap
	case canKeep(c):
		return KeepKeyMap
	}
	return GuestKeyMap
}

// Update takes a key, or the answer to a link code.
func (p *Page) Update(c ui.Context, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case redeemMsg:
		// Once a code is taken, the account's nickname arrives with the
		// next screen, which opens the lobby.
		p.note = ""
		if msg.err != nil {
			p.err = msg.err.Error()
		}
	case tea.KeyMsg:
		return p.key(c, msg)
	}
	return nil
}

func (p *Page) key(c ui.Context, k tea.KeyMsg) tea.Cmd {
	if key.Matches(k, Keys.Link, Keys.Choose) && canKeep(c) {
		p.linking, p.err = !p.linking, ""
		return nil
	}
	if p.linking {
		return p.linkKey(c, k)
	}
	switch {
	case key.Matches(k, Keys.Continue):
		name := p.input.Value()
		if name == "" && guestName(c) != "" {
			name = guestName(c)
		}
		if _, err := lobby.CheckNick(name); err != nil {
			p.err = err.Error()
			return nil
		}
		p.err = ""
		return c.Call(func(s ui.Session) error { return s.SetNick(name) }, p.answer)
	case key.Matches(k, Keys.Clear):
		p.input.Reset()
		p.err = ""
		return nil
	}
	p.err = ui.TypeNick(&p.input, k)
	return nil
}

// answer shows why a name was refused. A name taken leaves the page for
// good, so its field goes with it: every session passes here once, and a
// field kept would be held for the whole visit.
func (p *Page) answer(err error) {
	p.err = ""
	if err != nil {
		p.err = err.Error()
		return
	}
	p.input.Reset()
}

// linkKey types the code that adds this key to an account.
func (p *Page) linkKey(c ui.Context, k tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(k, Keys.LinkCode):
		return p.redeem(c, p.code.Value())
	case key.Matches(k, Keys.Back):
		p.linking, p.err = false, ""
		return nil
	}
	p.code.Update(k)
	p.err = ""
	return nil
}

// redeem sends a link code; the account's nickname arrives with the next
// screen.
func (p *Page) redeem(c ui.Context, code string) tea.Cmd {
	if !c.Screen().Account.Records {
		p.err = lobby.ErrNoRecords.Error()
		return nil
	}
	p.note = "checking the code…"
	s := c.Session()
	return func() tea.Msg { return redeemMsg{err: s.RedeemLink(code)} }
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	w, _ := c.Size()
	out := c.Top("", st.Dim("welcome!"))
	out = append(out, "",
		"  "+st.Title("Welcome to UNO over SSH")+st.Dim(" — the card game, in your terminal, with friends"),
		"",
	)
	if p.linking {
		return p.linkLines(c, out)
	}
	out = append(out, "  Choose a nickname: 2 to 16 letters of any alphabet, digits, - or _.")
	out = append(out, kept(c.Screen().Account)...)
	out = append(out, "")
	out = append(out, ui.Field(st, "nickname", p.input.View(st, lobby.MaxNick+1))...)
	switch {
	case p.err != "":
		out = append(out, "  "+st.Err("✗ "+ui.Trunc(p.err, w-6)))
	case p.input.Value() == "" && guestName(c) != "":
		out = append(out, "  "+st.Dim("Press enter to play as "+guestName(c)+", or type a name."))
	default:
		out = append(out, "")
	}
	if canKeep(c) {
		out = append(out, "", "  "+st.Dim("Played before with another key? Press tab to enter a code from it."))
	}
	return c.Bottom(out, p.KeyMap(c))
}

// kept says what becomes of the nickname: kept for the key, or not at all
// for a guest, or for a key whose address has made all the accounts it may
// for now.
func kept(a lobby.AccountInfo) []string {
	switch {
	case a.NoAccountUntil != "":
		return []string{
			"  Too many accounts were made from your address lately, so this visit you play",
			"  as a guest: your name is not kept, and no stats are. Connect again after",
			"  " + a.NoAccountUntil + " to keep it.",
		}
	case a.Guest:
		return []string{
			"  You came without an SSH key, so you play as a guest: your name is not kept",
			"  or reserved, and guests keep no stats. Connect with a key to keep them.",
		}
	case a.Records:
		return []string{"  It is kept for this key and no one else may take it, so next time you go",
			"  straight to the lobby. Your games, stats and rating are kept too."}
	}
	return []string{"  It is kept for this key, so next time you go straight to the lobby."}
}

func (p *Page) linkLines(c ui.Context, out []string) []string {
	st := c.Styles()
	out = append(out,
		"  Add this key to the account you play with on another key:",
		"  in a session of that key, press p for your profile, then a, and type",
		"  the code it shows here.",
		"",
	)
	out = append(out, ui.Field(st, "code", p.code.View(st, lobby.LinkCodeLen+1))...)
	switch {
	case p.err != "":
		out = append(out, "  "+st.Err("✗ "+p.err))
	case p.note != "":
		out = append(out, "  "+st.Dim(p.note))
	}
	return c.Bottom(out, LinkKeyMap)
}

// Said is the page as sentences (the linear mode).
func (p *Page) Said(c ui.Context) []string {
	out := ui.Sentences("Welcome to UNO over SSH, the card game, in your terminal, with friends")
	if p.linking {
		out = append(out, ui.Sentences(
			"Add this key to the account you play with on another key: in a session of that key, press p for your profile, then a, and type the code it shows here, then enter",
		)...)
		out = append(out, ui.Typed("code", p.code.Value()))
		switch {
		case p.err != "":
			out = append(out, ui.Sentence("The code was refused: "+p.err))
		case p.note != "":
			out = append(out, ui.Sentence(p.note))
		}
		return out
	}
	out = append(out, ui.Sentences(
		"Choose a nickname: 2 to 16 letters of any alphabet, digits, dash or underscore. Type it, then press enter",
		joinLines(kept(c.Screen().Account)))...)
	if guestName(c) != "" {
		out = append(out, ui.Sentence("Press enter on an empty name to play as "+guestName(c)))
	}
	out = append(out, ui.Typed("nickname", p.input.Value()))
	if p.err != "" {
		out = append(out, ui.Sentence("That name will not do: "+p.err))
	}
	if canKeep(c) {
		out = append(out, ui.Sentence("Played before with another key? Press tab to enter a code from it"))
	}
	return out
}

// joinLines is a paragraph drawn on several lines, as one text.
func joinLines(ls []string) string {
	out := ""
	for _, l := range ls {
		if out != "" {
			out += " "
		}
		out += l
	}
	return out
}
