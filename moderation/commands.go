package moderation

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/store"
)

// reportsShown is how many of the latest reports `admin reports` lists.
const reportsShown = 50

// Errors an operator reads.
var (
	errNoAccount = errors.New("no account has that name; ban the key or the address instead (admin who shows them)")
	errNobody    = errors.New("nobody online by that name, on any node")
	errNoTable   = errors.New("no live table has that short name or code, on any node")
	errNoBan     = errors.New("no ban of that")
	errNoMute    = errors.New("that player is not muted")
	errStore     = errors.New("the store could not be reached; nothing was changed")
)

// Run runs an operator's command (ssh.AdminFunc): one line a result.
func (s *Service) Run(ctx context.Context, admin string, c ssh.AdminCommand) ([]string, error) {
	switch c.Verb {
	case "who":
		return s.who(ctx)
	case "ban":
		return s.ban(ctx, admin, c)
	case "unban":
		return s.unban(ctx, c)
	case "bans":
		return s.listBans(ctx)
	case "mute":
		return s.mute(ctx, admin, c)
	case "unmute":
		return s.unmute(ctx, c)
	case "kick":
		why := "an operator removed you from the server"
		if c.Text != "" {
			why += ": " + c.Text
		}
		n := total(s.everywhere(ctx, event{Op: "kick", Match: lobby.Match{Nick: c.Target}, Text: why}))
		if n == 0 {
			return nil, errNobody
		}
		return []string{fmt.Sprintf("kicked %s: %d session(s) closed", c.Target, n)}, nil
	case "close":
		return s.closeTable(ctx, c)
	case "announce":
		n := total(s.everywhere(ctx, event{Op: "announce", Text: c.Text}))
		return []string{fmt.Sprintf("announced on %d screen(s)", n)}, nil
	case "reports":
		return s.reports(ctx)
	}
	return nil, ssh.ErrAdminUsage
}

func total(as []answer) int {
	n := 0
	for _, a := range as {
		n += a.N
	}
	return n
}

func (s *Service) who(ctx context.Context) ([]string, error) {
	var lines []string
	for _, a := range s.everywhere(ctx, event{Op: "who"}) {
		lines = append(lines, a.Lines...)
	}
	if len(lines) == 0 {
		return []string{"nobody online"}, nil
	}
	return lines, nil
}

// whoLine is one session as who prints it.
func whoLine(p lobby.AdminSession, node string) string {
	nick, table := p.Nick, p.Table
	if nick == "" {
		nick = "(no name yet)"
	}
	if table == "" {
		table = "-"
	}
	line := fmt.Sprintf("%s %s %s %s %s", nick, p.Key, p.Addr, p.Where, table)
	if node != "" {
		line += " node=" + node
	}
	return line
}

func (s *Service) ban(ctx context.Context, admin string, c ssh.AdminCommand) ([]string, error) {
	b := store.Ban{Kind: c.Kind, Target: c.Target, Reason: c.Text, By: admin, At: s.now()}
	if c.For > 0 {
		b.Until = b.At.Add(c.For)
	}
	b, err := s.st.AddBan(ctx, b)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errNoAccount
	}
	if err != nil {
		s.log.Error("keeping a ban failed", "err", err)
		return nil, errStore
	}
	s.reload(ctx)
	m := lobby.Match{}
	switch b.Kind {
	case store.BanName:
		m.Nick, m.Keys = b.Target, b.Keys
	case store.BanKey:
		m.Keys = []string{b.Target}
	case store.BanAddr:
		m = addrMatch(b.Target)
	}
	n := total(s.everywhere(ctx, event{Op: "kick", Match: m, Text: banLine(b)}))
	return []string{fmt.Sprintf("banned %s (%s) %s: %s; %d session(s) closed", b.Target, b.Kind, untilText(b), b.Reason, n)}, nil
}

// reload has every node read the bans and mutes again.
func (s *Service) reload(ctx context.Context) {
	for _, a := range s.everywhere(ctx, event{Op: "reload"}) {
		if a.Err != "" {
			s.log.Error("reading the bans and mutes again failed", "node", a.Node, "err", a.Err)
		}
	}
}

func untilText(b store.Ban) string {
	if b.Until.IsZero() {
		return "for good"
	}
	return "until " + when(b.Until)
}

func (s *Service) unban(ctx context.Context, c ssh.AdminCommand) ([]string, error) {
	n, err := s.st.RemoveBans(ctx, c.Target)
	if err != nil {
		s.log.Error("lifting a ban failed", "err", err)
		return nil, errStore
	}
	if n == 0 {
		return nil, errNoBan
	}
	s.reload(ctx)
	return []string{fmt.Sprintf("unbanned %s (%d ban(s) lifted)", c.Target, n)}, nil
}

func (s *Service) listBans(ctx context.Context) ([]string, error) {
	bans, err := s.st.Bans(ctx, s.now())
	if err != nil {
		return nil, errStore
	}
	if len(bans) == 0 {
		return []string{"no bans"}, nil
	}
	lines := make([]string, 0, len(bans))
	for _, b := range bans {
		lines = append(lines, fmt.Sprintf("%s (%s) banned by %s at %s %s: %s", b.Target, b.Kind, b.By, when(b.At), untilText(b), b.Reason))
	}
	return lines, nil
}

// speaker is the speaker id of the player called nick: their account's,
// or a guest's online here.
func (s *Service) speaker(ctx context.Context, nick string) (string, string, error) {
	a, err := s.st.AccountByName(ctx, nick)
	if err == nil {
		return lobby.AccountSpeaker(a.ID), a.Nickname, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return "", "", errStore
	}
	id, err := s.lobby.SpeakerOnline(nick)
	if err != nil {
		return "", "", errNobody
	}
	return id, nick, nil
}

func (s *Service) mute(ctx context.Context, admin string, c ssh.AdminCommand) ([]string, error) {
	id, nick, err := s.speaker(ctx, c.Target)
	if err != nil {
		return nil, err
	}
	m := store.Mute{Target: id, Name: nick, Reason: c.Text, By: admin, At: s.now()}
	m.Until = m.At.Add(c.For)
	if err := s.st.SetMute(ctx, m); err != nil {
		s.log.Error("keeping a mute failed", "err", err)
		return nil, errStore
	}
	line := fmt.Sprintf("an operator muted you until %s: %s; your chat reaches nobody", when(m.Until), m.Reason)
	n := total(s.everywhere(ctx, event{Op: "tell", Nick: nick, Text: line}))
	return []string{fmt.Sprintf("muted %s until %s: %s; told on %d screen(s)", nick, when(m.Until), m.Reason, n)}, nil
}

func (s *Service) unmute(ctx context.Context, c ssh.AdminCommand) ([]string, error) {
	id, nick, err := s.speaker(ctx, c.Target)
	if err != nil {
		return nil, err
	}
	ok, err := s.st.RemoveMute(ctx, id)
	if err != nil {
		return nil, errStore
	}
	if !ok {
		return nil, errNoMute
	}
	s.everywhere(ctx, event{Op: "tell", Nick: nick, Text: "an operator lifted your mute: you may chat again"})
	return []string{"unmuted " + nick}, nil
}

func (s *Service) closeTable(ctx context.Context, c ssh.AdminCommand) ([]string, error) {
	why := "an operator closed this table"
	if c.Text != "" {
		why += ": " + c.Text
	}
	for _, a := range s.everywhere(ctx, event{Op: "close", Table: c.Target, Text: why}) {
		if a.Err != "" && a.N == 0 {
			return nil, errors.New(a.Err)
		}
		if a.N > 0 {
			return []string{"closed " + strings.Join(a.Lines, " ")}, nil
		}
	}
	return nil, errNoTable
}

func (s *Service) reports(ctx context.Context) ([]string, error) {
	rs, err := s.st.Reports(ctx, reportsShown)
	if err != nil {
		return nil, errStore
	}
	if len(rs) == 0 {
		return []string{"no reports"}, nil
	}
	lines := make([]string, 0, len(rs))
	for _, r := range rs {
		by := r.By
		if by == "" {
			by = "guest"
		}
		reason := r.Reason
		if reason == "" {
			reason = "(no reason given)"
		}
		lines = append(lines, fmt.Sprintf("#%d %s %s (%s) reported %s at %s: %s | evidence: %s",
			r.ID, when(r.At), r.ByName, by, r.TargetName, r.Table, reason, strings.Join(r.Evidence, " / ")))
	}
	return lines, nil
}
