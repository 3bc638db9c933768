package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestInvitationByNicknameOverSSH: bo, in the lobby, sees who is online
// (ana, at her private table); ana invites him by his nickname from her
// waiting room; the invitation is one line on his lobby, and enter seats
// him at her table, no code typed. With his invitations off, she is told
// so and his screen shows nothing.
func TestInvitationByNicknameOverSSH(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	ana, _ := hostPrivate(t, addr, "ana", nil)
	bo := signIn(t, addr, "bo")
	bo.WaitFor(t, "Who's online", wait)
	cy := signIn(t, addr, "cy")
	cy.WaitFor(t, "Who's online", wait)

	require.NoError(t, bo.Press("7"))
	bo.WaitFor(t, "Players online", wait)
	bo.WaitUntil(t, regexp.MustCompile(`ana\s+at [a-z]+-[a-z]+`).MatchString, wait)
	bo.WaitUntil(t, regexp.MustCompile(`cy\s+in the lobby`).MatchString, wait)
	require.NoError(t, bo.Press("esc"))
	bo.WaitFor(t, "Quick play", wait)

	require.NoError(t, ana.Press("i"))
	ana.WaitFor(t, "invite a player online by nickname", wait)
	require.NoError(t, ana.Press("b", "o", "enter"))
	ana.WaitFor(t, "invitation sent to bo", wait)
	bo.WaitFor(t, "ana invites you to", wait)
	require.NoError(t, bo.Press("enter"))
	ana.WaitFor(t, "bo sat down", wait)
	bo.WaitFor(t, "2/4 taken", wait)

	require.NoError(t, cy.Press("7"))
	cy.WaitFor(t, "Players online", wait)
	require.NoError(t, cy.Press("x"))
	cy.WaitFor(t, "invitations off", wait)
	require.NoError(t, ana.Press("i", "c", "y", "enter"))
	ana.WaitFor(t, "cy is not taking invitations", wait)
	require.NotContains(t, cy.Screen(), "invites you")
}

// TestInvitationsOffIsKeptForTheNextVisit: cy, with a key, turns
// invitations off and leaves; at her next visit they are still off (Who's
// online says so) and ana's invitation is refused. Turned on again, they
// stay on at the visit after.
func TestInvitationsOffIsKeptForTheNextVisit(t *testing.T) {
	t.Parallel()
	a := startRecords(t, t.TempDir(), fastLobby())
	cyKey := sshtest.NewKey(t)
	first := true
	visit := func() *sshtest.Client {
		var cy *sshtest.Client
		if first {
			cy, first = signIn(t, a.addr, "cy", sshtest.WithKey(cyKey)), false
		} else {
			cy = sshtest.Dial(t, a.addr, sshtest.User("cy"), sshtest.WithKey(cyKey)) // her name is kept
		}
		cy.WaitFor(t, "Who's online", wait)
		require.NoError(t, cy.Press("7"))
		cy.WaitFor(t, "Players online", wait)
		return cy
	}
	cy := visit()
	cy.WaitFor(t, "invitations on", wait)
	require.NoError(t, cy.Press("x"))
	cy.WaitFor(t, "invitations off", wait)
	cy.Close()

	cy = visit()
	cy.WaitFor(t, "invitations off", wait)
	ana, _ := hostPrivate(t, a.addr, "ana", nil)
	require.NoError(t, ana.Press("i", "c", "y", "enter"))
	ana.WaitFor(t, "cy is not taking invitations", wait)
	require.NoError(t, cy.Press("x"))
	cy.WaitFor(t, "invitations on", wait)
	cy.Close()

	cy = visit()
	cy.WaitFor(t, "invitations on", wait)
}
