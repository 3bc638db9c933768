package lobby

import (
	"errors"
	"strconv"
	"time"
)

// This file is what players do about one another at a table or in its
// waiting room, all as chat commands (moderation_chat.go runs them):
// /ignore NAME hides NAME's chat from you (kept in your account),
// /unignore NAME shows it again, /report NAME [REASON] sends the operators
// a report with the table's last chat lines as evidence (admin reports),
// and the host's /chat off and /chat on turn the table's chat off and on.
// Ignoring and reporting are limited per player, and nobody is told who
// ignored or reported them. Here: who speaks (a speaker id), what a
// session hides, and its bucket of ignores and reports.

// Limits of ignoring and reporting: a player may do modBurst at once and
// one more every modRefill.
const (
	modBurst  = 5
	modRefill = time.Minute
	// evidenceLines is how many of the table's last chat lines a report keeps.
	evidenceLines = 10
	// maxReason bounds a report's reason, in characters.
	maxReason = 200
)

var (
	errModRate    = errors.New("you are ignoring or reporting too fast; wait a minute")
	errChatOff    = errors.New("the host has turned this table's chat off")
	errNoSpeaker  = errors.New("nobody by that name is at this table")
	errSelf       = errors.New("that is you")
	errChatHelp   = errors.New("chat commands: /ignore NAME, /unignore NAME, /report NAME [reason], /chat off or /chat on (host)")
	errNeedName   = errors.New("say whom: /ignore NAME, /unignore NAME or /report NAME [reason]")
	errNoRecords  = errors.New("this server keeps no records: reports cannot be kept")
	errReportSave = errors.New("your report could not be kept just now; try again in a moment")
	// errRoomCommand: a tournament's room has no chat commands (its
	// tables do), so that "/ignore bo" is never said to everyone.
	errRoomCommand = errors.New("chat commands (/ignore, /report) work at a table and in its waiting room, not in a tournament's room")
)

// speaker is who the session speaks as, for ignores, mutes and reports:
// its account, which every key of it shares and a new nickname keeps, or
// else its identity (a key with no account, or a guest's visit).
func (c *Client) speaker() string {
	if id := c.accountOf().id; id != 0 {
		return "a:" + strconv.FormatInt(id, 10)
	}
	return keySpeaker(c.key)
}

// keySpeaker is the speaker id of an identity alone.
func keySpeaker(key string) string { return "k:" + key }

// ignores reports whether the session hides speaker's chat.
func (c *Client) ignores(speaker string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ignored[speaker]
}

// setIgnored hides speaker's chat from the session, or shows it again.
func (c *Client) setIgnored(speaker string, on bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ignored == nil {
		c.ignored = map[string]bool{}
	}
	if on {
		c.ignored[speaker] = true
	} else {
		delete(c.ignored, speaker)
	}
}

// hideIgnored is the view without the chat lines of the speakers the
// session ignores: a copy when any goes, else the view itself.
func (c *Client) hideIgnored(v *TableView) *TableView {
	if v == nil {
		return v
	}
	keep := -1
	for i, l := range v.Log {
		if l.Chat && c.ignores(l.From) {
			keep = i
			break
		}
	}
	if keep < 0 {
		return v
	}
	cp := *v
	cp.Log = make([]LogLine, 0, len(v.Log))
	for _, l := range v.Log {
		if !l.Chat || !c.ignores(l.From) {
			cp.Log = append(cp.Log, l)
		}
	}
	return &cp
}

// takeIgnoreChange is the ignore a shadow's command made, for its
// session's node, once.
func (c *Client) takeIgnoreChange() *ignoreChange {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := c.ignoreChange
	c.ignoreChange = nil
	return ch
}

// modAllow takes one of the session's ignores or reports, if it has any
// left.
func (c *Client) modAllow(now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.modAt.IsZero() {
		c.modTokens = modBurst
	} else {
		c.modTokens = min(modBurst, c.modTokens+float64(now.Sub(c.modAt))/float64(modRefill))
	}
	c.modAt = now
	if c.modTokens < 1 {
		return false
	}
	c.modTokens--
	return true
}
