package cluster

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// startServiceNode is a node as main makes one in cluster mode: both
// halves of the lobby across nodes, its tables (Cluster) and its people
// (People), on one connection.
func startServiceNode(t *testing.T, ns *natstest.Server, name string) *lobby.Hub {
	t.Helper()
	cc, err := Connect(context.Background(), Options{URL: ns.URL(), Node: name, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	l, err := NewLobby(context.Background(), cc)
	require.NoError(t, err)
	p, err := NewPeople(context.Background(), cc, testPeople)
	require.NoError(t, err)
	hub := lobby.NewHub(lobby.Config{Cluster: l, People: p, Node: name, Logger: log.New(io.Discard)})
	p.AttachLobby(hub)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = hub.Shutdown(ctx)
		p.Close()
		_ = cc.Close()
	})
	return hub
}

// An invitation that crosses nodes is taken with enter, as on one node:
// bo, on node b, is seated at ana's private table on node a, and both see
// him there.
func TestAnInvitationAcrossNodesSeatsThePlayer(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startServiceNode(t, ns, "a"), startServiceNode(t, ns, "b")
	ana := a.Connect("s1", "key-ana", false)
	require.NoError(t, ana.SetNick("ana"))
	bo := b.Connect("s2", "key-bo", false)
	require.NoError(t, bo.SetNick("bo"))
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 3}}))
	table := waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table != nil }).Table

	require.Eventually(t, func() bool { return ana.Invite("bo") == nil }, wait, 20*time.Millisecond,
		"node a learns that bo is online on node b")
	waitScreen(t, bo, func(s lobby.Screen) bool { return s.Invitation != nil })
	require.NoError(t, bo.AcceptInvitation())

	s := waitScreen(t, bo, func(s lobby.Screen) bool { return s.Table != nil })
	require.Equal(t, table.ID, s.Table.ID, "bo sits at ana's table, on the other node")
	require.GreaterOrEqual(t, s.Table.You, 0, "in a seat, not watching")
	waitScreen(t, ana, func(s lobby.Screen) bool {
		for _, st := range s.Table.Seats {
			if st.Nick == "bo" {
				return true
			}
		}
		return false
	})
}
