package lobby

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// The limiter counts accounts per address in a sliding window: the third
// of two an hour waits until the first is an hour old, to the instant;
// another address is not affected; an account not made after all is
// given back; and an address whose accounts are old is forgotten.
func TestAccountLimiterCountsAWindowPerAddress(t *testing.T) {
	clk := newFakeClock()
	l := newAccountLimiter(2, time.Hour, nil)
	start := clk.Now()
	require.Zero(t, l.take("10.0.0.1", clk.Now()))
	clk.Advance(10 * time.Minute)
	require.Zero(t, l.take("10.0.0.1", clk.Now()))
	require.Equal(t, start.Add(time.Hour), l.next("10.0.0.1", clk.Now()))
	require.Equal(t, start.Add(time.Hour), l.take("10.0.0.1", clk.Now()), "the third waits for the first")
	require.Zero(t, l.take("10.0.0.2", clk.Now()), "another address has its own count")

	clk.Advance(50*time.Minute - time.Nanosecond)
	require.NotZero(t, l.take("10.0.0.1", clk.Now()))
	clk.Advance(time.Nanosecond)
	at := clk.Now()
	require.Zero(t, l.take("10.0.0.1", at), "the first is an hour old")
	require.Equal(t, start.Add(70*time.Minute), l.next("10.0.0.1", at))
	l.giveBack("10.0.0.1", at)
	require.Zero(t, l.next("10.0.0.1", at), "an account not made is not counted")

	clk.Advance(2 * time.Hour)
	require.Zero(t, l.take("10.0.0.3", clk.Now()))
	require.Equal(t, 1, l.size(), "old addresses are forgotten")

	off := newAccountLimiter(-1, time.Hour, nil)
	for range 100 {
		require.Zero(t, off.take("10.0.0.1", clk.Now()), "a negative limit is none")
	}
}

// limitedHub is a hub on a fake clock with a store, allowing per accounts
// an hour from one address.
func limitedHub(t *testing.T, per int) (*Hub, *store.DB, *fakeClock) {
	t.Helper()
	clk := newFakeClock()
	st := openStore(t, t.TempDir(), clk)
	cfg := clockConfig(clk)
	cfg.Store, cfg.AccountsPerAddr, cfg.AccountsEvery = st, per, time.Hour
	h := NewHub(cfg)
	t.Cleanup(func() { _ = h.Shutdown(t.Context()) })
	return h, st, clk
}

// Past the limit a new key is told so before it chooses a name, plays as
// a guest under the name it chose (nothing is kept, and it can play), and
// is told until when; when it comes back after that, its name becomes its
// account with no question. Guests never count, keys that have accounts
// come in as ever, and another address registers as usual.
func TestNewAccountsPerAddressAreLimited(t *testing.T) {
	h, st, clk := limitedHub(t, 2)
	from := func(n int) string { return fmt.Sprintf("10.0.0.1:%d", 4000+n) }
	for i := range 3 {
		g := h.ConnectFrom(from(10+i), fmt.Sprintf("g%d", i), fmt.Sprintf("guest:g%d", i), true)
		require.NoError(t, g.SetNick(fmt.Sprintf("guest-%d", i)))
	}
	for i, nick := range []string{"ana", "bo"} {
		c := h.ConnectFrom(from(i), "s-"+nick, "SHA256:"+nick, false)
		require.NoError(t, c.SetNick(nick))
		require.True(t, c.Screen().Account.Kept, "%s: guests do not count", nick)
		clk.Advance(time.Minute)
	}

	cy := h.ConnectFrom(from(3), "s-cy", "SHA256:cy", false)
	require.Equal(t, "13:00 UTC", cy.Screen().Account.NoAccountUntil, "told before choosing a name")
	require.NoError(t, cy.SetNick("cy"))
	s := cy.Screen()
	require.Equal(t, "cy", s.Nick, "cy plays under the name chosen")
	require.False(t, s.Account.Kept)
	require.True(t, s.Notice.Error)
	require.Equal(t, "no new account from your address until 13:00 UTC: you play as a guest", s.Notice.Text)
	_, err := st.AccountByKey(t.Context(), "SHA256:cy")
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = cy.Profile("")
	require.ErrorAs(t, err, new(*AccountsLimitError), "the profile says why there is none")
	cy.QuickPlay()
	waitScreen(t, cy, func(s Screen) bool { return s.Table != nil })

	g := h.ConnectFrom(from(20), "g-late", "guest:late", true)
	require.NoError(t, g.SetNick("guest-late"), "a guest still comes in")
	ana := h.ConnectFrom(from(21), "s-ana-2", "SHA256:ana", false)
	require.Equal(t, "ana", ana.Screen().Nick, "an account comes back as ever")
	dee := h.ConnectFrom("10.0.0.2:4000", "s-dee", "SHA256:dee", false)
	require.NoError(t, dee.SetNick("dee"))
	require.True(t, dee.Screen().Account.Kept, "another address registers")

	clk.Advance(time.Hour)
	cy.Disconnect()
	cy2 := h.ConnectFrom(from(4), "s-cy-2", "SHA256:cy", false)
	s = waitScreen(t, cy2, func(s Screen) bool { return s.Account.Kept })
	require.Equal(t, "cy", s.Nick)
	require.Empty(t, s.Account.NoAccountUntil)
	a, err := st.AccountByKey(t.Context(), "SHA256:cy")
	require.NoError(t, err)
	require.Equal(t, "cy", a.Nickname, "the name chosen is kept on the next visit")
}
