package tui

import "github.com/unossh/unossh/tui/page/nick"

// nickState is the nickname page (page/nick), made when first needed: a player whose
// key already has a nickname goes straight to the lobby and never needs it.
func (c pageCtx) nickState() *nick.Page {
	if c.m.nick == nil {
		c.m.nick = nick.New()
	}
	return c.m.nick
}
