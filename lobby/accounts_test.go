package lobby

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// openStore opens a store in dir on the hub's fake clock, closed when the
// test ends.
func openStore(t *testing.T, dir string, clk *fakeClock) *store.DB {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, Now: clk.Now, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// storeHub is a hub on a fake clock that keeps its records in st.
func storeHub(t *testing.T, clk *fakeClock, st store.Store) *Hub {
	t.Helper()
	cfg := clockConfig(clk)
	cfg.Store = st
	h := NewHub(cfg)
	t.Cleanup(func() { _ = h.Shutdown(t.Context()) })
	return h
}

// A nickname chosen by a key is its account's: no other key and no guest
// may take it, in any letter case, whether its owner is online or not.
func TestNicknameSquatIsRefused(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))

	ana := h.Connect("s1", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("Ana"))
	require.True(t, ana.Screen().Account.Kept)

	for _, online := range []bool{true, false} {
		if !online {
			ana.Disconnect()
		}
		for i, name := range []string{"ana", "ANA", "aNa"} {
			eve := h.Connect("eve"+name, "SHA256:eve"+name, false)
			require.ErrorIs(t, eve.SetNick(name), store.ErrNameTaken, "another key, online=%v", online)
			require.Empty(t, eve.Screen().Nick)
			guest := h.Connect("g"+name, "guest:g"+name, true)
			err := guest.SetNick(name)
			require.ErrorIs(t, err, store.ErrNameTaken, "a guest, online=%v", online)
			require.Contains(t, err.Error(), "belongs to another player", "case %d", i)
			eve.Disconnect()
			guest.Disconnect()
		}
	}

	// Its owner gets it back at once, with no prompt.
	back := h.Connect("s2", "SHA256:ana", false)
	s := back.Screen()
	require.Equal(t, "Ana", s.Nick)
	require.True(t, s.Account.Kept)
	require.False(t, s.Account.Guest)
}

// A guest is offered a guest name, keeps nothing, and may not take a
// name that starts like one for a key.
func TestGuestsKeepNothing(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))
	g := h.Connect("g1", "guest:g1", true)
	s := g.Screen()
	require.True(t, s.Account.Guest)
	require.True(t, strings.HasPrefix(s.Account.GuestName, store.GuestPrefix), s.Account.GuestName)
	require.NoError(t, g.SetNick(s.Account.GuestName))
	require.False(t, g.Screen().Account.Kept)
	_, err := g.Profile("")
	require.ErrorIs(t, err, ErrGuestNoStats)
	_, err = g.LinkCode()
	require.ErrorIs(t, err, ErrGuestNoLink)

	k := h.Connect("k1", "SHA256:k1", false)
	require.ErrorIs(t, k.SetNick("guest-ABCD"), store.ErrNameReserved)
	// A guest's name is not reserved: once the guest has gone, a key may take it.
	require.NoError(t, h.Connect("g2", "guest:g2", true).SetNick("bob"))
	g.Disconnect()
	require.NoError(t, k.SetNick(s.Account.GuestName[len(store.GuestPrefix):]+"x"))
}

// A keyed player's nickname comes back after the server restarts on the
// same data directory.
func TestNicknameSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	clk := newFakeClock()
	st := openStore(t, dir, clk)
	h := NewHub(Config{Clock: clk, Store: st})
	require.NoError(t, h.Connect("s1", "SHA256:ana", false).SetNick("ana"))
	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	h2 := storeHub(t, clk, openStore(t, dir, clk))
	require.Equal(t, "ana", h2.Connect("s2", "SHA256:ana", false).Screen().Nick)
}

// A nickname changes once a day (the first change is free), never to one
// another player holds; a refused change leaves the old name in place.
func TestRenameOnceADay(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))
	ana := h.Connect("s1", "SHA256:ana", false)
	require.NoError(t, ana.SetNick("ana"))
	require.NoError(t, h.Connect("s2", "SHA256:bo", false).SetNick("bo"))

	require.ErrorIs(t, ana.Rename("BO"), store.ErrNameTaken)
	require.Equal(t, "ana", ana.Screen().Nick)
	require.NoError(t, ana.Rename("anna"))
	require.Equal(t, "anna", ana.Screen().Nick)
	err := ana.Rename("annie")
	require.ErrorIs(t, err, store.ErrRenameTooSoon)
	require.Contains(t, err.Error(), "once a day")
	require.Equal(t, "anna", ana.Screen().Nick)

	clk.Advance(store.RenameEvery)
	require.NoError(t, ana.Rename("annie"))
	// The old name is free again.
	require.NoError(t, h.Connect("s3", "SHA256:cy", false).SetNick("anna"))
	ana.Disconnect()
	require.Equal(t, "annie", h.Connect("s4", "SHA256:ana", false).Screen().Nick)
}

// A second key joins the account with a one-time code made in a session of
// the first; both then sign in as the same player, online at once too.
func TestLinkASecondKey(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))
	ana := h.Connect("s1", "SHA256:ana", false)
	_, err := ana.LinkCode()
	require.ErrorIs(t, err, ErrNoAccount)
	require.NoError(t, ana.SetNick("ana"))
	lc, err := ana.LinkCode()
	require.NoError(t, err)
	require.True(t, lc.Expires.After(clk.Now()))

	laptop := h.Connect("s2", "SHA256:laptop", false)
	require.Empty(t, laptop.Screen().Nick)
	require.ErrorIs(t, laptop.RedeemLink("WRONG-CODE"), store.ErrCodeInvalid)
	require.NoError(t, laptop.RedeemLink(strings.ToLower(lc.Code)))
	require.Equal(t, "ana", laptop.Screen().Nick)
	require.True(t, laptop.Screen().Account.Kept)
	require.ErrorIs(t, h.Connect("s3", "SHA256:eve", false).RedeemLink(lc.Code), store.ErrCodeInvalid, "a code works once")

	laptop.Disconnect()
	require.Equal(t, "ana", h.Connect("s4", "SHA256:laptop", false).Screen().Nick)
	require.ErrorIs(t, h.Connect("g", "guest:g", true).RedeemLink(lc.Code), ErrGuestNoLink)
}

// Without a store, nicknames are as before and records are not offered.
func TestNoStoreKeepsNothing(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	c := connect(t, h, "ana")
	require.False(t, c.Screen().Account.Records)
	_, err := c.Profile("")
	require.ErrorIs(t, err, ErrNoRecords)
	_, err = c.Leaderboard(store.AllEditions, false)
	require.ErrorIs(t, err, ErrNoRecords)
	require.NoError(t, c.SetNick("guest-1"), "no store: any valid name")
}

// A rename made while the first name is still being kept (the profile's
// rename runs beside the nickname page's call) waits for it, and renames
// the account it made instead of making a second one.
func TestRenameWhileTheFirstNameIsKept(t *testing.T) {
	clk := newFakeClock()
	h := storeHub(t, clk, openStore(t, t.TempDir(), clk))
	for i := range 20 {
		c := h.Connect(fmt.Sprintf("s%d", i), fmt.Sprintf("SHA256:k%d", i), false)
		first, second := fmt.Sprintf("ana%d", i), fmt.Sprintf("bea%d", i)
		done := make(chan error, 2)
		go func() { done <- c.SetNick(first) }()
		go func() { done <- c.Rename(second) }()
		for range 2 {
			if err := <-done; err != nil {
				require.ErrorIs(t, err, ErrNoAccount, "the rename came before any name") // (refused, not failed)
			}
		}
		require.NotContains(t, c.Screen().Notice.Text, "could not be saved")
	}
}

// heldRegister holds the store's Register until the test lets it through.
type heldRegister struct {
	store.Store
	arrived, release chan struct{}
}

func (s *heldRegister) Register(ctx context.Context, key, nick string) (store.Account, error) {
	s.arrived <- struct{}{}
	<-s.release
	return s.Store.Register(ctx, key, nick)
}

// A player who opens their profile while their first nickname is still
// being written (the lobby shows before the store has answered) gets their
// profile once it is written, not "choose a nickname first".
func TestProfileOpenedWhileTheFirstNameIsKept(t *testing.T) {
	clk := newFakeClock()
	st := &heldRegister{Store: openStore(t, t.TempDir(), clk), arrived: make(chan struct{}), release: make(chan struct{})}
	h := storeHub(t, clk, st)
	c := h.Connect("s1", "SHA256:ana", false)
	named := make(chan error, 1)
	go func() { named <- c.SetNick("ana") }()
	<-st.arrived
	type got struct {
		p   store.Profile
		err error
	}
	asked, profile := make(chan struct{}), make(chan got, 1)
	go func() {
		close(asked)
		p, err := c.Profile("")
		profile <- got{p, err}
	}()
	<-asked
	close(st.release)
	require.NoError(t, <-named)
	r := <-profile
	require.NoError(t, r.err)
	require.Equal(t, "ana", r.p.Account.Nickname)
}
