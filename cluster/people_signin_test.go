package cluster

import (
	"context"
	"io"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// startWholeNode is a node with both halves of the service: the tables
// (Lobby) and the people (People).
func startWholeNode(t *testing.T, ns *natstest.Server, name string) *node {
	t.Helper()
	cc, err := Connect(context.Background(), Options{URL: ns.URL(), Node: name, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	l, err := NewLobby(context.Background(), cc)
	require.NoError(t, err)
	p, err := NewPeople(context.Background(), cc, testPeople)
	require.NoError(t, err)
	h := lobby.NewHub(lobby.Config{Clock: stillClock{}, Cluster: l, People: p, Node: name,
		Seed: func() uint64 { return 7 }, Logger: log.New(io.Discard)})
	p.AttachLobby(h)
	t.Cleanup(func() {
		_ = h.Shutdown(context.Background())
		p.Close()
		_ = cc.Close()
	})
	return &node{name: name, hub: h, conn: cc}
}

// TestNewerSessionTakesOverAcrossNodes: ana plays on node b; her key signs
// in again on node a. As on one node, the newer session takes her seat,
// with her hand, and the older one is told why it closes.
func TestNewerSessionTakesOverAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startWholeNode(t, ns, "a"), startWholeNode(t, ns, "b")
	ana, bo := b.player(t, "ana"), a.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, bo, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 4, ana, bo)
	hand := ana.Screen().Table.Game.Hand

	again := a.hub.Connect("sess-ana-2", "key-ana", false)
	s := waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, 0, s.Table.You)
	require.Equal(t, hand, s.Table.Game.Hand)
	require.Equal(t, "you signed in from another connection; this one is closed",
		waitScreen(t, ana, func(s lobby.Screen) bool { return s.Closed != "" }).Closed)
	ana.Disconnect()
	playMoves(t, 4, again, bo)
}

// TestNewerSessionTakesOverAWaitingSeatAcrossNodes: ana waits at a table
// with bo, from node b; her key signs in again on node a. As on one node,
// the newer session lands in the waiting room in her seat, the table
// never frees it, and the older session is told why it closes, in one
// line. The newer session then plays. The table is b's own, or c's (ana's
// older session plays at it through a proxy).
func TestNewerSessionTakesOverAWaitingSeatAcrossNodes(t *testing.T) {
	t.Parallel()
	for _, where := range []string{"b", "c"} {
		t.Run("table on "+where, func(t *testing.T) {
			ns := natstest.Start(t)
			a, b, c := startWholeNode(t, ns, "a"), startWholeNode(t, ns, "b"), startWholeNode(t, ns, "c")
			ana := b.player(t, "ana")
			host, bo := ana, c.player(t, "bo")
			if where == "c" {
				host = bo
			}
			require.NoError(t, host.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
			guest := map[*lobby.Client]*lobby.Client{ana: bo, bo: ana}[host]
			require.NoError(t, guest.Join(host.Screen().Table.Code))
			waitScreen(t, host, func(s lobby.Screen) bool { return s.Table.Taken == 2 })
			seat := waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table != nil }).Table.You

			again := a.hub.Connect("sess-ana-2", "key-ana", false)
			s := waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil })
			require.Nil(t, s.Table.Game, "the table still waits")
			require.Equal(t, seat, s.Table.You, "the newer session is in ana's seat")
			require.Equal(t, "you signed in from another connection; this one is closed",
				waitScreen(t, ana, func(s lobby.Screen) bool { return s.Closed != "" }).Closed)
			ana.Disconnect()
			waitScreen(t, bo, func(s lobby.Screen) bool { return logHas(s, "ana is back") })
			require.Equal(t, "ana", bo.Screen().Table.Seats[seat].Nick, "ana's seat was never freed")
			require.False(t, logHas(bo.Screen(), "ana left"))

			map[string]*lobby.Client{"b": again, "c": bo}[where].Do(lobby.Intent{Kind: lobby.Start})
			for _, p := range []*lobby.Client{again, bo} {
				waitScreen(t, p, func(s lobby.Screen) bool { return moves(s) >= 0 })
			}
			playMoves(t, 4, again, bo)
		})
	}
}

// TestNewerSessionTakesOverATournamentSeatAcrossNodes: ana plays her
// round of a tournament of node b's, from b, and bo his from a; each key
// signs in again on the other node. Each newer session takes its
// player's seat at their table of the tournament, with their hand
// (through the tournament's room on a, at the tournament itself on b), and
// each older one is told why it closes.
func TestNewerSessionTakesOverATournamentSeatAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startWholeNode(t, ns, "a"), startWholeNode(t, ns, "b")
	ana, bo, _ := tourGame(t, a, b)
	for _, p := range []struct {
		old  *lobby.Client
		on   *node
		nick string
	}{{ana, a, "ana"}, {bo, b, "bo"}} {
		before := p.old.Screen().Table
		again := p.on.hub.Connect("sess-"+p.nick+"-2", "key-"+p.nick, false)
		s := waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
		require.Equal(t, before.ID, s.Table.ID, p.nick)
		require.Equal(t, before.You, s.Table.You, p.nick)
		require.Equal(t, before.Game.Hand, s.Table.Game.Hand, p.nick)
		require.Equal(t, "you signed in from another connection; this one is closed",
			waitScreen(t, p.old, func(s lobby.Screen) bool { return s.Closed != "" }).Closed)
		p.old.Disconnect()
		require.True(t, again.Screen().Table.Seats[s.Table.You].Connected, p.nick)
	}
}
