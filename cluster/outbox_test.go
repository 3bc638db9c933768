package cluster

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// TestAScreenSentInAReplyIsNotSentAgain: what a player on another node
// does comes back to their node once, in the answer to it. The owner's
// outbox does not send the same screen again on the node's screens
// subject: the first screen it sends there is the next change (another
// player's line), not a copy of the answer.
func TestAScreenSentInAReplyIsNotSentAgain(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo := a.player(t, "ana"), b.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2)}))
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 2 })

	sub, err := b.conn.NC.SubscribeSync(screensSubject("b"))
	require.NoError(t, err)
	require.NoError(t, b.conn.NC.Flush())
	bo.Do(lobby.Intent{Kind: lobby.Chat, Text: "first-from-bo"})
	require.True(t, contains(lastLog(bo.Screen()), "first-from-bo"), "the answer carried bo's screen")
	ana.Do(lobby.Intent{Kind: lobby.Chat, Text: "then-from-ana"})
	for {
		m, err := sub.NextMsg(10 * time.Second)
		require.NoError(t, err, "ana's line reaches b")
		if bytes.Contains(m.Data, []byte("then-from-ana")) {
			return
		}
		require.NotContains(t, string(m.Data), "first-from-bo", "bo's screen went out again after its answer")
	}
}
