package lobby

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby/bot"
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
