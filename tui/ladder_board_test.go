package tui

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/records"
)

// The leaderboard reaches the bot ladder with ←/→ (it comes after the
// editions), asks the lobby for it, and says what its numbers mean; `top
// bots` names it too.
func TestBoardShowsTheBotLadder(t *testing.T) {
	m, r := newRecordsModel(recordsScreen(), 80, 24)
	pressAll(m, []string{"t", "left"})
	require.Equal(t, []string{"all false", lobby.LadderBoard + " false"}, r.asked)
	view := m.View()
	require.Contains(t, view, "the bot ladder")
	require.Contains(t, view, records.LadderNote)
	require.Contains(t, view, "bot (hard)")
	for _, in := range []string{"bots", "BOTS", "ladder"} {
		got, err := ParseBoardEdition(in)
		require.NoError(t, err, in)
		require.Equal(t, lobby.LadderBoard, got, in)
	}
	require.Contains(t, LadderText(leaderboard()), "bot (normal)")
}
