package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// clock is the next tick, while a countdown is on screen and no tick is on
// its way already; nil otherwise. A session whose screen shows no countdown
// gets no ticks at all, so an idle player costs the server nothing; one
// that shows a countdown ticks once a second and repaints only the line
// that changed (the session's painter sends only changed lines).
func (m *model) clock() tea.Cmd {
	if m.clocked || m.ticking || !m.showsClock() {
		return nil
	}
	m.ticking = true
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// showsClock says whether the page on screen counts something down.
func (m *model) showsClock() bool {
	r := routes[m.where()]
	return r.ticks != nil && r.ticks(m)
}

// TakeClock hands the countdown's ticks over to the session's own loop,
// which keeps one timer for them where a tea.Tick would keep a goroutine
// waiting: after every message it asks wants, and while that says yes it
// sends tick a second after the last one. From then on clock starts no
// ticks of its own.
func (m *model) TakeClock() (wants func() bool, tick func(time.Time) tea.Msg) {
	m.clocked = true
	return m.showsClock, func(t time.Time) tea.Msg { return tickMsg(t) }
}
