package tui

import "github.com/unossh/unossh/tui/page/join"

// joinState is the join page (page/join), made when first used: most
// players never open it.
func (c pageCtx) joinState() *join.Page {
	if c.m.join == nil {
		c.m.join = join.New()
	}
	return c.m.join
}
