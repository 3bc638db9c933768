package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/tui/records"
	"github.com/unossh/unossh/tui/ui"
)

// A person opts into the ladder with l on Quick play's row: the lobby is
// asked for a ladder game, the status line says so, and the key is on the
// lobby's help page; elsewhere l does nothing of the kind.
func TestQuickPlayRowSeeksTheLadder(t *testing.T) {
	m, f := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("l")...)
	require.Equal(t, 1, f.ladder, "l on the Quick play row seeks the ladder")
	require.Contains(t, m.View(), "seeking a rated game on the ladder")
	press(m, keys("down", "l")...)
	require.Equal(t, 1, f.ladder, "l on another row")
	press(m, keys("up", "?")...)
	for range 20 {
		if strings.Contains(m.View(), "a rated ladder game, with API bots") {
			return
		}
		press(m, keys("pgdown")...)
	}
	t.Fatalf("the help page does not list l:\n%s", m.View())
}

// On the ladder's board a person is marked as one, among the programs and
// the built-in levels.
func TestLadderBoardMarksPeople(t *testing.T) {
	list := leaderboard()
	list[0].Person = true
	text := records.LadderText(list)
	require.Contains(t, text, "ana (person)")
	require.NotContains(t, text, "bo (person)")
	require.Contains(t, text, "bot (hard)")
}

// The lobby's list of public tables says which let API bots sit.
func TestTableListShowsWhichAllowAPIBots(t *testing.T) {
	s := lobbyScreen()
	s.Tables[1].APIBots = true
	m, _ := newTestModel(s, 100, 24, plainRenderer())
	var rows []string
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "API bots") {
			rows = append(rows, l)
		}
	}
	require.Len(t, rows, 1, m.View())
	require.Contains(t, rows[0], "grayskull")
	// and the linear mode says it of the same row, and of no other
	require.Contains(t, ui.TableSaid(s.Tables[1], 1, len(s.Tables)), "API bots may sit")
	require.NotContains(t, ui.TableSaid(s.Tables[0], 0, len(s.Tables)), "API bots")
}
