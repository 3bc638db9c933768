package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
)

// This test proves moderation end to end (issue 30), on the real binary
// with real keys: an operator's key in the -admins file runs the admin
// commands without a terminal and every other key is refused; players
// ignore and report one another with chat commands; an operator's mute,
// announcement, close and kick reach the screens concerned; and a ban by
// name keeps its player out with one line, across a kill -9, until unban.

// adminRun runs `admin CMD` with key, without a terminal: its stdout,
// stderr and exit status.
func adminRun(t *testing.T, addr string, key gossh.Signer, cmd string) (string, string, int) {
	t.Helper()
	c := sshtest.Dial(t, addr, sshtest.WithKey(key), sshtest.NoPTY(), sshtest.Command("admin "+cmd))
	code := c.Wait(t, wait)
	stderr := string(c.Stderr())
	return strings.TrimSuffix(string(c.Raw()), stderr), stderr, code
}

// chatOpen is the chat line open for typing, in place of the status line.
var chatOpen = regexp.MustCompile(`(?m)^ say`)

// chat says line at the table with t, and waits for the chat line to close.
func chat(t *testing.T, c *sshtest.Client, line string) {
	t.Helper()
	require.NoError(t, c.Press("t"))
	c.WaitUntil(t, func(s string) bool { return chatOpen.MatchString(s) }, wait)
	require.NoError(t, c.Send(line))
	require.NoError(t, c.Press("enter"))
}

func TestModerationOverSSH(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and restarts it: not with -short")
	}
	bin := serverBinary(t)
	data, keys := t.TempDir(), t.TempDir()
	op := sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admins")
	require.NoError(t, os.WriteFile(admins, append([]byte("# the operators\n\n"), gossh.MarshalAuthorizedKey(op.PublicKey())...), 0o600))
	srv := startBinary(t, bin, data, keys, "-admins", admins)
	admin := func(cmd string) (string, string, int) { return adminRun(t, srv.addr, op, cmd) }

	anaKey, boKey, cyKey, dyKey := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	ana := signIn(t, srv.addr, "ana", sshtest.Command("new"), sshtest.WithKey(anaKey))
	ana.WaitFor(t, "Create a table", wait)
	require.NoError(t, ana.Press("enter"))
	code := readCode(t, ana)
	bo := signIn(t, srv.addr, "bo", sshtest.Command("join "+code), sshtest.WithKey(boKey))
	cy := signIn(t, srv.addr, "cy", sshtest.Command("join "+code), sshtest.WithKey(cyKey))
	dy := signIn(t, srv.addr, "dy", sshtest.WithKey(dyKey))
	dy.WaitFor(t, "Quick play", wait)
	cy.WaitFor(t, "waiting for ana to start", wait)

	// Only an operator's key runs admin commands.
	_, stderr, status := adminRun(t, srv.addr, boKey, "who")
	require.Equal(t, 1, status)
	require.Equal(t, "unossh: not allowed\n", stderr)
	_, stderr, status = adminRun(t, srv.addr, boKey, "ban ana now")
	require.Equal(t, "unossh: not allowed\n", stderr, "a non-admin's words are never read")
	require.Equal(t, 1, status)
	refused := regexp.MustCompile(`admin command refused: not an admin's key .*key=` + regexp.QuoteMeta(gossh.FingerprintSHA256(boKey.PublicKey())))
	until(t, "the attempt is in the log", func() bool { return refused.MatchString(srv.logs.String()) })

	// Hostile words get one line why.
	for cmd, why := range map[string]string{
		"ban bo 1h bad \x1b[31mred":             "a reason may not hold control characters (it holds U+001B)",
		"announce " + strings.Repeat("x", 5000): "an announcement is at most 200 characters, not 5000",
		"ban 10.0.0.0/33 flood":                 `"10.0.0.0/33" is not a CIDR such as 203.0.113.0/24 or 2001:db8::/32`,
	} {
		out, stderr, status := admin(cmd)
		require.Equal(t, 2, status, "%q", cmd)
		require.Empty(t, out)
		require.Equal(t, "unossh: "+why+"\n", stderr, "%q", cmd)
	}

	// who: every session, with its key, address, page and table.
	out, _, status := admin("who")
	require.Zero(t, status)
	require.Contains(t, out, "ana "+ana.Fingerprint()+" 127.0.0.1:")
	require.Contains(t, out, "dy "+dy.Fingerprint()+" 127.0.0.1:")
	require.Regexp(t, `(?m)^cy \S+ \S+ waiting-room \S+$`, out)
	require.Regexp(t, `(?m)^dy \S+ \S+ lobby -$`, out)

	// ana ignores bo: bo's chat is on cy's screen, not on ana's.
	chat(t, ana, "/ignore bo")
	ana.WaitFor(t, "you no longer see bo's chat", wait)
	chat(t, bo, "hello from bo")
	cy.WaitFor(t, "bo: hello from bo", wait)
	chat(t, cy, "cy was here")
	ana.WaitFor(t, "cy: cy was here", wait)
	require.NotContains(t, ana.Screen(), "hello from bo")
	require.NotContains(t, bo.Screen(), "ignore", "nobody learns who ignored them")

	// cy reports bo (r on his row); the report, with the chat as evidence, is the operators'.
	selectRow(t, cy, "bo")
	require.NoError(t, cy.Press("r"))
	cy.WaitFor(t, "/report bo", wait)
	require.NoError(t, cy.Send("rude to everyone"))
	require.NoError(t, cy.Press("enter"))
	cy.WaitFor(t, "your report of bo is with the operators", wait)
	out, _, status = admin("reports")
	require.Zero(t, status)
	require.Contains(t, out, "cy ("+cy.Fingerprint()+") reported bo at ")
	require.Contains(t, out, ": rude to everyone | evidence: bo: hello from bo / cy: cy was here")

	// A mute: bo is told, and what he says reaches nobody.
	out, _, status = admin("mute bo 10m shouting")
	require.Zero(t, status, out)
	bo.WaitFor(t, "an operator muted you until", wait)
	chat(t, bo, "still here")
	bo.WaitFor(t, "you are muted until", wait)
	chat(t, cy, "after the mute")
	ana.WaitFor(t, "cy: after the mute", wait)
	require.NotContains(t, cy.Screen(), "still here")
	out, _, status = admin("unmute bo")
	require.Zero(t, status)
	require.Equal(t, "unmuted bo\n", out)

	// An announcement is on every screen: the lobby's and the table's.
	out, _, status = admin("announce the server restarts in five minutes")
	require.Zero(t, status)
	require.Equal(t, "announced on 4 screen(s)\n", out)
	for _, c := range []*sshtest.Client{ana, bo, cy, dy} {
		c.WaitFor(t, "announcement: the server restarts in five minutes", wait)
	}

	// A close sends the table's players back to the lobby, told why.
	out, _, status = admin("close " + code + " cleaning up")
	require.Zero(t, status, out)
	for _, c := range []*sshtest.Client{ana, bo, cy} {
		c.WaitFor(t, "an operator closed this table: cleaning up", wait)
		c.WaitFor(t, "Quick play", wait)
	}

	// A kick closes the player's session with the reason.
	out, _, status = admin("kick dy flooding")
	require.Zero(t, status)
	require.Equal(t, "kicked dy: 1 session(s) closed\n", out)
	dy.Wait(t, wait)
	require.Contains(t, string(dy.Stderr()), "an operator removed you from the server: flooding")

	// A ban by name: bo's session ends, and his next ssh reads one line.
	out, _, status = admin("ban bo spamming links")
	require.Zero(t, status)
	require.Equal(t, "banned bo (name) for good: spamming links; 1 session(s) closed\n", out)
	bo.Wait(t, wait)
	banned := "unossh: you are banned from this server: spamming links"
	requireBanned := func() {
		t.Helper()
		c := sshtest.Dial(t, srv.addr, sshtest.WithKey(boKey))
		require.Equal(t, 1, c.Wait(t, wait))
		require.Equal(t, banned, strings.TrimSpace(string(c.Raw())), "one line and nothing else")
	}
	requireBanned()
	out, _, _ = admin("bans")
	require.Regexp(t, `^bo \(name\) banned by `+regexp.QuoteMeta(gossh.FingerprintSHA256(op.PublicKey()))+` at \S+ \S+ UTC for good: spamming links\n$`, out)

	// The ban holds across a kill -9.
	srv.stop(t, syscall.SIGKILL)
	srv = startBinary(t, bin, data, keys, "-admins", admins)
	requireBanned()
	until(t, "the refusal is in the log", func() bool { return strings.Contains(srv.logs.String(), "banned; refused") })

	// unban lets him in, under his name.
	out, _, status = admin("unban bo")
	require.Zero(t, status)
	require.Equal(t, "unbanned bo (1 ban(s) lifted)\n", out)
	back := sshtest.Dial(t, srv.addr, sshtest.WithKey(boKey))
	back.WaitFor(t, "Quick play", wait)
	// Every admin command is in the log with the admin's key.
	logged := regexp.MustCompile(`admin command .* key=` + regexp.QuoteMeta(gossh.FingerprintSHA256(op.PublicKey())) + ` verb=unban target=bo `)
	until(t, "the unban is in the log with the admin's key", func() bool { return logged.MatchString(srv.logs.String()) })
}

// selectRow moves c's selection in the waiting room down to the row of
// nick, wherever the joins put it, watching the row marked on the screen.
func selectRow(t *testing.T, c *sshtest.Client, nick string) {
	t.Helper()
	marked := regexp.MustCompile(`(?m)^ +▶ +\d+ +(\S+)`)
	for range 8 {
		before := c.Screen()
		require.NoError(t, c.Press("down"))
		c.WaitUntil(t, func(s string) bool { return s != before && marked.MatchString(s) }, wait)
		if m := marked.FindStringSubmatch(c.Screen()); m[1] == nick {
			return
		}
	}
	t.Fatalf("no row of %s to select:\n%s", nick, c.Screen())
}
