package lobby

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// TestLadderGameStaysRatedThroughARestart: a ladder game under way when the
// server stops comes back a ladder game (its journal says so), and its end
// is rated on the ladder, not in the people's ratings.
func TestLadderGameStaysRatedThroughARestart(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	normal := bot.Normal
	require.NoError(t, ana.Create(TableOptions{Settings: ladderSettings(), Bots: 1, BotLevel: &normal, Ladder: true}))
	waitScreen(t, ana, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil }) // it starts by itself
	playUntil(t, func() bool { return ana.Screen().Table.Moves >= 4 && yourTurn(ana)() }, ana)
	id := ana.accountOf().id
	require.NotZero(t, id)

	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())
	st2 := openJournalStore(t, dir)
	h2 := journalHub(t, st2, nil)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, n)
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.True(t, playOut(t, ana2).LastHand.GameOver)
	require.Eventually(t, func() bool {
		s, err := st2.LadderStanding(t.Context(), id, time.Time{})
		return err == nil && s.Games == 1 && s.Validated
	}, 10*time.Second, 5*time.Millisecond, "the restored game was rated on the ladder")
}

// ladderBot is a bot session with an account that has played its
// validation game.
func ladderBot(t *testing.T, h *Hub, st *store.DB, nick string) *Client {
	t.Helper()
	c := h.Connect("sess-"+nick, "key-"+nick, false)
	require.NoError(t, c.StartBot())
	require.NoError(t, c.RegisterBot(nick))
	now := h.cfg.Clock.Now()
	_, _, err := st.RecordGame(t.Context(), store.GameRecord{Settings: ladderSettings(), Ladder: true,
		Started: now, Ended: now, Seats: []store.GameSeat{
			{Kind: store.SeatAccount, AccountID: c.accountOf().id, Name: nick, Team: 0, Place: 1},
			{Kind: store.SeatBot, BotLevel: "normal", Name: "normal", Team: 1, Place: 2}}})
	require.NoError(t, err)
	return c
}

// TestLadderPairsBotsThatSeekAtOnce: two validated bots that seek the
// ladder at the same moment meet at one table, whose game starts; neither
// is left waiting alone.
func TestLadderPairsBotsThatSeekAtOnce(t *testing.T) {
	for range 10 {
		st := openJournalStore(t, t.TempDir())
		h := journalHub(t, st, nil)
		a, b := ladderBot(t, h, st, "robo"), ladderBot(t, h, st, "droid")
		errs := make(chan error, 2)
		for _, c := range []*Client{a, b} {
			go func() { errs <- c.SeekLadder() }()
		}
		require.NoError(t, <-errs)
		require.NoError(t, <-errs)
		sa := waitScreen(t, a, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
		sb := waitScreen(t, b, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
		require.Equal(t, sa.Table.ID, sb.Table.ID)
		require.NoError(t, h.Shutdown(t.Context()))
	}
}
