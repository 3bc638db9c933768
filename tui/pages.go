package tui

import (
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"
)

// PageCounts counts the sessions on each page, for the operator's metrics.
// One value serves every session; each model moves its own count from page
// to page as the player goes, and Leave takes it off when the session ends.
type PageCounts struct {
	n [atTable + 1]atomic.Int64
}

// pageNames name the pages in metrics.
var pageNames = [atTable + 1]string{"too-small", "closed", "nickname", "lobby", "create", "join", "watch",
	"help", "profile", "leaderboard", "who", "waiting-room", "table"}

// Each calls f with every page's name and how many sessions show it.
func (p *PageCounts) Each(f func(page string, sessions int64)) {
	for i := range p.n {
		f(pageNames[i], p.n[i].Load())
	}
}

// Leave takes an ended session's model off the count.
func (p *PageCounts) Leave(m tea.Model) {
	if mm, ok := m.(*model); ok && p != nil {
		p.n[mm.counted.Swap(int32(noPage))].Add(-1)
	}
}

// noPage is a model not counted (yet, or any more).
const noPage = -1

// countPage moves the model's count to the page it shows now.
func (m *model) countPage() {
	if m.pages == nil {
		return
	}
	now := int32(m.where())
	if old := m.counted.Swap(now); old != now {
		if old != noPage {
			m.pages.n[old].Add(-1)
		}
		m.pages.n[now].Add(1)
	}
}
