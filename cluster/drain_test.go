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
	t.Parallel()
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
	rep, err := b.hub.Drain(ctx, "this server is restarting: ssh a to go on")
	require.NoError(t, err)
	require.Equal(t, lobby.DrainReport{HandedOver: 1}, rep)
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

// TestLastNodeDrainKeepsItsTables: the last node of a service has no node
// to hand its table to. Its drain says so (nothing handed over, the table
// kept) rather than that the table is on another node, leaves the table
// playing until the ordinary stop, and the stop keeps it in the store for
// the next start, as on a lone node.
func TestLastNodeDrainKeepsItsTables(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	a := startNodesWith(t, ns, st, "a")[0]
	ana, bo := a.player(t, "ana"), a.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	id := ana.Screen().Table.ID
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, bo, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 2, ana, bo)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	rep, err := a.hub.Drain(ctx, "this server is restarting: ssh a to go on")
	require.NoError(t, err)
	require.Equal(t, lobby.DrainReport{Kept: 1}, rep)
	_, still := snapshotOf(t, a, id)
	require.True(t, still, "the table is not handed to nobody")

	require.NoError(t, a.hub.Shutdown(ctx))
	saved, err := st.UnfinishedTables(ctx)
	require.NoError(t, err)
	require.Len(t, saved, 1)
	require.Equal(t, id, saved[0].ID)
}
