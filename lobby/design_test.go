package lobby

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/engine"
)

// These tests hold the lobby to its design (doc.go): commands in order,
// the new state published before the answer, and time that moves only when
// the test moves it.

// clockConfig is the lobby with the defaults players meet, on a fake clock.
func clockConfig(clk *fakeClock) Config {
	var n atomic.Uint64
	// A hard bot's search runs at once, on the table's goroutine: a test
	// moving the clock from one deadline to the next then never overtakes
	// one (botthink_test.go runs them apart).
	return Config{Clock: clk, Seed: func() uint64 { return n.Add(1) }, StartThought: func(run func()) { run() }}
}

// stacked fixes the first deal: each seat's seven cards, the dealer, the
// first card turned up and the top of the draw pile.
func stacked(t *testing.T, cfg Config, dealer int, hands [][]string, first string, draw ...string) Config {
	t.Helper()
	parse := func(code string) engine.Card {
		c, err := engine.ParseCard(code)
		require.NoError(t, err)
		return c
	}
	n := len(hands)
	var cards []engine.Card
	for i := 0; i < engine.HandSize*n; i++ {
		cards = append(cards, parse(hands[(dealer+1+i)%n][i/n]))
	}
	cards = append(cards, parse(first))
	for _, d := range draw {
		cards = append(cards, parse(d))
	}
	cfg.NewGame = func(s engine.Settings, seed uint64) (*engine.Game, error) {
		return engine.NewStacked(s, seed, engine.Stack{Dealer: dealer, Cards: cards})
	}
	return cfg
}

// logSays reports whether the table's log has a line containing text.
func logSays(s Screen, text string) bool {
	if s.Table == nil {
		return false
	}
	for _, l := range s.Table.Log {
		if strings.Contains(l.Text, text) {
			return true
		}
	}
	return false
}

// Publish, then reply: when Create, Join, Watch or a reconnecting Connect
// returns, the player's screen already shows the table, with no waiting.
func TestPublishBeforeReply(t *testing.T) {
	h := NewHub(clockConfig(newFakeClock()))
	defer h.Shutdown(t.Context())
	for i := range 30 {
		a, b, w := connect(t, h, fmt.Sprintf("a%d", i)), connect(t, h, fmt.Sprintf("b%d", i)), connect(t, h, fmt.Sprintf("w%d", i))
		require.NoError(t, a.Create(TableOptions{Settings: defaultSettings(3), Bots: 1}))
		s := a.Screen()
		require.NotNil(t, s.Table, "the creator's screen shows the table")
		require.NoError(t, b.Join(s.Table.Code))
		sb := b.Screen().Table
		require.NotNil(t, sb, "the joiner's screen shows the table")
		require.Equal(t, s.Table.ID, sb.ID)
		require.Equal(t, 3, sb.Taken)
		b.Do(Intent{Kind: Start})
		require.NotNil(t, b.Screen().Table, "a refused intent leaves the player where they were")
		a.Do(Intent{Kind: Start})
		require.NotNil(t, a.Screen().Table.Game, "the host's screen shows the dealt game")
		require.NotNil(t, b.Screen().Table.Game, "so does every other player's")
		require.NoError(t, w.Join(s.Table.Code))
		require.Equal(t, -1, w.Screen().Table.You, "a latecomer watches")
		b.Disconnect()
		back := h.Connect("again-"+b.ID(), b.Key(), false)
		require.NotNil(t, back.Screen().Table, "a player coming back is at the table at once")
		require.Equal(t, sb.You, back.Screen().Table.You)
		for _, c := range []*Client{a, back, w} {
			c.Do(Intent{Kind: Leave})
			require.Nil(t, c.Screen().Table, "leaving shows the lobby at once")
			c.Disconnect()
		}
	}
}

// Ordering: a player who leaves and at once presses Quick play is seated.
func TestLeaveThenQuickPlayIsSeated(t *testing.T) {
	h := NewHub(clockConfig(newFakeClock()))
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	b.QuickPlay()
	require.NotNil(t, b.Screen().Table)
	for i := range 50 {
		a.QuickPlay()
		require.NotNil(t, a.Screen().Table, "round %d: quick play seats the player", i)
		a.Do(Intent{Kind: Leave})
		require.Nil(t, a.Screen().Table, "round %d: leaving shows the lobby", i)
		a.QuickPlay()
		s := a.Screen()
		require.NotNil(t, s.Table, "round %d: quick play at once after leaving seats the player: %s", i, s.Notice.Text)
		a.Do(Intent{Kind: Leave})
	}
}

// A command queued by one session never overtakes another's: many
// players leaving and coming back at once all end up seated.
func TestManyLeaveAndQuickPlayAtOnce(t *testing.T) {
	h := NewHub(clockConfig(newFakeClock()))
	defer h.Shutdown(t.Context())
	var wg sync.WaitGroup
	var clients []*Client
	for i := range 12 {
		c := connect(t, h, fmt.Sprintf("p%02d", i))
		clients = append(clients, c)
		wg.Go(func() {
			for range 10 {
				c.QuickPlay()
				c.Do(Intent{Kind: Leave})
			}
			c.QuickPlay()
		})
	}
	wg.Wait()
	for _, c := range clients {
		s := c.Screen()
		require.NotNil(t, s.Table, "%s was left in the lobby: %s", s.Nick, s.Notice.Text)
	}
}

// The fake clock runs a turn out: nothing waits on real time.
func TestClockRunsATurnOut(t *testing.T) {
	clk := newFakeClock()
	cfg := stacked(t, clockConfig(clk), 1, [][]string{
		{"R1", "R2", "R3", "R4", "R5", "R6", "R7"}, // ana, first to play
		{"B1", "B2", "B3", "B4", "B5", "B6", "B7"}, // bo
	}, "G9", "Y1")
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 0, 30*time.Second, b)
	s := a.Screen().Table
	require.Equal(t, 0, s.Game.Current, "ana's turn")
	require.Equal(t, clk.Now().Add(30*time.Second), s.TurnEnds)

	clk.Advance(30 * time.Second)
	s2 := waitScreen(t, a, func(s Screen) bool { return logSays(s, "ana ran out of time") })
	require.Len(t, s2.Table.Game.Hand, 8, "the table drew for her")
	require.Greater(t, s2.Table.Moves, s.Moves)
}

// The fake clock ends a disconnected player's grace: a bot takes the seat.
func TestClockEndsTheGrace(t *testing.T) {
	clk := newFakeClock()
	h := NewHub(clockConfig(clk))
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 0, NoTurnTimer, b)
	seat := b.Screen().Table.You
	b.Disconnect()
	require.False(t, a.Screen().Table.Seats[seat].Connected, "the table told ana before it answered")

	clk.Advance(120*time.Second - time.Nanosecond)
	a.Do(Intent{Kind: Chat, Text: "still there?"}) // answered after anything due
	require.False(t, a.Screen().Table.Seats[seat].Bot, "the seat is kept for the whole grace")

	clk.Advance(time.Nanosecond)
	s := waitScreen(t, a, func(s Screen) bool { return s.Table.Seats[seat].Bot })
	require.Equal(t, "bo", s.Table.Seats[seat].Nick)
	require.True(t, logSays(s, "bo did not come back"))
}

// The fake clock runs Kevin's Chili race: ana drops at once, the bot after
// its pause, and bo, who never drops, is last when the race closes.
func TestClockRunsTheChiliRace(t *testing.T) {
	clk := newFakeClock()
	cfg := stacked(t, clockConfig(clk), 2, [][]string{
		{"WC", "K1", "K2", "B4", "G4", "Y4", "Y5"}, // ana, first to play
		{"K7", "B1", "B2", "B3", "G1", "G2", "G3"}, // ada, a bot
		{"K3", "K4", "B5", "G5", "Y6", "Y7", "B6"}, // bo
	}, "B9", "G8", "Y3")
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	settings := engine.Settings{Edition: engine.TheOffice2020, Players: 3, Target: 500}
	require.NoError(t, a.Create(TableOptions{Settings: settings, Bots: 1, TurnTime: NoTurnTimer}))
	require.NoError(t, b.Join(a.Screen().Table.Code))
	a.Do(Intent{Kind: Start})
	v := a.Screen().Table.Game
	require.Equal(t, 0, v.Current)
	var chili engine.Action
	for _, m := range v.Legal {
		if m.Kind == engine.Play && m.Card.Kind == engine.KevinsChili {
			chili = m
			break
		}
	}
	require.Equal(t, engine.Play, chili.Kind, "ana can play the Chili: %v", v.Legal)
	a.Do(Intent{Kind: Move, Action: chili})
	s := a.Screen().Table
	require.Equal(t, engine.PhaseRace, s.Game.Phase)
	require.Equal(t, clk.Now().Add(4*time.Second), s.RaceEnds)
	a.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Drop}})
	require.True(t, logSays(a.Screen(), "you dropped (1)"))

	clk.Advance(2 * time.Second) // the bot's pause is a quarter of the race, or a little more
	waitScreen(t, b, func(s Screen) bool { return logSays(s, "ada dropped (2)") })
	clk.Advance(2 * time.Second)
	sb := waitScreen(t, b, func(s Screen) bool { return logSays(s, "you were last to drop") })
	require.Len(t, sb.Table.Game.Hand, 9, "bo drew two")
	require.Equal(t, []int{0, 1, 2}, sb.Table.Drops)
}
