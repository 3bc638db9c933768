package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestPersonPlaysAnAPIBotOnTheLadder: a person presses l on Quick play's
// row and waits on the ladder; an API bot that seeks the ladder sits at her
// table, they play the rated game out, and `ssh HOST top bots` lists her
// among the bots, marked as a person.
func TestPersonPlaysAnAPIBotOnTheLadder(t *testing.T) {
	a := startBotApp(t, fastLobby())
	robo := dialBot(t, a.addr, sshtest.NewKey(t))
	robo.register(t, "robo")
	robo.send(t, `{"type":"seek","opponents":"ladder"}`)
	robo.playToTheEnd(t, nil) // its validation game

	ana := signIn(t, a.addr, "ana", big)
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("l"))
	ana.WaitFor(t, "ana sat down", wait)
	robo.send(t, `{"type":"seek","opponents":"ladder"}`)
	tm := robo.expect(t, "table")
	require.Equal(t, "ana", opponent(tm), "the bot sat at the person's ladder table")
	playPersonAndBot(t, ana, robo)

	require.Eventually(t, func() bool {
		out, _, code := a.print(t, "top bots")
		return code == 0 && strings.Contains(out, "ana (person)") && strings.Contains(out, "robo") &&
			!strings.Contains(out, "robo (person)")
	}, wait, 20*time.Millisecond, "the ladder lists ana as a person")
}
