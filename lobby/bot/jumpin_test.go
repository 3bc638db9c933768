package bot

import (
	"fmt"
	"testing"

	"github.com/unossh/unossh/engine"
)

// spot is a position a bot may jump in on: seat 1's view while seat 0 is
// to play, seat 1 holding hand, the card top on the pile, each other seat s
// holding counts[s] cards (taken from the deck in its order).
type spot struct {
	house  engine.HouseRules
	hand   []string
	top    string
	counts []int // each seat's cards; seat 1's is len(hand)
	drawn  bool  // seat 0 has just drawn (PhaseDrawn)
	own    bool  // the viewer is seat 0, the player to move, not seat 1
}

func card(t testing.TB, code string) engine.Card {
	t.Helper()
	c, err := engine.ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// view builds the game of the spot and returns the viewer's view.
func (sp spot) view(t testing.TB) engine.View {
	t.Helper()
	n := len(sp.counts)
	s := engine.Settings{Edition: engine.Classic2001, Mode: engine.SingleHand, Players: n, House: sp.house}
	deck := s.Deck()
	take := func(c engine.Card) {
		for i, d := range deck {
			if d == c {
				deck = append(deck[:i], deck[i+1:]...)
				return
			}
		}
		t.Fatalf("no %s left in the deck", c)
	}
	top := card(t, sp.top)
	take(top)
	viewer := 1
	if sp.own {
		viewer = 0
	}
	hands := make([][]engine.Card, n)
	for _, code := range sp.hand {
		c := card(t, code)
		take(c)
		hands[viewer] = append(hands[viewer], c)
	}
	for i := range hands {
		if i == viewer {
			continue
		}
		hands[i] = append([]engine.Card(nil), deck[:sp.counts[i]]...)
		deck = deck[sp.counts[i]:]
	}
	color := top.Color
	if top.Kind.IsWild() {
		color = engine.Blue
	}
	st := engine.State{
		Settings: s, Seed: 1, Phase: engine.PhaseTurn, HandNo: 1, Current: 0, Dir: 1, Color: color,
		Exposed: -1, FourBy: -1, ShownTo: -1, Player: -1, Hands: hands,
		Active: make([]bool, n), Called: make([]bool, n), Scores: make([]int, n),
		Discard: []engine.Card{top}, Draw: deck,
	}
	for i := range st.Active {
		st.Active[i] = true
	}
	if sp.drawn {
		st.Phase, st.Drawn = engine.PhaseDrawn, hands[0][0]
	}
	g, err := engine.FromState(st)
	if err != nil {
		t.Fatal(err)
	}
	return g.View(viewer)
}

var jumpRule = engine.HouseRules{JumpIn: true}

// jumps counts, over bots of level l with seeds 0..n-1, how many jump in on
// the spot, and checks that each jump-in is legal and judged once.
func jumps(t *testing.T, l Level, sp spot, n int) int {
	t.Helper()
	v := sp.view(t)
	count := 0
	for seed := range n {
		b := New(l, uint64(seed))
		a, ok := b.JumpIn(v)
		again, ok2 := b.JumpIn(v)
		if ok != ok2 || a != again {
			t.Fatalf("%s bot %d: asked twice about one card, it answered %v %v then %v %v", l, seed, a, ok, again, ok2)
		}
		if !ok {
			continue
		}
		if !legal(v, a) || a.Kind != engine.Play || a.Seat != v.Seat || a.Card != v.Top {
			t.Fatalf("%s bot %d jumps in with %v, not a jump-in of its seat (legal: %v)", l, seed, a, v.Legal)
		}
		count++
	}
	return count
}

// TestWhoJumpsIn: which bot jumps in with which hand and top card, per
// level, over 40 bots of each level (seeded). Beginners seldom spot a
// jump-in, easy bots about half the time, normal bots mostly; the hard bot
// jumps in when its search says it helps (a card shed for nothing, the game
// won), and keeps out when it plainly does not (a 7 under 7-0 that would
// swap its last card for a full hand).
func TestWhoJumpsIn(t *testing.T) {
	const n = 40
	plain := spot{house: jumpRule, hand: []string{"R5", "G2", "B7", "Y9"}, top: "R5", counts: []int{7, 4, 7}}
	type want struct{ lo, hi int } // jump-ins out of n
	// The hard bot's search is a sampled judgement: now and then the
	// imagined games lean against a good jump-in.
	never, always, mostly := want{0, 0}, want{n, n}, want{n - 4, n}
	cases := []struct {
		name string
		sp   spot
		want [4]want // beginner, easy, normal, hard
	}{
		{"rule off", spot{hand: plain.hand, top: "R5", counts: plain.counts}, [4]want{never, never, never, never}},
		{"no twin: same number, other colour", spot{house: jumpRule, hand: []string{"G5", "R4"}, top: "R5", counts: []int{7, 2, 7}},
			[4]want{never, never, never, never}},
		{"no twin: same colour, other number", spot{house: jumpRule, hand: []string{"R4", "R6"}, top: "R5", counts: []int{7, 2, 7}},
			[4]want{never, never, never, never}},
		{"wild on top: never", spot{house: jumpRule, hand: []string{"W", "R4"}, top: "W", counts: []int{7, 2, 7}},
			[4]want{never, never, never, never}},
		{"its own turn: a play, not a jump-in", spot{house: jumpRule, hand: []string{"R5", "G2"}, top: "R5", counts: []int{2, 7, 7}, own: true},
			[4]want{never, never, never, never}},
		{"twin of a number", plain, [4]want{{1, 14}, {10, 28}, {26, 38}, mostly}},
		{"twin of a number, the player to move has drawn", spot{house: jumpRule, hand: plain.hand, top: "R5", counts: plain.counts, drawn: true},
			[4]want{{1, 14}, {10, 28}, {26, 38}, mostly}},
		{"twin of a Skip, two players", spot{house: jumpRule, hand: []string{"GS", "R1", "B3"}, top: "GS", counts: []int{5, 3}},
			[4]want{{1, 14}, {10, 28}, {26, 38}, mostly}},
		{"the last card: jumping in wins", spot{house: jumpRule, hand: []string{"Y8"}, top: "Y8", counts: []int{3, 1, 3}},
			[4]want{{1, 14}, {10, 28}, {26, 38}, always}},
		{"7-0: a 7 that would swap its last card for a full hand", spot{house: engine.HouseRules{JumpIn: true, SevenO: true},
			hand: []string{"B7", "G3"}, top: "B7", counts: []int{7, 2, 7}},
			[4]want{{1, 14}, {10, 28}, {26, 38}, never}},
	}
	for _, c := range cases {
		for _, l := range Levels {
			t.Run(fmt.Sprintf("%s/%s", c.name, l), func(t *testing.T) {
				got := jumps(t, l, c.sp, n)
				if w := c.want[l]; got < w.lo || got > w.hi {
					t.Fatalf("%d of %d %s bots jumped in, want %d to %d", got, n, l, w.lo, w.hi)
				}
			})
		}
	}
}

// TestJumpInCallsUNO: a jump-in that leaves one card is made with the UNO
// call by the levels that never forget it.
func TestJumpInCallsUNO(t *testing.T) {
	sp := spot{house: jumpRule, hand: []string{"R5", "G2"}, top: "R5", counts: []int{7, 2, 7}}
	for _, l := range []Level{Normal, Hard} {
		for seed := range 10 {
			if a, ok := New(l, uint64(seed)).JumpIn(sp.view(t)); ok && !a.UNO {
				t.Fatalf("the %s bot jumped in to one card without calling UNO", l)
			}
		}
	}
}
