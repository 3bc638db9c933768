package lobby

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/unossh/unossh/store"
)

// This file is what players do about one another at a table or in its
// waiting room, all as chat commands: /ignore NAME hides NAME's chat from
// you (kept in your account), /unignore NAME shows it again, /report NAME
// [REASON] sends the operators a report with the table's last chat lines
// as evidence (admin reports), and the host's /chat off and /chat on turn
// the table's chat off and on. Ignoring and reporting are limited per
// player, and nobody is told who ignored or reported them.

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

// chatCommand runs a chat line that is a command ("/ignore bo"); ok is
// false for an ordinary line.
func (t *table) chatCommand(c *Client, text string) (ok bool, err error) {
	if !strings.HasPrefix(text, "/") {
		return false, nil
	}
	verb, rest, _ := strings.Cut(strings.TrimPrefix(text, "/"), " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(verb) {
	case "ignore", "unignore":
		return true, t.onIgnore(c, rest, verb == "ignore")
	case "report":
		name, reason, _ := strings.Cut(rest, " ")
		return true, t.onReport(c, name, strings.TrimSpace(reason))
	case "chat":
		return true, t.onChatSwitch(c, strings.ToLower(rest))
	}
	return true, errChatHelp
}

// speakerAt finds the player called name at the table: its speaker id
// and nickname as shown. The log's chat lines come first, so that a
// player who has left is still found by what they said.
func (t *table) speakerAt(name string) (id, nick string, err error) {
	if name == "" {
		return "", "", errNeedName
	}
	want := nickKey(name)
	for i := len(t.log) - 1; i >= 0; i-- {
		if e := t.log[i]; e.chat && e.from != "" && nickKey(strings.TrimSuffix(e.nick, " (watching)")) == want {
			return e.from, strings.TrimSuffix(e.nick, " (watching)"), nil
		}
	}
	for _, s := range t.seats {
		if s.client != nil && nickKey(s.nick) == want {
			return s.client.speaker(), s.nick, nil
		}
	}
	for w := range t.watchers {
		if n := w.nick(); nickKey(n) == want {
			return w.speaker(), n, nil
		}
	}
	return "", "", fmt.Errorf("%w: %s", errNoSpeaker, name)
}

// onIgnore hides (or shows again) a player's chat for c alone. Nobody
// else is told.
func (t *table) onIgnore(c *Client, name string, on bool) error {
	id, nick, err := t.speakerAt(name)
	if err != nil {
		return err
	}
	if id == c.speaker() {
		return errSelf
	}
	if on && !c.modAllow(t.clock.Now()) {
		return errModRate
	}
	if acct := c.accountOf().id; acct != 0 && t.hub.cfg.Store != nil {
		ctx, cancel := context.WithTimeout(t.hub.ctx, storeWait)
		err := t.hub.cfg.Store.SetIgnore(ctx, acct, id, on)
		cancel()
		if errors.Is(err, store.ErrTooManyIgnores) {
			return err
		}
		if err != nil {
			t.hub.warn("keeping an ignore failed; it holds for this visit", "err", err)
		}
	}
	c.setIgnored(id, on)
	if c.sh != nil {
		// A shadow: the session's own node hides the lines from its screen.
		c.mu.Lock()
		c.ignoreChange = &ignoreChange{Speaker: id, On: on}
		c.mu.Unlock()
	}
	t.dirty = true // the view again, with or without their lines
	if on {
		c.notice(fmt.Sprintf("you no longer see %s's chat (/unignore %s shows it again)", nick, nick), false)
	} else {
		c.notice(fmt.Sprintf("you see %s's chat again", nick), false)
	}
	return nil
}

// onReport keeps c's report of a player, with the table's last chat lines
// as evidence, for the operators. Nobody at the table is told.
func (t *table) onReport(c *Client, name, reason string) error {
	id, nick, err := t.speakerAt(name)
	if err != nil {
		return err
	}
	if id == c.speaker() {
		return errSelf
	}
	st := t.hub.cfg.Store
	if st == nil {
		return errNoRecords
	}
	if !c.modAllow(t.clock.Now()) {
		return errModRate
	}
	r := store.Report{At: t.clock.Now(), ByName: c.nick(), Target: id, TargetName: nick,
		Table: t.short, Reason: Sanitize(reason, maxReason), Evidence: t.lastChat(evidenceLines)}
	if !c.guest {
		r.By = c.key
	}
	if r.Table == "" {
		r.Table = t.opts.Name
	}
	ctx, cancel := context.WithTimeout(t.hub.ctx, storeWait)
	_, err = st.AddReport(ctx, r)
	cancel()
	if err != nil {
		t.hub.warn("keeping a report failed", "err", err)
		return errReportSave
	}
	t.hub.info("player reported", "by", c.key, "target", nick, "table", r.Table, "reason", r.Reason)
	c.notice(fmt.Sprintf("thank you: your report of %s is with the operators", nick), false)
	return nil
}

// lastChat is the table's last n chat lines, oldest first, as "nick: text".
func (t *table) lastChat(n int) []string {
	var out []string
	for i := len(t.log) - 1; i >= 0 && len(out) < n; i-- {
		if e := t.log[i]; e.chat {
			out = append(out, e.nick+": "+e.text)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// onChatSwitch is the host turning the table's chat off or on.
func (t *table) onChatSwitch(c *Client, how string) error {
	i := t.seatOf(c)
	if i < 0 || !t.seats[i].host {
		return errNotHost
	}
	switch how {
	case "off":
		if !t.chatOff {
			t.chatOff = true
			t.note("the host turned the chat off")
		}
	case "on":
		if t.chatOff {
			t.chatOff = false
			t.note("the host turned the chat on")
		}
	default:
		return errChatHelp
	}
	return nil
}
