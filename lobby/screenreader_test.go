package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The screen-reader mode turned on is the session's at once and the key's
// next sessions' too (its account keeps it); a guest's lasts the visit.
func TestScreenReaderModeIsKeptForTheKey(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))

	ana := h.Connect("s1", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("ana"))
	require.False(t, ana.Screen().ScreenReader)
	ana.SetScreenReader(true)
	require.True(t, ana.Screen().ScreenReader)
	require.Equal(t, "screen reader mode is on: kept for your next visits", ana.Screen().Notice.Text)
	ana.Disconnect()

	back := h.Connect("s2", "SHA256:ana", false)
	require.True(t, back.Screen().ScreenReader, "the next session starts in it")
	back.SetScreenReader(false)
	back.Disconnect()
	require.False(t, h.Connect("s3", "SHA256:ana", false).Screen().ScreenReader, "turned off, it stays off")

	g := h.Connect("g1", "guest:g1", true)
	g.SetScreenReader(true)
	require.True(t, g.Screen().ScreenReader)
	require.Equal(t, "screen reader mode is on, for this visit", g.Screen().Notice.Text)
}
