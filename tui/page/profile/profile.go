// Package profile is a player's profile page: their own (p in the lobby)
// or another's (named with /, or chosen on the leaderboard). On their own,
// a player with an account may change their nickname (r, once a day) and
// make a code that adds another key to the account (a).
package profile

import (
	"errors"
	"fmt"
	"time"

	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/records"
	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys.
var Keys = struct {
	Back, Find, Rename, AddKey, Mine, Board, Help key.Binding
	// Reader turns the screen-reader (linear) mode on or off, on the
	// player's own profile (kept in the account).
	Reader key.Binding
	// Done and Cancel end the typing of a name.
	Done, Cancel key.Binding
}{
	Back:   key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
	Find:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "find a player")),
	Rename: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rename")),
	AddKey: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add a key")),
	Mine:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "my profile")),
	Board:  key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "leaderboard")),
	Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
	Reader: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "screen reader mode on/off")),
	Done:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "done")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
}

// The page's key maps: the player's own with an account, another player's,
// the player's own without an account, and while a name is typed.
var (
	OwnKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Back, Keys.Find, Keys.Rename, Keys.AddKey, Keys.Board},
		More: ui.KeyList{Keys.Mine, Keys.Help, Keys.Reader},
	}
	OtherKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Back, Keys.Find, Keys.Mine, Keys.Board},
		More: ui.KeyList{Keys.Help},
	}
	PlainKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Back, Keys.Find, Keys.Board},
		More: ui.KeyList{Keys.Mine, Keys.Help, Keys.Reader},
	}
	TypingKeyMap = &ui.KeyList{Keys.Done, Keys.Cancel}
)

// edit is what the page's input is typing, if anything.
type edit uint8

const (
	editNone   edit = iota
	editFind        // a player's nickname, to see their profile
	editRename      // the player's new nickname
)

// Page is a profile as shown, and what the player is doing on it.
type Page struct {
	name    string // whose profile: "" for the player's own
	p       *lobby.Profile
	err     string
	loading bool
	input   ui.Input
	editing edit
	link    *lobby.LinkCode
	note    string // what the last action did
}

// The answers of the page's calls, which run off the Update goroutine.
type (
	profileMsg struct {
		name string
		p    lobby.Profile
		err  error
	}
	renameMsg struct{ err error }
	linkMsg   struct {
		code lobby.LinkCode
		err  error
	}
)

// Open makes the page of name ("" for the player's own) and reads it.
func Open(c ui.Context, name string) (*Page, tea.Cmd) {
	p := &Page{name: name, loading: true, input: ui.NewNickInput()}
	return p, p.load(c)
}

// Name is whose profile the page shows ("" for the player's own).
func (p *Page) Name() string { return p.name }

// Profile is the profile shown, once read.
func (p *Page) Profile() *lobby.Profile { return p.p }

// own reports whether the page shows the player's own profile.
func (p *Page) own() bool { return p.name == "" }

// canKeep reports whether the player has an account here: a key, on a
// server that keeps records.
func canKeep(c ui.Context) bool {
	a := c.Screen().Account
	return a.Records && !a.Guest
}

// load asks for the profile, off the Update goroutine.
func (p *Page) load(c ui.Context) tea.Cmd {
	if !c.Screen().Account.Records {
		p.loading, p.err = false, lobby.ErrNoRecords.Error()
		return nil
	}
	s, name := c.Session(), p.name
	return func() tea.Msg {
		pr, err := s.Profile(name)
		return profileMsg{name: name, p: pr, err: err}
	}
}

// Loaded takes a profile read for name (an answer for a page left since
// is dropped).
func (p *Page) Loaded(name string, pr lobby.Profile, err error) {
	if name != p.name {
		return
	}
	p.loading = false
	if err != nil {
		p.p, p.err = nil, err.Error()
		if errors.Is(err, lobby.ErrNoSuchPlayer) {
			p.err = fmt.Sprintf("no player is called %q", name)
		}
		return
	}
	// The error, if any, is of what the player did since the page opened
	// (each load opens a fresh page): a rename refused, a name typed. The
	// profile may come after it, and leaves it be.
	p.p = &pr
}

func (p *Page) renamed(err error) {
	var soon *lobby.RenameTooSoonError
	switch {
	case errors.As(err, &soon):
		// When comes first: the line may be read in a narrow window.
		p.err = "you may rename again after " + soon.Next.UTC().Format("2 Jan 15:04 UTC") + " (once a day)"
		return
	case err != nil:
		p.err = err.Error()
		return
	}
	p.note, p.err = "nickname changed", ""
}

func (p *Page) linked(msg linkMsg) {
	if msg.err != nil {
		p.err = msg.err.Error()
		return
	}
	p.link, p.err = &msg.code, ""
}

// LinkLive reports whether the page shows a link code that still works at
// now, as far as the page knows: a code used up goes at once (KeyAdded).
func (p *Page) LinkLive(now time.Time) bool {
	return p.link != nil && now.Before(p.link.Expires)
}

// KeyAdded is a link code adding a key to the player's account: the code
// the page shows is used up (or was replaced by a newer one, since an
// account has one live code at a time), so it goes; the lobby's notice
// says why. The player's own profile is read again: it counts the keys.
func (p *Page) KeyAdded(c ui.Context) tea.Cmd {
	p.link = nil
	if c.On(ui.Profile) && p.own() {
		return p.reload(c)
	}
	return nil
}

// reload reads the profile again, into the page as it is.
func (p *Page) reload(c ui.Context) tea.Cmd { return p.load(c) }

// KeyMap is the page's key map now.
func (p *Page) KeyMap(c ui.Context) bhelp.KeyMap {
	switch {
	case p.editing != editNone:
		return TypingKeyMap
	case p.own() && canKeep(c):
		return OwnKeyMap
	case !p.own():
		return OtherKeyMap
	}
	return PlainKeyMap
}

// Update takes a key, or the answer to one of the page's calls.
func (p *Page) Update(c ui.Context, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case profileMsg:
		p.Loaded(msg.name, msg.p, msg.err)
	case renameMsg:
		p.renamed(msg.err)
		if msg.err == nil && c.On(ui.Profile) && p.own() {
			return p.reload(c) // the new name, on the page
		}
	case linkMsg:
		p.linked(msg)
	case tea.KeyMsg:
		return p.key(c, msg)
	}
	return nil
}

func (p *Page) key(c ui.Context, k tea.KeyMsg) tea.Cmd {
	if p.editing != editNone {
		return p.typing(c, k)
	}
	p.note = ""
	switch {
	case key.Matches(k, Keys.Back):
		return c.Go(ui.Previous, "")
	case key.Matches(k, Keys.Find):
		p.editing, p.err = editFind, ""
		p.input.Reset()
	case key.Matches(k, Keys.Mine):
		return c.Go(ui.Profile, "")
	case key.Matches(k, Keys.Board):
		return c.Go(ui.Board, "")
	case key.Matches(k, Keys.Rename) && p.own() && canKeep(c):
		p.editing, p.err = editRename, ""
		p.input.Set(c.Screen().Nick)
	case key.Matches(k, Keys.AddKey) && p.own() && canKeep(c):
		s := c.Session()
		p.err = ""
		return func() tea.Msg {
			lc, err := s.LinkCode()
			return linkMsg{code: lc, err: err}
		}
	case key.Matches(k, Keys.Help):
		return c.Go(ui.Help, "")
	case key.Matches(k, Keys.Reader) && p.own():
		on := !c.Screen().ScreenReader
		return c.Call(func(s ui.Session) error { s.SetScreenReader(on); return nil }, nil)
	default:
		c.Say("esc back · / find a player · t leaderboard", false)
	}
	return nil
}

// typing edits the name typed: a player's to find, or the player's new one.
func (p *Page) typing(c ui.Context, k tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(k, Keys.Done):
		text := p.input.Value()
		if _, err := lobby.CheckNick(text); err != nil {
			// The field stays open with the name as typed, and why it is
			// not one: nothing is sent, nothing saved.
			p.err = err.Error()
			return nil
		}
		e := p.editing
		p.editing, p.err = editNone, ""
		if e == editFind {
			return c.Go(ui.Profile, text)
		}
		return p.rename(c, text)
	case key.Matches(k, Keys.Cancel):
		p.editing, p.err = editNone, ""
		if c.Linear() { // (what ends is not heard otherwise)
			c.Say("cancelled", false)
		}
	default:
		p.err = ui.TypeNick(&p.input, k)
	}
	return nil
}

// rename asks for a new nickname, then shows the profile again.
func (p *Page) rename(c ui.Context, nick string) tea.Cmd {
	if !c.Screen().Account.Records {
		return nil
	}
	s := c.Session()
	return func() tea.Msg { return renameMsg{err: s.Rename(nick)} }
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	w, h := c.Size()
	scr := c.Screen()
	out := c.Top(st.Title("UNO")+st.Bold(" · profile"), "")
	out = append(out, "")
	switch {
	case p.loading:
		out = append(out, "  "+st.Dim("reading the records…"))
	case p.p != nil:
		head := records.ProfileHead(*p.p, w-4)
		out = append(out, "  "+st.Title(head[0]), "  "+head[1], "  "+head[2])
		for _, line := range head[3:] { // (tournaments, when any)
			out = append(out, "  "+line)
		}
	case p.own() && scr.Account.Guest:
		out = append(out, "  "+st.Bold(ui.Clean(scr.Nick)+" (a guest)"),
			"  "+lobby.ErrGuestNoStats.Error()+".",
			"  "+st.Dim("You can still look up other players: press /."))
	}
	if p.err != "" && (p.p != nil || !p.own() || !scr.Account.Guest || p.editing != editNone) {
		for i, l := range ui.Wrap(p.err, w-6) { // every word of it: the end may say when
			mark := "✗ "
			if i > 0 {
				mark = "  "
			}
			out = append(out, "  "+st.Err(mark+l))
		}
	}
	if p.note != "" {
		out = append(out, "  "+st.OK("✓ "+p.note))
	}
	switch p.editing {
	case editFind:
		out = append(out, "  find a player: "+p.input.View(st, lobby.MaxNick+1))
	case editRename:
		out = append(out, "  new nickname: "+p.input.View(st, lobby.MaxNick+1)+st.Dim("  once a day"))
	}
	switch {
	case p.link != nil && !p.LinkLive(c.Now()):
		out = append(out, "  "+st.Dim("The code expired: press a for a new one."))
	case p.link != nil:
		dest := "HOST"
		if a := c.Addr(); a != "" {
			dest = a
		}
		out = append(out, "  "+st.Bold("To add a key: ")+"from it, run "+st.Accent("ssh "+dest+" link "+p.link.Code),
			"  "+st.Dim(fmt.Sprintf("The code works once, for %d minutes.", int(lobby.LinkCodeTTL.Minutes()))))
	}
	if p.p != nil {
		out = append(out, "")
		limit := 4 // the latest games need the room more, on a small window
		if h >= 32 {
			limit = 0
		}
		for i, l := range records.ModeRows(*p.p, w-4, limit) {
			if i == 0 && len(p.p.ByMode) > 0 {
				l = st.Dim(l)
			}
			out = append(out, "  "+l)
		}
		// The latest games take what room is left.
		room := h - 2 - len(out) - 3 // status, footer; blank, heading, column heads
		if rows := records.RecentRows(*p.p, w-4, max(room, 1)); len(rows) > 0 {
			out = append(out, "", "  "+st.Bold("Recent games"), "  "+st.Dim(rows[0]))
			for _, l := range rows[1:] {
				out = append(out, "  "+l)
			}
		}
	}
	return c.Bottom(out, p.KeyMap(c))
}

// Said is the page as sentences (the linear mode).
func (p *Page) Said(c ui.Context) []string {
	scr := c.Screen()
	out := []string{"Your profile."}
	if !p.own() {
		out = []string{ui.Sentence("The profile of " + ui.Clean(p.name))}
	}
	switch {
	case p.loading:
		out = append(out, "Reading the records...")
	case p.p != nil:
		out = append(out, records.ProfileSaid(*p.p)...)
	case p.own() && scr.Account.Guest:
		out = append(out, ui.Sentences(ui.Clean(scr.Nick)+", a guest", lobby.ErrGuestNoStats.Error(),
			"You can still look up other players: press slash")...)
	}
	if p.own() {
		switch {
		case !canKeep(c) && c.Linear():
			out = append(out, "Screen reader mode is on, for this visit: a guest's choice is not kept.")
		case !canKeep(c):
			out = append(out, "Screen reader mode is off: s turns it on, for this visit.")
		case scr.ScreenReader:
			out = append(out, "Screen reader mode is on, for this key's next visits too: s turns it off.")
		case c.Linear():
			out = append(out, "Screen reader mode is on for this visit, as your connection asked: s keeps it on for this key's next visits.")
		default:
			out = append(out, "Screen reader mode is off: s turns it on, for this key's next visits too.")
		}
	}
	if p.err != "" && (p.p != nil || !p.own() || !scr.Account.Guest || p.editing != editNone) {
		out = append(out, ui.Sentence("That did not work: "+p.err))
	}
	if p.note != "" {
		out = append(out, ui.Sentence(p.note))
	}
	switch p.editing {
	case editFind:
		out = append(out, "Type the nickname of the player to find, then enter; escape cancels.", ui.Typed("name", p.input.Value()))
	case editRename:
		out = append(out, "Type your new nickname, then enter; escape cancels. You may rename once a day.", ui.Typed("new nickname", p.input.Value()))
	}
	switch {
	case p.link != nil && !p.LinkLive(c.Now()):
		out = append(out, "The code expired: press a for a new one.")
	case p.link != nil:
		dest := "HOST"
		if a := c.Addr(); a != "" {
			dest = a
		}
		out = append(out, ui.Sentence("To add a key: from it, run ssh "+dest+" link "+p.link.Code+". The code, spelt: "+ui.Spelt(p.link.Code)),
			ui.Sentence(fmt.Sprintf("The code works once, for %d minutes", int(lobby.LinkCodeTTL.Minutes()))))
	}
	return out
}
