package cluster

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// chatLines are the texts of the chat lines in a screen's log, in order.
func chatLines(s lobby.Screen) []string {
	var out []string
	if s.Table == nil {
		return nil
	}
	for _, l := range s.Table.Log {
		if l.Chat {
			out = append(out, l.Text)
		}
	}
	return out
}

// TestSendReachesATableOnAnotherNodeInOrder: a player on node a at a
// table node b owns sends intents without waiting; they reach the table in
// the order sent, the one it refuses comes back as a notice on the
// player's screen, and Leave, which waits, returns with the player in a's
// lobby.
func TestSendReachesATableOnAnotherNodeInOrder(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nodes := startNodes(t, ns, "a", "b")
	a, b := nodes[0], nodes[1]
	ana, bo := b.player(t, "ana"), a.player(t, "bo")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(3)}))
	require.NoError(t, bo.Join(ana.Screen().Table.Code))
	waitScreen(t, bo, func(s lobby.Screen) bool { return s.Table != nil && s.Table.Taken == 2 })

	var want []string
	for i := range 5 { // the chat's burst
		line := fmt.Sprintf("line %d from a", i)
		want = append(want, line)
		require.NoError(t, bo.Send(lobby.Intent{Kind: lobby.Chat, Text: line}))
	}
	require.NoError(t, bo.Send(lobby.Intent{Kind: lobby.Chat, Text: "one too many"}))
	s := waitScreen(t, bo, func(s lobby.Screen) bool { return s.Notice.Error && len(chatLines(s)) == len(want) })
	require.Equal(t, want, chatLines(s), "every line in the order sent, the refused one not")
	waitScreen(t, ana, func(s lobby.Screen) bool { return len(chatLines(s)) == len(want) })
	require.Equal(t, want, chatLines(ana.Screen()))

	require.NoError(t, bo.Leave())
	require.Nil(t, bo.Screen().Table, "Leave returns once the player is in the lobby")
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 1 })
}
