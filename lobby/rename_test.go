package lobby

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// A player who renames at a table is seen under the new name at once by
// the others there: their seat, and the table's log from then on.
func TestRenameShowsAtTheTable(t *testing.T) {
	for _, records := range []bool{false, true} {
		t.Run(map[bool]string{false: "no records", true: "records"}[records], func(t *testing.T) {
			clk := newFakeClock()
			h := NewHub(clockConfig(clk))
			if records {
				h.Shutdown(t.Context())
				h = storeHub(t, clk, openStore(t, t.TempDir(), clk))
			} else {
				defer h.Shutdown(t.Context())
			}
			ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
			require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(3)}))
			require.NoError(t, bo.Join(ana.Screen().Table.Code))

			require.NoError(t, bo.Rename("Zoë"))
			s := waitScreen(t, ana, func(s Screen) bool {
				return s.Table != nil && slices.ContainsFunc(s.Table.Seats, func(si SeatInfo) bool { return si.Nick == "Zoë" })
			})
			require.False(t, slices.ContainsFunc(s.Table.Seats, func(si SeatInfo) bool { return si.Nick == "bo" }), "the old name is gone")
			require.True(t, slices.ContainsFunc(s.Table.Log, func(l LogLine) bool { return l.Text == "bo is now called Zoë" }), "%+v", s.Table.Log)
			require.Equal(t, "Zoë", bo.Screen().Nick)
		})
	}
}

// A refused nickname says why, and leaves the player's name as it was.
func TestRefusedNicknameSaysWhy(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))
	tests := []struct {
		name, nick, reason string
	}{
		{"emoji and a mark", "an😀e\u0342", "“😀”: emoji are not allowed in nicknames"},
		{"wide", "李明", "wide characters"},
		{"control character", "a\x07b", "control characters"},
		{"stacked marks", "ae\u0301\u0302\u0303", "accents on one letter"},
		{"escape sequence", "\x1b[31mred", "control characters"},
		{"too short", "a", "2 to 16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key := "SHA256:" + tt.name
			c := h.Connect(tt.name, key, false)
			err := c.SetNick(tt.nick)
			require.ErrorIs(t, err, ErrNickInvalid)
			require.Contains(t, err.Error(), tt.reason)
			require.Empty(t, c.Screen().Nick, "nothing was set")
			_, err = h.cfg.Store.AccountByKey(t.Context(), key)
			require.ErrorIs(t, err, store.ErrNotFound, "nothing was saved")
			c.Disconnect()
		})
	}
}

// Players online are told apart by their names' keys: a look-alike of a
// name in use is refused, as a name in another case is, with no store.
func TestLookAlikeNicksOnline(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	connect(t, h, "ana")
	for _, nick := range []string{"аna", "ANA", "аnа"} { // Cyrillic а
		g := h.Connect("g"+nick, "guest:"+nick, true)
		require.ErrorIs(t, g.SetNick(nick), ErrNickTaken, nick)
	}
	g := h.Connect("zoe", "guest:zoe", true)
	require.NoError(t, g.SetNick("Zoe\u0308"))
	require.Equal(t, "Zoë", g.Screen().Nick, "kept as typed, composed")
	require.True(t, strings.HasPrefix(g.Screen().Nick, "Zo"))
}

// A player who renames in a tournament's room before it begins is seen
// there under the new name.
func TestRenameShowsInATournamentRoom(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	openTour(t, ana, 0, bo)
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 2 })
	require.NoError(t, bo.Rename("Bea"))
	waitScreen(t, ana, func(s Screen) bool {
		return slices.ContainsFunc(s.Table.Seats, func(si SeatInfo) bool { return si.Nick == "Bea" })
	})
}
