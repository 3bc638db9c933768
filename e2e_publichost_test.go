package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestInvitationsNameThePublicHost: with -public-host, the start log, the
// waiting room's invitation and `ssh HOST help` give the command a friend
// can run from their own machine, with its port (shown only when not 22),
// never localhost.
func TestInvitationsNameThePublicHost(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	logger := log.New(logs)
	done := make(chan error, 1)
	go func() {
		done <- run(t.Context(), []string{"-addr", "127.0.0.1:0", "-data", t.TempDir(), "-hostkey-dir", t.TempDir(),
			"-public-host", "uno.example.com:2222"}, func(string) string { return "" }, logger)
	}()
	t.Cleanup(func() { require.NoError(t, <-done) })
	var addr string
	until(t, "the server serves", func() bool {
		m := sshLine.FindStringSubmatch(logs.String())
		if m != nil {
			addr = m[1]
		}
		return m != nil
	})
	require.Contains(t, logs.String(), "connect with: ssh -p 2222 uno.example.com")

	ana, code := hostPrivate(t, addr, "ana", nil)
	ana.WaitUntil(t, regexp.MustCompile(`ssh -t -p 2222 uno\.example\.com\s*\\?\s*join `+code[:4]).MatchString, wait)
	require.NotContains(t, ana.Screen(), "localhost")

	help := sshtest.Dial(t, addr, sshtest.NoPTY(), sshtest.Command("help"))
	help.WaitFor(t, "ssh -p 2222 uno.example.com", wait)
	require.NotContains(t, strings.ToLower(help.Screen()), "localhost")
}
