package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// TestAPIBotsOptionSurvivesARestart: the host's choice to let API bots sit
// at a public table is kept with the table's record, so that after a
// restart the table still takes a bot's seek; a table whose host did not
// allow them still refuses it.
func TestAPIBotsOptionSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	allows := engine.Settings{Edition: engine.Minions2016, Players: 3, Target: 200}
	refuses := engine.Settings{Edition: engine.TheOffice2020, Players: 3, Target: 200}
	require.NoError(t, ana.Create(TableOptions{Public: true, APIBots: true, Settings: allows}))
	require.NoError(t, bo.Create(TableOptions{Public: true, Settings: refuses}))
	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	st2 := openJournalStore(t, dir)
	h2 := journalHub(t, st2, nil)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 2, n)
	// ana and bo come back to their seats (a table nobody waits at closes).
	h2.Connect("sess-ana-2", "key-ana", false)
	h2.Connect("sess-bo-2", "key-bo", false)

	robo := connect(t, h2, "robo")
	robo.program.Store(true)
	require.ErrorIs(t, robo.SeekPublic(engine.TheOffice2020, engine.Standard), ErrNoneAllowAPIBots)
	require.NoError(t, robo.SeekPublic(engine.Minions2016, engine.Standard))
	s := waitScreen(t, robo, func(s Screen) bool { return s.Table != nil })
	require.True(t, s.Table.Public)
	require.Equal(t, engine.Minions2016, s.Table.Settings.Edition)
}

// TestHostAllowsAPIBotsInTheWaitingRoom: the host of a public table lets
// API bots sit once the table is open; the waiting table's record is written
// again, so that after a restart a bot's seek still finds it. A private
// table's host is told the choice is a public table's.
func TestHostAllowsAPIBotsInTheWaitingRoom(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	settings := engine.Settings{Edition: engine.Minions2016, Players: 3, Target: 200}
	require.NoError(t, ana.Create(TableOptions{Public: true, Settings: settings}))
	robo := connect(t, h, "robo")
	robo.program.Store(true)
	require.ErrorIs(t, robo.SeekPublic(engine.Minions2016, engine.Standard), ErrNoneAllowAPIBots)
	ana.Do(Intent{Kind: APIBotsSetting, Allow: true})
	waitScreen(t, ana, func(s Screen) bool { return s.Table.APIBots })

	require.NoError(t, bo.Create(TableOptions{Settings: settings}))
	bo.Do(Intent{Kind: APIBotsSetting, Allow: true})
	waitScreen(t, bo, func(s Screen) bool { return s.Notice.Text == errAPIBotsPublic.Error() })

	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())
	st2 := openJournalStore(t, dir)
	h2 := journalHub(t, st2, nil)
	_, err := h2.Restore(t.Context())
	require.NoError(t, err)
	h2.Connect("sess-ana-2", "key-ana", false)
	robo2 := connect(t, h2, "robo")
	robo2.program.Store(true)
	require.NoError(t, robo2.SeekPublic(engine.Minions2016, engine.Standard))
	waitScreen(t, robo2, func(s Screen) bool { return s.Table != nil && s.Table.Public })
}
