package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// The end-to-end tests of what a new player trips on (see docs and README:
// invitations that work as printed, a sign that the turn has come).

var invitation = regexp.MustCompile(`ssh( -\S+)* -p \d+ \S+ join (\S+)`)

// TestInvitationWorksAsPrinted: the waiting room's command asks ssh for a
// terminal (-t), and a friend who runs it sits at the table.
func TestInvitationWorksAsPrinted(t *testing.T) {
	addr, _ := startApp(t, fastLobby())
	host, code := hostPrivate(t, addr, "ana", nil)

	var cmd []string
	host.WaitUntil(t, func(s string) bool {
		cmd = invitation.FindStringSubmatch(s)
		return cmd != nil
	}, wait)
	line := cmd[0]
	require.Contains(t, strings.Fields(line), "-t", "ssh runs a command without a terminal unless told: %q", line)
	require.Equal(t, code, strings.ReplaceAll(cmd[2], "-", ""))

	// As ssh -t does: a PTY, and the command after the host.
	bo := signIn(t, addr, "bo", sshtest.Command("join "+cmd[2]), big)
	host.WaitFor(t, "bo sat down", wait)
	bo.WaitFor(t, "2/4 taken", wait)
}

// TestTheTurnRingsTheBell: when a player's turn comes, the terminal's bell
// rings and the window title says so, for a player looking elsewhere.
func TestTheTurnRingsTheBell(t *testing.T) {
	addr, _ := startApp(t, fastLobby())
	host, _ := hostPrivate(t, addr, "ana", nil)
	addBots(t, host, 3, "4/4 taken")
	startGame(t, host)
	host.WaitFor(t, "your turn", gameWait)
	host.WaitUntil(t, func(string) bool {
		raw := string(host.Raw())
		return strings.Contains(raw, "\a") && strings.Contains(raw, "\x1b]2;▶ your turn")
	}, wait)
}
