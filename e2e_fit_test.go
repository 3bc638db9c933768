package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/ssh/sshtest"
)

// The end-to-end tests of what must fit a terminal of 80x24 (the default
// of sshtest, and of many a terminal): a big hand whole, the table's name
// and mode in the header while people watch, every house rule in the
// waiting room, and when a refused rename may be tried again.

// TestBigHandFitsAt80x24: ana draws until she can play (a house rule) and
// holds twenty cards: her 80x24 screen shows every one of them with the
// cursor on the card drawn, and ↓/↑ move between the rows of cards.
func TestBigHandFitsAt80x24(t *testing.T) {
	t.Parallel()
	mine := []string{"G1", "G2", "G3", "G4", "G5", "G6", "G7"}
	draws := []string{"B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "Y1", "Y2", "Y4", "Y5", "R3"}
	st := edStack(t, 1, [][]string{mine, {"Y6", "Y7", "Y8", "B0", "G0", "G8", "B9"}}, "R9", draws...)
	e := edOpen(t, edLobby(t, st), edSpec{edition: "Classic 2001", seats: "2",
		house: [][2]string{{"draw until you can play", "on"}}}, "ana", "bo")
	ana := e.c["ana"]
	ana.WaitFor(t, "your turn", wait)
	require.NoError(t, ana.Press("d"))
	ana.WaitFor(t, "you drew R3", wait) // twelve cards first, none of which plays
	ana.WaitFor(t, "your hand · 20 cards", wait)

	want := slices.Sorted(slices.Values(append(slices.Clone(mine), draws...)))
	var labels []string
	cursor := -1
	ana.WaitUntil(t, func(string) bool {
		labels, cursor = hand(ana.Lines())
		return len(labels) == len(want)
	}, wait)
	require.ElementsMatch(t, want, labels, "every card of the hand is on the screen:\n%s", ana.Screen())
	require.Equal(t, "R3", labels[cursor], "the cursor is on the card drawn")
	cards, _, marked := handOnScreen(ana.Screen())
	require.Equal(t, 20, cards)
	require.Equal(t, []int{cursor}, marked, "R3 alone plays, marked ▲")

	// ↓ is the card below: the next row's, as many cards on.
	row := cursor
	require.NoError(t, ana.Press("down"))
	ana.WaitUntil(t, func(string) bool {
		_, c := hand(ana.Lines())
		return c > row
	}, wait)
	_, below := hand(ana.Lines())
	require.NoError(t, ana.Press("up"))
	ana.WaitUntil(t, func(string) bool {
		_, c := hand(ana.Lines())
		return c == row
	}, wait)
	require.Greater(t, below-row, 1, "↓ moves a row on, not a card")

	e.play("ana", "R3")
	ana.WaitFor(t, "your hand · 19 cards", wait)
}

// TestHeaderKeepsNameAndModeWhileWatched: the header of a partners game of
// the edition with the longest name, under house rules, keeps the table's
// name and "partners to 500" whole at 80 columns when somebody watches,
// and says how many watch.
func TestHeaderKeepsNameAndModeWhileWatched(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	ana, code := hostPrivate(t, addr, "ana", []string{"edition", "Masters of the Universe 2023", "mode", "partners",
		"house rules", "Party"}, sshtest.Size(80, 24))
	name := waitingName(t, ana)
	addBots(t, ana, 3, "4/4 taken")
	require.NoError(t, ana.Press("s"))
	ana.WaitFor(t, "your hand", wait)

	cy := signIn(t, addr, "cy", sshtest.Command("join "+code)) // the game has started: cy watches it
	cy.WaitFor(t, "WATCHING", wait)
	header := func() string { return ana.Lines()[0] }
	ana.WaitUntil(t, func(string) bool { return strings.Contains(header(), "1 watching") }, wait)
	for _, want := range []string{name, "partners to 500", "Party rules", "1 watching"} {
		require.Contains(t, header(), want, "the header at 80 columns")
	}
	require.NotContains(t, header(), "…", "nothing cut in the middle")
}

// TestWaitingRoomShowsEveryHouseRule: a friend who joins at 80x24 reads
// every house rule of the table in its waiting room, none cut.
func TestWaitingRoomShowsEveryHouseRule(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	host := signIn(t, addr, "ana", sshtest.Command("new"))
	host.WaitFor(t, "Create a table", wait)
	setHouse(t, host, [][2]string{{"stacking", "+2 and +4 mixed"}, {"7-0", "on"}, {"jump-in", "on"},
		{"draw until you can play", "on"}, {"no bluffing", "on"}})
	require.NoError(t, host.Press("enter"))
	code := readCode(t, host)
	rules := engine.HouseRules{Stacking: engine.StackMixed, SevenO: true, JumpIn: true, DrawToMatch: true, NoBluff: true}

	bo := signIn(t, addr, "bo", sshtest.Command("join "+code))
	bo.WaitFor(t, "2/4 taken", wait)
	want := "house rules: " + strings.Join(rules.Describe(), ", ")
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") } // lines wrapped read as one
	bo.WaitUntil(t, func(s string) bool { return strings.Contains(words(s), want) }, wait)
	require.NotContains(t, strings.Join(bo.Lines()[2:6], "\n"), "…", "the title and the rules, none cut")
}

// renameAgain is when a refused rename may be tried again, as the profile
// page says it: "26 Nov 20:31 UTC".
var renameAgain = regexp.MustCompile(`you may rename again after \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2} UTC`)

// TestRenameRefusalSaysWhen: a second rename on the same day is refused,
// and the 80x24 profile page says whole when the next one may be made.
func TestRenameRefusalSaysWhen(t *testing.T) {
	t.Parallel()
	a := startRecords(t, t.TempDir(), fastLobby())
	ana := signIn(t, a.addr, "ana")
	ana.WaitFor(t, "online", wait)
	rename := func(to string) {
		require.NoError(t, ana.Press("p"))
		ana.WaitFor(t, "r rename", wait)
		require.NoError(t, ana.Press("r"))
		ana.WaitFor(t, "new nickname:", wait)
		require.NoError(t, ana.Send(to))
		require.NoError(t, ana.Press("enter"))
	}
	rename("x") // anax: the first change is free
	ana.WaitFor(t, "nickname changed", wait)
	require.NoError(t, ana.Press("esc"))
	rename("y")
	ana.WaitUntil(t, renameAgain.MatchString, wait)
}

// waitingName is the table's short name, the first words of its waiting
// room's title.
func waitingName(t *testing.T, c *sshtest.Client) string {
	t.Helper()
	var name string
	c.WaitUntil(t, func(string) bool {
		ls := c.Lines()
		if len(ls) < 3 {
			return false
		}
		f := strings.Fields(ls[2])
		if len(f) > 1 && f[1] == "·" {
			name = f[0]
		}
		return name != ""
	}, wait)
	return name
}
