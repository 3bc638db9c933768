package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// These end-to-end tests prove every edition's special card, the Wild Draw
// Four challenge, the Blank house rules and every mode at the table: real
// SSH clients with a PTY set the table up through the create form, the test
// stacks the first deal (lobby.Config.NewGame returns engine.NewStacked: the
// deck the players meet in production stays shuffled), each interaction is
// completed by key presses, and its effect is read off every player's screen.
//
// Seats: the host sits first (seat 0), then the bots chosen in the create
// form, then the players who join by code, in the order they join. The
// player to the left of the stacked dealer plays first.

var handLabel = regexp.MustCompile(`[│┃]\s*([^\s│┃]+)\s*[│┃]`)

// cardsOf reads how many cards nick holds off viewer's list of players (no
// overlay may cover it), or -1.
func cardsOf(screen, nick string) int {
	re := regexp.MustCompile(`(?m)(?:^|\s)` + regexp.QuoteMeta(nick) + `\s+(\d+)\s+-?\d+(?:\s|$)`)
	m := re.FindStringSubmatch(screen)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// ---- the special cards ----

// TestSpecialMutatedMinion: ana plays the Mutated Minion and names ORANGE by
// keys; bo draws card by card until an orange card comes up, and every
// screen shows the draw growing one card at a time, then the final count;
// while it lasts the table holds cy's turn.
func TestSpecialMutatedMinion(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		{"WM", "B1", "B2", "G3", "G4", "Y5", "Y6"}, // ana
		{"B7", "G7", "Y7", "B8", "G8", "Y8", "B9"}, // bo: no orange
		{"G1", "G2", "Y1", "Y2", "B3", "B4", "G5"}, // cy
	}, "B5", "G9", "Y9", "B6", "O3") // bo draws G9, Y9, B6, then O3 comes up
	// The draw is shown a card a step; the test moves the lobby's clock a
	// step only once every screen shows the step before, so no screen can
	// miss one however slowly this machine runs the clients.
	cfg := edLobby(t, st)
	clk := newStepClock()
	cfg.Clock = clk
	e := edOpen(t, cfg, edSpec{edition: "Minions 2016", seats: "3"}, "ana", "bo", "cy")
	e.c["ana"].WaitFor(t, "your turn", wait)
	e.play("ana", "WM")
	e.chooseColour("ana", "orange")

	e.all(func(nick string, c *sshtest.Client) {
		c.WaitFor(t, "MUTATED MINION!", wait)
		c.WaitFor(t, "until an ORANGE card comes up", wait)
	})
	// While bo draws, cy's turn waits for the draw to end.
	require.NoError(t, e.c["cy"].Press("enter"))
	e.c["cy"].WaitFor(t, "wait: bo is still drawing", wait)
	e.c["bo"].WaitFor(t, "you draw until an ORANGE card comes up", wait)
	// Card by card: every screen counts 1, 2 and 3 cards drawn, and cy's
	// list of players counts bo's hand up with them; then the final count.
	boRow := func(n int) *regexp.Regexp { return regexp.MustCompile(fmt.Sprintf(`\bbo\s+%d\s+0\b`, n)) }
	for n := 1; n <= 3; n++ {
		clk.step(t, cfg.RevealStep)
		e.waitAll(func(string) string { return plural(n) + " so far" })
		e.c["cy"].WaitUntil(t, func(s string) bool { return boRow(7 + n).MatchString(s) }, wait)
	}
	// bo sees the faces of the cards drawn; the others see only their backs.
	e.c["bo"].WaitFor(t, "G9 Y9 B6", wait)
	e.c["cy"].WaitFor(t, "▒▒ ▒▒ ▒▒", wait)
	clk.step(t, cfg.RevealStep)
	e.waitAll(func(nick string) string { return you(nick, "bo") + " drew 4 cards until an ORANGE card came up" })
	e.c["cy"].WaitUntil(t, func(s string) bool { return boRow(11).MatchString(s) }, wait)
	for _, nick := range []string{"ana", "cy"} {
		for _, face := range []string{"G9", "Y9", "B6", "O3"} {
			assert.NotContains(t, e.c[nick].Screen(), face, "%s sees a card bo drew", nick)
		}
	}
	clk.step(t, cfg.RevealStep) // the result stays a step on screen

	// Then: bo holds 11 cards on every screen, the orange card among them;
	// bo was skipped and it is cy's turn.
	e.waitCards(map[string]int{"ana": 6, "bo": 11, "cy": 7})
	e.waitAll(func(nick string) string { return you(nick, "bo") + " drew 4 cards (looking for ORANGE)" })
	e.c["bo"].WaitFor(t, "your hand · 11 cards", wait)
	assert.Subset(t, e.handOf("bo"), []string{"G9", "Y9", "B6", "O3"})
	e.c["cy"].WaitFor(t, "your turn", wait)
	e.c["ana"].WaitFor(t, "cy's turn", wait)
	e.c["bo"].WaitFor(t, "you are skipped", wait)
}

// TestSpecialPowerOfGreyskull: ana plays the Power of Greyskull; every other
// player draws three, which every screen shows (each player's own hand grew
// by three), and bo, next, is not skipped.
func TestSpecialPowerOfGreyskull(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		{"WG", "B1", "B2", "R3", "R4", "G5", "P6"}, // ana
		{"B7", "R7", "G7", "P7", "B8", "R8", "G8"}, // bo
		{"B3", "R5", "G3", "P3", "B4", "R6", "G4"}, // cy
	}, "B9", "R1", "R2", "G1", "G2", "P1", "P2") // bo draws R1 R2 G1, cy G2 P1 P2
	e := edOpen(t, edLobby(t, st), edSpec{edition: "Masters of the Universe 2020", seats: "3"}, "ana", "bo", "cy")
	e.c["ana"].WaitFor(t, "your turn", wait)
	e.play("ana", "WG")
	e.c["ana"].WaitFor(t, "Choose the colour", wait)
	require.NoError(t, e.c["ana"].Press("p")) // a colour's first letter names it
	for _, nick := range []string{"bo", "cy"} {
		e.waitAll(func(viewer string) string {
			return you(viewer, nick) + " drew 3 cards: BY THE POWER OF GREYSKULL!"
		})
	}
	e.waitCards(map[string]int{"ana": 6, "bo": 10, "cy": 10})
	e.c["bo"].WaitFor(t, "your hand · 10 cards", wait)
	e.c["cy"].WaitFor(t, "your hand · 10 cards", wait)
	e.c["ana"].WaitFor(t, "your hand · 6 cards", wait)
	assert.Subset(t, e.handOf("bo"), []string{"R1", "R2", "G1"})
	assert.Subset(t, e.handOf("cy"), []string{"G2", "P1", "P2"})
	// The next player is not skipped: it is bo's turn.
	e.c["bo"].WaitFor(t, "your turn", wait)
	e.c["ana"].WaitFor(t, "bo's turn", wait)
	e.c["cy"].WaitFor(t, "bo's turn", wait)
	e.all(func(nick string, c *sshtest.Client) {
		assert.NotContains(t, c.Screen(), "skipped", nick)
		assert.Contains(t, c.Screen(), "played WG: PURPLE", nick)
	})
}

// TestSpecialKevinsChili: ana plays Kevin's Famous Chili and every player's
// screen shows the drop prompt; ana and bo drop with a key, in that order
// (the server orders the drops), the bot drops a moment later, and cy, who
// does nothing, is last: every screen shows the order and that cy drew two.
func TestSpecialKevinsChili(t *testing.T) {
	t.Parallel()
	st := edStack(t, 3, [][]string{
		{"WC", "K1", "K2", "B4", "G4", "Y4", "Y5"}, // ana
		{"K7", "B1", "B2", "B3", "G1", "G2", "G3"}, // ada, a bot
		{"K3", "K4", "B5", "G5", "Y6", "Y7", "B6"}, // bo
		{"K5", "K6", "B7", "G7", "Y8", "Y9", "G6"}, // cy
	}, "B9", "G8", "Y3") // cy draws G8 and Y3
	cfg := edLobby(t, st)
	cfg.RaceTime = 6 * time.Second // the bot drops after a quarter of it, or a little more
	// The lobby's time moves only when the test moves it: the bot cannot
	// drop before ana and bo, however slowly their keys arrive.
	clk := newStepClock()
	cfg.Clock = clk
	e := edOpen(t, cfg, edSpec{edition: "The Office 2020", seats: "4", bots: "1"}, "ana", "bo", "cy")
	e.c["ana"].WaitFor(t, "your turn", wait)
	e.play("ana", "WC")
	e.chooseColour("ana", "pink")

	e.all(func(nick string, c *sshtest.Client) {
		c.WaitFor(t, "KEVIN'S FAMOUS CHILI!", wait)
		c.WaitFor(t, "DROP!  press space", wait)
	})
	require.NoError(t, e.c["ana"].Press("space"))
	e.c["bo"].WaitFor(t, "dropped: 1 ana", wait)
	require.NoError(t, e.c["bo"].Press("space"))
	e.c["cy"].WaitFor(t, "dropped: 1 ana, 2 bo", wait)
	// cy does nothing: the bot drops, and cy is the last one left.
	clk.stepUntil(t, cfg.RaceTime, func() bool {
		return e.allShow(func(v string) string { return you(v, "cy") + " drew 2 cards (last to drop)" })
	})
	for _, line := range []func(viewer string) string{
		func(v string) string { return you(v, "ana") + " dropped (1)" },
		func(v string) string { return you(v, "bo") + " dropped (2)" },
		func(string) string { return "ada dropped (3)" }, // the bot waits a moment: after ana and bo
		func(v string) string {
			if v == "cy" {
				return "you were last to drop"
			}
			return "cy was last to drop"
		},
		func(v string) string { return you(v, "cy") + " drew 2 cards (last to drop)" },
	} {
		e.waitAll(line)
	}
	e.waitCards(map[string]int{"ana": 6, "bo": 7, "cy": 9})
	e.c["cy"].WaitFor(t, "your hand · 9 cards", wait)
	assert.Subset(t, e.handOf("cy"), []string{"G8", "Y3"})
	// Play goes on after ana: the bot (its pink seven reads P7), then bo.
	clk.stepUntil(t, cfg.RaceTime, func() bool { return e.allShow(func(string) string { return "ada played P7" }) })
	e.c["bo"].WaitFor(t, "your turn", wait)
}

// TestSpecialArmyOfGrayskull: ana raises the Army of Grayskull and sees
// every hand; from bo, who holds two action cards, she takes the G+2 and
// gives her B4, by keys. bo sees which cards; cy sees only that a card was
// taken from bo and one given back. ana leaves cy alone: the raid's time
// limit ends it.
func TestSpecialArmyOfGrayskull(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		{"WA", "R3", "B4", "G5", "Y6", "R7", "B8"},  // ana
		{"BS", "G+2", "R1", "R2", "Y1", "Y2", "G1"}, // bo: a skip and a draw two
		{"YR", "R9", "B9", "G9", "Y9", "R8", "G8"},  // cy: a reverse
	}, "Y3")
	cfg := edLobby(t, st)
	cfg.RaidTime = 3 * time.Second
	// The raid's time runs only when the test moves the lobby's clock, so
	// ana's keys are in time however slowly they arrive.
	clk := newStepClock()
	cfg.Clock = clk
	e := edOpen(t, cfg, edSpec{edition: "Masters of the Universe 2023", seats: "3"}, "ana", "bo", "cy")
	ana, bo, cy := e.c["ana"], e.c["bo"], e.c["cy"]
	ana.WaitFor(t, "your turn", wait)
	e.play("ana", "WA")
	e.chooseColour("ana", "green")

	// The raider sees every hand; nobody else does.
	ana.WaitFor(t, "you raid!", wait)
	for _, l := range []string{"BS", "G+2", "R1", "R2", "Y1", "Y2", "G1", "YR", "R9", "B9", "G9", "Y9", "R8", "G8"} {
		assert.Contains(t, ana.Screen(), l, "the raider sees every card")
	}
	for _, c := range []*sshtest.Client{bo, cy} {
		c.WaitFor(t, "ana raises THE ARMY OF GRAYSKULL", wait)
		assert.NotContains(t, c.Screen(), "you raid!")
	}
	// ana chooses bo's second action card, then her own card to give.
	ana.WaitFor(t, "[BS]", wait)
	require.NoError(t, ana.Press("right"))
	ana.WaitFor(t, "[G+2]", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "▶ you give", wait)
	for i := 0; i < 6 && !strings.Contains(ana.Screen(), "[B4]"); i++ {
		before := ana.Screen()
		require.NoError(t, ana.Press("right"))
		ana.WaitUntil(t, func(s string) bool { return s != before }, wait)
	}
	require.NoError(t, ana.Press("enter"))

	bo.WaitFor(t, "ana took G+2 from you and gave B4", wait)
	cy.WaitFor(t, "ana took a card from bo and gave one back", wait)
	assert.Contains(t, e.handOf("bo"), "B4")
	assert.NotContains(t, e.handOf("bo"), "G+2")
	for _, face := range []string{"G+2", "B4"} {
		assert.NotContains(t, cy.Screen(), face, "cy sees a card of the exchange")
	}

	// cy still holds a reverse, but the raid's time runs out.
	clk.stepUntil(t, cfg.RaidTime, func() bool { return e.allShow(func(string) string { return "ran out of time" }) })
	ana.WaitFor(t, "you took G+2 from bo and gave B4", wait) // her log, under the raid's box until now
	e.waitAll(func(v string) string {
		if v == "ana" {
			return "your raid is over"
		}
		return "ana's raid is over"
	})
	e.waitAll(func(string) string { return "ana ran out of time" })
	assert.Contains(t, e.handOf("ana"), "G+2")
	assert.NotContains(t, e.handOf("ana"), "B4")
	assert.Contains(t, e.handOf("cy"), "YR")
	e.waitCards(map[string]int{"ana": 6, "bo": 7, "cy": 7})
	bo.WaitFor(t, "your turn", wait)
}

// TestSpecialBlankCards plays a Blank under each of Classic 2001's house
// rules, chosen in the create form: ana swaps hands with cy (chosen by keys),
// everyone passes their hand on, and ana discards every red card. Each
// effect is read off every player's hand and list of players.
func TestSpecialBlankCards(t *testing.T) {
	t.Parallel()
	hands := [][]string{
		{"R?", "R1", "R2", "R3", "B1", "B2", "G1"}, // ana: the red Blank
		{"Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"}, // bo
		{"G5", "G6", "G7", "G8", "G9", "B9", "B8"}, // cy
	}
	anas := []string{"R1", "R2", "R3", "B1", "B2", "G1"} // ana's hand after the Blank, sorted
	bos := []string{"Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"}
	cys := []string{"B8", "B9", "G5", "G6", "G7", "G8", "G9"}
	open := func(t *testing.T, rule string) *edTable {
		e := edOpen(t, edLobby(t, edStack(t, 2, hands, "R9")),
			edSpec{edition: "Classic 2001", seats: "3", blanks: rule}, "ana", "bo", "cy")
		e.c["ana"].WaitFor(t, "your turn", wait)
		e.play("ana", "R?") // a coloured Blank names no colour
		return e
	}
	t.Run("swap hands", func(t *testing.T) {
		t.Parallel()
		e := open(t, "swap hands with a player")
		ana := e.c["ana"]
		ana.WaitFor(t, "Swap hands with whom?", wait)
		ana.WaitFor(t, "▶ bo", wait)
		require.NoError(t, ana.Press("down"))
		ana.WaitFor(t, "▶ cy", wait)
		require.NoError(t, ana.Press("enter"))
		e.waitAll(func(v string) string {
			switch v {
			case "ana":
				return "you swapped hands with cy"
			case "cy":
				return "ana swapped hands with you"
			}
			return "ana swapped hands with cy"
		})
		e.waitCards(map[string]int{"ana": 7, "bo": 7, "cy": 6})
		e.c["cy"].WaitFor(t, "your hand · 6 cards", wait)
		ana.WaitFor(t, "your hand · 7 cards", wait)
		assert.Equal(t, cys, e.handOf("ana"))
		assert.Equal(t, anas, e.handOf("cy"))
		assert.Equal(t, bos, e.handOf("bo"))
		e.c["bo"].WaitFor(t, "your turn", wait)
	})
	t.Run("pass hands", func(t *testing.T) {
		t.Parallel()
		e := open(t, "everyone passes their hand on")
		e.waitAll(func(string) string { return "everyone passed their hand on" })
		e.waitCards(map[string]int{"ana": 7, "bo": 6, "cy": 7})
		e.c["bo"].WaitFor(t, "your hand · 6 cards", wait)
		e.c["ana"].WaitFor(t, "your hand · 7 cards", wait)
		assert.Equal(t, anas, e.handOf("bo"), "ana's hand went on to bo")
		assert.Equal(t, bos, e.handOf("cy"), "bo's hand went on to cy")
		assert.Equal(t, cys, e.handOf("ana"), "cy's hand went on to ana")
		e.c["bo"].WaitFor(t, "your turn", wait)
	})
	t.Run("discard a colour", func(t *testing.T) {
		t.Parallel()
		e := open(t, "discard all of its colour")
		e.waitAll(func(v string) string { return you(v, "ana") + " discarded 3 RED cards" })
		e.waitCards(map[string]int{"ana": 3, "bo": 7, "cy": 7})
		e.c["ana"].WaitFor(t, "your hand · 3 cards", wait)
		assert.Equal(t, []string{"B1", "B2", "G1"}, e.handOf("ana"))
		e.c["bo"].WaitFor(t, "your turn", wait)
	})
}

// TestSpecialWildDrawFourChallenge: bo challenges ana's Wild Draw Four,
// played while she held a red card (red in play): guilty, she draws four and
// bo plays. Then cy challenges bo's, played without a card of the colour in
// play: innocent, cy draws six and loses the turn. Each verdict, the counts
// and whose turn it is are read off every screen; only the challenger sees
// the challenged hand.
func TestSpecialWildDrawFourChallenge(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		{"W+4", "R1", "B1", "B2", "G1", "G2", "Y1"}, // ana holds a red card
		{"W+4", "G3", "G4", "Y3", "Y4", "R2", "R3"}, // bo holds no blue
		{"G5", "G6", "Y5", "Y6", "R4", "R5", "G7"},  // cy
	}, "R9")
	e := edOpen(t, edLobby(t, st), edSpec{edition: "Classic 2001", seats: "3"}, "ana", "bo", "cy")
	ana, bo, cy := e.c["ana"], e.c["bo"], e.c["cy"]

	ana.WaitFor(t, "your turn", wait)
	e.play("ana", "W+4")
	ana.WaitFor(t, "Choose the colour", wait)
	require.NoError(t, ana.Press("b"))
	bo.WaitFor(t, "WILD DRAW FOUR!", wait)
	bo.WaitFor(t, "y challenge", wait)
	require.NoError(t, bo.Press("y"))
	e.waitAll(func(v string) string {
		switch v {
		case "ana":
			return "bo challenged your W+4: guilty! you draw 4"
		case "bo":
			return "you challenged ana's W+4: guilty! ana draws 4"
		}
		return "bo challenged ana's W+4: guilty! ana draws 4"
	})
	bo.WaitFor(t, "ana showed you:", wait) // the red card that made her guilty among them
	assert.Regexp(t, `ana showed you: .*R1`, bo.Screen())
	assert.NotContains(t, cy.Screen(), "showed")
	assert.NotContains(t, ana.Screen(), "showed")
	e.waitCards(map[string]int{"ana": 10, "bo": 7, "cy": 7})
	ana.WaitFor(t, "your hand · 10 cards", wait)
	bo.WaitFor(t, "your turn", wait) // a guilty verdict: the challenger plays

	e.play("bo", "W+4")
	bo.WaitFor(t, "Choose the colour", wait)
	require.NoError(t, bo.Press("g"))
	cy.WaitFor(t, "WILD DRAW FOUR!", wait)
	require.NoError(t, cy.Press("y"))
	e.waitAll(func(v string) string {
		switch v {
		case "bo":
			return "cy challenged your W+4: innocent, cy draws 6"
		case "cy":
			return "you challenged bo's W+4: innocent, you draw 6"
		}
		return "cy challenged bo's W+4: innocent, cy draws 6"
	})
	e.waitCards(map[string]int{"ana": 10, "bo": 6, "cy": 13})
	cy.WaitFor(t, "your hand · 13 cards", wait)
	e.waitAll(func(v string) string {
		return you(v, "cy") + " " + map[bool]string{true: "are", false: "is"}[v == "cy"] + " skipped"
	})
	ana.WaitFor(t, "your turn", wait) // an innocent verdict: the challenger loses the turn
	e.waitAll(func(string) string { return "colour in play ■ GREEN" })
}

// ---- the modes ----

// Each mode's hand is stacked to end at once: ana holds six red cards and
// the red Blank, whose house rule is "discard all of its colour"; she plays
// it on the red first card and goes out. (The two-player test goes out by playing its cards.)

// TestModePartners: four players, two teams across the table (ana and the
// bot bix against the bot ada and bo). The teams are shown; ana goes out and
// her team scores both opponents' hands, which every screen shows between hands.
func TestModePartners(t *testing.T) {
	t.Parallel()
	st := edStack(t, 3, [][]string{
		outHand,
		{"B1", "B2", "B3", "G1", "G2", "G3", "Y1"}, // ada: 13 points
		{"Y3", "Y4", "Y5", "Y6", "G7", "G8", "G9"}, // bix, ana's partner: 42
		{"B4", "B5", "B6", "G4", "G5", "G6", "Y2"}, // bo: 32
	}, "R9")
	cfg := edLobby(t, st)
	cfg.NextHand = 5 * time.Second
	e := edOpen(t, cfg, edSpec{edition: "Classic 2001", mode: "partners", bots: "2", blanks: "discard all of its colour"}, "ana", "bo")
	ana, bo := e.c["ana"], e.c["bo"]
	ana.WaitFor(t, "team A with bix", wait)
	bo.WaitFor(t, "team B with ada", wait)
	for _, c := range []*sshtest.Client{ana, bo} {
		for _, row := range []string{`A\s+ana\s+7\s`, `B\s+ada\s+7\s`, `A\s+bix\s+7\s`, `B\s+bo\s+7\s`} {
			assert.Regexp(t, row, c.Screen())
		}
	}
	e.goOut()
	e.all(func(v string, c *sshtest.Client) {
		c.WaitFor(t, "HAND 1 OVER", wait)
		c.WaitFor(t, "ana & bix went out. ana & bix scored 45 points.", wait)
		s := c.Screen()
		for _, row := range []string{`★ ana \(A\)\s+0\s+45`, `★ bix \(A\)\s+42\s+45`, `bo \(B\)\s+32\s+0`, `ada \(B\)\s+13\s+0`} {
			assert.Regexp(t, row, s, v)
		}
	})
}

// TestModeChallengeUNO: Challenge UNO to 100 with a bot. ana goes out; each
// player's tally grows by what they hold, bo's past 100: he is eliminated,
// stays at the table and watches the head-to-head hand that follows.
func TestModeChallengeUNO(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		outHand,
		{"Y1", "Y2", "Y3", "G3", "G4", "B4", "B5"}, // ada: 22
		{"W", "W+4", "B1", "B2", "B3", "G1", "G2"}, // bo: 109
	}, "R9")
	cfg := edLobby(t, st)
	cfg.NextHand = 3 * time.Second
	e := edOpen(t, cfg, edSpec{edition: "Classic 2001", mode: "Challenge UNO", seats: "3", target: "100", bots: "1",
		blanks: "discard all of its colour"}, "ana", "bo")
	e.goOut()
	e.all(func(v string, c *sshtest.Client) {
		c.WaitFor(t, "HAND 1 OVER", wait)
		c.WaitFor(t, "Out: bo.", wait)
		s := c.Screen()
		for _, row := range []string{`ana\s+0\s+0`, `ada\s+22\s+22`, `bo\s+109\s+109\s+out`} {
			assert.Regexp(t, row, s, v)
		}
		assert.Contains(t, s, "tally", v)
	})
	// Drawn, if not still on screen: the next hand may open with a bot's
	// Wild Draw Four and put the challenge over the log.
	e.all(func(v string, c *sshtest.Client) {
		waitDrawn(t, c, you(v, "bo")+map[bool]string{true: " are", false: " is"}[v == "bo"]+" eliminated")
	})
	// The next hand is dealt to the last two; bo watches it from his seat.
	bo := e.c["bo"]
	bo.WaitFor(t, "hand 2", wait)
	bo.WaitFor(t, "you are out of the game", wait)
	assert.Regexp(t, `bo\s+—\s+109\s+out`, bo.Screen())
	e.c["ana"].WaitFor(t, "hand 2", wait)
	// Dealt seven; the bot may have made her draw already.
	e.c["ana"].WaitUntil(t, regexp.MustCompile(`your hand · \d+ cards`).MatchString, wait)
}

// TestModeLowestScore: lowest score to 100. ana goes out; bo is left holding
// 109 points, which ends the game, and the lowest tally, ana's, wins.
func TestModeLowestScore(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		outHand,
		{"W", "W+4", "B1", "B2", "B3", "G1", "G2"}, // bo: 109
		{"Y1", "Y2", "Y3", "G3", "G4", "B4", "B5"}, // cy: 22
	}, "R9")
	e := edOpen(t, edLobby(t, st), edSpec{edition: "Classic 2001", mode: "lowest score", seats: "3", target: "100",
		blanks: "discard all of its colour"}, "ana", "bo", "cy")
	e.goOut()
	e.all(func(v string, c *sshtest.Client) {
		c.WaitFor(t, "GAME OVER", wait)
		if v == "ana" {
			c.WaitFor(t, "You win! ★", wait)
		} else {
			c.WaitFor(t, "ana wins! ★", wait)
		}
		s := c.Screen()
		assert.Contains(t, s, "tally", v)
		assert.Regexp(t, `(?s)★ ana\s+0\s+0.*cy\s+22\s+22.*bo\s+109\s+109`, s, "%s: lowest tally first", v)
	})
}

// TestModeSingleHand: a single hand; ana goes out and wins the game at once,
// with the points the others hold.
func TestModeSingleHand(t *testing.T) {
	t.Parallel()
	st := edStack(t, 2, [][]string{
		outHand,
		{"B1", "B2", "B3", "G1", "G2", "G3", "Y1"}, // bo: 13
		{"Y2", "Y3", "Y4", "G4", "G5", "B4", "B5"}, // cy: 27
	}, "R9")
	e := edOpen(t, edLobby(t, st), edSpec{edition: "Classic 2001", mode: "single hand", seats: "3",
		blanks: "discard all of its colour"}, "ana", "bo", "cy")
	e.goOut()
	e.all(func(v string, c *sshtest.Client) {
		c.WaitFor(t, "GAME OVER", wait)
		c.WaitFor(t, "ana went out. ana scored 40 points.", wait)
		if v == "ana" {
			c.WaitFor(t, "You win! ★", wait)
		} else {
			c.WaitFor(t, "ana wins! ★", wait)
		}
		assert.Regexp(t, `★ ana\s+0\s+40`, c.Screen(), v)
	})
}

// TestModeTwoPlayers: the two-player rules. ana plays a Reverse, which acts
// as a Skip, and plays again; so after a Skip; after each Draw Two bo draws
// and play comes back to her. She goes out in one turn after another, with
// UNO called, and her 125 points win the game to 100.
func TestModeTwoPlayers(t *testing.T) {
	t.Parallel()
	st := edStack(t, 1, [][]string{
		{"RR", "RS", "R+2", "G+2", "GS", "GR", "G3"}, // ana
		{"W", "W+4", "Y1", "Y2", "Y3", "Y4", "Y5"},   // bo: 115
	}, "R5", "B1", "B2", "B3", "B4") // bo draws B1 B2, then B3 B4: 10 more
	e := edOpen(t, edLobby(t, st), edSpec{edition: "Classic 2001", seats: "2", target: "100"}, "ana", "bo")
	ana, bo := e.c["ana"], e.c["bo"]
	ana.WaitFor(t, "your turn", wait)

	e.play("ana", "RR")
	e.waitAll(func(v string) string {
		return you(v, "bo") + map[bool]string{true: " are", false: " is"}[v == "bo"] + " skipped"
	})
	ana.WaitFor(t, "your hand · 6 cards", wait)
	ana.WaitFor(t, "your turn", wait) // a Reverse acts as a Skip: ana plays again
	bo.WaitFor(t, "ana's turn", wait)
	assert.NotContains(t, ana.Screen(), "play goes right", "with two players a Reverse does not turn play round")

	e.play("ana", "RS")
	ana.WaitFor(t, "your hand · 5 cards", wait)
	e.play("ana", "R+2")
	ana.WaitFor(t, "your hand · 4 cards", wait)
	e.waitCards(map[string]int{"ana": 4, "bo": 9})
	e.play("ana", "G+2")
	ana.WaitFor(t, "your hand · 3 cards", wait)
	e.waitCards(map[string]int{"ana": 3, "bo": 11})
	bo.WaitFor(t, "ana's turn", wait) // after a Draw Two, play comes back to ana
	e.play("ana", "GS")
	ana.WaitFor(t, "your hand · 2 cards", wait)
	require.NoError(t, ana.Press("u")) // Classic: UNO is said before the play, a move of its own
	e.waitAll(func(v string) string { return you(v, "ana") + " called UNO!" })
	e.play("ana", "GR")
	ana.WaitFor(t, "your hand · 1 card", wait)
	bo.WaitFor(t, `ana's turn`, wait)
	assert.NotContains(t, bo.Screen(), "catch (c)", "the play after the call is safe")
	e.play("ana", "G3")
	e.all(func(v string, c *sshtest.Client) {
		c.WaitFor(t, "GAME OVER", wait)
		c.WaitFor(t, "ana went out. ana scored 125 points.", wait)
		assert.Regexp(t, `★ ana\s+0\s+125`, c.Screen(), v)
		assert.Regexp(t, `bo\s+125\s+0`, c.Screen(), v)
	})
	ana.WaitFor(t, "You win! ★", wait)
	bo.WaitFor(t, "ana wins! ★", wait)
}

// ---- the palettes ----

// TestPaletteEditionColours: each edition's own colour reaches the players'
// terminals as its escape code (256 colours for TERM=xterm-256color, 24-bit
// for COLORTERM=truecolor), none at all for TERM=vt100 (TERM=dumb is the
// screen-reader mode, e2e_linear_test.go); and every card label
// carries its colour letter and kind, on every terminal.
func TestPaletteEditionColours(t *testing.T) {
	t.Parallel()
	sgr := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	for _, tc := range []struct {
		edition      string
		hands        [][]string
		first        string
		labels       []string // read on every screen: ana's hand, and the first card
		ansi256, rgb string   // the edition's own colour, in 256 and in 24-bit colour
	}{
		{"Minions 2016", [][]string{
			{"O1", "O2", "OS", "WM", "B1", "G1", "Y1"}, {"O3", "O4", "OR", "B2", "G2", "Y2", "B3"}, {"O6", "O7", "O+2", "B4", "G4", "Y4", "B5"},
		}, "O5", []string{"O1", "O2", "OS", "WM", "O5"}, "38;5;208", "38;2;255;138;31"},
		{"Masters of the Universe 2020", [][]string{
			{"P1", "P2", "PS", "WG", "B1", "G1", "R1"}, {"P3", "P4", "PR", "B2", "G2", "R2", "B3"}, {"P6", "P7", "P+2", "B4", "G4", "R4", "B5"},
		}, "P5", []string{"P1", "P2", "PS", "WG", "P5"}, "38;5;135", "38;2;162;89;255"},
		{"The Office 2020", [][]string{ // pink's code is K; its cards read P
			{"K1", "K2", "KS", "WC", "B1", "G1", "Y1"}, {"K3", "K4", "KR", "B2", "G2", "Y2", "B3"}, {"K6", "K7", "K+2", "B4", "G4", "Y4", "B5"},
		}, "K5", []string{"P1", "P2", "PS", "WC", "P5"}, "38;5;205", "38;2;255;95;179"},
	} {
		t.Run(tc.edition, func(t *testing.T) {
			t.Parallel()
			dial := map[string][]sshtest.Option{
				"ana": {sshtest.Term("xterm-256color")},
				"bo":  {sshtest.Term("xterm-256color"), sshtest.Env("COLORTERM", "truecolor")},
				"cy":  {sshtest.Term("vt100")},
			}
			// ana deals: bo plays first, and nothing moves while the screens are read.
			e := edOpen(t, edLobby(t, edStack(t, 0, tc.hands, tc.first)),
				edSpec{edition: tc.edition, seats: "3", dial: dial}, "ana", "bo", "cy")
			e.c["ana"].WaitFor(t, "bo's turn", wait)
			// The header names the edition (the Masters editions in short
			// where the table's name takes the room).
			shown := strings.Replace(tc.edition, "Masters of the Universe", "Masters", 1)
			e.all(func(v string, c *sshtest.Client) {
				c.WaitFor(t, shown, wait)
				c.WaitFor(t, "first card: "+tc.labels[4], wait)
			})
			assert.Subset(t, e.handOf("ana"), tc.labels[:4], "ana's hand carries colour letters and kinds")
			for _, nick := range []string{"bo", "cy"} {
				for _, l := range e.handOf(nick) {
					assert.Regexp(t, `^(W|[RBGYOP])(\d|S|R|\+2|\+4|\?|M|G|C|A)?$`, l, "%s's card %q", nick, l)
				}
			}
			raw256, rawRGB, rawDumb := string(e.c["ana"].Raw()), string(e.c["bo"].Raw()), string(e.c["cy"].Raw())
			assert.True(t, strings.Contains(raw256, tc.ansi256), "the edition's colour in 256 colours: %q", tc.ansi256)
			assert.False(t, strings.Contains(raw256, "38;2;"), "24-bit colour sent to a 256-colour terminal")
			assert.True(t, strings.Contains(rawRGB, tc.rgb), "the edition's colour in 24-bit colour: %q", tc.rgb)
			assert.Empty(t, sgr.FindAllString(rawDumb, -1), "colour sent to TERM=vt100")
			assert.Contains(t, e.c["cy"].Screen(), "colour in play ■ "+map[string]string{
				"Minions 2016": "ORANGE", "Masters of the Universe 2020": "PURPLE", "The Office 2020": "PINK"}[tc.edition])
		})
	}
}
