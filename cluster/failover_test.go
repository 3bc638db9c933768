package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
)

// startStoredNodes is startNodes with one store every node shares (in one
// process, one SQLite store stands for the service's PostgreSQL).
func startStoredNodes(t *testing.T, ns *natstest.Server, names ...string) []*node {
	t.Helper()
	return startNodesWith(t, ns, sharedStore(t), names...)
}

// sharedStore is a SQLite store for the nodes of one test to share, closed
// when the test ends.
func sharedStore(t *testing.T) *store.DB {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// twoNodeGame deals a game at a table of node b's, ana (its host) on b
// and bo on a, and plays six moves of it, without a turn timer.
func twoNodeGame(t *testing.T, a, b *node) (ana, bo *lobby.Client, id string) {
	t.Helper()
	ana, bo = b.player(t, "ana"), a.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	id = ana.Screen().Table.ID
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, bo, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 6, ana, bo)
	return ana, bo, id
}

// snapshotOf is table id as the node that plays it reports it.
func snapshotOf(t *testing.T, n *node, id string) (lobby.TableSnapshot, bool) {
	t.Helper()
	snaps, err := n.hub.Snapshot(context.Background())
	require.NoError(t, err)
	for _, s := range snaps {
		if s.ID == id {
			return s, true
		}
	}
	return lobby.TableSnapshot{}, false
}

// cutOff is a node losing NATS for good: its leases run out and its
// tables are taken over, as when it dies.
func cutOff(n *node) { n.conn.NC.Close() }

// nodeGame is a game at a table of node b's with one player from each of
// three nodes: ana on b (its host), bo on a, cy on c.
type nodeGame struct {
	a, b, c     *node
	ana, bo, cy *lobby.Client
	id          string
}

// threeNodeGame starts nodes a, b and c on one store and deals a game at
// b's table, without a turn timer.
func threeNodeGame(t *testing.T, ns *natstest.Server) nodeGame {
	t.Helper()
	nodes := startStoredNodes(t, ns, "a", "b", "c")
	g := nodeGame{a: nodes[0], b: nodes[1], c: nodes[2]}
	g.ana, g.bo, g.cy = g.b.player(t, "ana"), g.a.player(t, "bo"), g.c.player(t, "cy")
	require.NoError(t, g.ana.Create(lobby.TableOptions{Settings: settings(3), TurnTime: lobby.NoTurnTimer}))
	g.id = g.ana.Screen().Table.ID
	code := g.ana.Screen().Table.Code
	require.NoError(t, g.bo.Join(code))
	require.NoError(t, g.cy.Join(code))
	waitScreen(t, g.ana, func(s lobby.Screen) bool { return s.Table.Taken == 3 })
	g.ana.Do(lobby.Intent{Kind: lobby.Start})
	for _, p := range []*lobby.Client{g.ana, g.bo, g.cy} {
		waitScreen(t, p, func(s lobby.Screen) bool { return moves(s) >= 0 })
	}
	return g
}

// TestTableSurvivesItsNode: node b, which plays a table with players on a
// and c, loses NATS mid-hand. Within the leases' life another node takes
// the table over, with the very game b had stored (the engine's state
// hash), and a and c's players play on without reconnecting, each seeing
// one line about it; b's own player comes back through a and finds her
// seat.
func TestTableSurvivesItsNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	g := threeNodeGame(t, ns)
	a, b, c, ana, bo, cy, id := g.a, g.b, g.c, g.ana, g.bo, g.cy, g.id
	playMoves(t, 10, ana, bo, cy)
	var before lobby.TableSnapshot
	require.Eventually(t, func() bool {
		s, ok := snapshotOf(t, b, id)
		before = s
		return ok && s.Unwritten == 0 && s.Actions > 0
	}, 10*time.Second, 5*time.Millisecond)

	cutOff(b)
	var owner *node
	require.Eventually(t, func() bool {
		for _, n := range []*node{a, c} {
			if s, ok := snapshotOf(t, n, id); ok && s.RestoredHash != "" {
				owner = n
				return true
			}
		}
		return false
	}, 15*time.Second, 20*time.Millisecond, "another node takes the table over")
	after, _ := snapshotOf(t, owner, id)
	require.Equal(t, before.Hash, after.RestoredHash, "the game goes on from the very state b had")
	require.Equal(t, before.Actions, after.RestoredActions)

	// a's and c's players are back in their seats there without a thing
	// done, and play on.
	for _, p := range []*lobby.Client{bo, cy} {
		waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.Game != nil && s.Table.Seats[s.Table.You].Connected &&
				logHas(s, "moved to another server")
		})
	}
	// b's player signs in on a and finds her seat.
	ana2 := a.hub.Connect("sess-ana-again", "key-ana", false)
	s := waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Held != nil || s.Table != nil })
	if s.Table == nil {
		require.NoError(t, ana2.Back())
	}
	s = waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, 0, s.Table.You)
	playMoves(t, 10, ana2, bo, cy)
}

// logHas reports whether a line of the table's log says what.
func logHas(s lobby.Screen, what string) bool {
	if s.Table == nil {
		return false
	}
	for _, l := range s.Table.Log {
		if strings.Contains(l.Text, what) {
			return true
		}
	}
	return false
}

// TestFencedWriteStopsTheTable: once another node has claimed a table in
// the store, the node that played it gets its next write refused; the
// table stops there at once, the move it could not store is shown to
// nobody, and its players go on at the table where it is taken over, from
// the last move stored.
func TestFencedWriteStopsTheTable(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	nodes := startNodesWith(t, ns, st, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo, id := twoNodeGame(t, a, b)
	var before lobby.TableSnapshot
	require.Eventually(t, func() bool {
		s, ok := snapshotOf(t, b, id)
		before = s
		return ok && s.Unwritten == 0
	}, 10*time.Second, 5*time.Millisecond)
	shown := moves(ana.Screen())

	_, err := st.ClaimTable(context.Background(), id, "elsewhere") // another writer, as far as the store knows
	require.NoError(t, err)
	for _, p := range []*lobby.Client{ana, bo} {
		if g := p.Screen().Table.Game; g.Current == p.Screen().Table.You {
			p.Do(lobby.Intent{Kind: lobby.Move, Action: g.Legal[0]})
		}
	}
	// b stops the table at once and gives its lease up, so a node may
	// take it over (claiming it anew) before the next look, and play there
	// the move whose key waited for it: a move shown is then played on the
	// table rebuilt from what was stored, never on the one fenced off.
	for _, p := range []*lobby.Client{ana, bo} {
		if moves(p.Screen()) != shown {
			require.Eventually(t, func() bool {
				for _, n := range nodes {
					if s, ok := snapshotOf(t, n, id); ok && s.RestoredHash == before.Hash {
						return true
					}
				}
				return false
			}, 15*time.Second, 20*time.Millisecond, "the move b could not store is shown to nobody: a move shown was played where the table was taken over")
		}
	}

	var owner *node
	require.Eventually(t, func() bool {
		for _, n := range nodes {
			if s, ok := snapshotOf(t, n, id); ok && s.RestoredHash != "" {
				owner = n
				return true
			}
		}
		return false
	}, 15*time.Second, 20*time.Millisecond, "a node takes the table over once b's lease runs out")
	after, _ := snapshotOf(t, owner, id)
	require.Equal(t, before.Hash, after.RestoredHash, "from the last move stored")
	for _, p := range []*lobby.Client{ana, bo} {
		waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.Game != nil && s.Table.Seats[s.Table.You].Connected && logHas(s, "moved to another server")
		})
	}
	playMoves(t, 6, ana, bo)
}

// TestMoveMadeAsItsNodeDiesIsPlayedThere: the player to move, on a
// surviving node, plays a card just as the table's node dies (their key
// waits while no node serves the table). Once another node has taken the
// table over, that move is played there and the player is still at the
// table: the first answer of the new owner, from a session it does not
// seat yet, never takes the player off the table on their own node.
func TestMoveMadeAsItsNodeDiesIsPlayedThere(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	g := threeNodeGame(t, ns)
	b, ana, bo, cy, id := g.b, g.ana, g.bo, g.cy, g.id
	// Play on until a player of a or c is to move.
	var mover *lobby.Client
	for range 20 {
		for _, p := range []*lobby.Client{bo, cy} {
			if s := p.Screen(); s.Table.Game.Current == s.Table.You && len(s.Table.Game.Legal) > 0 {
				mover = p
			}
		}
		if mover != nil {
			break
		}
		playMoves(t, 1, ana, bo, cy)
	}
	require.NotNil(t, mover, "a player of a or c comes to move")
	require.Eventually(t, func() bool {
		s, ok := snapshotOf(t, b, id)
		return ok && s.Unwritten == 0 && s.Actions > 0
	}, 10*time.Second, 5*time.Millisecond)
	before := moves(mover.Screen())

	cutOff(b)
	mover.Do(lobby.Intent{Kind: lobby.Move, Action: mover.Screen().Table.Game.Legal[0]})
	s := waitScreen(t, mover, func(s lobby.Screen) bool { return s.Table == nil || moves(s) > before })
	require.NotNil(t, s.Table, "the player is still at the table")
	require.True(t, s.Table.Seats[s.Table.You].Connected)
	require.True(t, logHas(s, "moved to another server"))
}

// TestGuestOfADeadNodeRejoinsOnAnother: guest gus plays from node a at
// b's table. Node a dies (cut off: it never writes again), so nothing
// writes his code into the directory as his connection drops; b keeps his
// seat. He runs `rejoin CODE` through node c, and is back in his seat with
// his name and his hand.
func TestGuestOfADeadNodeRejoinsOnAnother(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	ana := b.player(t, "ana")
	gus := a.hub.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	code := waitScreen(t, gus, func(s lobby.Screen) bool { return s.Rejoin != "" }).Rejoin
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	require.NoError(t, gus.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, gus, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 4, ana, gus)
	hand := len(gus.Screen().Table.Game.Hand)

	cutOff(a)
	waitScreen(t, ana, func(s lobby.Screen) bool { return !s.Table.Seats[1].Connected })
	// b has seen a's lease run out and kept the seat; it writes so into
	// the directory a moment later, which a player's new connection takes
	// longer than, a test's call not.
	seats, err := c.conn.JS.KeyValue(t.Context(), bucketSeats)
	require.NoError(t, err)
	sum := sha256.Sum256([]byte("guest:sess-gus"))
	require.Eventually(t, func() bool {
		// b's own line, not a's live one from before a died (which the
		// directory holds until b's replaces it)
		e, err := seats.Get(t.Context(), hex.EncodeToString(sum[:16]))
		return err == nil && strings.Contains(string(e.Value()), `"node":"b"`)
	}, 10*time.Second, 10*time.Millisecond, "b writes the seat it keeps for gus")
	playMoves(t, 4, ana, gusBack(t, c, code, hand))
}

// TestGuestRejoinsTheTableOfTheirDeadNode: guest gus plays at his own
// table on node a against bo from b. Node a dies with the table; another
// node takes it over from its journal and keeps gus's seat, so his rejoin
// code through node c puts him back in it, with his name and his hand.
func TestGuestRejoinsTheTableOfTheirDeadNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	bo := b.player(t, "bo")
	gus := a.hub.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	code := waitScreen(t, gus, func(s lobby.Screen) bool { return s.Rejoin != "" }).Rejoin
	require.NoError(t, gus.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	id := gus.Screen().Table.ID
	require.NoError(t, bo.Join(gus.Screen().Table.Code))
	gus.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, bo, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 4, gus, bo)
	hand := len(gus.Screen().Table.Game.Hand)
	require.Eventually(t, func() bool {
		s, ok := snapshotOf(t, a, id)
		return ok && s.Unwritten == 0 && s.Actions > 0
	}, 10*time.Second, 5*time.Millisecond)

	cutOff(a)
	require.Eventually(t, func() bool {
		for _, n := range []*node{b, c} {
			if s, ok := snapshotOf(t, n, id); ok && s.RestoredHash != "" {
				return true
			}
		}
		return false
	}, 15*time.Second, 20*time.Millisecond, "another node takes the table over")
	// The new owner writes the seat it keeps a moment after taking the
	// table: gus tries again, from a new session each time as a person
	// would (a session's wrong codes are limited).
	again := rejoinOn(t, c, code, "gus's code finds the seat the new owner keeps for him")
	s := waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, 0, s.Table.You)
	require.Equal(t, "gus", s.Nick)
	require.Len(t, s.Table.Game.Hand, hand)
	playMoves(t, 4, again, bo)
}
