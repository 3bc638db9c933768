package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// These end-to-end tests prove that the door holds (issue 15) with the
// server wired as run wires it: the ssh door asks main's registry whether
// a session's player is seated.

// A full server still seats a new player: the session idle longest gives
// up its slot, unless its player sits at a table. Unfixed, every slot held
// by someone idle in the lobby kept everyone else out with "the server is
// full".
func TestAFullServerStillSeatsANewPlayer(t *testing.T) {
	t.Parallel()
	hub := lobby.NewHub(fastLobby())
	reg := &players{}
	srv, addr := sshtest.Serve(t, ssh.Config{
		NewModel:    reg.modelMaker(hub, "ssh -p 23234 localhost"),
		Seated:      reg.seated,
		MaxSessions: 3,
		// Any session may make room, idle longest first: here, the order
		// in which the players last typed.
		IdleEvict: time.Nanosecond,
	})
	t.Cleanup(func() { _ = hub.Shutdown(t.Context()) })

	// ana opens a private table: she typed first, so she has been idle
	// longest, but she is seated.
	ana, code := hostPrivate(t, addr, "ana", nil)
	require.NotEmpty(t, code)
	bo := signIn(t, addr, "bo", sshtest.From("127.0.0.2"))
	bo.WaitFor(t, "Quick play", wait)
	cy := signIn(t, addr, "cy", sshtest.From("127.0.0.3"))
	cy.WaitFor(t, "Quick play", wait)
	require.Equal(t, 3, srv.Sessions())

	dee := sshtest.Dial(t, addr, sshtest.User("dee"), sshtest.From("127.0.0.4"))
	dee.WaitFor(t, "nickname", wait)
	typeNick(t, dee, "dee")
	dee.WaitFor(t, "Quick play", wait)

	// The reason comes on stderr, read apart from the screen: the screen
	// may take it before or after the program leaves the alternate screen.
	assert.Equal(t, 0, bo.Wait(t, wait))
	assert.Contains(t, string(bo.Stderr()), "unossh: "+ssh.ErrMadeRoom.Error())
	assert.Equal(t, 3, srv.Sessions())
	assert.Contains(t, ana.Screen(), "share this code", "the seated player keeps her table")
	require.NoError(t, cy.Press("down"))
	cy.WaitFor(t, "▶ Create a table", wait)
}

// Guessing codes from one address with a fresh key on every connection:
// each is a new identity on a new connection, but the address is the same,
// and past its limit the guesses are refused with a line that says why.
// Unfixed, the limit was per identity only, and a fresh key per
// connection guessed 345 codes a minute from one address.
func TestGuessingCodesIsLimitedPerAddress(t *testing.T) {
	t.Parallel()
	hub := lobby.NewHub(fastLobby())
	_, addr := sshtest.Serve(t, ssh.Config{
		NewModel:  modelMaker(hub, "ssh -p 23234 localhost", nil),
		ConnBurst: -1, // the connection rate limit is another test's
	})
	t.Cleanup(func() { _ = hub.Shutdown(t.Context()) })

	guess := func(i int) string {
		return guessWrongCode(t, addr, fmt.Sprintf("g%02d", i), sshtest.From("127.0.0.9"))
	}
	n := 0
	for ; n < 40 && guess(n) == "no table has that code"; n++ {
	}
	t.Logf("one address, a fresh key per connection: %d wrong codes, then refused", n)
	assert.Equal(t, 30, n, "the address's burst")

	other := signIn(t, addr, "other", sshtest.From("127.0.0.10"), sshtest.Command("join qqqq-qqqq-qqqq"))
	other.WaitFor(t, "no table has that code", wait)
}
