package lobby

import (
	"context"

	"github.com/unossh/unossh/store"
)

// SetScreenReader turns the screen-reader (linear) mode on or off for this
// session and, for a key with an account, for its next ones: the TUI reads
// Screen.ScreenReader. The account keeps it before the screen says so, so
// that a player who turns it on and reconnects finds it on. The choice
// holds for the session even when the database cannot keep it.
func (c *Client) SetScreenReader(on bool) {
	c.keepScreenReader(on)
	c.post(func(s *Screen) { s.ScreenReader = on })
	switch {
	case on && (c.guest || c.hub.cfg.Store == nil):
		c.notice("screen reader mode is on, for this visit", false)
	case on:
		c.notice("screen reader mode is on: kept for your next visits", false)
	default:
		c.notice("screen reader mode is off", false)
	}
}

// keepScreenReader keeps the player's choice in their account.
func (c *Client) keepScreenReader(on bool) {
	c.keepChoice("the screen reader mode", func(ctx context.Context, st store.Store, id int64) error {
		return st.SetScreenReader(ctx, id, on)
	})
}
