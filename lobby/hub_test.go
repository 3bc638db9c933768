package lobby

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/engine"
)

// testConfig is the lobby with the timings players meet, on a fake clock
// that only the test moves (clockOf, runUntil, playOut).
func testConfig() Config { return clockConfig(newFakeClock()) }

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

func connect(t testing.TB, h *Hub, nick string) *Client {
	t.Helper()
	c := h.Connect("sess-"+nick, "key-"+nick, false)
	require.NoError(t, c.SetNick(nick))
	return c
}

// playOut drives the clients' seats with the bot's choices, and the clock
// from one deadline to the next whenever none of them has a move, until the
// game ends.
func playOut(t *testing.T, clients ...*Client) *TableView {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	clk := clockOf(clients[0].hub)
	// move plays every move the clients have; it returns the table once the
	// game is over.
	move := func() (end *TableView, moved bool) {
		for _, c := range clients {
			s := c.Screen()
			if s.Table == nil {
				t.Fatalf("%s is not at a table (%q)", s.Nick, s.Notice.Text)
			}
			if s.Table.Status == Finished {
				return s.Table, false
			}
			if g := s.Table.Game; g != nil && len(g.Legal) > 0 {
				if a, ok := chooseMove(*g, r); ok {
					c.Do(Intent{Kind: Move, Action: a})
					moved = true
				}
			}
		}
		return nil, moved
	}
	for range 100000 {
		end, moved := move()
		if end != nil {
			return end
		}
		if moved {
			continue
		}
		// Nobody has a move: the table waits for its clock. Once it has set
		// its timer, every screen is up to date; a move still there first.
		if !clk.waitArmed(t, clients[0]) {
			continue
		}
		if end, moved := move(); end != nil {
			return end
		} else if !moved {
			clk.advanceToNext()
		}
	}
	t.Fatal("the game did not end")
	return nil
}

func TestPrivateTableWithBotsPlaysToTheEnd(t *testing.T) {
	for _, ed := range engine.Editions {
		t.Run(ed.String(), func(t *testing.T) {
			h := NewHub(testConfig())
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
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	b := connect(t, h, "bo")
	a.QuickPlay()
	waitScreen(t, a, func(s Screen) bool { return s.Table != nil })
	b.QuickPlay()
	sb := waitScreen(t, b, func(s Screen) bool { return s.Table != nil })
	sa := a.Screen()
	require.Equal(t, sa.Table.ID, sb.Table.ID, "quick play seats both at the same table")
	require.False(t, sa.Table.StartsAt.IsZero(), "the table counts down to its start")
	s := runUntil(t, a, func(s Screen) bool { return s.Table.Status == Playing })
	require.Equal(t, 4, s.Table.Taken, "bots filled the free seats")
	end := playOut(t, a, b)
	require.True(t, end.LastHand.GameOver)
}

func TestWrongCodeAndNickRules(t *testing.T) {
	h := NewHub(testConfig())
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
	h := NewHub(testConfig())
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
	h := NewHub(testConfig())
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
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	require.NoError(t, a.Create(TableOptions{Settings: defaultSettings(4)}))
	waitScreen(t, a, func(s Screen) bool { return s.Table != nil })
	a.Do(Intent{Kind: Start})
	s := waitScreen(t, a, func(s Screen) bool { return s.Notice.Text != "" })
	require.Contains(t, s.Notice.Text, "at least two players")
}
