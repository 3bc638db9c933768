package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/store/pgtest"
)

// These tests are the bot API's seeks across the nodes of a service: real
// NATS between the nodes, and the service's PostgreSQL for the ladder.

// pgNodes starts nodes sharing one PostgreSQL store of their own.
func pgNodes(t *testing.T, ns *natstest.Server, names ...string) ([]*node, *store.DB) {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), pgtest.New(t), store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return startNodesWith(t, ns, st, names...), st
}

// apiBot is an API bot's session on n, its account's validation game
// already on the ladder.
func apiBot(t *testing.T, n *node, st *store.DB, nick string) *lobby.Client {
	t.Helper()
	c := n.hub.Connect("sess-"+nick+"-"+n.name, "key-"+nick, false)
	require.NoError(t, c.StartBot())
	require.NoError(t, c.RegisterBot(nick))
	a, err := st.AccountByKey(context.Background(), "key-"+nick)
	require.NoError(t, err)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	_, _, err = st.RecordGame(context.Background(), store.GameRecord{Settings: engine.Settings{Players: 2, Mode: engine.SingleHand},
		Ladder: true, Started: now, Ended: now, Seats: []store.GameSeat{
			{Kind: store.SeatAccount, AccountID: a.ID, Name: nick, Team: 0, Place: 1},
			{Kind: store.SeatBot, BotLevel: "normal", Name: "normal", Team: 1, Place: 2}}})
	require.NoError(t, err)
	return c
}

// TestLadderPairsBotsOnTwoNodes: a bot waiting on the ladder on node a is
// found by a bot that seeks it on node b, which sits at its table there;
// they play the game out across the nodes, and it is rated on both their
// ladder ratings.
func TestLadderPairsBotsOnTwoNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes, st := pgNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	robo, droid := apiBot(t, a, st, "robo"), apiBot(t, b, st, "droid")
	require.NoError(t, robo.SeekLadder())
	waiting := waitScreen(t, robo, func(s lobby.Screen) bool { return s.Table != nil }).Table
	require.Equal(t, lobby.Waiting, waiting.Status)

	// Node b finds robo's table in the directory, or, if it has not read
	// of it yet, droid waits at a table of its own until it does, and then
	// the newer table's bot moves to the older (this clock stands still:
	// the older is the one with the smaller id).
	require.NoError(t, droid.SeekLadder())
	s := waitScreen(t, robo, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, s.Table.ID, waitScreen(t, droid, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil }).Table.ID)
	require.True(t, s.Table.Seats[1-s.Table.You].Program, "the other bot is an API bot at the table, across the nodes")
	playMoves(t, 1000, robo, droid)
	require.Equal(t, lobby.Finished, robo.Screen().Table.Status)

	for _, nick := range []string{"robo", "droid"} {
		acct, err := st.AccountByKey(context.Background(), "key-"+nick)
		require.NoError(t, err)
		require.Eventually(t, func() bool {
			l, err := st.LadderStanding(context.Background(), acct.ID, time.Time{})
			return err == nil && l.Games == 2
		}, wait, 20*time.Millisecond, "%s's ladder game across nodes was not rated", nick)
	}
}

// TestBotSeeksAPublicTableOnAnotherNode: a public table whose host allows
// API bots, on node b, is where a bot that seeks a public table of its
// edition and mode on node a sits; its seat shows an API bot.
func TestBotSeeksAPublicTableOnAnotherNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes, st := pgNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana := b.player(t, "ana")
	opts := lobby.TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Mode: engine.SingleHand, Players: 3},
		Public: true, APIBots: true}
	require.NoError(t, ana.Create(opts))
	id := ana.Screen().Table.ID
	robo := apiBot(t, a, st, "robo")
	require.Eventually(t, func() bool {
		return robo.SeekPublic(engine.Classic2001, engine.SingleHand) == nil
	}, wait, 20*time.Millisecond, "the bot on a never found b's table")
	require.Equal(t, id, robo.Screen().Table.ID)
	s := waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 2 })
	require.True(t, s.Table.Seats[1].Program, "robo's seat is an API bot's")
}

// TestLadderSeekersOnTwoNodesAtOnceMeet: two bots that seek the ladder on
// two nodes one right after the other, before either node has read of the
// other's table, each open one; once the nodes read of each other's, the
// newer table's bot moves to the older, and they play each other.
func TestLadderSeekersOnTwoNodesAtOnceMeet(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes, st := pgNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	robo, droid := apiBot(t, a, st, "robo"), apiBot(t, b, st, "droid")
	require.NoError(t, robo.SeekLadder())
	require.NoError(t, droid.SeekLadder())
	sr := waitScreen(t, robo, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	sd := waitScreen(t, droid, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, sr.Table.ID, sd.Table.ID, "the two bots play each other")
	require.True(t, sr.Table.Ladder)
	playMoves(t, 1000, robo, droid)
	require.Equal(t, lobby.Finished, robo.Screen().Table.Status)
}
