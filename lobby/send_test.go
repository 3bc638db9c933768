package lobby

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// chatLines are the texts of the chat lines in a screen's log, in order.
func chatLines(s Screen) []string {
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

// TestSendKeepsOrderAndAnswersOnTheScreen: intents sent one after another,
// none waited for, reach the table in the order they were sent; an intent
// the table refuses is answered on the player's screen as a notice, and the
// table, which no one waited on, goes on answering (Leave).
func TestSendKeepsOrderAndAnswersOnTheScreen(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana")
	require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(4), Bots: 1}))
	waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })

	var want []string
	for i := range chatBurst {
		line := fmt.Sprintf("line %d", i)
		want = append(want, line)
		require.NoError(t, ana.Send(Intent{Kind: Chat, Text: line}))
	}
	require.NoError(t, ana.Send(Intent{Kind: Chat, Text: "one too many"}))
	s := waitScreen(t, ana, func(s Screen) bool { return s.Notice.Error && s.Notice.Text == errChatRate.Error() })
	require.Equal(t, want, chatLines(s), "every line in the order sent, the refused one not")

	require.NoError(t, ana.Leave())
	require.Nil(t, ana.Screen().Table, "Leave returns once the player is in the lobby")
	require.ErrorIs(t, ana.Send(Intent{Kind: Chat, Text: "hello?"}), ErrNotAtTable)
}

// TestSendToAFullQueueIsBusyAtOnce: when the table's queue is full, Send
// answers ErrBusy without waiting for room, and what was queued stays
// queued in the order it was sent.
func TestSendToAFullQueueIsBusyAtOnce(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana")
	// A table that takes nothing from its queue: a goroutine stuck, as far
	// as the session can tell.
	q := &tableQueue{id: "stuck", cmds: make(chan tableCmd, 4), done: make(chan struct{})}
	ana.arrive(q)
	for i := range cap(q.cmds) {
		require.NoError(t, ana.Send(Intent{Kind: Chat, Text: fmt.Sprint(i)}))
	}
	require.ErrorIs(t, ana.Send(Intent{Kind: Chat, Text: "more"}), ErrBusy)
	for i := range cap(q.cmds) {
		cmd := (<-q.cmds).(intentCmd)
		require.Equal(t, fmt.Sprint(i), cmd.in.Text)
		require.Nil(t, cmd.reply, "no one waits for a sent intent")
	}
}

// TestSendToAClosedTableTakesThePlayerToTheLobby: a table that has ended
// answers ErrNoSuchTable, and the player's screen is the lobby's.
func TestSendToAClosedTableTakesThePlayerToTheLobby(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana")
	q := &tableQueue{id: "closed", cmds: make(chan tableCmd), done: make(chan struct{})}
	ana.show(q, &TableView{TableInfo: TableInfo{ID: "closed"}})
	close(q.done)
	require.ErrorIs(t, ana.Send(Intent{Kind: Chat, Text: "hi"}), ErrNoSuchTable)
	require.Nil(t, ana.Screen().Table)
	require.Nil(t, ana.table())
}
