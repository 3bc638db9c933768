package ssh_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// The door's part of the operators' commands, with a stand-in for package
// moderation: only an admin's key reaches Config.Admin, with its words
// checked; the answer is one line a result (a terminal's with CR LF) or one
// line why; and a banned key or address reads one line and nothing else,
// while an admin's key is never kept out.
func TestAdminCommandsAtTheDoor(t *testing.T) {
	op := sshtest.NewKey(t)
	opFP := gossh.FingerprintSHA256(op.PublicKey())
	banned := sshtest.NewKey(t)
	bannedFP := gossh.FingerprintSHA256(banned.PublicKey())
	var got []ssh.AdminCommand
	cfg := config()
	cfg.IsAdmin = func(fp string) bool { return fp == opFP }
	cfg.Admin = func(_ context.Context, admin string, c ssh.AdminCommand) ([]string, error) {
		require.Equal(t, opFP, admin)
		got = append(got, c)
		if c.Verb == "bans" {
			return nil, errors.New("the store could not be reached; nothing was changed")
		}
		return []string{"first", "second"}, nil
	}
	cfg.Banned = func(fp, ip string) (string, bool) {
		return "you are banned from this server: testing", fp == bannedFP || fp == opFP
	}
	_, addr := sshtest.Serve(t, cfg)
	run := func(cmd string, opts ...sshtest.Option) (string, string, int) {
		c := sshtest.Dial(t, addr, append([]sshtest.Option{sshtest.NoPTY(), sshtest.Command(cmd)}, opts...)...)
		code := c.Wait(t, wait)
		return string(c.Raw()), string(c.Stderr()), code
	}

	for _, who := range []sshtest.Option{sshtest.Guest(), sshtest.WithKey(sshtest.NewKey(t))} {
		_, stderr, code := run("admin who", who)
		assert.Equal(t, 1, code)
		assert.Equal(t, "unossh: not allowed\n", stderr)
	}
	out, stderr, code := run("admin kick bo go away", sshtest.WithKey(op))
	assert.Zero(t, code)
	assert.Empty(t, stderr)
	assert.Equal(t, "first\nsecond\n", out)
	require.Equal(t, []ssh.AdminCommand{{Verb: "kick", Target: "bo", Kind: ssh.TargetName, Text: "go away"}}, got)

	c := sshtest.Dial(t, addr, sshtest.WithKey(op), sshtest.Command("admin who"))
	assert.Zero(t, c.Wait(t, wait))
	assert.Equal(t, "first\r\nsecond\r\n", string(c.Raw()), "a terminal's lines end in CR LF")

	_, stderr, code = run("admin bans", sshtest.WithKey(op))
	assert.Equal(t, 1, code)
	assert.Equal(t, "unossh: the store could not be reached; nothing was changed\n", stderr)
	_, stderr, code = run("admin ban", sshtest.WithKey(op))
	assert.Equal(t, 2, code)
	assert.Equal(t, "unossh: say whom\n", stderr)

	out, _, code = run("", sshtest.WithKey(banned))
	assert.Equal(t, 1, code)
	assert.Equal(t, "unossh: you are banned from this server: testing\n", out)
	ok := sshtest.Dial(t, addr, sshtest.WithKey(op))
	ok.WaitFor(t, "unossh test screen", wait)
}
