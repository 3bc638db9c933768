package tui

import "github.com/unossh/unossh/tui/page/join"

// joinState is the join page (page/join), made when first used: most
// players never open it.
func (m *model) joinState() *join.Page {
	if m.join == nil {
		m.join = join.New()
	}
	return m.join
}
