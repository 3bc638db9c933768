package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// TestHouseRulesOverSSH plays each house rule at the table: for each, the
// host picks it by keys in the create form (house rules: Custom, then the
// rule and its setting), the first deal is stacked to bring the rule into
// play at once, the players make the moves by keys, and every screen shows
// the effect. One server serves every case; its NewGame hook tells the
// tables apart by their house rules.
//
// Seats: ana (seat 0, the host), bo, cy; the dealer is cy, so ana plays
// first. The first card is R9.
func TestHouseRulesOverSSH(t *testing.T) {
	t.Parallel()
	filler := func(cards ...string) []string { return cards }
	cases := []struct {
		name   string
		form   [][2]string // the custom house rules as the form names them
		rules  engine.HouseRules
		blanks string
		hands  [][]string
		draw   []string
		nicks  []string
		play   func(t *testing.T, h *houseTable)
	}{
		{
			name: "stacking +2 on +2", form: [][2]string{{"stacking", "+2 on +2"}},
			rules: engine.HouseRules{Stacking: engine.StackTwos},
			hands: [][]string{
				filler("R+2", "G1", "G2", "G3", "G4", "G5", "G6"),
				filler("B+2", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"),
				filler("G7", "G8", "B1", "B3", "B4", "Y7", "Y8"),
			},
			play: func(t *testing.T, h *houseTable) {
				h.play("ana", "R+2")
				h.c("bo").WaitFor(t, "your turn", wait)
				h.play("bo", "B+2") // stacked: cy now owes four
				cy := h.c("cy")
				cy.WaitFor(t, "your turn: +4 on you", wait)
				require.NoError(t, cy.Press("d"))
				h.waitAll(func(v string) string { return h.who(v, "cy") + " drew 4 cards" })
				h.waitCards(map[string]int{"ana": 6, "bo": 6, "cy": 11})
				h.c("ana").WaitFor(t, "your turn", wait) // cy lost the turn
			},
		},
		{
			name: "stacking +4 on +4", form: [][2]string{{"stacking", "+4 on +4"}},
			rules: engine.HouseRules{Stacking: engine.StackFours},
			hands: [][]string{
				filler("W+4", "G1", "G2", "G3", "G4", "G5", "G6"),
				filler("W+4", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"),
				filler("G7", "G8", "B1", "B3", "B4", "Y7", "Y8"),
			},
			play: func(t *testing.T, h *houseTable) {
				h.play("ana", "W+4")
				require.NoError(t, h.c("ana").Press("b")) // (the colour by its letter)
				bo := h.c("bo")
				bo.WaitFor(t, "WILD DRAW FOUR!", wait)
				h.play("bo", "W+4")
				require.NoError(t, h.c("bo").Press("g"))
				cy := h.c("cy")
				cy.WaitFor(t, "WILD DRAW FOUR!", wait)
				require.NoError(t, cy.Press("n")) // take the stack
				h.waitAll(func(v string) string { return h.who(v, "cy") + " drew 8 cards" })
				h.waitCards(map[string]int{"ana": 6, "bo": 6, "cy": 15})
				h.c("ana").WaitFor(t, "your turn", wait)
			},
		},
		{
			name: "stacking +2 and +4 mixed", form: [][2]string{{"stacking", "+2 and +4 mixed"}},
			rules: engine.HouseRules{Stacking: engine.StackMixed},
			hands: [][]string{
				filler("R+2", "G1", "G2", "G3", "G4", "G5", "G6"),
				filler("W+4", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"),
				filler("G7", "G8", "B1", "B3", "B4", "Y7", "Y8"),
			},
			play: func(t *testing.T, h *houseTable) {
				h.play("ana", "R+2")
				h.c("bo").WaitFor(t, "your turn: +2 on you", wait)
				h.play("bo", "W+4") // a Wild Draw Four on a Draw Two
				require.NoError(t, h.c("bo").Press("g"))
				cy := h.c("cy")
				cy.WaitFor(t, "WILD DRAW FOUR!", wait)
				require.NoError(t, cy.Press("n"))
				h.waitAll(func(v string) string { return h.who(v, "cy") + " drew 6 cards" })
				h.waitCards(map[string]int{"ana": 6, "bo": 6, "cy": 13})
				h.c("ana").WaitFor(t, "your turn", wait)
			},
		},
		{
			name: "7-0", form: [][2]string{{"7-0", "on"}},
			rules: engine.HouseRules{SevenO: true},
			hands: [][]string{
				filler("R7", "G1", "G2", "G3", "G4", "G5", "G6"),
				filler("R0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"),
				filler("B1", "B2", "B3", "B4", "B5", "B6", "B8"),
			},
			play: func(t *testing.T, h *houseTable) {
				ana := h.c("ana")
				h.play("ana", "R7")
				ana.WaitFor(t, "Swap hands with whom?", wait)
				ana.WaitFor(t, "▶ "+h.n("bo"), wait)
				require.NoError(t, ana.Press("down"))
				ana.WaitFor(t, "▶ "+h.n("cy"), wait)
				require.NoError(t, ana.Press("enter"))
				h.waitAll(func(v string) string { return h.who(v, "ana") + " swapped hands with " + h.who(v, "cy") })
				h.waitCards(map[string]int{"ana": 7, "bo": 7, "cy": 6})
				ana.WaitFor(t, "your hand · 7 cards", wait)
				assert.Equal(t, []string{"B1", "B2", "B3", "B4", "B5", "B6", "B8"}, h.handOf("ana"))
				h.c("bo").WaitFor(t, "your turn", wait)
				h.play("bo", "R0") // every hand moves on to the next player
				h.waitAll(func(string) string { return "everyone passed their hand on" })
				h.waitCards(map[string]int{"ana": 6, "bo": 7, "cy": 6})
				h.c("bo").WaitFor(t, "your hand · 7 cards", wait)
				assert.Equal(t, []string{"B1", "B2", "B3", "B4", "B5", "B6", "B8"}, h.handOf("bo"), "ana's hand went on to bo")
				h.c("ana").WaitFor(t, "your hand · 6 cards", wait)
				assert.Equal(t, []string{"G1", "G2", "G3", "G4", "G5", "G6"}, h.handOf("ana"), "cy's hand (ana's before) came to ana")
				h.c("cy").WaitFor(t, "your turn", wait)
			},
		},
		{
			name: "jump-in", form: [][2]string{{"jump-in", "on"}},
			rules: engine.HouseRules{JumpIn: true},
			hands: [][]string{
				filler("R5", "G1", "G2", "G3", "G4", "G5", "G6"),
				filler("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"),
				filler("R5", "B1", "B2", "B3", "B4", "B6", "B8"),
			},
			play: func(t *testing.T, h *houseTable) {
				h.play("ana", "R5")
				h.c("bo").WaitFor(t, "your turn", wait)
				h.c("cy").WaitFor(t, h.n("ana")+" played R5", wait) // (a key on an older screen would be refused)
				h.play("cy", "R5")                                  // out of turn: the very card on top
				h.waitAll(func(v string) string { return h.who(v, "cy") + " played R5" })
				h.waitCards(map[string]int{"ana": 6, "bo": 7, "cy": 6})
				h.c("ana").WaitFor(t, "your turn", wait) // play goes on from cy: bo was passed over
			},
		},
		{
			name: "draw until you can play", form: [][2]string{{"draw until you can play", "on"}},
			rules: engine.HouseRules{DrawToMatch: true},
			hands: [][]string{
				filler("G1", "G2", "G3", "G4", "G5", "G6", "G7"),
				filler("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"),
				filler("B1", "B2", "B3", "B4", "B5", "B6", "B8"),
			},
			draw: []string{"B7", "Y8", "R3"},
			play: func(t *testing.T, h *houseTable) {
				ana := h.c("ana")
				require.NoError(t, ana.Press("d"))
				ana.WaitFor(t, "you drew R3", wait) // B7 and Y8 first: neither plays
				h.waitCards(map[string]int{"ana": 10, "bo": 7, "cy": 7})
				assert.Contains(t, h.handOf("ana"), "B7")
				assert.Contains(t, h.handOf("ana"), "Y8")
				h.play("ana", "R3")
				h.waitAll(func(v string) string { return h.who(v, "ana") + " played R3" })
				h.c("bo").WaitFor(t, "your turn", wait)
			},
		},
		{
			name: "forced play", form: [][2]string{{"forced play", "on"}},
			rules: engine.HouseRules{ForcePlay: true},
			hands: [][]string{
				filler("G1", "G2", "G3", "G4", "G5", "G6", "G7"),
				filler("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"),
				filler("B1", "B2", "B3", "B4", "B5", "B6", "B8"),
			},
			draw: []string{"R3"},
			play: func(t *testing.T, h *houseTable) {
				ana := h.c("ana")
				require.NoError(t, ana.Press("d"))
				ana.WaitFor(t, "you drew R3", wait)
				require.NoError(t, ana.Press("k"))
				ana.WaitFor(t, "must be played", wait)
				h.play("ana", "R3")
				h.waitAll(func(v string) string { return h.who(v, "ana") + " played R3" })
				h.c("bo").WaitFor(t, "your turn", wait)
			},
		},
		{
			name: "no bluffing", form: [][2]string{{"no bluffing", "on"}},
			rules: engine.HouseRules{NoBluff: true},
			hands: [][]string{
				filler("W+4", "R1", "G1", "G2", "G3", "G4", "G5"),
				filler("W+4", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"),
				filler("G7", "G8", "B1", "B3", "B4", "Y7", "Y8"),
			},
			play: func(t *testing.T, h *houseTable) {
				ana := h.c("ana")
				h.play("ana", "W+4") // she holds a red card: refused
				ana.WaitFor(t, "no bluffing", wait)
				require.NotContains(t, ana.Screen(), "Choose the colour")
				h.play("ana", "R1")
				h.c("bo").WaitFor(t, "your turn", wait)
				h.play("bo", "W+4") // bo holds no red: fair, and nothing to challenge
				require.NoError(t, h.c("bo").Press("g"))
				h.waitAll(func(v string) string { return h.who(v, "cy") + " drew 4 cards" })
				h.waitCards(map[string]int{"ana": 6, "bo": 6, "cy": 11})
				h.c("ana").WaitFor(t, "your turn", wait)
				assert.NotContains(t, h.c("cy").Screen(), "challenge")
			},
		},
		{
			name: "UNO penalty", form: [][2]string{{"UNO penalty", "6 cards"}}, blanks: "discard all of its colour",
			rules: engine.HouseRules{UNOPenalty: 6},
			hands: [][]string{
				filler("R?", "R1", "R2", "R3", "R4", "R5", "G1"), // the red Blank leaves ana one card
				filler("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"),
				filler("B1", "B2", "B3", "B4", "B5", "B6", "B8"),
			},
			play: func(t *testing.T, h *houseTable) {
				h.play("ana", "R?") // without calling UNO
				h.waitCards(map[string]int{"ana": 1})
				bo := h.c("bo")
				bo.WaitFor(t, "c catch", wait)
				require.NoError(t, bo.Press("c"))
				h.waitAll(func(v string) string { return h.who(v, "bo") + " caught " + h.who(v, "ana") + " without UNO: +6" })
				h.waitCards(map[string]int{"ana": 7, "bo": 7, "cy": 7})
			},
		},
		{
			name: "no catch window", form: [][2]string{{"automatic UNO", "on"}}, blanks: "discard all of its colour",
			rules: engine.HouseRules{AutoUNO: true},
			hands: [][]string{
				filler("R?", "R1", "R2", "R3", "R4", "R5", "G1"),
				filler("Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"),
				filler("B1", "B2", "B3", "B4", "B5", "B6", "B8"),
			},
			play: func(t *testing.T, h *houseTable) {
				h.play("ana", "R?") // UNO is called for her
				h.waitAll(func(v string) string { return h.who(v, "ana") + " called UNO!" })
				h.waitCards(map[string]int{"ana": 1})
				bo := h.c("bo")
				require.NoError(t, bo.Press("c"))
				bo.WaitFor(t, "nobody to catch", wait)
				assert.NotContains(t, bo.Screen(), "caught")
				h.waitCards(map[string]int{"ana": 1, "bo": 7, "cy": 7})
				bo.WaitFor(t, "your turn", wait)
			},
		},
	}
	stacks := map[engine.HouseRules]engine.Stack{}
	for _, c := range cases {
		stacks[c.rules] = edStack(t, 2, c.hands, "R9", c.draw...)
	}
	require.Len(t, stacks, len(cases), "each case's house rules tell its table apart")
	cfg := fastLobby()
	cfg.TurnTime = time.Minute // no turn runs out while a test reads the screens
	cfg.NewGame = func(s engine.Settings, seed uint64) (*engine.Game, error) {
		st, ok := stacks[s.House]
		if !ok {
			return nil, fmt.Errorf("no deal stacked for house rules %+v", s.House)
		}
		return engine.NewStacked(s, seed, st)
	}
	// Thirty players on one address log in at once: the door's caps per
	// address are for strangers, not for this test.
	_, addr, _ := startAppWith(t, cfg, ssh.Config{MaxSessionsPerIP: 64, ConnBurst: -1, Startups: ssh.Startups{PerIP: -1}})
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := &houseTable{i: i}
			var nicks []string
			for _, n := range []string{"ana", "bo", "cy"} {
				nicks = append(nicks, h.n(n))
			}
			h.e = edOpenAt(t, addr, edSpec{edition: "Classic 2001", seats: "3", blanks: c.blanks, house: c.form}, nicks...)
			h.c("ana").WaitFor(t, "your turn", wait)
			c.play(t, h)
		})
	}
}

// houseTable is one case's table: its players go by their role (ana, bo,
// cy) in the steps, and by nicknames of their own on the shared server
// (ana3, bo3, cy3).
type houseTable struct {
	e *edTable
	i int
}

// n is the nickname of role at this table.
func (h *houseTable) n(role string) string { return fmt.Sprintf("%s%d", role, h.i) }

func (h *houseTable) c(role string) *sshtest.Client           { return h.e.c[h.n(role)] }
func (h *houseTable) play(role, label string)                 { h.e.play(h.n(role), label) }
func (h *houseTable) handOf(role string) []string             { return h.e.handOf(h.n(role)) }
func (h *houseTable) waitAll(says func(viewer string) string) { h.e.waitAll(says) }

// who is how viewer (a nickname) reads role's name in a log line.
func (h *houseTable) who(viewer, role string) string { return you(viewer, h.n(role)) }

// waitCards waits until every screen shows each role's count.
func (h *houseTable) waitCards(counts map[string]int) {
	by := map[string]int{}
	for role, n := range counts {
		by[h.n(role)] = n
	}
	h.e.waitCards(by)
}
