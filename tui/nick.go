package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/join"
	"github.com/unossh/unossh/tui/ui"
)

// nickPage is the nickname prompt of a first visit.
type nickPage struct {
	input lineInput
	err   string
	// linking: the player types a code from their other key instead
	// (tab switches), to sign in as that key's account.
	linking bool
	code    lineInput
	note    string
}

// The nickname fields are ui's (ui.NewNickInput, ui.TypeNick).
func newNickInput() lineInput                     { return ui.NewNickInput() }
func typeNick(in *lineInput, k tea.KeyMsg) string { return ui.TypeNick(in, k) }

func newNickPage() *nickPage {
	// The field starts empty: never the SSH login name ("root"), which
	// enter would otherwise make the player's name for good.
	return &nickPage{input: newNickInput(), code: newInput(lobby.LinkCodeLen, join.CodeRune)}
}

// nickState is the nickname page, made when first needed: a player whose
// key already has a nickname goes straight to the lobby and never needs it.
func (m *model) nickState() *nickPage {
	if m.nick == nil {
		m.nick = newNickPage()
	}
	return m.nick
}

// guestName is the generated name a guest gets by pressing enter on an
// empty field, "" for a player with a key.
func (m *model) guestName() string {
	if a := m.scr.Account; a.Guest {
		return a.GuestName
	}
	return ""
}

// nickKeys are the nickname page's keys; what else is typed is the name
// (or, linking a key, the code).
var nickKeys = struct {
	Continue, Clear, Link key.Binding
	// LinkCode, Choose and Back are the keys while a link code is typed.
	LinkCode, Choose, Back key.Binding
}{
	Continue: bind("enter", "continue", "enter"),
	Clear:    bind("esc", "clear", "esc"),
	Link:     bind("tab", "link a key", "tab"),
	LinkCode: bind("enter", "link", "enter"),
	Choose:   bind("tab", "choose a nickname instead", "tab"),
	Back:     bind("esc", "back", "esc"),
}

// The nickname page's key maps: a name for a player who may keep it (and
// so link a key instead), for one who may not, and a link code.
var (
	nickKeepKeyMap  = keyList{nickKeys.Continue, nickKeys.Clear, nickKeys.Link, keyInterrupt}
	nickGuestKeyMap = keyList{nickKeys.Continue, nickKeys.Clear, keyInterrupt}
	linkKeyMap      = keyList{nickKeys.LinkCode, nickKeys.Choose, nickKeys.Back, keyInterrupt}
)

// nickKeyMap is the page's key map now.
func (m *model) nickKeyMap() help.KeyMap {
	switch {
	case m.nickState().linking:
		return linkKeyMap
	case m.canKeep():
		return nickKeepKeyMap
	}
	return nickGuestKeyMap
}

func (m *model) nickKey(k tea.KeyMsg) tea.Cmd {
	np := m.nickState()
	if is(k, nickKeys.Link, nickKeys.Choose) && m.canKeep() {
		np.linking, np.err = !np.linking, ""
		return nil
	}
	if np.linking {
		return m.linkKey(k)
	}
	switch {
	case is(k, nickKeys.Continue):
		nick := np.input.Value()
		if nick == "" && m.guestName() != "" {
			nick = m.guestName()
		}
		if _, err := lobby.CheckNick(nick); err != nil {
			np.err = err.Error()
			return nil
		}
		np.err = ""
		return m.call(callNick, func(s Session) error { return s.SetNick(nick) })
	case is(k, nickKeys.Clear):
		np.input.Reset()
		np.err = ""
		return nil
	}
	np.err = typeNick(&np.input, k)
	return nil
}

func (m *model) nickView() []string {
	np := m.nickState()
	st := m.st
	out := m.top("", st.dim.Render("welcome!"))
	out = append(out, "",
		"  "+st.title.Render("Welcome to UNO over SSH")+st.dim.Render(" — the card game, in your terminal, with friends"),
		"",
	)
	if np.linking {
		return m.linkView(out)
	}
	out = append(out, "  Choose a nickname: 2 to 16 letters of any alphabet, digits, - or _.")
	out = append(out, m.keptLines()...)
	out = append(out, "")
	out = append(out, m.field("nickname", np.input.View(st, lobby.MaxNick+1))...)
	switch {
	case np.err != "":
		out = append(out, "  "+st.err.Render("✗ "+trunc(np.err, m.w-6)))
	case np.input.Value() == "" && m.guestName() != "":
		out = append(out, "  "+st.dim.Render("Press enter to play as "+m.guestName()+", or type a name."))
	default:
		out = append(out, "")
	}
	if m.canKeep() {
		out = append(out, "", "  "+st.dim.Render("Played before with another key? Press tab to enter a code from it."))
	}
	return m.bottom(out, st.footer(m.w, m.nickKeyMap()))
}

// keptLines say what becomes of the nickname: kept for the key, or not
// at all for a guest, or for a key whose address has made all the accounts
// it may for now.
func (m *model) keptLines() []string {
	a := m.scr.Account
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

// field draws a labelled input in a box.
func (m *model) field(label, input string) []string { return ui.Field(m.st, label, input) }

// linkKey types the code that adds this key to an account.
func (m *model) linkKey(k tea.KeyMsg) tea.Cmd {
	np := m.nickState()
	switch {
	case is(k, nickKeys.LinkCode):
		return m.redeem(np.code.Value())
	case is(k, nickKeys.Back):
		np.linking, np.err = false, ""
		return nil
	}
	np.code.Update(k)
	np.err = ""
	return nil
}

// redeem sends a link code; the account's nickname arrives with the next
// screen.
func (m *model) redeem(code string) tea.Cmd {
	np := m.nickState()
	r := m.records()
	if r == nil {
		np.err = lobby.ErrNoRecords.Error()
		return nil
	}
	np.note = "checking the code…"
	return func() tea.Msg { return redeemMsg{err: r.RedeemLink(code)} }
}

// gotRedeem shows why a code was refused; once it is taken, the account's
// nickname arrives with the next screen, which opens the lobby.
func (m *model) gotRedeem(msg redeemMsg) {
	np := m.nickState()
	np.note = ""
	if msg.err != nil {
		np.err = msg.err.Error()
	}
}

func (m *model) linkView(out []string) []string {
	np := m.nickState()
	st := m.st
	out = append(out,
		"  Add this key to the account you play with on another key:",
		"  in a session of that key, press p for your profile, then a, and type",
		"  the code it shows here.",
		"",
	)
	out = append(out, m.field("code", np.code.View(st, lobby.LinkCodeLen+1))...)
	switch {
	case np.err != "":
		out = append(out, "  "+st.err.Render("✗ "+np.err))
	case np.note != "":
		out = append(out, "  "+st.dim.Render(np.note))
	}
	return m.bottom(out, st.footer(m.w, linkKeyMap))
}
