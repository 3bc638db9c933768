package tui

import (
	"errors"
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/records"
)

// profilePage shows a player's profile: their own (p in the lobby) or
// another's (named with /, or chosen on the leaderboard). On their own, a
// player may change their nickname and make a code that adds a key.
type profilePage struct {
	name    string // whose profile: "" for the player's own
	p       *lobby.Profile
	err     string
	loading bool
	input   lineInput
	editing profileEdit
	link    *lobby.LinkCode
	note    string // what the last action did
	back    page   // where esc goes
}

// profileKeys are the profile page's keys.
var profileKeys = struct {
	Back, Find, Rename, AddKey, Mine, Board, Help key.Binding
	// Done and Cancel end the typing of a name.
	Done, Cancel key.Binding
}{
	Back:   bind("esc", "back", "esc", "q"),
	Find:   bind("/", "find a player", "/"),
	Rename: bind("r", "rename", "r"),
	AddKey: bind("a", "add a key", "a"),
	Mine:   bind("p", "my profile", "p"),
	Board:  bind("t", "leaderboard", "t"),
	Help:   keyHelp,
	Done:   bind("enter", "done", "enter"),
	Cancel: bind("esc", "cancel", "esc"),
}

// The profile page's key maps: the player's own with an account, another
// player's, the player's own without an account, and while a name is typed.
var (
	profileOwnKeyMap = footed{
		Foot: keyList{profileKeys.Back, profileKeys.Find, profileKeys.Rename, profileKeys.AddKey, profileKeys.Board},
		More: keyList{profileKeys.Mine, profileKeys.Help},
	}
	profileOtherKeyMap = footed{
		Foot: keyList{profileKeys.Back, profileKeys.Find, profileKeys.Mine, profileKeys.Board},
		More: keyList{profileKeys.Help},
	}
	profilePlainKeyMap = footed{
		Foot: keyList{profileKeys.Back, profileKeys.Find, profileKeys.Board},
		More: keyList{profileKeys.Mine, profileKeys.Help},
	}
	profileTypingKeyMap = keyList{profileKeys.Done, profileKeys.Cancel}
)

// profileEdit is what the page's input is typing, if anything.
type profileEdit uint8

const (
	editNone   profileEdit = iota
	editFind               // a player's nickname, to see their profile
	editRename             // the player's new nickname
)

// openProfile shows the profile of name ("" for the player's own).
func (m *model) openProfile(name string) tea.Cmd {
	back := m.page
	if back == pageProfile {
		back = m.prof.back
	}
	m.prof = &profilePage{name: name, back: back, loading: true, input: newNickInput()}
	m.page = pageProfile
	return m.loadProfile(name)
}

// loadProfile asks for a profile, off the Update goroutine.
func (m *model) loadProfile(name string) tea.Cmd {
	r := m.records()
	if r == nil {
		m.prof.loading, m.prof.err = false, lobby.ErrNoRecords.Error()
		return nil
	}
	return func() tea.Msg {
		p, err := r.Profile(name)
		return profileMsg{name: name, p: p, err: err}
	}
}

func (p *profilePage) gotProfile(msg profileMsg) {
	if msg.name != p.name {
		return // an answer for a page left since
	}
	p.loading = false
	if msg.err != nil {
		p.p, p.err = nil, msg.err.Error()
		if errors.Is(msg.err, lobby.ErrNoSuchPlayer) {
			p.err = fmt.Sprintf("no player is called %q", msg.name)
		}
		return
	}
	// The error, if any, is of what the player did since the page opened
	// (each load opens a fresh page): a rename refused, a name typed. The
	// profile may come after it, and leaves it be.
	p.p = &msg.p
}

func (p *profilePage) gotRename(msg renameMsg) {
	var soon *lobby.RenameTooSoonError
	switch {
	case errors.As(msg.err, &soon):
		// When comes first: the line may be read in a narrow window.
		p.err = "you may rename again after " + soon.Next.UTC().Format("2 Jan 15:04 UTC") +
			" (once a day)"
		return
	case msg.err != nil:
		p.err = msg.err.Error()
		return
	}
	p.note, p.err = "nickname changed", ""
}

func (p *profilePage) gotLink(msg linkMsg) {
	if msg.err != nil {
		p.err = msg.err.Error()
		return
	}
	p.link, p.err = &msg.code, ""
}

// linkLive reports whether the page shows a link code that still works at
// now, as far as the page knows: a code used up goes at once (keyAdded).
func (p *profilePage) linkLive(now time.Time) bool {
	return p.link != nil && now.Before(p.link.Expires)
}

// keyAdded is a link code adding a key to the player's account: the code
// the page shows is used up (or was replaced by a newer one, since an
// account has one live code at a time), so it goes; the lobby's notice
// says why. The player's own profile is read again: it counts the keys.
func (m *model) keyAdded() tea.Cmd {
	pp := m.prof
	if pp == nil {
		return nil
	}
	pp.link = nil
	if m.page == pageProfile && pp.own() {
		return m.loadProfile("")
	}
	return nil
}

// own reports whether the page shows the player's own profile.
func (p *profilePage) own() bool { return p.name == "" }

func (m *model) profileKey(k tea.KeyMsg) tea.Cmd {
	pp := m.prof
	if pp.editing != editNone {
		switch {
		case is(k, profileKeys.Done):
			text := pp.input.Value()
			if _, err := lobby.CheckNick(text); err != nil {
				// The field stays open with the name as typed, and why
				// it is not one: nothing is sent, nothing saved.
				pp.err = err.Error()
				return nil
			}
			edit := pp.editing
			pp.editing, pp.err = editNone, ""
			if edit == editFind {
				return m.openProfile(text)
			}
			return m.rename(text)
		case is(k, profileKeys.Cancel):
			pp.editing, pp.err = editNone, ""
		default:
			pp.err = typeNick(&pp.input, k)
		}
		return nil
	}
	pp.note = ""
	switch {
	case is(k, profileKeys.Back):
		m.page = pp.back
		if m.page == pageBoard {
			return nil
		}
		m.page = pageLobby
	case is(k, profileKeys.Find):
		pp.editing, pp.err = editFind, ""
		pp.input.Reset()
	case is(k, profileKeys.Mine):
		return m.openProfile("")
	case is(k, profileKeys.Board):
		return m.openBoard()
	case is(k, profileKeys.Rename) && pp.own() && m.canKeep():
		pp.editing, pp.err = editRename, ""
		pp.input.Set(m.scr.Nick)
	case is(k, profileKeys.AddKey) && pp.own() && m.canKeep():
		r := m.records()
		pp.err = ""
		return func() tea.Msg {
			lc, err := r.LinkCode()
			return linkMsg{code: lc, err: err}
		}
	case is(k, profileKeys.Help):
		m.openHelp()
	default:
		m.say("esc back · / find a player · t leaderboard", false)
	}
	return nil
}

// canKeep reports whether the player has an account here: a key, on a
// server that keeps records.
func (m *model) canKeep() bool {
	return m.records() != nil && !m.scr.Account.Guest
}

// rename asks for a new nickname, then shows the profile again.
func (m *model) rename(nick string) tea.Cmd {
	r := m.records()
	if r == nil {
		return nil
	}
	return func() tea.Msg { return renameMsg{err: r.Rename(nick)} }
}

func (m *model) profileView() []string {
	st := m.st
	pp := m.prof
	out := m.top(st.title.Render("UNO")+st.bold.Render(" · profile"), "")
	out = append(out, "")
	switch {
	case pp.loading:
		out = append(out, "  "+st.dim.Render("reading the records…"))
	case pp.p != nil:
		head := records.ProfileHead(*pp.p, m.w-4)
		out = append(out, "  "+st.title.Render(head[0]), "  "+head[1], "  "+head[2])
		for _, line := range head[3:] { // (tournaments, when any)
			out = append(out, "  "+line)
		}
	case pp.own() && m.scr.Account.Guest:
		out = append(out, "  "+st.bold.Render(clean(m.scr.Nick)+" (a guest)"),
			"  "+lobby.ErrGuestNoStats.Error()+".",
			"  "+st.dim.Render("You can still look up other players: press /."))
	}
	if pp.err != "" && (pp.p != nil || !pp.own() || !m.scr.Account.Guest || pp.editing != editNone) {
		for i, l := range wrapText(pp.err, m.w-6) { // every word of it: the end may say when
			mark := "✗ "
			if i > 0 {
				mark = "  "
			}
			out = append(out, "  "+st.err.Render(mark+l))
		}
	}
	if pp.note != "" {
		out = append(out, "  "+st.ok.Render("✓ "+pp.note))
	}
	switch pp.editing {
	case editFind:
		out = append(out, "  find a player: "+pp.input.View(st, lobby.MaxNick+1))
	case editRename:
		out = append(out, "  new nickname: "+pp.input.View(st, lobby.MaxNick+1)+
			st.dim.Render("  once a day"))
	}
	switch {
	case pp.link != nil && !pp.linkLive(m.now()):
		out = append(out, "  "+st.dim.Render("The code expired: press a for a new one."))
	case pp.link != nil:
		dest := "HOST"
		if m.addr != "" {
			dest = m.addr
		}
		out = append(out, "  "+st.bold.Render("To add a key: ")+"from it, run "+
			st.accent.Render("ssh "+dest+" link "+pp.link.Code),
			"  "+st.dim.Render(fmt.Sprintf("The code works once, for %d minutes.", int(lobby.LinkCodeTTL.Minutes()))))
	}
	if pp.p != nil {
		out = append(out, "")
		limit := 4 // the latest games need the room more, on a small window
		if m.h >= 32 {
			limit = 0
		}
		for i, l := range records.ModeRows(*pp.p, m.w-4, limit) {
			if i == 0 && len(pp.p.ByMode) > 0 {
				l = st.dim.Render(l)
			}
			out = append(out, "  "+l)
		}
		// The latest games take what room is left.
		room := m.h - 2 - len(out) - 3 // status, footer; blank, heading, column heads
		if rows := records.RecentRows(*pp.p, m.w-4, max(room, 1)); len(rows) > 0 {
			out = append(out, "", "  "+st.bold.Render("Recent games"), "  "+st.dim.Render(rows[0]))
			for _, l := range rows[1:] {
				out = append(out, "  "+l)
			}
		}
	}
	return m.bottom(out, st.footer(m.w, m.profileKeyMap()))
}

// profileKeyMap is the page's key map now.
func (m *model) profileKeyMap() help.KeyMap {
	pp := m.prof
	switch {
	case pp.editing != editNone:
		return profileTypingKeyMap
	case pp.own() && m.canKeep():
		return profileOwnKeyMap
	case !pp.own():
		return profileOtherKeyMap
	}
	return profilePlainKeyMap
}
