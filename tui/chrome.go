package tui

import (
	"fmt"
	"strings"
)

// This file draws what every screen shares: the header, the status line
// (a hint or the lobby's latest notice), and the message of a window too small.

// tooSmall is all a window below 80x24 shows.
func (m *model) tooSmall() string {
	w, h := max(m.w, 1), max(m.h, 1)
	msg := fmt.Sprintf("unossh needs at least %dx%d; this window is %dx%d", MinWidth, MinHeight, m.w, m.h)
	ls := wrapText(msg, w) // wrapped to the window, however tiny
	top := max((h-len(ls))/2, 0)
	out := make([]string, 0, h)
	for i := 0; i < top; i++ {
		out = append(out, "")
	}
	for _, l := range ls {
		out = append(out, center(l, w))
	}
	return frame(out, w, h)
}

func (m *model) closedView() []string {
	out := m.top("", "")
	out = append(out, "", "", "  "+m.st.warn.Render(clean(m.scr.Closed)), "", "  "+m.st.dim.Render("press any key to close"))
	return out
}

// top is the header: the title on the left, the player and the number online
// on the right (or the given texts), then a rule.
func (m *model) top(left, right string) []string {
	if left == "" {
		left = m.st.title.Render("UNO") + m.st.bold.Render(" over SSH")
	}
	if right == "" {
		right = m.who()
	}
	return []string{spread(" "+left, right+" ", m.w), m.st.hrule(m.w)}
}

// who is "ana · SHA256:3f9cA1… · 37 online".
func (m *model) who() string {
	parts := []string{}
	if n := clean(m.scr.Nick); n != "" {
		parts = append(parts, m.st.bold.Render(n))
	}
	if m.sess != nil {
		if k := clean(m.sess.Key()); strings.HasPrefix(k, "SHA256:") && m.w >= 70 {
			parts = append(parts, m.st.dim.Render(trunc(k, 14)))
		}
	}
	parts = append(parts, m.st.dim.Render(fmt.Sprintf("%d online", m.scr.Online)))
	return strings.Join(parts, m.st.dim.Render(" · "))
}

// bottom puts the status line and the footer at the foot of the window,
// below body (cut to fit).
func (m *model) bottom(body []string, foot string) []string {
	room := m.h - 2
	if len(body) > room {
		body = body[:room]
	}
	for len(body) < room {
		body = append(body, "")
	}
	return append(body, m.statusLine(), foot)
}

// statusLine is the latest hint or notice.
func (m *model) statusLine() string {
	switch {
	case m.table.tbl != nil && m.table.tbl.chat.open:
		return m.table.chatPrompt()
	case m.hint != "":
		if m.bad {
			return " " + m.st.err.Render("! ") + m.st.warn.Render(trunc(m.hint, m.w-4))
		}
		return " " + m.st.accent.Render("» ") + trunc(m.hint, m.w-4)
	case m.notice.Text != "":
		text := clean(m.notice.Text)
		if m.notice.Error {
			return " " + m.st.err.Render("! ") + m.st.warn.Render(trunc(text, m.w-4))
		}
		return " " + m.st.accent.Render("» ") + trunc(text, m.w-4)
	}
	return ""
}
