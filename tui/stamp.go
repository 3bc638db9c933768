package tui

import "time"

// TakeMoveStamp gives, once per move shown, when the table made the move,
// so the session's painter can measure a move's way to the screen (the
// operator's move-to-screens latency). The first view of a table, and views
// without a timestamp, report nothing: they measure joining, not moving.
func (m *model) TakeMoveStamp() (time.Time, bool) {
	tv := m.scr.Table
	if tv == nil {
		m.stamped = -1
		return time.Time{}, false
	}
	if tv.Moves == m.stamped {
		return time.Time{}, false
	}
	first := m.stamped < 0
	m.stamped = tv.Moves
	if first || tv.MovedAt.IsZero() {
		return time.Time{}, false
	}
	return tv.MovedAt, true
}
