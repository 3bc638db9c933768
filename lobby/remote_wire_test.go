package lobby

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRemoteWireRoundTrip: every screen a table posts to a shadow comes
// back equal on the session's node, whatever it holds: a seated player's
// view with their hand, the log, the last hand's result and the seats; a
// spectator's view; a notice and a kept seat.
func TestRemoteWireRoundTrip(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(3), Bots: 1}))
	code := ana.Screen().Table.Code
	require.NoError(t, bo.Join(code))
	ana.Do(Intent{Kind: Start})
	cy := connect(t, h, "cy")
	require.NoError(t, cy.Join(code)) // started: cy watches
	r := rand.New(rand.NewPCG(3, 4))
	for range 12 { // some moves, so the log and the views have something in them
		for _, c := range []*Client{ana, bo} {
			if g := c.Screen().Table.Game; g != nil && len(g.Legal) > 0 {
				if a, ok := chooseMove(*g, r); ok {
					c.Do(Intent{Kind: Move, Action: a})
				}
			}
		}
	}
	for _, c := range []*Client{ana, bo, cy} {
		s := c.Screen()
		require.NotNil(t, s.Table.Game)
		in := &wireScreen{Table: s.Table.ID, Session: c.id, Node: "b", Born: 1, Ver: 2, At: true,
			View: s.Table, Notice: Notice{Seq: 3, Text: "hello", Error: true}, Left: 1,
			Held: &HeldSeat{TableID: s.Table.ID, Short: "brave-otter", Name: "x", Until: clockOf(h).Now()}}
		var out wireScreens
		require.NoError(t, wireDecode(wireEncode(wireScreens{Screens: []*wireScreen{in.seal()}}), &out))
		out.Screens[0].unseal()
		require.Equal(t, in, out.Screens[0])
	}
	require.Empty(t, cy.Screen().Table.Game.Hand, "a spectator's view holds no hand")

	in := Intent{Kind: Chat, Text: "hi", Seat: 2}
	var w wireCmd
	require.NoError(t, wireDecode(wireEncode(wireCmd{Op: opIntent, Intent: &in, S: wireSession{ID: "s", Key: "k", Nick: "n", Node: "a"}}), &w))
	require.Equal(t, in, *w.Intent)
	for _, err := range []error{ErrTableFull, ErrTableStarted, errTourSeats, errNotHost} {
		require.ErrorIs(t, decodeErr(encodeErr(err)), err)
	}
}
