package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestClusterKeySignedInAgainTakesOverAWaitingSeat: bo waits, from node c,
// at ana's table on node b, which has not begun; his key signs in again on
// node a. As on one node, the newer connection is in bo's seat in the
// waiting room, the older one ends with one line saying why, the table
// never frees the seat, and the game begins with bo in it.
func TestClusterKeySignedInAgainTakesOverAWaitingSeat(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes: not with -short")
	}
	s := startService(t)
	bo := s.person("bo")
	ana, code := hostPrivate(t, s.nodes["b"].addr, "ana", []string{"seats", "3", "turn timer", "off"})
	bo.c = joinPrivate(t, s.nodes["c"].addr, "bo", code, ana, sshtest.WithKey(bo.key))
	ana.WaitFor(t, "2/3 taken", wait)
	seated := regexp.MustCompile(`2\s+bo\s+you`)
	bo.c.WaitUntil(t, seated.MatchString, wait) // bo's own screen shows him there

	again := sshtest.Dial(t, s.nodes["a"].addr, sshtest.User("bo"), sshtest.WithKey(bo.key), big)
	again.WaitUntil(t, seated.MatchString, wait)
	const why = "unossh: you signed in from another connection; this one is closed"
	require.Equal(t, 0, bo.c.Wait(t, wait), "the old session ends cleanly")
	require.Contains(t, string(bo.c.Stderr()), why)

	startGame(t, ana, again)
	require.GreaterOrEqual(t, mySeat(again.Screen()), 0, again.Screen())
	sc := ana.Screen()
	require.NotContains(t, sc, "bo left")
	require.NotContains(t, sc, "lost their connection")
}
