package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// TestDrainHandsTablesOver: a node told to drain hands its table to the
// other node with every stored move (the same engine state), its own
// player goes on at the table there until the node closes her session
// with the line naming where to go, and the other node's player never
// leaves his seat. She comes back through the other node to her seat.
func TestDrainHandsTablesOver(t *testing.T) {
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo, id := twoNodeGame(t, a, b)
	last := moves(bo.Screen())
	hash := func(n *node) string { s, _ := snapshotOf(t, n, id); return s.Hash }
	before := hash(b)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	began := time.Now()
	require.NoError(t, b.hub.Drain(ctx, "this server is restarting: ssh a to go on"))
	s, ok := snapshotOf(t, a, id)
	require.True(t, ok, "a plays the table now")
	require.Equal(t, before, s.RestoredHash, "no move lost")
	_, still := snapshotOf(t, b, id)
	require.False(t, still)
	// Both are at the table on a, and play on, before b closes a thing.
	for _, p := range []*lobby.Client{bo, ana} {
		waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.Seats[s.Table.You].Connected && logHas(s, "moved to another server") && s.Table.Moves == last
		})
		if p == bo {
			t.Logf("figure: bo, on a, sees the table again %v after b began to drain", time.Since(began))
		}
	}
	playMoves(t, 4, ana, bo)

	require.NoError(t, b.hub.Shutdown(ctx))
	require.Equal(t, "this server is restarting: ssh a to go on", ana.Screen().Closed)
	ana.Disconnect()
	require.Empty(t, bo.Screen().Closed)
	ana2 := a.hub.Connect("sess-ana-2", "key-ana", false)
	s2 := waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Held != nil || s.Table != nil })
	if s2.Table == nil {
		require.NoError(t, ana2.Back())
	}
	waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Table != nil && s.Table.You == 0 })
	playMoves(t, 4, ana2, bo)
}
