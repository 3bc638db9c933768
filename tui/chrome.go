package tui

import (
	"fmt"
	"strings"
)

// This file draws what every screen shares: the header, the status line
// (a hint or the lobby's latest notice), and the message of a window too small.

// tooSmall is all a window below 80x24 shows.
func (c pageCtx) tooSmall() string {
	w, h := max(c.m.w, 1), max(c.m.h, 1)
	msg := fmt.Sprintf("unossh needs at least %dx%d; this window is %dx%d", MinWidth, MinHeight, c.m.w, c.m.h)
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

func (c pageCtx) closedView() []string {
	out := c.top("", "")
	out = append(out, "", "", "  "+c.m.st.warn.Render(clean(c.m.scr.Closed)), "", "  "+c.m.st.dim.Render("press any key to close"))
	return out
}

// top is the header: the title on the left, the player and the number online
// on the right (or the given texts), then a rule.
func (c pageCtx) top(left, right string) []string {
	if left == "" {
		left = c.m.st.title.Render("UNO") + c.m.st.bold.Render(" over SSH")
	}
	if right == "" {
		right = c.who()
	}
	return []string{spread(" "+left, right+" ", c.m.w), c.m.st.hrule(c.m.w)}
}

// who is "ana · SHA256:3f9cA1… · 37 online".
func (c pageCtx) who() string {
	parts := []string{}
	if n := clean(c.m.scr.Nick); n != "" {
		parts = append(parts, c.m.st.bold.Render(n))
	}
	if c.m.sess != nil {
		if k := clean(c.m.sess.Key()); strings.HasPrefix(k, "SHA256:") && c.m.w >= 70 {
			parts = append(parts, c.m.st.dim.Render(trunc(k, 14)))
		}
	}
	parts = append(parts, c.m.st.dim.Render(fmt.Sprintf("%d online", c.m.scr.Online)))
	return strings.Join(parts, c.m.st.dim.Render(" · "))
}

// bottom puts the status line and the footer at the foot of the window,
// below body (cut to fit).
func (c pageCtx) bottom(body []string, foot string) []string {
	room := c.m.h - 2
	if len(body) > room {
		body = body[:room]
	}
	for len(body) < room {
		body = append(body, "")
	}
	return append(body, c.statusLine(), foot)
}

// statusLine is the latest hint or notice.
func (c pageCtx) statusLine() string {
	switch {
	case c.m.table.Chatting():
		return c.m.table.ChatPrompt(c)
	case c.m.hint != "":
		if c.m.bad {
			return " " + c.m.st.err.Render("! ") + c.m.st.warn.Render(trunc(c.m.hint, c.m.w-4))
		}
		return " " + c.m.st.accent.Render("» ") + trunc(c.m.hint, c.m.w-4)
	case c.m.notice.Text != "":
		text := clean(c.m.notice.Text)
		if c.m.notice.Error {
			return " " + c.m.st.err.Render("! ") + c.m.st.warn.Render(trunc(text, c.m.w-4))
		}
		return " " + c.m.st.accent.Render("» ") + trunc(text, c.m.w-4)
	}
	return ""
}
