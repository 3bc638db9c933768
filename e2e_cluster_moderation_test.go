package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store/pgtest"
)

// TestClusterModerationActsOnEveryNode: two nodes of one service (one
// PostgreSQL, one NATS), an operator on node a. Who lists the players of
// both; an announcement, a close, a kick and a mute made on a reach the
// players of b; a player of a ignores one at a table of b; and a ban made
// on a keeps its player out of b, where they are.
func TestClusterModerationActsOnEveryNode(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and runs two nodes: not with -short")
	}
	db, nats, hostKey, keys := pgtest.New(t), natstest.Start(t).URL(), sharedHostKey(t), t.TempDir()
	bin := serverBinary(t)
	op := sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admins")
	require.NoError(t, os.WriteFile(admins, gossh.MarshalAuthorizedKey(op.PublicKey()), 0o600))
	node := func(name string) *binary {
		return startBinary(t, bin, t.TempDir(), keys, "-database", db, "-nats", nats, "-node", name,
			"-host-key", hostKey, "-admins", admins)
	}
	a, b := node("a"), node("b")

	ana, code := hostPrivate(t, b.addr, "ana", nil)
	bo := signIn(t, b.addr, "bo")
	bo.WaitFor(t, "Quick play", wait)
	cyKey := sshtest.NewKey(t)
	cy := signIn(t, b.addr, "cy", sshtest.WithKey(cyKey))
	cy.WaitFor(t, "Quick play", wait)

	// who on a lists b's players, once a has heard of b.
	var who string
	until(t, "who on node a lists node b's players", func() bool {
		who, _, _ = adminRun(t, a.addr, op, "who")
		return strings.Contains(who, "bo "+bo.Fingerprint()) && strings.Contains(who, "node=b")
	})
	require.Regexp(t, `(?m)^ana \S+ 127\.0\.0\.1:\d+ waiting-room \S+ node=b$`, who)

	// dy, on node a, plays at ana's table on node b and ignores her there:
	// her chat is off dy's screen, which node a draws.
	dy := signIn(t, a.addr, "dy", sshtest.Command("join "+code))
	ana.WaitFor(t, "dy sat down", wait)
	dy.WaitFor(t, "waiting for ana to start", wait)
	chat(t, dy, "/ignore ana")
	dy.WaitFor(t, "you no longer see ana's chat", wait)
	chat(t, ana, "from ana")
	ana.WaitFor(t, "ana: from ana", wait)
	chat(t, dy, "from dy")
	dy.WaitFor(t, "dy: from dy", wait)
	ana.WaitFor(t, "dy: from dy", wait)
	require.NotContains(t, dy.Screen(), "from ana")

	out, _, status := adminRun(t, a.addr, op, "announce maintenance at noon")
	require.Zero(t, status)
	require.Equal(t, "announced on 4 screen(s)\n", out)
	for _, c := range []*sshtest.Client{ana, bo, cy, dy} {
		c.WaitFor(t, "announcement: maintenance at noon", wait)
	}

	out, _, status = adminRun(t, a.addr, op, "close "+code)
	require.Zero(t, status, out)
	ana.WaitFor(t, "an operator closed this table", wait)
	// dy's node hears the table closed, and its last screen with the
	// reason, by two ways: whichever comes first sends dy to the lobby.
	dy.WaitUntil(t, func(s string) bool {
		return strings.Contains(s, "Quick play") &&
			(strings.Contains(s, "an operator closed this table") || strings.Contains(s, "the table has closed"))
	}, wait)

	out, _, status = adminRun(t, a.addr, op, "kick bo")
	require.Zero(t, status)
	require.Equal(t, "kicked bo: 1 session(s) closed\n", out)
	bo.Wait(t, wait)
	require.Contains(t, string(bo.Stderr()), "an operator removed you from the server")

	out, _, status = adminRun(t, a.addr, op, "mute cy 10m shouting")
	require.Zero(t, status, out)
	require.Contains(t, out, "told on 1 screen(s)")
	cy.WaitFor(t, "an operator muted you until", wait)

	out, _, status = adminRun(t, a.addr, op, "ban cy 2h cheating")
	require.Zero(t, status, out)
	require.Contains(t, out, "1 session(s) closed")
	cy.Wait(t, wait)
	again := sshtest.Dial(t, b.addr, sshtest.WithKey(cyKey))
	require.Equal(t, 1, again.Wait(t, wait))
	require.Regexp(t, `^unossh: you are banned from this server until \d{4}-\d\d-\d\d \d\d:\d\d UTC: cheating$`,
		strings.TrimSpace(string(again.Raw())))
}
