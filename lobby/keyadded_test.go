package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A link code that adds a key tells the account's sessions online (and
// only them), whether the key was added from the nickname prompt of a
// session or by `ssh HOST link CODE` (Hub.KeyAdded): the code their
// profile page shows is used up.
func TestKeyAddedTellsTheAccountsSessions(t *testing.T) {
	clk := newFakeClock()
	st := openStore(t, t.TempDir(), clk)
	h := storeHub(t, clk, st)
	ana := h.Connect("s1", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("ana"))
	bo := h.Connect("s2", "SHA256:bo", false)
	require.NoError(t, bo.SetNick("bo"))

	lc, err := ana.LinkCode()
	require.NoError(t, err)
	laptop := h.Connect("s3", "SHA256:laptop", false)
	require.NoError(t, laptop.RedeemLink(lc.Code))
	s := waitScreen(t, ana, func(s Screen) bool { return s.KeysAdded == 1 })
	require.Equal(t, KeyAddedText, s.Notice.Text)
	require.False(t, s.Notice.Error)
	require.Zero(t, laptop.Screen().KeysAdded, "the session that added the key is not told")
	require.Zero(t, bo.Screen().KeysAdded, "another account is not told")

	a, err := st.AccountByKey(t.Context(), "SHA256:ana")
	require.NoError(t, err)
	h.KeyAdded(a.ID) // a key added by `link CODE`, outside the lobby
	waitScreen(t, ana, func(s Screen) bool { return s.KeysAdded == 2 })
	waitScreen(t, laptop, func(s Screen) bool { return s.KeysAdded == 1 && s.Notice.Text == KeyAddedText })
	require.Zero(t, bo.Screen().KeysAdded)
}
