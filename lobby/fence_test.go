package lobby

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// TestTableClaimsItsJournalOncePerStart: a table claims its record once,
// when it first writes it, as its node; after a restart the restored table
// claims it again, with a larger fence, and the store refuses the old one.
func TestTableClaimsItsJournalOncePerStart(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	startPrivate(t, ana, 1, NoTurnTimer)
	id := ana.Screen().Table.ID
	playUntil(t, func() bool { return ana.Screen().Table.Moves >= 8 && yourTurn(ana)() }, ana)
	first, err := st.LoadTable(t.Context(), id)
	require.NoError(t, err)
	require.Equal(t, "local", first.Owner)
	require.Equal(t, int64(1), first.Fence, "claimed once, however many moves")
	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	st2 := openJournalStore(t, dir)
	h2 := journalHub(t, st2, nil)
	_, err = h2.Restore(t.Context())
	require.NoError(t, err)
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil })
	moves := ana2.Screen().Table.Moves
	playUntil(t, func() bool { return ana2.Screen().Table.Moves >= moves+4 }, ana2)
	require.Eventually(t, func() bool {
		s, err := st2.LoadTable(t.Context(), id)
		return err == nil && s.Fence == 2 && len(s.Journal.Actions) >= len(first.Journal.Actions)+4
	}, 10*time.Second, 5*time.Millisecond, "the restored table claims again and writes with its fence")
}

// TestTableFencedOffShowsNothingMore: once another node has claimed the
// table (a larger fence), this node's table can write nothing more: the
// move made here reaches no screen and the store holds only what was
// shown; the table holds, as for any write that fails.
func TestTableFencedOffShowsNothingMore(t *testing.T) {
	ht := newHeldTable(t)
	_, err := ht.disk.Store.ClaimTable(t.Context(), ht.id, "node-b")
	require.NoError(t, err)
	a, ok := chooseMove(*ht.mover.Screen().Table.Game, rand.New(rand.NewPCG(7, 8)))
	require.True(t, ok)
	ht.mover.Do(Intent{Kind: Move, Action: a})
	for _, c := range ht.everyone {
		s := waitScreen(t, c, func(s Screen) bool { return s.Notice.Text == errPaused.Error() })
		require.Equal(t, ht.shown, s.Table.Moves, "%s is shown a move another node's table may not have", c.nick())
	}
	require.Equal(t, ht.shown, ht.storedActions(t))
	require.Contains(t, ht.logs.String(), store.ErrFenced.Error())
}
