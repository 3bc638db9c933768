package lobby

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/unossh/unossh/store"
)

// This file is the table's side of the players' chat commands
// (moderation_players.go says what each does): it finds whom a command is
// about among those at the table and in its log, keeps an ignore or a
// report, and turns the chat off and on for the host.

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
