package tui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
)

// TestClockTicksOnlyForACountdown: a page with nothing counting down gets
// no tick at all (an idle session costs nothing); one with a countdown gets
// exactly one tick on its way at a time, and the ticks stop with it.
func TestClockTicksOnlyForACountdown(t *testing.T) {
	quiet := lobbyScreen()
	for i := range quiet.Tables {
		quiet.Tables[i].StartsAt = time.Time{}
	}
	turn := midGame()
	turn.Table.TurnEnds = at(20 * time.Second)
	untimed := midGame()
	untimed.Table.TurnEnds = time.Time{}

	cases := []struct {
		name  string
		scr   lobby.Screen
		ticks bool
	}{
		{"lobby with no countdown", quiet, false},
		{"lobby with a table starting", lobbyScreen(), true},
		{"table without a turn timer", untimed, false},
		{"table with a turn timer", turn, true},
		{"waiting room counting down", waitingRoom(), !waitingRoom().Table.StartsAt.IsZero()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := newTestModel(c.scr, 80, 24, plainRenderer())
			require.Equal(t, c.ticks, m.clock() != nil, "the first tick")
			require.Nil(t, m.clock(), "never a second tick on its way")
			if c.ticks {
				_, cmd := m.Update(tickMsg(fixedNow))
				require.NotNil(t, cmd, "a tick arms the next while the countdown shows")
			}
		})
	}

	t.Run("the ticks stop with the countdown", func(t *testing.T) {
		m, _ := newTestModel(turn, 80, 24, plainRenderer())
		require.NotNil(t, m.clock())
		m.setScreen(untimed)
		_, cmd := m.Update(tickMsg(fixedNow))
		require.Nil(t, cmd)
		require.False(t, m.ticking)
	})
}
