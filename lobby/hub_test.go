package lobby

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/engine"
)

func fastConfig() Config {
	var n atomic.Uint64 // tables draw seeds from their own goroutines
	return Config{
		StartCountdown: 50 * time.Millisecond,
		BotDelay:       time.Millisecond,
		NextHand:       time.Millisecond,
		TurnTime:       2 * time.Second,
		RaceTime:       20 * time.Millisecond,
		RaidTime:       time.Second,
		Grace:          time.Second,
		Seed:           func() uint64 { return n.Add(1) },
	}
}

// waitScreen waits until the client's screen satisfies ok.
func waitScreen(t *testing.T, c *Client, ok func(Screen) bool) Screen {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s := c.Screen()
		if ok(s) {
			return s
		}
		select {
		case <-c.Updates():
		case <-deadline:
			t.Fatalf("timed out; last screen: %+v", s)
		}
	}
}

func connect(t *testing.T, h *Hub, nick string) *Client {
	t.Helper()
	c := h.Connect("sess-"+nick, "key-"+nick, false)
	require.NoError(t, c.SetNick(nick))
	return c
}

// playOut drives the clients' seats with the bot's choices until the game ends.
func playOut(t *testing.T, clients ...*Client) *TableView {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		for _, c := range clients {
			s := c.Screen()
			if s.Table == nil {
				t.Fatalf("%s is not at a table", s.Nick)
			}
			if s.Table.Status == Finished {
				return s.Table
			}
			if g := s.Table.Game; g != nil && len(g.Legal) > 0 {
				if a, ok := chooseMove(*g, r); ok {
					c.Do(Intent{Kind: Move, Action: a})
				}
			}
		}
		select {
		case <-clients[0].Updates():
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatal("the game did not end")
	return nil
}

func TestPrivateTableWithBotsPlaysToTheEnd(t *testing.T) {
	for _, ed := range engine.Editions {
		t.Run(ed.String(), func(t *testing.T) {
			h := NewHub(fastConfig())
			defer h.Shutdown(t.Context())
			a := connect(t, h, "ana")
			settings := engine.Settings{Edition: ed, Players: 4, Target: 100, Blanks: engine.BlankSwapHands}
			require.NoError(t, a.Create(TableOptions{Public: false, Settings: settings, Bots: 2}))
			s := waitScreen(t, a, func(s Screen) bool { return s.Table != nil && s.Table.Code != "" })
			b := connect(t, h, "bo")
			require.NoError(t, b.Join(s.Table.Code))
			waitScreen(t, a, func(s Screen) bool { return s.Table.Taken == 4 })
			a.Do(Intent{Kind: Start})
			end := playOut(t, a, b)
			require.NotNil(t, end.LastHand)
			require.True(t, end.LastHand.GameOver)
			require.NotEmpty(t, end.LastHand.Winners)
			t.Logf("winners %v, scores %v", end.LastHand.Winners, end.LastHand.Scores)
		})
	}
}

func TestQuickPlayMeetsAndFillsWithBots(t *testing.T) {
	h := NewHub(fastConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	b := connect(t, h, "bo")
	a.QuickPlay()
	waitScreen(t, a, func(s Screen) bool { return s.Table != nil })
	b.QuickPlay()
	sb := waitScreen(t, b, func(s Screen) bool { return s.Table != nil })
	sa := a.Screen()
	require.Equal(t, sa.Table.ID, sb.Table.ID, "quick play seats both at the same table")
	waitScreen(t, a, func(s Screen) bool { return s.Table.Status == Playing })
	end := playOut(t, a, b)
	require.True(t, end.LastHand.GameOver)
}

func TestWrongCodeAndNickRules(t *testing.T) {
	h := NewHub(fastConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	require.ErrorIs(t, a.Join("QQQQQQ"), ErrNoSuchTable)
	c := h.Connect("s2", "k2", false)
	require.ErrorIs(t, c.SetNick("ANA"), ErrNickTaken)
	require.ErrorIs(t, c.SetNick("a"), ErrNickInvalid)
	require.ErrorIs(t, c.SetNick("\x1b[31mred"), ErrNickInvalid)
	for i := 0; i < 4; i++ {
		_ = a.Join("ZZZZZZ")
	}
	require.ErrorIs(t, a.Join("ZZZZZZ"), ErrTooManyCodes)
}

// Many players pressing quick play at once all end up seated: nobody is
// beaten to the seats of the table they just opened.
func TestQuickPlayAtOnceSeatsEveryone(t *testing.T) {
	h := NewHub(fastConfig())
	defer h.Shutdown(t.Context())
	const n = 24
	clients := make([]*Client, n)
	for i := range clients {
		clients[i] = connect(t, h, fmt.Sprintf("p%02d", i))
	}
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Go(c.QuickPlay)
	}
	wg.Wait()
	for _, c := range clients {
		s := waitScreen(t, c, func(s Screen) bool { return s.Table != nil || s.Notice.Text != "" })
		require.NotNil(t, s.Table, "%s was left in the lobby: %s", s.Nick, s.Notice.Text)
	}
}

// The host of a public table may start it alone: bots fill the free seats.
func TestPublicHostStartsAloneWithBots(t *testing.T) {
	h := NewHub(fastConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	require.NoError(t, a.Create(TableOptions{Public: true, Settings: defaultSettings(4)}))
	waitScreen(t, a, func(s Screen) bool { return s.Table != nil })
	a.Do(Intent{Kind: Start})
	s := waitScreen(t, a, func(s Screen) bool { return s.Table.Status == Playing })
	require.Equal(t, 4, s.Table.Taken)
}

// A private table needs two players to start.
func TestPrivateHostCannotStartAlone(t *testing.T) {
	h := NewHub(fastConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	require.NoError(t, a.Create(TableOptions{Settings: defaultSettings(4)}))
	waitScreen(t, a, func(s Screen) bool { return s.Table != nil })
	a.Do(Intent{Kind: Start})
	s := waitScreen(t, a, func(s Screen) bool { return s.Notice.Text != "" })
	require.Contains(t, s.Notice.Text, "at least two players")
}
