package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/cluster/natstest"
)

func TestConnectReachesJetStream(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	c, err := Connect(context.Background(), Options{URL: ns.URL(), Node: "a"})
	require.NoError(t, err)
	defer c.Close()
	kv, err := c.JS.CreateKeyValue(context.Background(), jetstream.KeyValueConfig{Bucket: "probe"})
	require.NoError(t, err)
	_, err = kv.Put(context.Background(), "k", []byte("v"))
	require.NoError(t, err)
}

func TestConnectToNothingIsOneLine(t *testing.T) {
	t.Parallel()
	_, err := Connect(context.Background(), Options{URL: "nats://127.0.0.1:1", Node: "a"})
	require.Error(t, err)
	require.NotContains(t, err.Error(), "\n")
	require.Contains(t, err.Error(), "cannot reach NATS")
}

func TestNatsRestartKeepsClients(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	c, err := Connect(context.Background(), Options{URL: ns.URL(), Node: "a"})
	require.NoError(t, err)
	defer c.Close()
	ns.Restart(t)
	require.Eventually(t, c.NC.IsConnected, 10e9, 10e6)
}

// The leases rely on a key that vanishes by itself when its holder stops
// renewing it, and on a watcher seeing it go.
func TestKeyWithTTLVanishes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	c, err := Connect(context.Background(), Options{URL: ns.URL(), Node: "a"})
	require.NoError(t, err)
	defer c.Close()
	ctx := context.Background()
	kv, err := c.JS.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "leases", LimitMarkerTTL: time.Second})
	require.NoError(t, err)
	w, err := kv.WatchAll(ctx, jetstream.UpdatesOnly())
	require.NoError(t, err)
	defer w.Stop()
	_, err = kv.Create(ctx, "t1", []byte("a"), jetstream.KeyTTL(time.Second))
	require.NoError(t, err)
	var ops []jetstream.KeyValueOp
	for len(ops) < 2 {
		select {
		case e := <-w.Updates():
			if e != nil {
				ops = append(ops, e.Operation())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no expiry seen: %v", ops)
		}
	}
	require.Equal(t, jetstream.KeyValuePut, ops[0])
	require.NotEqual(t, jetstream.KeyValuePut, ops[1])
	_, err = kv.Create(ctx, "t1", []byte("b"), jetstream.KeyTTL(time.Second))
	require.NoError(t, err, "an expired lease can be taken")
}
