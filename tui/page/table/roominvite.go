package table

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file is invitations. In a waiting room, i invites a player by
// nickname: the invited player, in the lobby, reads one line and takes it
// up with enter, or turns it down with esc (page/lobbypage). Who is online,
// where x turns invitations to oneself off or on, is a page of its own
// (page/who).

// InviteKeyMap is the footer while the nickname is typed.
var InviteKeyMap = &ui.KeyList{inviteKeys.Send, inviteKeys.Cancel}

// inviteKeys send or drop the waiting room's invitation line; what else
// is typed is the nickname.
var inviteKeys = struct {
	Send, Cancel key.Binding
}{
	Send:   ui.Bind("enter", "send", "enter"),
	Cancel: ui.Bind("esc", "cancel", "esc"),
}

// inviteBox is the waiting room's line for typing whom to invite.
type inviteBox struct {
	open  bool
	input ui.Input
}

// inviteKey types into the waiting room's invitation line.
func (tp *Page) inviteKey(k tea.KeyMsg) tea.Cmd {
	ib := &tp.room.invite
	switch {
	case ui.Is(k, inviteKeys.Cancel):
		ib.open = false
		ib.input.Reset()
	case ui.Is(k, inviteKeys.Send):
		nick := ib.input.Value()
		ib.open = false
		ib.input.Reset()
		if nick != "" {
			return tp.c.Call(func(s ui.Session) error { return s.Invite(nick) }, nil)
		}
	default:
		ib.input.Update(k)
	}
	return nil
}

// inviteLine is the waiting room's invitation line while it is open.
func (tp *Page) inviteLine() string {
	return " " + tp.cards().Bold("invite a player online by nickname: ") +
		tp.room.invite.input.View(tp.cards(), lobby.MaxNick+1) + tp.cards().Dim("  "+ui.FootText(inviteKeys.Send, inviteKeys.Cancel))
}
