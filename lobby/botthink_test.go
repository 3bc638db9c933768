package lobby

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// heldThoughts is a hub whose hard bots' searches are held by the test
// until it runs them, with one thinking slot for the whole server.
func heldThoughts(t *testing.T) (*Hub, chan func()) {
	t.Helper()
	cfg, held := holding(testConfig())
	return holdingHub(t, cfg, held), held
}

// holding is cfg with one thinking slot, and its searches held on the
// channel returned until the test runs them.
func holding(cfg Config) (Config, chan func()) {
	held := make(chan func(), 16)
	cfg.BotThinkers = 1
	cfg.StartThought = func(run func()) { held <- run }
	return cfg, held
}

// holdingHub starts a hub on cfg; at the end the searches still held run,
// giving their slots back, and the hub shuts down.
func holdingHub(t *testing.T, cfg Config, held chan func()) *Hub {
	t.Helper()
	h := NewHub(cfg)
	t.Cleanup(func() {
		for {
			select {
			case run := <-held:
				run()
			default:
				_ = h.Shutdown(t.Context())
				return
			}
		}
	})
	return h
}

// hardTable seats c at a new table with three hard bots and starts it.
func hardTable(t *testing.T, c *Client, fast bool) {
	t.Helper()
	hard := bot.Hard
	require.NoError(t, c.Create(TableOptions{Settings: defaultSettings(4), Bots: 3, BotLevel: &hard, FastBots: fast}))
	c.Do(Intent{Kind: Start})
	waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
}

// botToMove reports whether a bot is to move at c's table.
func botToMove(s Screen) bool {
	if s.Table == nil || s.Table.Game == nil {
		return false
	}
	g := s.Table.Game
	return g.Phase == engine.PhaseTurn && g.Current != s.Table.You && s.Table.Seats[g.Current].Bot
}

// While a hard bot thinks, the table goes on answering its person: her chat
// lines are on her screen while the search has not even begun, her screen
// showing the bot still to move long after its pause is over. Once the
// search has run, the bot plays the move it found. (Before, the search ran
// on the table's goroutine, and the person waited for it.)
func TestPersonIsAnsweredWhileABotThinks(t *testing.T) {
	h, held := heldThoughts(t)
	ana := connect(t, h, "ana")
	hardTable(t, ana, false)

	runUntil(t, ana, func(Screen) bool { return len(held) > 0 })
	run := <-held
	ana.Do(Intent{Kind: Chat, Text: "your move"})
	s := waitScreen(t, ana, func(s Screen) bool { return logSays(s, "your move") })
	require.True(t, botToMove(s), "a bot is thinking")
	thinker, moves := s.Table.Game.Current, s.Table.Moves
	require.Equal(t, 1, h.Stats().BotThinking)

	clockOf(h).Advance(10 * h.cfg.BotDelay) // its pause is over: it still thinks
	ana.Do(Intent{Kind: Chat, Text: "take your time"})
	s = waitScreen(t, ana, func(s Screen) bool { return logSays(s, "take your time") })
	require.Equal(t, moves, s.Table.Moves, "the bot has not moved: its search has not run")
	require.Equal(t, thinker, s.Table.Game.Current)

	go run()
	s = waitScreen(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
	require.False(t, logSays(s, "a bot made a mistake"))
	require.Equal(t, uint64(1), h.Stats().BotSearches)
	require.Zero(t, h.Stats().BotThinking, "the slot is given back")
}

// A server full of tables of hard bots, its only thinking slot taken: the
// other tables' hard bots do not wait for it, and do not think: they play
// on, move after move, as normal bots, counted as degraded; no search
// beyond the budget ever starts, and the person whose bot is thinking is
// answered all the while.
func TestHardBotTablesPlayOnWithEveryThinkerBusy(t *testing.T) {
	h, held := heldThoughts(t)
	ana := connect(t, h, "ana")
	hardTable(t, ana, true)
	runUntil(t, ana, func(Screen) bool { return len(held) > 0 })
	run := <-held
	anaMoves := ana.Screen().Table.Moves

	var others []*Client
	for _, nick := range []string{"bo", "cy", "di"} {
		c := connect(t, h, nick)
		hardTable(t, c, true)
		others = append(others, c)
	}
	// The tables play on (the people's turns time out): dozens of hard
	// bots' moves with every slot taken.
	start := h.Stats().Moves
	runUntil(t, others[0], func(Screen) bool { return h.Stats().BotDegraded >= 30 })
	for _, c := range others {
		require.False(t, logSays(c.Screen(), "a bot made a mistake"), "every move legal")
	}
	st := h.Stats()
	require.GreaterOrEqual(t, st.Moves-start, uint64(30))
	require.Equal(t, uint64(1), st.BotSearches, "no search but the held one")
	require.Zero(t, len(held), "no search started beyond the budget")
	require.Equal(t, 1, st.BotThinking)

	ana.Do(Intent{Kind: Chat, Text: "still here"})
	s := waitScreen(t, ana, func(s Screen) bool { return logSays(s, "still here") })
	require.Equal(t, anaMoves, s.Table.Moves, "ana's bot still thinks, and she is answered")

	go run()
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Moves > anaMoves })
	require.Zero(t, h.Stats().BotThinking)
}

// With no thinking slot at all (-bot-cpu 0), a hard bot moves when its
// pause is over, as a normal bot would: no search is ever started.
func TestHardBotWithoutBudgetNeverSearches(t *testing.T) {
	cfg := testConfig()
	cfg.BotThinkers = -1
	var started atomic.Int64
	cfg.StartThought = func(run func()) { started.Add(1); run() }
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana")
	hardTable(t, ana, true)
	runUntil(t, ana, func(Screen) bool { return h.Stats().BotDegraded >= 15 })
	require.False(t, logSays(ana.Screen(), "a bot made a mistake"))
	require.Zero(t, started.Load())
	require.Zero(t, h.Stats().BotSearches)
	require.NotZero(t, h.Stats().BotDegraded)
}

// At a table with the jump-in rule, a hard bot holding the twin of the card
// on top judges the jump-in by a search, off the table's goroutine: while
// it is held, the person to move plays, and her move is on her screen at
// once; the verdict that comes back late, about a card no longer on top,
// is dropped.
func TestPersonPlaysWhileABotJudgesAJumpIn(t *testing.T) {
	h, ana, held, s := hardJumpInTable(t)
	run := <-held // the bot in seat 2 judges its jump-in with the red 5
	require.Equal(t, 1, h.Stats().BotThinking)

	var r1 engine.Action
	for _, a := range s.Table.Game.Legal {
		if a.Kind == engine.Play && a.Card.Color == engine.Red && a.Card.Value == 1 {
			r1 = a
		}
	}
	moves := s.Table.Moves
	ana.Do(Intent{Kind: Move, Action: r1})
	s = waitScreen(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
	require.True(t, logSays(s, "you played R1"))
	require.Equal(t, 1, h.Stats().BotThinking, "the bot's search is still held")

	run()
	require.Zero(t, h.Stats().BotThinking)
	stop := make(chan struct{})
	defer close(stop)
	go func() { // from now on, each search runs as it starts
		for {
			select {
			case run := <-held:
				run()
			case <-stop:
				return
			}
		}
	}()
	s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves+1 })
	require.Equal(t, 7, s.Table.Game.Seats[2].Cards, "no jump-in on a card gone")
	require.NotEqual(t, 7, s.Table.Game.Seats[1].Cards, "the player after ana moved next")
	require.False(t, logSays(s, "a bot made a mistake"))
}

// A hard bot's verdict on a jump-in that comes back while the card is still
// on top plans its jump-in then, from when the card landed: it jumps in
// before the person's turn is over.
func TestBotJumpsInOnceItsSearchComesBack(t *testing.T) {
	h, ana, held, s := hardJumpInTable(t)
	moves := s.Table.Moves
	(<-held)()
	clk := clockOf(h)
	// The jump-in is planned once the verdict is in: a deadline within a
	// bot's pause, well before ana's turn ends.
	soon := clk.Now().Add(2 * h.cfg.BotDelay)
	waitTimer(t, clk, func(at time.Time) bool { return at.Before(soon) })
	s = runUntil(t, ana, func(s Screen) bool { return s.Table.Moves > moves })
	require.True(t, logSays(s, s.Table.Seats[2].Nick+" played R5"), "%+v", s.Table.Log)
	require.Equal(t, 7, len(s.Table.Game.Hand), "ana did not move")
}

// waitTimer waits until the fake clock has a timer set whose deadline ok
// accepts (ok is called under the clock's lock: it must not read it). Ten seconds of real time bound a stuck test; they are never a
// pause.
func waitTimer(t *testing.T, clk *fakeClock, ok func(at time.Time) bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		clk.mu.Lock()
		found := false
		for _, tm := range clk.timers {
			found = found || ok(tm.at)
		}
		clk.mu.Unlock()
		if found {
			return
		}
		select {
		case <-clk.armed:
		case <-deadline:
			t.Fatal("no such timer was set")
		}
	}
}

// hardJumpInTable is ana at a table of four with the jump-in rule, three
// hard bots and the jump-in deal, the hub holding each search until the
// test runs it; it returns when her first turn is on her screen.
func hardJumpInTable(t *testing.T) (*Hub, *Client, <-chan func(), Screen) {
	t.Helper()
	cfg, held := holding(testConfig())
	h := holdingHub(t, jumpDealOn(t, cfg), held)
	ana := connect(t, h, "ana")
	rules := defaultSettings(4)
	rules.House.JumpIn = true
	hard := bot.Hard
	require.NoError(t, ana.Create(TableOptions{Settings: rules, Bots: 3, BotLevel: &hard}))
	ana.Do(Intent{Kind: Start})
	s := waitScreen(t, ana, func(s Screen) bool {
		return s.Table.Game != nil && s.Table.Game.Current == 0 && s.Table.Game.Phase == engine.PhaseTurn
	})
	return h, ana, held, s
}
