package tui

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
)

// TestTurnBellAndTitle: the bell rings once when the player's turn comes,
// the window title says so while it lasts, and b turns the bell off.
func TestTurnBellAndTitle(t *testing.T) {
	theirs := func() lobby.Screen {
		s := midGame()
		v := *s.Table.Game
		v.Current = 2
		s.Table.Game = &v
		return s
	}
	m, _ := newTestModel(theirs(), 80, 24, plainRenderer())
	require.False(t, m.TakeBell())
	require.Equal(t, titleIdle, m.Title())

	m.setScreen(midGame()) // seat 0's turn
	require.True(t, m.TakeBell(), "the bell rings when the turn comes")
	require.False(t, m.TakeBell(), "and only once")
	require.Equal(t, titleTurn, m.Title())

	m.setScreen(midGame()) // still the same turn: no second ring
	require.False(t, m.TakeBell())

	press(m, keyMsg("b"))
	require.Contains(t, m.View(), "the bell is off")
	m.setScreen(theirs())
	require.Equal(t, titleIdle, m.Title())
	m.setScreen(midGame())
	require.False(t, m.TakeBell(), "no bell once it is off")

	press(m, keyMsg("b"))
	m.setScreen(theirs())
	m.setScreen(midGame())
	require.True(t, m.TakeBell(), "b turns it on again")
}
