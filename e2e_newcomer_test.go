package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
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

// comebackLobby paces the bots so that a game outlasts a test's comings
// and goings, and keeps a seat long enough for them.
func comebackLobby() lobby.Config {
	cfg := fastLobby()
	cfg.BotDelay = 300 * time.Millisecond
	cfg.Grace = 3 * time.Minute
	return cfg
}

var publicHeader = regexp.MustCompile(`public ([a-z]+-[a-z]+(-\d+)?)`)

// tableShort is the short name in a public table's header.
func tableShort(t *testing.T, c *sshtest.Client) string {
	t.Helper()
	var m []string
	c.WaitUntil(t, func(s string) bool {
		m = publicHeader.FindStringSubmatch(c.Lines()[0])
		return m != nil
	}, wait)
	return m[1]
}

// leaveGame presses q and confirms, and waits for the lobby's entry.
func leaveGame(t *testing.T, c *sshtest.Client, short string) {
	t.Helper()
	require.NoError(t, c.Press("q"))
	c.WaitFor(t, "Leave the game?", wait)
	require.NoError(t, c.Press("y"))
	c.WaitUntil(t, func(s string) bool {
		return regexp.MustCompile(`Back to your table\s+your seat at ` + short + ` is kept for [0-3]:\d\d`).MatchString(s)
	}, wait)
}

// backInSeat waits until c is seated at the table named short again.
func backInSeat(t *testing.T, c *sshtest.Client, short string) {
	t.Helper()
	c.WaitUntil(t, func(s string) bool {
		return inGame(s) && strings.Contains(c.Lines()[0], short) && strings.Contains(s, "your hand")
	}, wait)
}

// waitDrawn waits until text has been drawn on c's screen, even if
// something has been drawn over it since: a log line can be covered at once
// by a prompt that the next move brings.
func waitDrawn(t *testing.T, c *sshtest.Client, text string) {
	t.Helper()
	c.WaitUntil(t, func(s string) bool {
		return strings.Contains(s, text) || strings.Contains(ansi.Strip(string(c.Raw())), text)
	}, wait)
}

// TestBackToYourTable: a player who leaves a game with q finds "back to
// your table" in the lobby with the time their seat is kept, and gets back
// in it by choosing it, by Quick play, by watching that table, and after
// signing in again with the same key; the stand-in bot leaves.
func TestBackToYourTable(t *testing.T) {
	// A seeded deal whose first card is a number: a first wild would put
	// the colour chooser over the log just as ana comes back.
	cfg := comebackLobby()
	cfg.Seed = func() uint64 { return 1 }
	addr, _ := startApp(t, cfg)
	key := sshtest.NewKey(t)
	ana := signIn(t, addr, "ana", sshtest.WithKey(key))
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitUntil(t, inGame, wait) // the countdown seats bots and deals
	short := tableShort(t, ana)

	leaveGame(t, ana, short)
	require.NoError(t, ana.Press("enter")) // the entry is where the cursor is
	backInSeat(t, ana, short)
	waitDrawn(t, ana, "ana is back; the bot leaves their seat")

	leaveGame(t, ana, short)
	ana.WaitFor(t, "back to your seat at "+short, wait) // Quick play says where it goes
	require.NoError(t, ana.Press("1"))
	backInSeat(t, ana, short)

	leaveGame(t, ana, short)
	require.NoError(t, ana.Press("4"))
	ana.WaitFor(t, "Watch a table", wait)
	ana.WaitFor(t, short, wait)
	require.NoError(t, ana.Press("enter"))
	backInSeat(t, ana, short) // watching her own table seats her, no dead end

	leaveGame(t, ana, short)
	ana.Close()
	again := sshtest.Dial(t, addr, sshtest.User("ana"), sshtest.WithKey(key))
	again.WaitFor(t, "Back to your table", wait)
	require.NoError(t, again.Press("enter"))
	backInSeat(t, again, short)
}

// TestJoiningAFullTableSaysSo: a friend's code for a table whose seats are
// all taken says "table full" and offers to watch; w watches.
func TestJoiningAFullTableSaysSo(t *testing.T) {
	addr, _ := startApp(t, fastLobby())
	host, code := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	addBots(t, host, 1, "2/2 taken")
	cy := signIn(t, addr, "cy", sshtest.Command("join "+code))
	cy.WaitFor(t, "table full", wait)
	cy.WaitFor(t, "w watch this table instead", wait)
	require.NotContains(t, cy.Screen(), "share this code", "not a spectator without a word")
	require.NoError(t, cy.Press("w"))
	cy.WaitFor(t, "cy is watching", wait) // the waiting room, as a spectator
	cy.WaitFor(t, "1 person watching", wait)
	host.WaitFor(t, "cy is watching", wait)
}

// TestChooseAPublicTable: the lobby's public tables are a list to move
// through; each shows its short name, also in its waiting room and header.
// Enter sits: in a free seat, or in a bot's seat with its hand; w watches;
// with no bot left, enter watches.
func TestChooseAPublicTable(t *testing.T) {
	cfg := comebackLobby()
	cfg.StartCountdown = time.Hour // the host starts it
	cfg.QuickPlaySeats = 3
	addr, _ := startApp(t, cfg)
	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "1/3 taken", wait)
	var short string
	ana.WaitUntil(t, func(s string) bool {
		m := regexp.MustCompile(`^ ([a-z]+-[a-z]+) · public`).FindStringSubmatch(ana.Lines()[2])
		if m != nil {
			short = m[1]
		}
		return m != nil
	}, wait)

	// choose moves down through the lobby's menu to the table named short.
	choose := func(c *sshtest.Client) {
		c.WaitFor(t, short, wait)
		for i := 0; i < 8 && !regexp.MustCompile(`▶ `+short).MatchString(c.Screen()); i++ {
			before := c.Screen()
			require.NoError(t, c.Press("down"))
			c.WaitUntil(t, func(s string) bool { return s != before }, wait)
		}
		require.Regexp(t, `▶ `+short+`\s+Classic 2001`, c.Screen())
	}

	bo := signIn(t, addr, "bo")
	choose(bo)
	require.NoError(t, bo.Press("enter"))
	ana.WaitFor(t, "bo sat down", wait)
	bo.WaitFor(t, short, wait) // in the waiting room's title
	startGame(t, ana, bo)      // a public table fills its last seat with a bot
	require.Contains(t, ana.Lines()[0], "public "+short)

	// cy watches first (w), then takes the bot's seat from there (s).
	cy := signIn(t, addr, "cy")
	choose(cy)
	require.NoError(t, cy.Press("w"))
	cy.WaitFor(t, "WATCHING", wait)
	cy.WaitFor(t, "s take a bot's seat", wait)
	require.NoError(t, cy.Press("s"))
	ana.WaitUntil(t, func(s string) bool { return regexp.MustCompile(`cy took the seat of \w+ \(bot\)`).MatchString(s) }, wait)
	cy.WaitUntil(t, func(s string) bool { return handCount(s) > 0 }, wait)

	dee := signIn(t, addr, "dee")
	choose(dee)
	require.NoError(t, dee.Press("enter")) // every seat is a person's now
	dee.WaitFor(t, "WATCHING", wait)
	require.NotContains(t, dee.Screen(), "take a bot's seat")
}

// TestKickNewsStaysAtItsTable: the host's "removed you" is news of that
// table, not of the next one the player sits at.
func TestKickNewsStaysAtItsTable(t *testing.T) {
	addr, _ := startApp(t, fastLobby())
	host, code := hostPrivate(t, addr, "ana", nil)
	bo := joinPrivate(t, addr, "bo", code, host)
	require.NoError(t, host.Press("down", "x")) // bo's seat
	bo.WaitFor(t, "the host removed you", wait)
	bo.WaitFor(t, "Quick play", wait)
	require.NoError(t, bo.Press("1"))
	bo.WaitFor(t, "1/4 taken", wait)
	require.NotContains(t, bo.Screen(), "removed you")
}

// TestIdlePlayerIsStoodUp: a player who does nothing is stood up (three
// turns timed out, then three moves a bot made for them): they find the
// lobby, with their seat kept and the rule's reason, the others read it in
// the log, and "back to your table" seats them again.
func TestIdlePlayerIsStoodUp(t *testing.T) {
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

// TestCountdownWaitsWhileTheHostEdits: a public table's start countdown
// stops while its host has the rules form open, for everyone waiting there,
// and starts again from the top when the host is done.
func TestCountdownWaitsWhileTheHostEdits(t *testing.T) {
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

var turnLeft = regexp.MustCompile(`your turn · (\d+)s`)

// secondsLeft is the time left on the player's own turn, as shown, or -1.
func secondsLeft(s string) int {
	m := turnLeft.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestTurnTimerCountsOnlyTheTurn: someone losing their connection during
// a player's turn does not give the turn its time back.
func TestTurnTimerCountsOnlyTheTurn(t *testing.T) {
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
