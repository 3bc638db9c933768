package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// TestGuestRejoinsTheirSeat: a guest whose connection drops mid-game comes
// back as a new guest session with their rejoin code, within the grace: same
// name, same seat, same hand, no nickname asked. A wrong code, or one whose
// seat is no longer kept, finds nothing.
func TestGuestRejoinsTheirSeat(t *testing.T) {
	clock := newFakeClock()
	cfg := clockConfig(clock)
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana")
	g := h.Connect("s-guest", "guest:s-guest", true)
	require.NoError(t, g.SetNick("guest-7Q4K"))
	code := g.Screen().Rejoin
	require.Len(t, code, RejoinLength)
	require.Empty(t, ana.Screen().Rejoin, "a player with a key needs none")

	settings := engine.Settings{Edition: engine.Classic2001, Players: 2}
	require.NoError(t, ana.Create(TableOptions{Settings: settings, TurnTime: NoTurnTimer}))
	require.NoError(t, g.Join(waitScreen(t, ana, func(s Screen) bool { return s.Table != nil }).Table.Code))
	ana.Do(Intent{Kind: Start})
	before := waitScreen(t, g, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })

	_, err := h.RejoinKey(code, "s-early", "")
	require.ErrorIs(t, err, ErrNoRejoin, "no seat is kept while the guest is here")
	g.Disconnect()
	waitScreen(t, ana, func(s Screen) bool { return !s.Table.Seats[1].Connected })

	_, err = h.RejoinKey("K7QX-2MHC", "s-wrong", "")
	require.ErrorIs(t, err, ErrNoRejoin)
	key, err := h.RejoinKey(FormatCode(code), "s-back", "")
	require.NoError(t, err)
	require.Equal(t, "guest:s-guest", key)
	back := h.Connect("s-back", key, true)
	s := waitScreen(t, back, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, "guest-7Q4K", s.Nick)
	require.Equal(t, before.Table.You, s.Table.You)
	require.Equal(t, before.Table.Game.Hand, s.Table.Game.Hand)
	require.Equal(t, code, s.Rejoin, "the same code, should it drop again")
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Seats[1].Connected })

	// Dropped again, and back only after the grace: the seat is a bot's.
	back.Disconnect()
	waitScreen(t, ana, func(s Screen) bool { return !s.Table.Seats[1].Connected })
	clock.Advance(cfg.withDefaults().Grace)
	_, err = h.RejoinKey(code, "s-late", "")
	require.ErrorIs(t, err, ErrNoRejoin)
}
