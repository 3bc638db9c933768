package lobby

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// jumpDeal is a first deal where the bot in seat 2 holds the twin of the
// first card (the red 5) while ana, in seat 0, is first to play; nobody
// else holds a red 5 (there are two), and ana holds a red 1 to play on it.
func jumpDeal(t *testing.T) Config { return jumpDealOn(t, testConfig()) }

// jumpDealOn is jumpDeal on the hub config cfg.
func jumpDealOn(t *testing.T, cfg Config) Config {
	return stacked(t, cfg, 3, [][]string{
		{"R1", "G2", "G3", "G4", "G6", "G7", "G8"}, // ana
		{"B1", "B2", "B3", "B4", "B6", "B7", "B8"},
		{"R5", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"}, // the twin of the first card
		{"G1", "B9", "Y9", "G9", "R9", "R8", "R7"},
	}, "R5", "B5", "Y5", "G5")
}

// jumpTable seats ana and three hard bots on the deal, jump-in on or off,
// and waits for the game to wait on ana.
func jumpTable(t *testing.T, on bool) (*Hub, *Client, Screen) {
	t.Helper()
	h := NewHub(jumpDeal(t))
	t.Cleanup(func() { h.Shutdown(t.Context()) })
	ana := connect(t, h, "ana")
	s := defaultSettings(4)
	s.House.JumpIn = on
	hard := bot.Hard
	require.NoError(t, ana.Create(TableOptions{Settings: s, Bots: 3, BotLevel: &hard}))
	ana.Do(Intent{Kind: Start})
	scr := waitScreen(t, ana, func(s Screen) bool {
		return s.Table.Game != nil && s.Table.Game.Current == 0 && s.Table.Game.Phase == engine.PhaseTurn
	})
	require.Equal(t, engine.Card{Color: engine.Red, Kind: engine.Number, Value: 5}, scr.Table.Game.Top)
	return h, ana, scr
}

// A bot holding the twin of the card on top jumps in while ana is to play,
// after a person's pause (far inside her turn timer), and play goes on
// from it: ana loses her turn, the next player after the bot moves next.
func TestBotJumpsIn(t *testing.T) {
	h, ana, s := jumpTable(t, true)
	clk := clockOf(h)
	moves, from := s.Table.Moves, clk.Now()
	jumper := s.Table.Seats[2].Nick

	s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
	took := clk.Now().Sub(from)
	g := s.Table.Game
	require.True(t, logSays(s, jumper+" played R5"), "the bot in seat 2 jumped in: %+v", s.Table.Log)
	require.Equal(t, 6, g.Seats[2].Cards)
	require.Equal(t, 7, len(g.Hand), "ana did not move")
	require.Equal(t, 3, g.Current, "play goes on from the bot that jumped in")
	require.GreaterOrEqual(t, took, h.cfg.BotDelay/4, "the bot jumped in at once, not as a person would")
	require.Less(t, took, h.cfg.BotDelay, "a hard bot is quicker to jump in than to take its turn")

	// The turn goes on: the bot after the one that jumped in moves next.
	s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves+1 })
	require.NotEqual(t, 7, s.Table.Game.Seats[3].Cards, "seat 3 played or drew")
	require.Equal(t, 7, len(s.Table.Game.Hand), "ana's turn was skipped")
}

// Without the jump-in rule no bot plays out of turn: the table waits on
// ana until her turn timer runs out.
func TestNoJumpInWithoutTheRule(t *testing.T) {
	h, ana, s := jumpTable(t, false)
	clk := clockOf(h)
	moves, from := s.Table.Moves, clk.Now()
	s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
	require.True(t, logSays(s, "ana ran out of time"), "the first move is ana's, timed out: %+v", s.Table.Log)
	require.GreaterOrEqual(t, clk.Now().Sub(from), 10*time.Second, "nothing moved before ana's turn timer ran out")
	require.Equal(t, 7, s.Table.Game.Seats[2].Cards, "the bot kept its red 5")
}

// A jump-in overtaken by another move is dropped without a word: ana plays
// her red 1 while the bot is about to jump in on the red 5 (the same bot on
// the same deal as in TestBotJumpsIn, planned when the card was turned
// up); the bot's jump-in never comes, nobody is told of it, and play goes
// on from ana.
func TestStaleJumpInIsDropped(t *testing.T) {
	_, ana, s := jumpTable(t, true)
	var r1 engine.Action
	for _, a := range s.Table.Game.Legal {
		if a.Kind == engine.Play && a.Card.Color == engine.Red && a.Card.Value == 1 {
			r1 = a
		}
	}
	seq, moves := s.Notice.Seq, s.Table.Moves
	ana.Do(Intent{Kind: Move, Action: r1})
	s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves+1 })
	require.True(t, logSays(s, "you played R1"), "%+v", s.Table.Log)
	require.Equal(t, 7, s.Table.Game.Seats[2].Cards, "the bot's jump-in was dropped")
	require.NotEqual(t, 7, s.Table.Game.Seats[1].Cards, "the player after ana moved next")
	require.Equal(t, seq, ana.Screen().Notice.Seq, "nobody was told of the dropped jump-in")
	for _, l := range s.Table.Log {
		require.NotContains(t, l.Text, "mistake", "no error shown")
	}
}

// The plan stands while the card on top does: ana draws (a blue 5 she
// could play) while the bot is about to jump in, and the bot jumps in at
// the moment it meant to (the moment it jumps in on the same deal when she
// does nothing: TestBotJumpsIn), while she decides about her card.
func TestJumpInWhileThePlayerDecides(t *testing.T) {
	jumpsAfter := func(draw bool) (time.Duration, Screen) {
		h, ana, s := jumpTable(t, true)
		clk := clockOf(h)
		moves, from := s.Table.Moves, clk.Now()
		if draw {
			ana.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Draw, Seat: 0}})
			s = waitScreen(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
			require.Equal(t, engine.PhaseDrawn, s.Table.Game.Phase, "ana may play the card she drew")
			moves++
		}
		s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
		require.True(t, logSays(s, s.Table.Seats[2].Nick+" played R5"), "%+v", s.Table.Log)
		return clk.Now().Sub(from), s
	}
	unmoved, _ := jumpsAfter(false)
	took, s := jumpsAfter(true)
	require.Equal(t, unmoved, took, "the bot jumped in when it first meant to")
	require.Equal(t, 8, len(s.Table.Game.Hand), "ana keeps the card she drew")
	require.Equal(t, 3, s.Table.Game.Current)
}

// The bots' jump-ins at Party tables keep the game legal and moving:
// single hands of one person and three bots (normal and fast), the person
// playing as a normal bot would on her turns, play to their end, with bots jumping in on the way
// (seen as a move after which a seat that was not to move holds one card
// fewer) and never an error shown.
func TestBotsJumpInAtPartyTables(t *testing.T) {
	jumps := 0
	for seed := range 4 {
		cfg := testConfig()
		cfg.Seed = func() uint64 { return uint64(seed)*1000 + 7 }
		h := NewHub(cfg)
		ana := connect(t, h, "ana")
		s := defaultSettings(4)
		s.Mode = engine.SingleHand
		s.House = engine.PresetParty.Rules()
		require.NoError(t, ana.Create(TableOptions{Settings: s, Bots: 3, FastBots: true}))
		ana.Do(Intent{Kind: Start})
		prev := waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil })
		r := rand.New(rand.NewPCG(uint64(seed), 5))
		for range 5000 {
			if prev.Table.Status == Finished {
				break
			}
			if g := prev.Table.Game; g != nil && g.Current == 0 && len(g.Legal) > 0 {
				a, ok := chooseMove(*g, r)
				require.True(t, ok)
				ana.Do(Intent{Kind: Move, Action: a})
			}
			next := runUntil(t, ana, func(s Screen) bool {
				return s.Table == nil || s.Table.Moves > prev.Table.Moves || s.Table.Status == Finished
			})
			require.NotNil(t, next.Table, "ana is still at the table: %+v", next)
			if p, g := prev.Table.Game, next.Table.Game; next.Table.Moves == prev.Table.Moves+1 && g != nil &&
				(p.Phase == engine.PhaseTurn || p.Phase == engine.PhaseDrawn) {
				for i, sv := range g.Seats {
					if i != p.Current && sv.Cards == p.Seats[i].Cards-1 {
						jumps++
					}
				}
			}
			prev = next
		}
		require.Equal(t, Finished, prev.Table.Status, "the hand ended")
		for _, l := range prev.Table.Log {
			require.NotContains(t, l.Text, "mistake")
		}
		h.Shutdown(t.Context())
	}
	t.Logf("%d jump-ins in 4 hands", jumps)
	require.Positive(t, jumps, "the bots jumped in")
}
