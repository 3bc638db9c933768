package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestCreateFormSaysTheCodesLength: a private table's code has twelve
// characters, and the create form says so (it said six).
func TestCreateFormSaysTheCodesLength(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	c := signIn(t, addr, "ana", sshtest.Command("new"))
	c.WaitFor(t, "Create a table", wait)
	setField(t, c, "visibility", "private")
	c.WaitFor(t, "the 12-character code", wait)
}

// stepAwayFromAGame is ana leaving her game with a bot with q and y: a bot
// plays her seat, kept for her, and she is in the lobby.
func stepAwayFromAGame(t *testing.T) *sshtest.Client {
	t.Helper()
	addr, _ := startApp(t, fastLobby())
	ana, _ := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	addBots(t, ana, 1, "2/2 taken")
	startGame(t, ana)
	require.NoError(t, ana.Press("q"))
	ana.WaitFor(t, "Leave the game?", wait)
	require.NoError(t, ana.Press("y"))
	return ana
}

// TestSteppedAwayNoticeHasNoFrozenTime: a player who leaves a game with q
// reads how to come back, with no time in the notice that would stand
// still on every page while the lobby's entry counts down.
func TestSteppedAwayNoticeHasNoFrozenTime(t *testing.T) {
	t.Parallel()
	ana := stepAwayFromAGame(t)
	ana.WaitFor(t, `a bot plays your seat until you choose "Back to your table" in the lobby`, wait)
	require.NoError(t, ana.Press("p")) // another page: the notice is still true there
	ana.WaitFor(t, "a bot plays your seat", wait)
	require.NotContains(t, ana.Screen(), "within")
}

// TestWaitingRoomHintGoesWithTheGame: the room's keys, shown to bo after a
// key the room does not know, are gone once ana starts the game (they stayed
// under the running game until bo's next key).
func TestWaitingRoomHintGoesWithTheGame(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	require.NoError(t, bo.Press("z"))
	bo.WaitFor(t, "waiting for the host to start · ", wait)
	startGame(t, ana, bo)
	bo.WaitUntil(t, func(s string) bool {
		return strings.Contains(s, "your hand") && !strings.Contains(s, "waiting for the host")
	}, wait)
}

// TestColourChooserNearTheMiddleOverSSH: at 120x40 the colour chooser
// stands near the screen's middle (it sat 47 cells from the left and 13
// from the right, in the middle of the players' column alone).
func TestColourChooserNearTheMiddleOverSSH(t *testing.T) {
	t.Parallel()
	st := edStack(t, 1, [][]string{
		{"W+4", "R1", "R2", "R3", "R4", "R5", "R6"}, // ana plays first
		{"B1", "B2", "B3", "B4", "B5", "B6", "B7"},
	}, "G5", "G6", "G7", "G8", "G9")
	e := edOpen(t, edLobby(t, st), edSpec{seats: "2", dial: map[string][]sshtest.Option{
		"ana": {sshtest.Size(120, 40)}}}, "ana", "bo")
	ana := e.c["ana"]
	e.play("ana", "W+4")
	ana.WaitFor(t, "Choose the colour", wait)
	var left, right int
	for _, l := range ana.Lines() {
		if i := strings.Index(l, "╔"); i >= 0 {
			left = len([]rune(l[:i]))
			right = 120 - len([]rune(l[:strings.LastIndex(l, "╗")])) - 1
			break
		}
	}
	require.InDelta(t, 0, left-right, 16, "the box is %d cells from the left and %d from the right", left, right)
}

// TestBackToYourTableStandsApartFromItsWords: in the lobby of a player who
// stepped away from a game, the menu's longest title, "Back to your table",
// has a gap before its description, as every other title has (it ran into
// it: "Back to your table your seat at ...").
func TestBackToYourTableStandsApartFromItsWords(t *testing.T) {
	t.Parallel()
	ana := stepAwayFromAGame(t)
	ana.WaitFor(t, "Back to your table", wait)
	back := regexp.MustCompile(`Back to your table( +)your seat at`)
	quick := regexp.MustCompile(`Quick play( +)back to your seat`)
	ana.WaitUntil(t, func(s string) bool { return back.MatchString(s) && quick.MatchString(s) }, wait)
	s := ana.Screen()
	gap := len(back.FindStringSubmatch(s)[1])
	require.GreaterOrEqual(t, gap, 2, "Back to your table runs into its words:\n%s", s)
	// The two descriptions start in the same column.
	require.Equal(t, column(lineWith(s, "Back to your table"), "your seat at"),
		column(lineWith(s, "Quick play"), "back to your seat"))
}

// column is the cell where sub begins in line (the menu's marks are one
// cell wide each).
func column(line, sub string) int {
	return utf8.RuneCountInString(line[:strings.Index(line, sub)])
}

// lineWith is the first line of s that holds sub.
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
