package lobby

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// gameOfTable opens a private table for ana, bo and two bots, starts it
// and returns the two players, on a hub that keeps its records in st.
func gameOfTable(t *testing.T, h *Hub, settings engine.Settings) (ana, bo *Client) {
	t.Helper()
	ana = h.Connect("s-ana", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("ana"))
	bo = h.Connect("s-bo", "SHA256:bo", false)
	require.NoError(t, bo.SetNick("bo"))
	require.NoError(t, ana.Create(TableOptions{Settings: settings, Bots: 2}))
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil && s.Table.Code != "" })
	require.NoError(t, bo.Join(s.Table.Code))
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 4 })
	ana.Do(Intent{Kind: Start})
	return ana, bo
}

// Every finished game is recorded with its seats, hand-by-hand scores and
// winner, off the table's goroutine, and rates its players.
func TestFinishedGameIsRecorded(t *testing.T) {
	clk := newFakeClock()
	st := openStore(t, t.TempDir(), clk)
	cfg := clockConfig(clk)
	cfg.Store = st
	h := NewHub(cfg)
	settings := engine.Settings{Edition: engine.Classic2001, Players: 4, Target: 100}
	ana, bo := gameOfTable(t, h, settings)
	end := playOut(t, ana, bo)
	// Shutting down writes what is queued before the store may close.
	require.NoError(t, h.Shutdown(t.Context()))
	require.Equal(t, HistoryStats{Recorded: 1}, h.HistoryStats())

	ctx := context.Background()
	p, err := st.ProfileByName(ctx, "ana")
	require.NoError(t, err)
	require.Equal(t, 1, p.Games)
	require.Len(t, p.Recent, 1)
	g, err := st.Game(ctx, p.Recent[0].ID)
	require.NoError(t, err)
	require.True(t, g.Rated, "two humans played")
	require.Equal(t, engine.Classic2001, g.Settings.Edition)
	require.Len(t, g.Seats, 4)
	kinds := map[store.SeatKind]int{}
	for i, s := range g.Seats {
		kinds[s.Kind]++
		require.Equal(t, end.Seats[i].Nick, s.Name)
		require.Equal(t, end.LastHand.Scores[i], s.Points)
		sum := 0
		for _, hand := range g.Hands {
			sum += hand[i]
		}
		require.Equal(t, s.Points, sum, "seat %d: the hands add up to the score", i)
		if s.Kind == store.SeatBot {
			require.Equal(t, "normal", s.BotLevel)
		}
	}
	require.Equal(t, map[store.SeatKind]int{store.SeatAccount: 2, store.SeatBot: 2}, kinds)
	require.Equal(t, end.LastHand.Winners, g.Winners())
	require.False(t, g.Ended.Before(g.Started))

	board, err := st.Leaderboard(ctx, store.LeaderboardQuery{Edition: engine.Classic2001.String(), Bots: true})
	require.NoError(t, err)
	names := map[string]bool{}
	for _, e := range board {
		names[e.Name] = true
	}
	require.True(t, names["ana"] && names["bo"] && names["normal"], "%+v", board)
}

// A seat whose player left (a bot played it to the end) is never credited
// with a win: a win of the stand-in counts for nobody, a loss is the
// player's own.
func TestStandInWinIsNotCredited(t *testing.T) {
	seen := map[bool]bool{}
	for round := 0; round < 16 && len(seen) < 2; round++ {
		clk := newFakeClock()
		st := openStore(t, t.TempDir(), clk)
		cfg := clockConfig(clk)
		for range round {
			cfg.Seed()
		}
		cfg.Store = st
		h := NewHub(cfg)
		ana, bo := gameOfTable(t, h, engine.Settings{Edition: engine.Classic2001, Players: 4, Mode: engine.SingleHand})
		waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil })
		ana.Do(Intent{Kind: Leave})
		playOut(t, bo)
		require.NoError(t, h.Shutdown(t.Context()))

		ctx := context.Background()
		p, err := st.ProfileByName(ctx, "bo")
		require.NoError(t, err)
		g, err := st.Game(ctx, p.Recent[0].ID)
		require.NoError(t, err)
		seat := g.Seats[0] // ana sat first
		won := seat.Place == 1
		seen[won] = true
		if won {
			require.Equal(t, store.SeatGuest, seat.Kind)
			require.Equal(t, "ana (away)", seat.Name)
			a, err := st.ProfileByName(ctx, "ana")
			require.NoError(t, err)
			require.Zero(t, a.Wins)
		} else {
			require.Equal(t, store.SeatAccount, seat.Kind, "a loss is the player's own")
		}
	}
	require.Len(t, seen, 2, "both a won and a lost stand-in seat were seen")
}

// flakyStore fails its first writes of a finished game.
type flakyStore struct {
	store.Store
	fails int
}

func (f *flakyStore) RecordGame(ctx context.Context, g store.GameRecord) (store.GameRecord, []store.RatingChange, error) {
	if f.fails > 0 {
		f.fails--
		return g, nil, errors.New("disk I/O error")
	}
	return f.Store.RecordGame(ctx, g)
}

// A write that fails is logged, counted and tried again later: the game is
// never lost, and nobody waits for it.
func TestFailedWriteIsRetried(t *testing.T) {
	clk := newFakeClock()
	st := openStore(t, t.TempDir(), clk)
	logs := &strings.Builder{}
	cfg := clockConfig(clk)
	cfg.Store = &flakyStore{Store: st, fails: 2}
	cfg.Logger = log.New(logs)
	h := NewHub(cfg)
	g := store.GameRecord{TableID: "7", Settings: engine.Settings{Edition: engine.Minions2016, Players: 2},
		Seats: []store.GameSeat{{Kind: store.SeatBot, BotLevel: "normal", Team: 0, Place: 1, Name: "ada"},
			{Kind: store.SeatGuest, Team: 1, Place: 2, Name: "guest-7Q4K"}},
		Started: clk.Now(), Ended: clk.Now()}
	h.rec.add(finishedGame{rec: g, keys: []string{"", ""}})
	for range 2 {
		<-clk.armed // the writer waits to try again
		clk.advanceToNext()
	}
	require.NoError(t, h.Shutdown(t.Context()))
	require.Equal(t, HistoryStats{Recorded: 1, Failed: 2}, h.HistoryStats())
	require.Equal(t, 2, strings.Count(logs.String(), "writing a finished game failed"), logs.String())
}

// TestResultNamesAPlayerWhoLeftAfterTheGame: once the game is over, a
// player who leaves empties their seat, but the result still names them.
func TestResultNamesAPlayerWhoLeftAfterTheGame(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, ana, 0, NoTurnTimer, bo)
	playUntil(t, func() bool { return ana.Screen().Table.Status == Finished }, ana, bo)
	bo.Do(Intent{Kind: Leave})
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Seats[1].Nick == "" })
	require.True(t, s.Table.LastHand.GameOver)
	require.Equal(t, []string{"ana", "bo"}, s.Table.LastHand.Names)
}
