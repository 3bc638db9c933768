package tui

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// A key at a table is one call to Send, made in Update: no command (so no
// goroutine) carries it, and the intent is on its way when Update returns.
func TestAMoveIsSentWithoutACommand(t *testing.T) {
	m, f := newTestModel(midGame(), 80, 24, plainRenderer())
	cmd := m.onKey(keyMsg("d"))
	require.Nil(t, cmd, "a move runs no command")
	require.Len(t, f.intents, 1)
	require.Equal(t, lobby.Move, f.intents[0].Kind)
	require.Equal(t, engine.Draw, f.intents[0].Action.Kind)
	require.False(t, m.calls.busy, "no call is queued for a move")
}

// A table whose queue is full says so, in the player's words.
func TestABusyTableSaysSo(t *testing.T) {
	m, f := newTestModel(midGame(), 80, 24, plainRenderer())
	f.sendErr = lobby.ErrBusy
	m.Update(keyMsg("d"))
	require.Contains(t, m.View(), lobby.ErrBusy.Error())
}
