package cluster

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// TestRemoteMoveToScreensMeasuredOnTheSessionsNode: the moves of a table
// on b reach a session on a, and a counts each in its remote
// move-to-screens histogram, from the owner's stamp to a's clock; b, whose
// only session is its own table's, counts none. The two nodes' clocks stand
// 30 ms apart and still, so the delay a reads is exactly that.
func TestRemoteMoveToScreensMeasuredOnTheSessionsNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b := startNodeAt(t, ns, "b", stillClock{now: at})
	a := startNodeAt(t, ns, "a", stillClock{now: at.Add(30 * time.Millisecond)})
	ana, bo := b.player(t, "ana"), a.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2)}))
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, bo, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 6, ana, bo)

	got := a.hub.Stats().RemoteMoveToScreens
	require.GreaterOrEqual(t, got.Count, uint64(6), "every move bo was shown is counted")
	for i, le := range got.Bounds {
		switch {
		case le < 0.03:
			require.Zero(t, got.Counts[i], "nothing under the clocks' 30 ms (le %v)", le)
		default:
			require.Equal(t, got.Count, got.Counts[i], "everything at 30 ms (le %v)", le)
		}
	}
	require.InDelta(t, 0.03*float64(got.Count), got.Sum, 1e-6)
	require.Zero(t, b.hub.Stats().RemoteMoveToScreens.Count, "a table's own node measures no crossing")
}

// startNodeAt starts one node named name on ns with its own clock.
func startNodeAt(t *testing.T, ns *natstest.Server, name string, clock lobby.Clock) *node {
	t.Helper()
	c, err := Connect(context.Background(), Options{URL: ns.URL(), Node: name})
	require.NoError(t, err)
	l, err := NewLobby(context.Background(), c)
	require.NoError(t, err)
	h := lobby.NewHub(lobby.Config{Clock: clock, Cluster: l, Node: name, Seed: func() uint64 { return 7 }, Logger: log.New(os.Stderr)})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
		_ = c.Close()
	})
	return &node{name: name, hub: h, conn: c}
}
