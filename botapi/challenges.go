package botapi

import "github.com/unossh/unossh/lobby"

// This file is a host seating an API bot at their table: the host invites
// the bot by its name, as they invite a friend (the lobby's invitations),
// and a bot that takes challenges ({"type":"challenges","accept":true},
// kept with its account as its invitations setting) is seated at once; one
// that does not, or that sits at a table already, turns it down. A new bot
// takes none until it says so.

// challenged answers the invitation on the bot's screen.
func (b *botSession) challenged(s lobby.Screen) {
	inv := s.Invitation
	if s.NoInvitations || s.Table != nil {
		b.c.DeclineInvitation()
		return
	}
	if err := b.c.AcceptInvitation(); err != nil {
		b.write(errorMsg{Type: TypeError, Message: "the invitation of " + inv.From + ": " + err.Error()})
		return
	}
	b.write(noticeMsg{Type: TypeNotice, Text: inv.From + " seated you at " + inv.Name})
}
