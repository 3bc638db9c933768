package tui

import (
	"fmt"
	"github.com/charmbracelet/bubbles/key"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// This file is who is online and invitations. In the lobby, o lists the
// players online by name and where they are; there x turns invitations to
// oneself off or on. In a waiting room, i invites a player by nickname: the
// invited player, in the lobby, reads one line and takes it up with enter,
// or turns it down with esc.

// whoKeys are the keys of the players online.
var whoKeys = struct {
	Up, Down, Again, Invites, Back, Help key.Binding
}{
	Up:      with(keyUp, "↑/↓", "scroll"),
	Down:    also(with(keyDown, "↑/↓", "scroll"), " "),
	Again:   bind("r", "again", "r"),
	Invites: bind("x", "invitations on/off", "x"),
	Back:    bind("esc", "back", "esc", "q"),
	Help:    keyHelp,
}

// whoKeyMap is its footer, and its help with ?.
var whoKeyMap = footed{
	foot: keyList{whoKeys.Up, whoKeys.Down, whoKeys.Again, whoKeys.Invites, whoKeys.Back},
	more: keyList{whoKeys.Help},
}

// whoPage is the list of players online, as last asked for.
type whoPage struct {
	list   []lobby.OnlinePlayer
	top    int
	loaded bool
	err    string
}

// whoMsg is the answer to asking who is online.
type whoMsg struct {
	list []lobby.OnlinePlayer
	err  error
}

// openWho shows the players online, asking the lobby for them afresh.
func (m *model) openWho() tea.Cmd {
	m.ppl = &whoPage{}
	m.page = pageWho
	return m.askWho()
}

func (m *model) askWho() tea.Cmd {
	s := m.sess
	return func() tea.Msg {
		l, err := s.Who()
		return whoMsg{list: l, err: err}
	}
}

func (m *model) onWho(msg whoMsg) {
	if m.ppl == nil {
		return // the page was left before the answer came
	}
	m.ppl.loaded, m.ppl.list, m.ppl.err = true, msg.list, ""
	if msg.err != nil {
		m.ppl.err = msg.err.Error()
	}
}

func (m *model) whoKey(k tea.KeyMsg) tea.Cmd {
	wp := m.ppl
	switch {
	case is(k, whoKeys.Up):
		wp.top = max(wp.top-1, 0)
	case is(k, whoKeys.Down):
		wp.top++
	case is(k, whoKeys.Again):
		return m.askWho()
	case is(k, whoKeys.Invites):
		on := m.scr.NoInvitations
		return m.call(callPlain, func(s Session) error { s.SetInvitations(on); return nil })
	case is(k, whoKeys.Back):
		m.page = pageLobby
	case is(k, whoKeys.Help):
		m.openHelp()
	default:
		m.say("↑/↓ scroll · r again · x invitations on/off · esc back", false)
	}
	return nil
}

func (m *model) whoView() []string {
	st := m.st
	wp := m.ppl
	out := m.top("", "")
	title := "Players online"
	if wp.loaded {
		title += st.dim.Render(fmt.Sprintf("  %d", len(wp.list)))
	}
	invites := st.ok.Render("on") + st.dim.Render(": players at a table may invite you (x turns them off)")
	if m.scr.NoInvitations {
		invites = st.warn.Render("off") + st.dim.Render(": nobody can invite you (x turns them on)")
	}
	out = append(out, "", "  "+st.title.Render(title), "  invitations "+invites, "")
	switch {
	case wp.err != "":
		out = append(out, "  "+st.err.Render("✗ "+wp.err))
	case !wp.loaded:
		out = append(out, "  "+st.dim.Render("asking the lobby…"))
	default:
		room := max(m.h-len(out)-3, 1)
		wp.top = min(wp.top, max(len(wp.list)-room, 0))
		for _, p := range wp.list[wp.top:min(wp.top+room, len(wp.list))] {
			out = append(out, m.whoLine(p))
		}
	}
	return m.bottom(out, st.footer(m.w, whoKeyMap))
}

// whoLine is one player and where they are.
func (m *model) whoLine(p lobby.OnlinePlayer) string {
	st := m.st
	name := pad(clean(p.Nick), 18)
	if p.Nick == m.scr.Nick {
		name = st.bold.Render(name)
	}
	where := st.dim.Render("in the lobby")
	switch {
	case p.Table != "" && p.Watching:
		where = st.dim.Render("watching ") + clean(p.Table)
	case p.Table != "":
		where = st.dim.Render("at ") + clean(p.Table)
	}
	if p.Guest {
		where += st.dim.Render(" · guest")
	}
	return "    " + name + where
}

// invitation is the invitation waiting for the player, while it lasts.
func (m *model) invitation() *lobby.Invitation {
	inv := m.scr.Invitation
	if inv == nil || !m.now().Before(inv.Until) {
		return nil
	}
	return inv
}

// invitationLine is the lobby's line about the invitation waiting.
func (m *model) invitationLine() string {
	inv := m.invitation()
	st := m.st
	return " " + st.turn.Render("✉") + " " + st.bold.Render(clean(inv.From)) + " invites you to " +
		st.bold.Render(clean(inv.Name)) + st.dim.Render(" ("+inv.Edition+") · ") +
		st.key.Render(invitationKeys.Accept.Help().Key) + " " + invitationKeys.Accept.Help().Desc + " · " +
		st.key.Render(invitationKeys.Decline.Help().Key) + " " + invitationKeys.Decline.Help().Desc
}

// invitationKeys answer an invitation in the lobby, on its line.
var invitationKeys = struct {
	Accept, Decline key.Binding
}{
	Accept:  bind("enter", "join", "enter"),
	Decline: bind("esc", "no thanks", "esc"),
}

// inviteKeys send or drop the waiting room's invitation line; what else
// is typed is the nickname.
var inviteKeys = struct {
	Send, Cancel key.Binding
}{
	Send:   bind("enter", "send", "enter"),
	Cancel: bind("esc", "cancel", "esc"),
}

// invitationKey is enter (take it up) or esc (turn it down) in the lobby
// while an invitation waits; false for any other key.
func (m *model) invitationKey(k tea.KeyMsg) (tea.Cmd, bool) {
	if m.invitation() == nil {
		return nil, false
	}
	switch {
	case is(k, invitationKeys.Accept):
		m.say("taking up the invitation…", false)
		return m.call(callJoin, func(s Session) error { return s.AcceptInvitation() }), true
	case is(k, invitationKeys.Decline):
		return m.call(callPlain, func(s Session) error { s.DeclineInvitation(); return nil }), true
	}
	return nil, false
}

// inviteBox is the waiting room's line for typing whom to invite.
type inviteBox struct {
	open  bool
	input lineInput
}

// inviteKey types into the waiting room's invitation line.
func (m *model) inviteKey(k tea.KeyMsg) tea.Cmd {
	ib := &m.room.invite
	switch {
	case is(k, inviteKeys.Cancel):
		ib.open = false
		ib.input.Reset()
	case is(k, inviteKeys.Send):
		nick := ib.input.Value()
		ib.open = false
		ib.input.Reset()
		if nick != "" {
			return m.call(callPlain, func(s Session) error { return s.Invite(nick) })
		}
	default:
		ib.input.Update(k)
	}
	return nil
}

// inviteLine is the waiting room's invitation line while it is open.
func (m *model) inviteLine() string {
	return " " + m.st.bold.Render("invite a player online by nickname: ") +
		m.room.invite.input.View(m.st, lobby.MaxNick+1) + m.st.dim.Render("  "+footText(inviteKeys.Send, inviteKeys.Cancel))
}
