package tui

import "github.com/unossh/unossh/tui/page/nick"

// nickState is the nickname page (page/nick), made when first needed: a player whose
// key already has a nickname goes straight to the lobby and never needs it.
func (m *model) nickState() *nick.Page {
	if m.nick == nil {
		m.nick = nick.New()
	}
	return m.nick
}
