package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// End-to-end tests of idle players: a bot plays an idle seat until a key,
// an idle player is stood up, and a stand-in's win is the bot's.

// TestTimerHandsAnIdleSeatToABotUntilAKey: after three turns in a row run
// out, a bot plays the seat (both the player and the others see it), and
// one key press gives it back to the player.
func TestTimerHandsAnIdleSeatToABotUntilAKey(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	addr, _ := startApp(t, timedLobby(1500*time.Millisecond))
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	startGame(t, ana, bo)

	pb := &player{c: bo, name: "bo"}
	drive(t, 45*time.Second, func() bool { return rowSays("ana", "bot plays")(bo.Screen()) }, pb)
	require.Contains(t, bo.Screen(), "a bot plays for ana until they press a key")
	require.Contains(t, bo.Screen(), "ana ran out of time") // three in a row: the lobby's tests count them
	ana.WaitFor(t, "a bot plays for you: press any key to take over", wait)

	// One key and the seat is ana's again: the banner goes, and her next
	// turn is hers to play, so it runs out again.
	require.NoError(t, ana.Press("right"))
	ana.WaitUntil(t, func(s string) bool { return !strings.Contains(s, "a bot plays for you") }, wait)
	drive(t, 30*time.Second, func() bool {
		s := bo.Screen()
		return !rowSays("ana", "bot plays")(s) && below(s, "ana is back at the keyboard", "ana ran out of time")
	}, pb)
}

// TestIdlePlayerIsStoodUp: a player who does nothing is stood up (three
// turns timed out, then three moves a bot made for them): they find the
// lobby, with their seat kept and the rule's reason, the others read it in
// the log, and "back to your table" seats them again.
func TestIdlePlayerIsStoodUp(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	cfg := timedLobby(1500 * time.Millisecond)
	cfg.Grace = 3 * time.Minute
	addr, _ := startApp(t, cfg)
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	startGame(t, ana, bo)

	pb := &player{c: bo, name: "bo"}
	drive(t, 90*time.Second, func() bool { return strings.Contains(bo.Screen(), "ana was idle and is stood up") }, pb)
	ana.WaitFor(t, "you were idle, so a bot plays your seat", wait)
	ana.WaitFor(t, "Back to your table", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitUntil(t, func(s string) bool { return inGame(s) && strings.Contains(s, "your hand") }, wait)
	bo.WaitFor(t, "ana is back; the bot leaves their seat", wait)
}

// TestAStandInsWinIsTheBots: ana leaves a single hand at once; the bot
// standing in for her plays out her hand of blues while bo can match
// nothing. The result bo reads says a bot won in ana's seat, not that ana
// won; so does the log.
func TestAStandInsWinIsTheBots(t *testing.T) {
	t.Parallel()
	st := edStack(t, 1, [][]string{
		{"B1", "B2", "B3", "B4", "B5", "B6", "B7"}, // ana, first to play
		{"R8", "R8", "R9", "R9", "R0", "Y8", "Y9"}, // bo: nothing blue, no 1 to 7
	}, "B9", "G8", "G8", "G9", "G9", "G0", "Y0", "Y8", "Y9")
	cfg := edLobby(t, st)
	cfg.BotDelay = 200 * time.Millisecond
	cfg.Grace = 3 * time.Minute
	e := edOpen(t, cfg, edSpec{edition: "Classic 2001", mode: "single hand", seats: "2"}, "ana", "bo")
	ana, bo := e.c["ana"], e.c["bo"]
	ana.WaitFor(t, "your turn", wait)
	require.NoError(t, ana.Press("q"))
	ana.WaitFor(t, "Leave the game?", wait)
	require.NoError(t, ana.Press("y"))
	ana.WaitFor(t, "a bot plays your seat", wait) // (the hand may be over before the entry shows)

	pb := &player{c: bo, name: "bo"}
	drive(t, 60*time.Second, func() bool { return strings.Contains(bo.Screen(), "GAME OVER") }, pb)
	bo.WaitFor(t, "A bot won in ana's seat", wait)
	require.NotContains(t, bo.Screen(), "ana wins")
	require.NotContains(t, bo.Screen(), "ana won")
	ana.WaitUntil(t, func(s string) bool { return !strings.Contains(s, "is kept for") }, wait) // no seat to go back to
}
