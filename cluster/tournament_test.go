package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// tourGame opens a public tournament on node b (ana hosts it, with six
// bots), signs bo up from node a by its line in a's list, which fills it:
// its first round is dealt. It returns the ids of the tournament's tables.
func tourGame(t *testing.T, a, b *node) (ana, bo *lobby.Client, tables [2]string) {
	t.Helper()
	ana, bo = b.player(t, "ana"), a.player(t, "bo")
	settings := engine.Settings{Edition: engine.Classic2001, Blanks: engine.BlankSwapHands}
	require.NoError(t, ana.OpenTournament(lobby.TournamentOptions{Name: "friday cup", Public: true, Settings: settings, Bots: 6, TurnTime: lobby.NoTurnTimer}))
	s := waitScreen(t, bo, func(s lobby.Screen) bool { return len(s.Tables) == 1 })
	line := s.Tables[0]
	require.Equal(t, line.ID, line.Tournament, "b's tournament is in a's list")
	require.Equal(t, "friday cup", line.Name)
	require.NoError(t, bo.SignUp(line.ID)) // the eighth: the first round is dealt
	for _, p := range []*lobby.Client{ana, bo} {
		waitScreen(t, p, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil && s.Table.Tournament != nil })
	}
	return ana, bo, bo.Screen().Table.Tournament.TableIDs
}

// tourTables are the snapshots node n has of a tournament's tables, ids.
func tourTables(t *testing.T, n *node, ids [2]string) map[string]lobby.TableSnapshot {
	t.Helper()
	out := map[string]lobby.TableSnapshot{}
	for _, id := range ids {
		if s, ok := snapshotOf(t, n, id); ok {
			out[id] = s
		}
	}
	return out
}

// TestTournamentSurvivesItsNode: a tournament opened on node b is listed
// on a, where bo signs up and plays at his table of it through b. Node b
// dies mid-round; a takes the tournament over, both its tables with every
// stored move (the same engine states), and bo is back at his seat there
// with his hand, without reconnecting; ana, who was on b, connects to a
// and is at her seat.
func TestTournamentSurvivesItsNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo, id := tourGame(t, a, b)
	anaHand := ana.Screen().Table.Game.Hand
	before := tourTables(t, b, id)
	require.Len(t, before, 2)
	hand := bo.Screen().Table.Game.Hand
	table := bo.Screen().Table.ID

	cutOff(b)
	s := waitScreen(t, bo, func(s lobby.Screen) bool {
		return s.Table != nil && s.Table.Game != nil && logHas(s, "moved to another server") && s.Table.Seats[s.Table.You].Connected
	})
	require.Equal(t, table, s.Table.ID)
	require.Equal(t, hand, s.Table.Game.Hand)
	after := tourTables(t, a, id)
	require.Len(t, after, 2, "a plays both tables")
	for tid, snap := range before {
		require.Equal(t, snap.Hash, after[tid].RestoredHash, "table %s: no move lost", tid)
	}

	// ana was on b: she connects again, to a, and is at her seat.
	ana2 := a.hub.Connect("sess-ana-2", "key-ana", false)
	s = waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Held != nil || s.Table != nil })
	if s.Table == nil {
		require.NoError(t, ana2.Back())
	}
	s = waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, anaHand, s.Table.Game.Hand)
}

// TestDrainHandsTournamentsOver: node b drains with a tournament in play:
// a takes it over with both tables as they stood, ana (on b) and bo (on a)
// go on at their seats there, and b's drain counts both tables handed over.
func TestDrainHandsTournamentsOver(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo, id := tourGame(t, a, b)
	before := tourTables(t, b, id)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	rep, err := b.hub.Drain(ctx, "this server is restarting: ssh a to go on")
	require.NoError(t, err)
	require.Equal(t, lobby.DrainReport{HandedOver: 2}, rep)
	after := tourTables(t, a, id)
	require.Len(t, after, 2, "a plays both tables")
	for tid, snap := range before {
		require.Equal(t, snap.Hash, after[tid].RestoredHash, "table %s: no move lost", tid)
	}
	require.Empty(t, tourTables(t, b, id))
	for _, p := range []*lobby.Client{ana, bo} {
		waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.Game != nil && s.Table.Seats[s.Table.You].Connected && logHas(s, "moved to another server")
		})
	}
}

// TestFencedTournamentStopsWhereItWas: once another node has claimed a
// tournament in the store, the node that had it gets its next write of the
// record refused (cy's sign-up there); the tournament stops there at once,
// and is taken over from its record as it was before that sign-up, ana and
// bo back in their places in its room.
func TestFencedTournamentStopsWhereItWas(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	nodes := startNodesWith(t, ns, st, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo, cy := b.player(t, "ana"), a.player(t, "bo"), b.player(t, "cy")
	settings := engine.Settings{Edition: engine.Classic2001, Blanks: engine.BlankSwapHands}
	require.NoError(t, ana.OpenTournament(lobby.TournamentOptions{Public: true, Settings: settings, Bots: 4}))
	id := ana.Screen().Table.ID
	waitScreen(t, bo, func(s lobby.Screen) bool { return len(s.Tables) == 1 })
	require.NoError(t, bo.SignUp(id))
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 6 })

	_, err := st.ClaimTournament(context.Background(), id, "elsewhere") // another writer, as far as the store knows
	require.NoError(t, err)
	_ = cy.SignUp(id) // its record cannot be written: the tournament stops on b

	for _, p := range []*lobby.Client{ana, bo} {
		s := waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.ID == id && logHas(s, "moved to another server") && s.Table.Seats[s.Table.You].Connected
		})
		require.Equal(t, 6, s.Table.Taken, "as its record was, without cy")
	}
}

// TestTournamentRoomKeepsGuestsPlacesWhenItsNodeDies: a tournament still
// waiting for players lives on node b, where ana opened it; guest gus
// signs up from node a. Node b dies: a takes the room over from its
// record, and gus, who never left, is still signed up in his place, as a
// guest at a table taken over keeps his seat; the room counts him.
func TestTournamentRoomKeepsGuestsPlacesWhenItsNodeDies(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana := b.player(t, "ana")
	gus := a.hub.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	settings := engine.Settings{Edition: engine.Classic2001, Blanks: engine.BlankSwapHands}
	require.NoError(t, ana.OpenTournament(lobby.TournamentOptions{Public: true, Settings: settings, Bots: 4, TurnTime: lobby.NoTurnTimer}))
	id := ana.Screen().Table.ID
	waitScreen(t, gus, func(s lobby.Screen) bool { return len(s.Tables) == 1 })
	require.NoError(t, gus.SignUp(id))
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 6 })
	you := gus.Screen().Table.You

	cutOff(b)
	s := waitScreen(t, gus, func(s lobby.Screen) bool {
		return s.Table != nil && s.Table.ID == id && logHas(s, "moved to another server") && s.Table.Seats[s.Table.You].Connected
	})
	require.Equal(t, you, s.Table.You, "gus is in his place")
	require.Equal(t, "gus", s.Table.Seats[s.Table.You].Nick)
	require.Equal(t, 6, s.Table.Taken, "ana's place (away), gus's and the bots'")
}

// TestPlayersOfADeadNodeFindTheirPlacesInATournamentRoom: a tournament
// still waiting for players lives on node b, where ana opened it and
// guest gus signed up. Node b dies, and another takes the room over: ana,
// who connects again to the third node, is shown the place kept for her
// and is back in it; gus's rejoin code, through that node, puts him back
// in his, with his name.
func TestPlayersOfADeadNodeFindTheirPlacesInATournamentRoom(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startStoredNodes(t, ns, "a", "b", "c")
	b := nodes[1]
	ana := b.player(t, "ana")
	gus := b.hub.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	code := waitScreen(t, gus, func(s lobby.Screen) bool { return s.Rejoin != "" }).Rejoin
	settings := engine.Settings{Edition: engine.Classic2001, Blanks: engine.BlankSwapHands}
	require.NoError(t, ana.OpenTournament(lobby.TournamentOptions{Public: true, Settings: settings, Bots: 4, TurnTime: lobby.NoTurnTimer}))
	id := ana.Screen().Table.ID
	require.NoError(t, gus.SignUp(id))
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 6 })
	places := map[string]int{"ana": ana.Screen().Table.You, "gus": gus.Screen().Table.You}
	tables := ana.Screen().Table.Tournament.TableIDs

	cutOff(b)
	var c *node // the node that did not take the room over
	require.Eventually(t, func() bool {
		for i, n := range []*node{nodes[0], nodes[2]} {
			if _, ok := snapshotOf(t, n, tables[0]); ok {
				c = []*node{nodes[2], nodes[0]}[i]
				return true
			}
		}
		return false
	}, 15*time.Second, 20*time.Millisecond, "another node takes the room over")
	ana2 := c.hub.Connect("sess-ana-2", "key-ana", false)
	s := waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Held != nil || s.Table != nil })
	if s.Table == nil {
		require.NoError(t, ana2.Back())
	}
	s = waitScreen(t, ana2, func(s lobby.Screen) bool { return s.Table != nil && s.Table.ID == id })
	require.Equal(t, places["ana"], s.Table.You, "ana is in her place")

	again := rejoinOn(t, c, code, "gus's code finds the place a keeps for him")
	s = waitScreen(t, again, func(s lobby.Screen) bool { return s.Table != nil && s.Table.ID == id })
	require.Equal(t, places["gus"], s.Table.You, "gus is in his place")
	require.Equal(t, "gus", s.Nick)
	s = waitScreen(t, ana2, func(s lobby.Screen) bool {
		return s.Table.Seats[places["gus"]].Connected && s.Table.Seats[places["ana"]].Connected
	})
	require.Equal(t, 6, s.Table.Taken)
}
