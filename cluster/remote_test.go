package cluster

import (
	"context"
	"fmt"
	"io"

	"github.com/charmbracelet/log"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
)

// These tests run several nodes in one process, each a lobby.Hub with its
// own NATS connection to one real NATS server (natstest): what crosses
// between them crosses NATS as it does between machines.

// stillClock is a lobby clock that never moves: the games here move only
// when their players do, so no test waits on a timer.
type stillClock struct{ now time.Time }

func (c stillClock) Now() time.Time { return c.now }

func (stillClock) NewTimer(time.Duration) lobby.Timer { return stillTimer{} }

type stillTimer struct{}

func (stillTimer) C() <-chan time.Time { return nil }
func (stillTimer) Stop() bool          { return true }

// node is one node of a test's service.
type node struct {
	name string
	hub  *lobby.Hub
	conn *Conn
}

// startNodes starts one node per name on the NATS server ns.
func startNodes(t *testing.T, ns *natstest.Server, names ...string) []*node {
	t.Helper()
	return startNodesWith(t, ns, nil, names...)
}

// startNodesWith is startNodes with a store the nodes share (nil: none).
func startNodesWith(t *testing.T, ns *natstest.Server, st store.Store, names ...string) []*node {
	t.Helper()
	return startTunedNodes(t, ns, st, func(*lobby.Config) {}, names...)
}

// startTunedNodes is startNodesWith with each node's lobby settings
// changed by tune.
func startTunedNodes(t *testing.T, ns *natstest.Server, st store.Store, tune func(*lobby.Config), names ...string) []*node {
	t.Helper()
	clock := stillClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	var out []*node
	for _, name := range names {
		c, err := Connect(context.Background(), Options{URL: ns.URL(), Node: name})
		require.NoError(t, err)
		l, err := NewLobby(context.Background(), c)
		require.NoError(t, err)
		cfg := lobby.Config{Clock: clock, Cluster: l, Store: st, Node: name, Seed: func() uint64 { return 7 }, Logger: log.New(io.Discard)}
		tune(&cfg)
		h := lobby.NewHub(cfg)
		n := &node{name: name, hub: h, conn: c}
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_ = h.Shutdown(ctx)
			_ = c.Close()
		})
		out = append(out, n)
	}
	return out
}

func (n *node) player(t *testing.T, nick string) *lobby.Client {
	t.Helper()
	c := n.hub.Connect("sess-"+nick+"-"+n.name, "key-"+nick, false)
	require.NoError(t, c.SetNick(nick))
	return c
}

// waitScreen waits until c's screen satisfies ok.
func waitScreen(t *testing.T, c *lobby.Client, ok func(lobby.Screen) bool) lobby.Screen {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s := c.Screen()
		checkOrder(t, c, s)
		if ok(s) {
			return s
		}
		select {
		case <-c.Updates():
		case <-deadline:
			t.Fatalf("timed out; last screen: %+v", s)
		}
	}
}

// moves is a screen's count of moves, -1 without a game.
func moves(s lobby.Screen) int {
	if s.Table == nil || s.Table.Game == nil {
		return -1
	}
	return s.Table.Moves
}

// newest is the most moves each session's screen has shown: a screen
// showing fewer is an older view that replaced a newer one.
var newest sync.Map // *lobby.Client -> int

func checkOrder(t *testing.T, c *lobby.Client, s lobby.Screen) {
	t.Helper()
	m := moves(s)
	if m < 0 {
		return
	}
	if last, ok := newest.Load(c); ok && m < last.(int) {
		t.Errorf("an older view (%d moves) replaced a newer one (%d)", m, last)
	}
	newest.Store(c, m)
}

// playMoves has whoever is to move among players make their first legal
// move, n times, checking each time that every player's screen shows it.
func playMoves(t *testing.T, n int, players ...*lobby.Client) {
	t.Helper()
	for range n {
		before := moves(players[0].Screen())
		// The mover's screen may come a moment after the others' (a table
		// just taken over sends each its own): waited for, not read once.
		require.Eventually(t, func() bool {
			for _, c := range players {
				g := c.Screen().Table.Game
				if g.Current == c.Screen().Table.You && len(g.Legal) > 0 {
					c.Do(lobby.Intent{Kind: lobby.Move, Action: g.Legal[0]})
					return true
				}
			}
			return false
		}, wait, 5*time.Millisecond, "nobody had a move")
		for _, c := range players {
			waitScreen(t, c, func(s lobby.Screen) bool { return moves(s) > before || s.Table.Status == lobby.Finished })
		}
		if players[0].Screen().Table.Status == lobby.Finished {
			return
		}
	}
}

// TestPrivateCodeWorksFromEveryNode: a private table opened on node b is
// joined by its code from a and from c; the three play at it, each sees
// every move and only their own hand, views never go back in time, and a
// fourth player who comes once the game has started watches it from a,
// without a hand.
func TestPrivateCodeWorksFromEveryNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	ana, bo, cy := b.player(t, "ana"), a.player(t, "bo"), c.player(t, "cy")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(3)}))
	code := ana.Screen().Table.Code
	require.NotEmpty(t, code)
	require.NoError(t, bo.Join(code))
	require.NoError(t, cy.Join(code))
	for _, p := range []*lobby.Client{ana, bo, cy} {
		waitScreen(t, p, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Taken == 3 })
	}
	require.Equal(t, 1, bo.Screen().Table.You)
	require.Equal(t, 2, cy.Screen().Table.You)

	ana.Do(lobby.Intent{Kind: lobby.Start})
	for _, p := range []*lobby.Client{ana, bo, cy} {
		waitScreen(t, p, func(s lobby.Screen) bool { return moves(s) >= 0 })
	}
	dy := a.player(t, "dy")
	require.NoError(t, dy.Join(code)) // the game has started: dy watches
	require.Equal(t, -1, dy.Screen().Table.You)
	playMoves(t, 30, ana, bo, cy)
	for i, p := range []*lobby.Client{ana, bo, cy} {
		g := p.Screen().Table.Game
		require.Equal(t, i, p.Screen().Table.You)
		require.Equal(t, g.Seats[i].Cards, len(g.Hand), "each player holds their own hand")
	}
	waitScreen(t, dy, func(s lobby.Screen) bool { return moves(s) == moves(ana.Screen()) })
	require.Empty(t, dy.Screen().Table.Game.Hand, "a spectator never gets a hand")

	bo.Do(lobby.Intent{Kind: lobby.Chat, Text: "hello from a"})
	waitScreen(t, cy, func(s lobby.Screen) bool { return lastLog(s) != "" && contains(lastLog(s), "hello from a") })
}

// TestPublicListAndQuickPlayAcrossNodes: a public table opened on b is in
// a's lobby; quick play on a sits at it rather than opening another, and
// the table, fullest first, fills from every node.
func TestPublicListAndQuickPlayAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	ana := b.player(t, "ana")
	ana.QuickPlay()
	id := ana.Screen().Table.ID
	bo := a.player(t, "bo")
	waitScreen(t, bo, func(s lobby.Screen) bool { return len(s.Tables) == 1 && s.Tables[0].ID == id })
	bo.QuickPlay()
	s := waitScreen(t, bo, func(s lobby.Screen) bool { return s.Table != nil })
	require.Equal(t, id, s.Table.ID, "quick play sat bo at b's table")
	cy := c.player(t, "cy")
	waitScreen(t, cy, func(s lobby.Screen) bool { return len(s.Tables) == 1 && s.Tables[0].Taken == 2 })
	cy.QuickPlay()
	require.Equal(t, id, cy.Screen().Table.ID)
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 3 })

	// Watching by id from another node.
	dy := c.player(t, "dy")
	require.NoError(t, dy.Watch(id))
	require.Equal(t, -1, dy.Screen().Table.You)
	// Leaving from another node puts the player back in the lobby.
	bo.Do(lobby.Intent{Kind: lobby.Leave})
	require.Nil(t, bo.Screen().Table)
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 2 })
}

// TestKeptSeatFoundFromAnyNode: a player on a whose connection drops while
// playing at b's table finds their seat from c: the lobby there shows it
// kept for them, and Back puts them in it with their hand.
func TestKeptSeatFoundFromAnyNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	ana, bo := b.player(t, "ana"), a.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2)}))
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, bo, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 4, ana, bo)
	hand := len(bo.Screen().Table.Game.Hand)
	bo.Disconnect()
	waitScreen(t, ana, func(s lobby.Screen) bool { return !s.Table.Seats[1].Connected })

	again := c.hub.Connect("sess-bo-again", "key-bo", false)
	s := waitScreen(t, again, func(s lobby.Screen) bool { return s.Held != nil || s.Table != nil })
	if s.Table == nil {
		require.NoError(t, again.Back())
	}
	s = waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, 1, s.Table.You)
	require.Len(t, s.Table.Game.Hand, hand)
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Seats[1].Connected })
	playMoves(t, 4, ana, again)
}

func settings(players int) engine.Settings {
	return engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: players, Target: engine.DefaultTarget}
}

func lastLog(s lobby.Screen) string {
	if s.Table == nil || len(s.Table.Log) == 0 {
		return ""
	}
	return fmt.Sprint(s.Table.Log[len(s.Table.Log)-1])
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// TestShortNamesUniqueAcrossNodes: two nodes that would draw the same
// short name for their first tables (the same seed) give different ones:
// friends meet by a name that means one table in the whole service.
func TestShortNamesUniqueAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b")
	ana, bo := nodes[1].player(t, "ana"), nodes[0].player(t, "bo")
	ana.QuickPlay()
	first := ana.Screen().Table.Short
	waitScreen(t, bo, func(s lobby.Screen) bool { return len(s.Tables) == 1 })
	require.NoError(t, bo.Create(lobby.TableOptions{Public: true, Settings: settings(4)}))
	require.NotEqual(t, first, bo.Screen().Table.Short)
}

// TestGuestRejoinsOnAnotherNode: a guest whose connection to node a drops
// while b's table keeps their seat comes back through c with their rejoin
// code, and sits in their seat again with their name.
func TestGuestRejoinsOnAnotherNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	ana := b.player(t, "ana")
	gus := a.hub.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	code := waitScreen(t, gus, func(s lobby.Screen) bool { return s.Rejoin != "" }).Rejoin
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2)}))
	require.NoError(t, gus.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, gus, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 4, ana, gus)
	hand := len(gus.Screen().Table.Game.Hand)
	gus.Disconnect()
	waitScreen(t, ana, func(s lobby.Screen) bool { return !s.Table.Seats[1].Connected })
	// Node a writes the code into the directory once the seat is kept; a
	// player's new connection takes longer than that, a test's call not.
	seats, err := c.conn.JS.KeyValue(t.Context(), bucketSeats)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		_, err := seats.Get(t.Context(), "r-"+code)
		return err == nil
	}, 10*time.Second, 10*time.Millisecond, "node a writes gus's rejoin code")

	playMoves(t, 4, ana, gusBack(t, c, code, hand))
}

// gusBack is guest gus coming back with his rejoin code through node n:
// his seat (the second), his name and his hand of hand cards are his again.
// rejoinOn connects gus with his rejoin code through node n once n finds
// the place kept for him (what says which), trying from a new session each
// time as a person would: a session's wrong codes are limited.
func rejoinOn(t *testing.T, n *node, code, what string) *lobby.Client {
	t.Helper()
	var key, sess string
	tries := 0
	require.Eventually(t, func() bool {
		tries++
		sess = fmt.Sprintf("sess-gus-%d", tries)
		k, err := n.hub.RejoinKey(code, sess, "")
		key = k
		return err == nil
	}, 10*time.Second, 50*time.Millisecond, what)
	return n.hub.Connect(sess, key, true)
}

func gusBack(t *testing.T, n *node, code string, hand int) *lobby.Client {
	t.Helper()
	key, err := n.hub.RejoinKey(code, "sess-gus-2", "")
	require.NoError(t, err)
	again := n.hub.Connect("sess-gus-2", key, true)
	s := waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, 1, s.Table.You)
	require.Equal(t, "gus", s.Nick)
	require.Len(t, s.Table.Game.Hand, hand)
	return again
}
