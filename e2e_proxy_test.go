package main

import (
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestProxyProtocolLobbyLimitsCountThePlayersAddress: behind load
// balancers that send the PROXY protocol, the lobby's limits per address
// count each player's own address, not the balancer's. With one new
// account an hour per address, ana (127.0.0.2, through a v1 balancer)
// keeps her nickname; bo from the same address through another, v2,
// balancer plays as a guest this visit; cy from 127.0.0.3 keeps his. Wrong
// table codes are limited per claimed address in the same way.
func TestProxyProtocolLobbyLimitsCountThePlayersAddress(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.AccountsPerAddr, cfg.AccountsEvery = 1, time.Hour
	a := startRecords(t, t.TempDir(), cfg, func(c *ssh.Config) {
		c.ProxyProtocol = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	})
	hasAccount := func(key gossh.Signer) bool {
		_, err := a.st.AccountByKey(t.Context(), gossh.FingerprintSHA256(key.PublicKey()))
		if err != nil {
			require.ErrorIs(t, err, store.ErrNotFound)
		}
		return err == nil
	}
	lbV1 := sshtest.Relay(t, a.addr, sshtest.ProxyV1("127.0.0.2"))
	lbV2 := sshtest.Relay(t, a.addr, sshtest.ProxyV2("127.0.0.2"))
	lbOther := sshtest.Relay(t, a.addr, sshtest.ProxyV2("127.0.0.3"))

	anaKey := sshtest.NewKey(t)
	ana := signIn(t, lbV1, "ana", sshtest.WithKey(anaKey), big)
	ana.WaitFor(t, "Quick play", wait)
	until(t, "ana keeps her name", func() bool { return hasAccount(anaKey) })

	boKey := sshtest.NewKey(t)
	bo := sshtest.Dial(t, lbV2, sshtest.User("bo"), sshtest.WithKey(boKey), big)
	bo.WaitFor(t, "Too many accounts were made from your address lately, so this visit you play", wait)

	cyKey := sshtest.NewKey(t)
	cy := signIn(t, lbOther, "cy", sshtest.WithKey(cyKey), big)
	cy.WaitFor(t, "Quick play", wait)
	until(t, "another address keeps its names", func() bool { return hasAccount(cyKey) })
	require.False(t, hasAccount(boKey), "no account for bo: his address had made one")

	// Wrong table codes from 127.0.0.4, through two balancers in turn, a
	// fresh guest each time: one address's allowance, shared; 127.0.0.5
	// still has its own.
	guessers := []string{sshtest.Relay(t, a.addr, sshtest.ProxyV1("127.0.0.4")), sshtest.Relay(t, a.addr, sshtest.ProxyV2("127.0.0.4"))}
	guess := func(lb string, i int) string {
		return guessWrongCode(t, lb, fmt.Sprintf("g%02d", i), sshtest.Guest())
	}
	n := 0
	for ; n < 40 && guess(guessers[n%2], n) == "no table has that code"; n++ {
	}
	require.Equal(t, 30, n, "one address's wrong codes, whichever balancer they came through")
	fresh := sshtest.Relay(t, a.addr, sshtest.ProxyV1("127.0.0.5"))
	require.Equal(t, "no table has that code", guess(fresh, 99), "another address has its own allowance")
}
