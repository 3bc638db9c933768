package ssh

import (
	"context"
	"errors"
	"strings"
	"time"
)

// The operators' commands: `ssh HOST admin COMMAND ...`, no terminal
// needed, from a key listed in the admins file (Config.IsAdmin). The door
// checks the key first (any other gets "not allowed", logged), then the
// words (a wrong one gets one line why, exit 2), and hands the command to
// Config.Admin, which main wires to package moderation. The answer is one
// line a result on stdout and exit 0, or one line why on stderr and exit 1.

// AdminCommand is an operator's command, checked.
type AdminCommand struct {
	// Verb is who, ban, unban, bans, mute, unmute, kick, close, announce or
	// reports.
	Verb string
	// Target is what the command is about: for ban and unban a nickname,
	// a key fingerprint, or an address or CIDR (Kind says which; an
	// address is written as its CIDR, 203.0.113.7/32); a nickname for
	// mute, unmute and kick; a table's short name or code for close.
	Target string
	Kind   string // TargetName, TargetKey or TargetAddr
	// For is how long a ban or a mute holds; 0 for a ban is for ever.
	For time.Duration
	// Text is the reason, or the announcement.
	Text string
}

// The kinds of an AdminCommand's Target.
const (
	TargetName = "name"
	TargetKey  = "key"
	TargetAddr = "addr"
)

// AdminFunc runs an operator's command for the admin with that key: the
// lines to print, or an error whose text the operator reads.
type AdminFunc func(ctx context.Context, admin string, cmd AdminCommand) ([]string, error)

// BannedFunc says whether a key ("" for a guest) or an address (the
// player's, "203.0.113.7") is banned, and the line the player reads.
type BannedFunc func(fingerprint, ip string) (line string, banned bool)

// Limits of an operator's words.
const (
	maxAdminText = 200                       // characters in a reason or an announcement
	maxAdminFor  = 10 * 365 * 24 * time.Hour // the longest ban or mute short of for ever
	adminWait    = 30 * time.Second          // what an operator's command may take
)

// Errors of the operators' commands.
var (
	ErrNotAllowed  = errors.New("not allowed")
	ErrAdminUsage  = errors.New("admin commands: who, ban TARGET [DURATION] REASON, unban TARGET, bans, mute NAME DURATION REASON, unmute NAME, kick NAME [REASON], close TABLE [REASON], announce TEXT, reports")
	ErrNoAdmin     = errors.New("this server takes no admin commands")
	errNeedReason  = errors.New("say why: a reason is needed")
	errNeedFor     = errors.New("say for how long, e.g. 10m, 2h or 7d")
	errNeedTarget  = errors.New("say whom")
	errNeedText    = errors.New("say what: the text is empty")
	errAdminTarget = errors.New("not a nickname, a key fingerprint (SHA256:...) or an address or CIDR")
)

// runAdmin answers an operator's command and ends the session.
func (s *Server) runAdmin(ls *liveSession) {
	args := ls.cmd.adminArgs
	if s.cfg.IsAdmin == nil || ls.key == "" || !s.cfg.IsAdmin(ls.key) {
		ls.log.Warn("admin command refused: not an admin's key", "command", truncate(strings.Join(args, " "), 80))
		ls.say("%v", ErrNotAllowed)
		ls.exit(exitRefused)
		return
	}
	cmd, err := ParseAdmin(args)
	if err != nil {
		ls.log.Warn("admin command refused", "err", err)
		ls.say("%v", err)
		ls.exit(exitUsage)
		return
	}
	if s.cfg.Admin == nil {
		ls.say("%v", ErrNoAdmin)
		ls.exit(exitRefused)
		return
	}
	ctx, cancel := context.WithTimeout(ls.ctx, adminWait)
	defer cancel()
	lines, err := s.cfg.Admin(ctx, ls.key, cmd)
	kv := []any{"verb", cmd.Verb, "target", cmd.Target, "for", cmd.For, "text", cmd.Text}
	if err != nil {
		ls.log.Warn("admin command failed", append(kv, "err", err)...)
		ls.say("%v", err)
		ls.exit(exitRefused)
		return
	}
	ls.log.Info("admin command", append(kv, "results", len(lines))...)
	end := "\n"
	if ls.hasPTY {
		end = "\r\n" // a terminal wants a carriage return at each line's end
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteString(end)
	}
	_, _ = ls.guard(ls.gs).Write([]byte(b.String()))
	ls.exit(0)
}
