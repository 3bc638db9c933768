package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
)

// The end-to-end tests run the whole product, as main wires it, on
// 127.0.0.1:0 and play it with real SSH clients with a PTY: every move is a
// key press and everything checked is read off the emulated screens.

var codeBox = regexp.MustCompile(`│ ([0-9A-Z]+) │`)

// decide is the player's next keys for what the screen shows.
func decide(s string) []string {
	switch {
	case strings.Contains(s, "Choose the colour"), strings.Contains(s, "choose the colour to start"):
		return []string{"enter"}
	case strings.Contains(s, "y challenge"):
		return []string{"n"}
	case strings.Contains(s, "DROP!"):
		return []string{" "}
	case strings.Contains(s, "enter play it · k keep it"):
		return []string{"enter"}
	case !strings.Contains(s, "your turn"):
		return nil
	}
	cards, cursor, marked := handOnScreen(s)
	if cursor < 0 || len(marked) == 0 {
		return []string{"d"}
	}
	var keys []string
	for i := cursor; i < marked[0]; i++ {
		keys = append(keys, "right")
	}
	for i := cursor; i > marked[0]; i-- {
		keys = append(keys, "left")
	}
	_ = cards
	return append(keys, "enter")
}

func containsInt(xs []int, x int) bool { return indexOf(xs, x) >= 0 }

func indexOf(xs []int, x int) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

func TestPlayersMeetAndPlayAGameToTheEnd(t *testing.T) {
	t.Parallel()
	// Seeded deals: a random one could end cy and dee's game to 100 before
	// each had played a few cards by keys.
	cfg := fastLobby()
	cfg.Seed = func() uint64 { return 11 }
	addr, _ := startApp(t, cfg)

	// Two strangers meet through quick play.
	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "1/4 taken", wait)
	bo := signIn(t, addr, "bo")
	bo.WaitFor(t, "Quick play", wait)
	bo.WaitFor(t, "waiting", wait) // the lobby lists ana's table live
	require.NoError(t, bo.Press("enter"))
	bo.WaitFor(t, "ana", wait)
	ana.WaitFor(t, "bo", wait)
	// The countdown fills the free seats with bots and deals.
	ana.WaitFor(t, "your hand", wait)
	bo.WaitFor(t, "your hand", wait)

	// Two friends meet at a private table by its code.
	cy := signIn(t, addr, "cy", sshtest.Command("new"))
	cy.WaitFor(t, "Create a table", wait)
	setField(t, cy, "target score", "100")
	require.NoError(t, cy.Press("enter"))
	code := readCode(t, cy)
	dee := signIn(t, addr, "dee", sshtest.Command("join "+strings.ToLower(lobby.FormatCode(code))), sshtest.Size(100, 30))
	cy.WaitFor(t, "dee", wait)
	dee.WaitFor(t, code[:1], wait)
	require.NoError(t, cy.Press("b")) // a bot joins them
	cy.WaitFor(t, "3/4 taken", wait)
	require.NoError(t, cy.Press("s"))
	cy.WaitFor(t, "your hand", wait)
	dee.WaitFor(t, "your hand", wait)

	// A wrong code gets a clear message.
	eve := signIn(t, addr, "eve", sshtest.Command("join QQQQ-QQQQ-QQQQ"))
	eve.WaitFor(t, "no table has that code", wait)

	// cy and dee play their game through to the final result, with the bot.
	pc, pd := &player{c: cy, name: "cy"}, &player{c: dee, name: "dee"}
	playUntilOver(t, pc, pd)
	for _, p := range []*player{pc, pd} {
		s := p.c.Screen()
		require.Contains(t, s, "GAME OVER")
		require.Regexp(t, `wins?!`, s)
		require.Greater(t, p.keys, 3, "%s played by keys", p.name)
	}
	// Back to the lobby.
	require.NoError(t, cy.Press("enter"))
	cy.WaitFor(t, "Quick play", wait)
	fmt.Fprintln(testWriter{t}, "private game finished; cy pressed", pc.keys, "keys, dee", pd.keys)
}
