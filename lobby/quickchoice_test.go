package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// publicTable opens a public table of four of that edition and mode, its
// host seated, and is its id.
func publicTable(t *testing.T, host *Client, ed engine.Edition, mode engine.Mode) string {
	t.Helper()
	s := engine.Settings{Edition: ed, Mode: mode, Players: 4}
	require.NoError(t, host.Create(TableOptions{Public: true, Settings: s}))
	return waitScreen(t, host, func(s Screen) bool { return s.Table != nil }).Table.ID
}

// listed waits until c's list shows the table with taken seats taken.
func listed(t *testing.T, c *Client, id string, taken int) {
	t.Helper()
	waitScreen(t, c, func(s Screen) bool {
		for _, in := range s.Tables {
			if in.ID == id && in.Taken == taken {
				return true
			}
		}
		return false
	})
}

// Quick play with a choice passes by a fuller table of another edition or
// mode for the one that matches, and opens a table with the choice's
// edition and mode when none does.
func TestQuickPlayWithChoiceSitsOnlyAtAMatchingTable(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	classic := publicTable(t, connect(t, h, "ana"), engine.Classic2001, engine.Standard)
	bo := connect(t, h, "bo")
	require.NoError(t, bo.Sit(classic)) // a public table, sat at from the list
	minions := publicTable(t, connect(t, h, "cy"), engine.Minions2016, engine.Standard)

	dee := connect(t, h, "dee")
	listed(t, dee, classic, 2)
	listed(t, dee, minions, 1)
	dee.QuickPlayWith(QuickChoice{ByEdition: true, Edition: engine.Minions2016})
	s := waitScreen(t, dee, func(s Screen) bool { return s.Table != nil || s.Notice.Text != "" })
	require.NotNil(t, s.Table, s.Notice.Text)
	require.Equal(t, minions, s.Table.ID, "the Minions table, not the fuller Classic one")

	// Minions single hand: no table has it, so one opens, public.
	eve := connect(t, h, "eve")
	eve.QuickPlayWith(QuickChoice{ByEdition: true, Edition: engine.Minions2016, ByMode: true, Mode: engine.SingleHand})
	s = waitScreen(t, eve, func(s Screen) bool { return s.Table != nil || s.Notice.Text != "" })
	require.NotNil(t, s.Table, s.Notice.Text)
	require.NotEqual(t, minions, s.Table.ID)
	require.NotEqual(t, classic, s.Table.ID)
	require.Equal(t, engine.Minions2016, s.Table.Settings.Edition)
	require.Equal(t, engine.SingleHand, s.Table.Settings.Mode)
	require.True(t, s.Table.Public)

	// Any edition and any mode still takes the fullest table.
	fay := connect(t, h, "fay")
	listed(t, fay, classic, 2)
	fay.QuickPlay()
	s = waitScreen(t, fay, func(s Screen) bool { return s.Table != nil })
	require.Equal(t, classic, s.Table.ID)
}

// A mode for four players opens a table of four, whatever size Quick play
// opens otherwise.
func TestQuickPlayPartnersOpensATableOfFour(t *testing.T) {
	cfg := testConfig()
	cfg.QuickPlaySeats = 6
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	a.QuickPlayWith(QuickChoice{ByMode: true, Mode: engine.Partners})
	s := waitScreen(t, a, func(s Screen) bool { return s.Table != nil || s.Notice.Text != "" })
	require.NotNil(t, s.Table, s.Notice.Text)
	require.Equal(t, engine.Partners, s.Table.Settings.Mode)
	require.Equal(t, engine.Classic2001, s.Table.Settings.Edition)
	require.Len(t, s.Table.Seats, 4)
}

// A key's choice is kept in its account and comes back at its next visit;
// a guest's lasts the session.
func TestQuickChoiceIsKeptInTheAccount(t *testing.T) {
	clk := newFakeClock()
	dir := t.TempDir()
	h := storeHub(t, clk, openStore(t, dir, clk))
	ana := h.Connect("s1", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("ana"))
	require.Equal(t, QuickChoice{}, ana.Screen().Quick, "any edition and mode until chosen")
	want := QuickChoice{ByEdition: true, Edition: engine.Minions2016, ByMode: true, Mode: engine.SingleHand}
	ana.SetQuickChoice(want)
	require.Equal(t, want, ana.Screen().Quick)
	ana.Disconnect()

	again := h.Connect("s2", "SHA256:ana", false)
	require.Equal(t, want, again.QuickChoice())
	require.Equal(t, want, again.Screen().Quick)

	g := h.Connect("g1", "guest:g1", true)
	require.NoError(t, g.SetNick("guest-x"))
	g.SetQuickChoice(want)
	require.Equal(t, want, g.QuickChoice(), "a guest's choice holds for the session")
	g.Disconnect()
	require.Equal(t, QuickChoice{}, h.Connect("g2", "guest:g2", true).QuickChoice())
}

func TestQuickChoiceWordsRoundTrip(t *testing.T) {
	for _, q := range []QuickChoice{{}, {ByEdition: true, Edition: engine.MastersOfTheUniverse2023},
		{ByMode: true, Mode: engine.RotatingPartners}, {ByEdition: true, ByMode: true}} {
		got, err := ParseQuickChoice(q.String())
		require.NoError(t, err)
		require.Equal(t, q, got, q.String())
	}
	got, err := ParseQuickChoice("")
	require.NoError(t, err)
	require.Equal(t, QuickChoice{}, got)
	for _, bad := range []string{"minions-2016", "nope any", "any nope"} {
		_, err := ParseQuickChoice(bad)
		require.Error(t, err, bad)
	}
}
