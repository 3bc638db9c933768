package lobby

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// levels are the levels of the table's bot seats, in seat order.
func levels(v *TableView) []bot.Level {
	var out []bot.Level
	for _, s := range v.Seats {
		if s.Bot {
			out = append(out, s.Level)
		}
	}
	return out
}

// noticed waits for a new notice on c's screen after seq, and returns it.
func noticed(t *testing.T, c *Client, seq int) Notice {
	t.Helper()
	return waitScreen(t, c, func(s Screen) bool { return s.Notice.Seq > seq }).Notice
}

// TestHostChoosesBotLevels: the host seats bots at a level, changes one
// bot's level and the level of the bots added from then on, and the pace;
// nobody else may, a person's seat has no level, and once the game has
// begun a bot keeps its level.
func TestHostChoosesBotLevels(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	hard := bot.Hard
	require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(5), Bots: 2, BotLevel: &hard}))
	v := ana.Screen().Table
	require.Equal(t, []bot.Level{bot.Hard, bot.Hard}, levels(v))
	require.Equal(t, bot.Hard, v.BotLevel)

	ana.Do(Intent{Kind: BotLevel, Seat: 1, Level: bot.Beginner})
	v = waitScreen(t, ana, func(s Screen) bool { return levels(s.Table)[0] == bot.Beginner }).Table
	require.Equal(t, []bot.Level{bot.Beginner, bot.Hard}, levels(v))
	require.True(t, logSays(ana.Screen(), "plays at beginner level"))

	ana.Do(Intent{Kind: BotLevel, Seat: -1, Level: bot.Easy})
	ana.Do(Intent{Kind: AddBot})
	v = waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 4 }).Table
	require.Equal(t, []bot.Level{bot.Beginner, bot.Hard, bot.Easy}, levels(v), "a bot added plays at the level chosen")
	require.Equal(t, bot.Easy, v.BotLevel)

	ana.Do(Intent{Kind: BotPace, Fast: true})
	require.True(t, waitScreen(t, ana, func(s Screen) bool { return s.Table.FastBots }).Table.FastBots)

	for _, c := range []struct {
		in   Intent
		want string
	}{
		{Intent{Kind: BotLevel, Seat: 0, Level: bot.Hard}, "not a bot"},
		{Intent{Kind: BotLevel, Seat: 9, Level: bot.Hard}, "not a bot"},
		{Intent{Kind: BotLevel, Seat: 1, Level: bot.Level(7)}, "unknown bot level"},
	} {
		seq := ana.Screen().Notice.Seq
		ana.Do(c.in)
		n := noticed(t, ana, seq)
		require.True(t, n.Error)
		require.Contains(t, n.Text, c.want)
	}

	require.NoError(t, bo.Join(v.Code))
	seq := bo.Screen().Notice.Seq
	bo.Do(Intent{Kind: BotLevel, Seat: 1, Level: bot.Hard})
	require.Contains(t, noticed(t, bo, seq).Text, "only the host")
	require.Equal(t, []bot.Level{bot.Beginner, bot.Hard, bot.Easy}, levels(ana.Screen().Table))

	ana.Do(Intent{Kind: Start})
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil })
	seq = ana.Screen().Notice.Seq
	ana.Do(Intent{Kind: BotLevel, Seat: 1, Level: bot.Hard})
	require.Contains(t, noticed(t, ana, seq).Text, "before the game starts")
}

// TestQuickPlayFillsWithNormalBots: the bots that fill a quick-play table
// play at the normal level.
func TestQuickPlayFillsWithNormalBots(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	a.QuickPlay()
	s := runUntil(t, a, func(s Screen) bool { return s.Table != nil && s.Table.Status == Playing })
	require.Equal(t, []bot.Level{bot.Normal, bot.Normal, bot.Normal}, levels(s.Table))
}

// TestBotsCatchAtTheirLevel: ana plays down to one card without calling
// UNO, in front of three bots of one level, table after table. Beginners
// never catch her; the better the level, the more often she is caught (each
// of the three notices at its level's rate: easy 30%, normal 60%, hard 90%);
// every catch comes after a person's pause, and before the next bot moves.
func TestBotsCatchAtTheirLevel(t *testing.T) {
	const tables = 16
	caught := map[bot.Level]int{}
	for _, l := range bot.Levels {
		cfg := stacked(t, testConfig(), 3, [][]string{
			{"R?", "R1", "R2", "R3", "R4", "R5", "G1"}, // ana: the red Blank discards her reds
			{"B1", "B2", "B3", "B4", "B5", "B6", "B7"},
			{"Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"},
			{"G2", "G3", "G4", "G5", "G6", "G7", "G8"},
		}, "R9")
		h := NewHub(cfg)
		clk := clockOf(h)
		// A guest: leaving hands her seat to a bot for good, so each table
		// closes behind her and no old table's timers move the clock.
		ana := h.Connect("sess-ana", "guest:ana", true)
		require.NoError(t, ana.SetNick("ana"))
		settings := defaultSettings(4)
		settings.Blanks = engine.BlankDiscardColor
		for range tables {
			require.NoError(t, ana.Create(TableOptions{Settings: settings, Bots: 3, BotLevel: &l}))
			ana.Do(Intent{Kind: Start})
			s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil && s.Table.Game.Current == 0 })
			var blank engine.Action
			for _, a := range s.Table.Game.Legal {
				if a.Kind == engine.Play && a.Card.Kind == engine.Blank && !a.UNO {
					blank = a
				}
			}
			require.Equal(t, engine.Blank, blank.Card.Kind, "ana may play her Blank without calling UNO")
			ana.Do(Intent{Kind: Move, Action: blank})
			s = waitScreen(t, ana, func(s Screen) bool { return len(s.Table.Game.Hand) == 1 })
			moves, from := s.Table.Moves, clk.Now()
			require.True(t, s.Table.Game.Seats[0].Exposed, "ana is open to a catch")
			// The next thing the table does: a catch, or the next bot's move.
			s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
			took := clk.Now().Sub(from)
			if logSays(s, "caught you without UNO") {
				caught[l]++
				require.GreaterOrEqual(t, took, h.cfg.BotDelay/2, "%s caught at once", l)
				require.LessOrEqual(t, took, 3*h.cfg.BotDelay, "%s took %s to catch", l, took)
				require.Greater(t, len(s.Table.Game.Hand), 1, "ana drew the penalty")
			} else {
				require.Equal(t, 1, len(s.Table.Game.Hand), "the next bot moved: ana still holds one card")
			}
			ana.Do(Intent{Kind: Leave})
			waitScreen(t, ana, func(s Screen) bool { return s.Table == nil })
		}
		h.Shutdown(t.Context())
	}
	t.Logf("caught out of %d: %v", tables, caught)
	require.Zero(t, caught[bot.Beginner], "a beginner never catches")
	require.Less(t, caught[bot.Easy], caught[bot.Hard])
	require.Less(t, caught[bot.Normal], caught[bot.Hard]+1)
	require.GreaterOrEqual(t, caught[bot.Hard], tables/2)
}

// TestPaceOfOnePersonAndNineBots plays single hands at ten seats, ana and
// nine bots, on the fake clock with the pauses players meet: ana moves the
// moment her turn comes, so all the time that passes is the bots'. Every
// pause of a bot is bounded (nine bots in a row share six pauses), and so
// is ana's wait between two of her turns; a hand takes under a minute
// (fast bots: under 20 s) of the clock, against the 17 minutes players saw.
// The figures are logged; docs/lobby.md quotes them.
func TestPaceOfOnePersonAndNineBots(t *testing.T) {
	for _, fast := range []bool{false, true} {
		t.Run(map[bool]string{false: "paced", true: "fast"}[fast], func(t *testing.T) {
			var hands, longestHand, longestWait, longestPause, total time.Duration
			for seed := range 8 {
				cfg := testConfig()
				cfg.Seed = func() uint64 { return uint64(seed)*1000 + 17 }
				h := NewHub(cfg)
				clk := clockOf(h)
				base := h.cfg.BotDelay
				if fast {
					base /= fastDivisor
				}
				ana := connect(t, h, "ana")
				settings := engine.Settings{Edition: engine.Classic2001, Mode: engine.SingleHand, Players: 10}
				require.NoError(t, ana.Create(TableOptions{Settings: settings, Bots: 9, FastBots: fast}))
				ana.Do(Intent{Kind: Start})
				r := rand.New(rand.NewPCG(uint64(seed), 3))
				start, waitFrom := clk.Now(), clk.Now()
				for range 100000 {
					s := ana.Screen()
					if s.Table.Status == Finished {
						break
					}
					if g := s.Table.Game; g != nil && len(g.Legal) > 0 && g.Current == 0 {
						longestWait = max(longestWait, clk.Now().Sub(waitFrom))
						a, ok := chooseMove(*g, r)
						require.True(t, ok)
						ana.Do(Intent{Kind: Move, Action: a})
						waitFrom = clk.Now()
						continue
					}
					if !clk.waitArmed(t, ana) {
						continue
					}
					if g := ana.Screen().Table.Game; g != nil && len(g.Legal) > 0 && g.Current == 0 {
						continue
					}
					before := clk.Now()
					clk.advanceToNext()
					longestPause = max(longestPause, clk.Now().Sub(before))
				}
				require.Equal(t, Finished, ana.Screen().Table.Status, "the hand ended")
				took := clk.Now().Sub(start)
				hands++
				total += took
				longestHand = max(longestHand, took)
				h.Shutdown(t.Context())
			}
			t.Logf("bot pause base %s: hands of 1 person and 9 bots took %s on average, %s at most; the longest pause %s, the longest wait between ana's turns %s",
				map[bool]time.Duration{false: testConfig().withDefaults().BotDelay, true: testConfig().withDefaults().BotDelay / fastDivisor}[fast],
				(total / hands).Round(time.Second), longestHand.Round(time.Second), longestPause, longestWait)
			b := testConfig().withDefaults().BotDelay
			if fast {
				b /= fastDivisor
			}
			// Nine bots in a row share botRound pauses: each pauses at most
			// one and a half of that share.
			most := 2 * botRound * b / (3 * 9) * 3 / 2
			require.LessOrEqual(t, longestPause, most, "a bot paused longer than its pace allows")
			// Ana waits at most two rounds of bots (when she is skipped), in
			// which each bot draws and then decides about the card drawn.
			require.LessOrEqual(t, longestWait, 2*9*(most+most/2), "ana waited too long for the bots")
			// A person's turn timer is 10 s at the least: no bot comes near it.
			require.Less(t, most, 10*time.Second)
			require.Less(t, total/hands, time.Duration(map[bool]int{false: 60, true: 20}[fast])*time.Second,
				"a hand of one person and nine bots drags")
		})
	}
}

// TestTheTableKeepsItsOwnBotLevel: the level given at creation is copied:
// the creator's variable (a form the session goes on editing, on its own
// goroutine) can change afterwards without changing the table's.
func TestTheTableKeepsItsOwnBotLevel(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana")
	level := bot.Easy
	require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(4), BotLevel: &level}))
	level = bot.Hard // the form is edited again (was a data race)
	ana.Do(Intent{Kind: AddBot})
	v := waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 2 }).Table
	require.Equal(t, []bot.Level{bot.Easy}, levels(v))
	require.Equal(t, bot.Easy, v.BotLevel)
}
