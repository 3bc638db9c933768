package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every table's header names it, a private one too: at 80 columns the
// private table's short name stays when its code no longer fits (the
// waiting room shows the code big).
func TestPrivateHeaderShowsTheShortName(t *testing.T) {
	for _, w := range []int{80, 120} {
		s := midGame()
		s.Table.Code = "K7QX2MHC9DFA"
		s.Table.Short = "plucky-yak"
		m, _ := newTestModel(s, w, 24, plainRenderer())
		top := strings.SplitN(m.View(), "\n", 2)[0]
		require.Contains(t, top, "private plucky-yak", "width %d: %q", w, top)
	}
}

// A kick a moment after joining may reach a session as one screen: no
// table before, none after, and the news. The screen's count of tables left
// still brings the player from the join page back to the lobby.
func TestLeftATableSeenOnlyAsNews(t *testing.T) {
	m, _ := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	pressAll(m, []string{"3"}) // the join page
	require.Equal(t, pageJoin, m.page)
	s := lobbyScreen()
	s.Left = 1
	s.Notice.Seq, s.Notice.Text, s.Notice.Error = 1, "the host removed you from the table", true
	m.setScreen(s)
	require.Equal(t, pageLobby, m.page)
	require.Contains(t, m.View(), "Quick play")
}
