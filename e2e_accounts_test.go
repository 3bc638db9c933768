package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestNewAccountsPerAddressOverSSH: with two new accounts an hour allowed
// from one address, two new keys from it keep their nicknames; the third is
// told on the nickname page that it plays as a guest this visit and when
// to come back, and plays a game all the same, with no account made; a
// guest from that address still plays; and a new key from another address
// keeps its nickname.
func TestNewAccountsPerAddressOverSSH(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.AccountsPerAddr, cfg.AccountsEvery = 2, time.Hour
	a := startRecords(t, t.TempDir(), cfg)
	const farm, other = "127.0.0.7", "127.0.0.8"
	hasAccount := func(key gossh.Signer) bool {
		_, err := a.st.AccountByKey(t.Context(), gossh.FingerprintSHA256(key.PublicKey()))
		if err != nil {
			require.ErrorIs(t, err, store.ErrNotFound)
		}
		return err == nil
	}

	for _, nick := range []string{"ana", "bo"} {
		key := sshtest.NewKey(t)
		c := signIn(t, a.addr, nick, sshtest.WithKey(key), sshtest.From(farm), big)
		c.WaitFor(t, "Quick play", wait)
		until(t, nick+" keeps the name", func() bool { return hasAccount(key) })
	}

	cyKey := sshtest.NewKey(t)
	cy := sshtest.Dial(t, a.addr, sshtest.User("cy"), sshtest.Command("new"), sshtest.WithKey(cyKey),
		sshtest.From(farm), big)
	cy.WaitFor(t, "Too many accounts were made from your address lately, so this visit you play", wait)
	typeNick(t, cy, "cy")
	cy.WaitFor(t, "no new account from your address until", wait)
	cy.WaitFor(t, "Create a table", wait)
	require.NoError(t, cy.Press("enter"))
	readCode(t, cy)
	addBots(t, cy, 3, "4/4 taken")
	startGame(t, cy)
	require.False(t, hasAccount(cyKey), "no account is made past the limit")

	gus, _ := hostPrivate(t, a.addr, "gus", nil, sshtest.Guest(), sshtest.From(farm))
	addBots(t, gus, 3, "4/4 taken")
	startGame(t, gus)

	deeKey := sshtest.NewKey(t)
	dee := signIn(t, a.addr, "dee", sshtest.WithKey(deeKey), sshtest.From(other), big)
	dee.WaitFor(t, "Quick play", wait)
	until(t, "another address keeps its names", func() bool { return hasAccount(deeKey) })
}
