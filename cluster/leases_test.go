package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// TestANodeRenewsOneLeaseForAllItsTables: a node playing several tables
// writes its own lease and nothing else while it plays them: the leases'
// bucket holds only the nodes' keys, and a table's entry in the owners'
// bucket is the same after two renewals of its node's lease as when the
// table was made.
func TestANodeRenewsOneLeaseForAllItsTables(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b")
	a := nodes[0]
	var ids []string
	for _, nick := range []string{"ana", "bo", "cy"} {
		p := a.player(t, nick)
		require.NoError(t, p.Create(lobby.TableOptions{Settings: settings(2)}))
		ids = append(ids, p.Screen().Table.ID)
	}
	ctx := context.Background()
	leases, err := a.conn.JS.KeyValue(ctx, bucketLeases)
	require.NoError(t, err)
	owners, err := a.conn.JS.KeyValue(ctx, bucketOwners)
	require.NoError(t, err)
	revs := map[string]uint64{}
	for _, id := range ids {
		e, err := owners.Get(ctx, id)
		require.NoError(t, err, "table %s has an owner", id)
		revs[id] = e.Revision()
	}
	self := a.conn.Node
	nodeRev := func() uint64 {
		keys, err := leases.ListKeys(ctx)
		require.NoError(t, err)
		var rev uint64
		for k := range keys.Keys() {
			require.True(t, lobby.IsNodeLease(k), "only nodes' leases are in %s, not %s", bucketLeases, k)
			if e, err := leases.Get(ctx, k); err == nil && string(e.Value()) == self {
				rev = e.Revision()
			}
		}
		return rev
	}
	last, renewals := nodeRev(), 0
	require.NotZero(t, last, "node a holds its lease")
	require.Eventually(t, func() bool {
		if rev := nodeRev(); rev != last {
			last, renewals = rev, renewals+1
		}
		return renewals >= 2
	}, 4*LeaseTTL, 50*time.Millisecond, "node a renews its lease")
	for _, id := range ids {
		e, err := owners.Get(ctx, id)
		require.NoError(t, err)
		require.Equal(t, revs[id], e.Revision(), "table %s's lease is not written again", id)
	}
}
