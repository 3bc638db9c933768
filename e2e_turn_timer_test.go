package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// End-to-end tests of the turn's timer and signals: the bell rings when the
// turn comes, the countdown waits for the host, the timer counts only the
// turn and, when it runs out, the game goes on.

// TestTheTurnRingsTheBell: when a player's turn comes, the terminal's bell
// rings and the window title says so, for a player looking elsewhere.
func TestTheTurnRingsTheBell(t *testing.T) {
	t.Parallel()
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

// TestCountdownWaitsWhileTheHostEdits: a public table's start countdown
// stops while its host has the rules form open, for everyone waiting there,
// and starts again from the top when the host is done.
func TestCountdownWaitsWhileTheHostEdits(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.StartCountdown = 40 * time.Second
	addr, _ := startApp(t, cfg)
	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "starts in 0:", wait)
	bo := signIn(t, addr, "bo")
	bo.WaitFor(t, "waiting", wait)
	require.NoError(t, bo.Press("1"))
	bo.WaitFor(t, "starts in 0:", wait)

	require.NoError(t, ana.Press("e"))
	ana.WaitFor(t, "Change the table's rules", wait)
	bo.WaitFor(t, "the host is changing the rules; the countdown waits", wait)
	bo.WaitUntil(t, func(s string) bool { return !strings.Contains(s, "starts in") }, wait)
	require.NoError(t, ana.Press("esc"))
	bo.WaitUntil(t, func(s string) bool { return regexp.MustCompile(`starts in 0:(40|39|38)`).MatchString(s) }, wait)
}

// TestTurnTimerCountsOnlyTheTurn: someone losing their connection during
// a player's turn does not give the turn its time back.
func TestTurnTimerCountsOnlyTheTurn(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	addr, _ := startApp(t, timedLobby(30*time.Second))
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "3"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	addBots(t, ana, 1, "3/3 taken")
	startGame(t, ana, bo)
	pb := &player{c: bo, name: "bo"} // ana does nothing: her turn comes and waits
	drive(t, gameWait, func() bool { return secondsLeft(ana.Screen()) >= 0 }, pb)
	var before int
	ana.WaitUntil(t, func(s string) bool { before = secondsLeft(s); return before >= 0 && before <= 27 }, wait)
	bo.Close()
	var after int
	ana.WaitUntil(t, func(s string) bool {
		after = secondsLeft(s)
		return strings.Contains(s, "bo lost their connection") && after >= 0
	}, wait)
	require.LessOrEqual(t, after, before, "the turn got its time back when bo left")
}

// TestTurnTimerRunsOutAndTheGameGoesOn: at a table with a short turn timer,
// an idle player's time runs out, the log says so, the table draws for
// them, and play goes on around them.
func TestTurnTimerRunsOutAndTheGameGoesOn(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	addr, _ := startApp(t, timedLobby(1500*time.Millisecond))
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "3"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	addBots(t, ana, 1, "3/3 taken")
	startGame(t, ana, bo)

	// ana never touches her keyboard; bo plays. ana's time runs out, and
	// the table draws for her (only a draw of her own is "a card": a
	// penalty is two or more).
	pb := &player{c: bo, name: "bo"}
	drive(t, 30*time.Second, func() bool {
		s := bo.Screen()
		return strings.Contains(s, "ana ran out of time") && strings.Contains(s, "ana drew a card")
	}, pb)
	ana.WaitFor(t, "ana ran out of time", wait) // the idle player reads it too

	// The game goes on: bo keeps playing, and ana's next turn comes round
	// and runs out too.
	keys := pb.keys
	drive(t, 30*time.Second, func() bool {
		return pb.keys >= keys+2 && strings.Count(bo.Screen(), "ana ran out of time") >= 2
	}, pb)
}

// secondsLeft is the time left on the player's own turn, as shown, or -1.
func secondsLeft(s string) int {
	m := turnLeft.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

var turnLeft = regexp.MustCompile(`your turn · (\d+)s`)
