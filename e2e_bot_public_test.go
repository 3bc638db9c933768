package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
)

// openPublicFor has nick open a public two-seat table of one hand, with
// the create form's "API bots" line set to apiBots, and wait in its room.
func openPublicFor(t *testing.T, addr, nick, apiBots string) *sshtest.Client {
	t.Helper()
	c := signIn(t, addr, nick, sshtest.Command("new"), big)
	c.WaitFor(t, "Create a table", wait)
	setField(t, c, "visibility", "public")
	setField(t, c, "mode", "single hand")
	setField(t, c, "seats", "2")
	setField(t, c, "API bots", apiBots)
	require.NoError(t, c.Press("enter"))
	c.WaitFor(t, "1/2 taken", wait)
	return c
}

// A public table whose host lets API bots sit takes a bot's seek with
// opponents "public": the bot sits in the free seat, the table starts,
// and the person and the bot play the game to its end.
func TestBotSeeksAPublicTableThatAllowsAPIBots(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.StartCountdown = time.Hour // the bot takes the seat, not the table's own bots
	a := startBotApp(t, cfg)
	ana := openPublicFor(t, a.addr, "ana", "may sit")
	b := dialBot(t, a.addr, sshtest.NewKey(t))
	b.register(t, "robo")

	b.send(t, `{"type":"seek","edition":"classic-2001","mode":"single-hand","opponents":"public"}`)
	tm := b.expect(t, "table")
	require.Equal(t, true, tm["public"], "%v", tm)
	require.Equal(t, "classic-2001", fmt.Sprint(tm["settings"].(map[string]any)["edition"]), "%v", tm)
	ana.WaitFor(t, "robo sat down", wait)

	playPersonAndBot(t, ana, b)
}

// A public table opened as the create form has it (API bots not allowed)
// refuses a bot's seek with one error line, and nobody sits at it.
func TestPublicTableRefusesAPIBotsUnlessItsHostAllows(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.StartCountdown = time.Hour
	a := startBotApp(t, cfg)
	ana := openPublicFor(t, a.addr, "ana", "not allowed")
	b := dialBot(t, a.addr, sshtest.NewKey(t))
	b.register(t, "robo")

	b.send(t, `{"type":"seek","edition":"classic-2001","mode":"single-hand","opponents":"public"}`)
	m := b.expect(t, "error")
	require.Equal(t, lobby.ErrNoneAllowAPIBots.Error(), fmt.Sprint(m["message"]))
	// The bot is at no table: a seek of another edition finds none waiting.
	b.send(t, `{"type":"seek","edition":"minions-2016","opponents":"public"}`)
	m = b.expect(t, "error")
	require.Equal(t, lobby.ErrNoPublicTable.Error(), fmt.Sprint(m["message"]))
	require.NotContains(t, ana.Screen(), "robo")
	require.True(t, strings.Contains(ana.Screen(), "1/2 taken"), "%s", ana.Screen())
}

// The host of a public table that refuses API bots changes their mind in
// the waiting room (a): the bot's next seek sits at the table.
func TestHostLetsAPIBotsSitFromTheWaitingRoom(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.StartCountdown = time.Hour
	a := startBotApp(t, cfg)
	ana := openPublicFor(t, a.addr, "ana", "not allowed")
	ana.WaitFor(t, "API bots: refused (a)", wait)
	b := dialBot(t, a.addr, sshtest.NewKey(t))
	b.register(t, "robo")
	seek := `{"type":"seek","edition":"classic-2001","mode":"single-hand","opponents":"public"}`
	b.send(t, seek)
	require.Equal(t, lobby.ErrNoneAllowAPIBots.Error(), fmt.Sprint(b.expect(t, "error")["message"]))

	require.NoError(t, ana.Press("a"))
	ana.WaitFor(t, "API bots: may sit (a)", wait)
	b.send(t, seek)
	require.Equal(t, true, b.expect(t, "table")["public"])
	ana.WaitFor(t, "robo sat down", wait)
}

// The lobby's list of public tables says which let API bots sit: bo, in the
// lobby, sees ana's table that allows them marked so, and cy's that does
// not, unmarked.
func TestLobbyListMarksTablesThatAllowAPIBots(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.StartCountdown = time.Hour
	a := startBotApp(t, cfg)
	ana := openPublicFor(t, a.addr, "ana", "may sit")
	cy := openPublicFor(t, a.addr, "cy", "not allowed")
	bo := signIn(t, a.addr, "bo", big)
	bo.WaitFor(t, "Public tables  2", wait)
	var marked []string
	for _, l := range strings.Split(bo.Screen(), "\n") {
		if strings.Contains(l, "waiting") && strings.Contains(l, "API bots") {
			marked = append(marked, l)
		}
	}
	require.Len(t, marked, 1, "%s", bo.Screen())
	short := strings.Fields(marked[0])[0] // the table's short name, as its waiting room shows it
	require.Contains(t, ana.Screen(), short, "the marked table is ana's")
	require.NotContains(t, cy.Screen(), short)
}
