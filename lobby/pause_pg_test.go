package lobby

import (
	"io"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/store/pgtest"
)

// TestPostgresOutageHoldsTheTableUntilItIsBack: the database goes away in
// the middle of a game (it refuses connections, and those the node had are
// ended). The move made meanwhile reaches no screen: everyone at the table
// reads the pause line, the failure is logged and counted. Once the
// database is back the pool connects again by itself, the table writes the
// held move and goes on, and the journal in PostgreSQL is the game.
func TestPostgresOutageHoldsTheTableUntilItIsBack(t *testing.T) {
	url := pgtest.New(t)
	st, err := store.OpenPostgres(t.Context(), url, store.Options{Logger: log.New(io.Discard),
		Journal: store.JournalOptions{Retries: 1, RetryWait: time.Millisecond}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	ht := newHeldTableOn(t, st)

	back := pgtest.Outage(t, url)
	a, ok := chooseMove(*ht.mover.Screen().Table.Game, rand.New(rand.NewPCG(7, 8)))
	require.True(t, ok)
	ht.mover.Do(Intent{Kind: Move, Action: a}) // returns once the table has tried to write it
	for _, c := range ht.everyone {
		s := waitScreen(t, c, func(s Screen) bool { return s.Notice.Text == errPaused.Error() })
		require.Equal(t, ht.shown, s.Table.Moves, "%s is shown a move that is not stored", c.nick())
	}
	require.EqualValues(t, 1, ht.h.JournalStats().Held)
	require.Positive(t, ht.h.JournalStats().WriteErrors)
	require.Contains(t, ht.logs.String(), "journal write failed; the table holds")
	clk := clockOf(ht.h)
	clk.Advance(journalRetryMax) // a retry during the outage fails too
	ht.mover.Do(Intent{Kind: Wake})
	require.Equal(t, ht.shown, ht.mover.Screen().Table.Moves)

	back()
	clk.Advance(journalRetryMax)
	for _, c := range ht.everyone {
		s := waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Moves == ht.shown+1 })
		require.Equal(t, resumedLine, s.Notice.Text, "%s is told the game goes on", c.nick())
	}
	require.Zero(t, ht.h.JournalStats().Held)

	from := ht.ana.Screen().Table.Moves
	playUntil(t, func() bool { return ht.ana.Screen().Table.Moves >= from+10 }, ht.ana, ht.bo)
	saved, err := st.LoadTable(t.Context(), ht.id)
	require.NoError(t, err)
	g, err := engine.Replay(saved.Journal)
	require.NoError(t, err)
	require.Equal(t, snapshotOf(t, ht.h, ht.id).Hash, StateHash(g.State()), "the journal in PostgreSQL is the game")
}
