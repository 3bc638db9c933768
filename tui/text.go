package tui

import (
	"strings"
	"time"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// clean makes text that came from a player (a nickname, a table name, a chat
// line, a log line) safe to draw: the lobby already sanitises it, but the TUI
// never trusts it, and strips escape sequences and control characters again.
func clean(s string) string { return lobby.Sanitize(s, 0) }

// frame makes the final picture exactly w by h cells: every line cut or
// padded to w, lines cut or added to h. Nothing drawn can ever spill past the
// window, whatever a player typed.
func frame(ls []string, w, h int) string { return strings.Join(frameLines(ls, w, h), "\n") }

// frameLines is frame's picture as its h lines.
func frameLines(ls []string, w, h int) []string {
	out := make([]string, h)
	for i := range out {
		l := ""
		if i < len(ls) {
			l = ls[i]
		}
		out[i] = pad(l, w)
	}
	return out
}

// splice draws block over base with its top-left corner at row y, column x.
func splice(base []string, block []string, x, y int) []string { return ui.Splice(base, block, x, y) }

func clock(d time.Duration) string   { return ui.Clock(d) }
func seconds(d time.Duration) string { return ui.Seconds(d) }

// hrule is a horizontal rule w cells wide.
func (s *styles) hrule(w int) string {
	return keep(&s.drawn, ruleKey(w), func() string { return s.rule.Render(strings.Repeat("─", max(w, 0))) })
}

// ruleKey names a rule of a width in the cache of drawn strings.
type ruleKey int

// The text helpers live in package ui, which the pages share; these are
// their names here.
func width(s string) int                      { return ui.Width(s) }
func trunc(s string, w int) string            { return ui.Trunc(s, w) }
func pad(s string, w int) string              { return ui.Pad(s, w) }
func padLeft(s string, w int) string          { return ui.PadLeft(s, w) }
func center(s string, w int) string           { return ui.Center(s, w) }
func spread(left, right string, w int) string { return ui.Spread(left, right, w) }
func spaces(n int) string                     { return ui.Spaces(n) }
func lines(block string) []string             { return ui.Lines(block) }
func wrapText(s string, w int) []string       { return ui.Wrap(s, w) }
func wrapWords(s string, w int) []string      { return ui.WrapWords(s, w) }
