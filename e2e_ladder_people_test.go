package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestPersonPlaysAnAPIBotOnTheLadder: a person presses l on Quick play's
// row and waits on the ladder; an API bot that seeks the ladder sits at her
// table, they play the rated game out, and `ssh HOST top bots` lists her
// among the bots, marked as a person.
func TestPersonPlaysAnAPIBotOnTheLadder(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	roboKey := sshtest.NewKey(t)
	robo := dialBot(t, a.addr, roboKey)
	robo.register(t, "robo")
	robo.send(t, `{"type":"seek","opponents":"ladder"}`)
	robo.playToTheEnd(t, nil) // its validation game
	ladderStanding(t, a, roboKey, func(s store.LadderStanding) bool { return s.Validated })

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

// TestLoneBotOnTheLadderIsToldItPlaysAReference: an API bot that waits on
// the ladder with no one coming gets one notice line saying which built-in
// level it plays instead, and then plays that game to its end.
func TestLoneBotOnTheLadderIsToldItPlaysAReference(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.LadderWait = 50 * time.Millisecond // (the lobby's clock: its tests drive it)
	a := startBotApp(t, cfg)
	key := sshtest.NewKey(t)
	robo := dialBot(t, a.addr, key)
	robo.register(t, "robo")
	robo.send(t, `{"type":"seek","opponents":"ladder"}`)
	robo.playToTheEnd(t, nil) // its validation game
	ladderStanding(t, a, key, func(s store.LadderStanding) bool { return s.Validated })

	robo.send(t, `{"type":"seek","opponents":"ladder"}`)
	n := robo.expect(t, "notice")
	require.True(t, strings.HasPrefix(fmt.Sprint(n["text"]), "no one sought the ladder for "), "%v", n)
	require.Contains(t, fmt.Sprint(n["text"]), "in a rated game")
	over := robo.playToTheEnd(t, nil)
	require.Len(t, over["names"], 2)
}
