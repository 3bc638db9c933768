package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

var rejoinCode = regexp.MustCompile(`rejoin code ([0-9A-Z]{4}-[0-9A-Z]{4})`)

// TestGuestRejoinsTheirSeatOverSSH: a guest at ana's table reads their
// rejoin code on screen; their connection drops mid-game; a new guest
// connection with `rejoin CODE` is back in that seat, with the same name
// and the same cards, no nickname asked. A wrong code says it found no seat.
func TestGuestRejoinsTheirSeatOverSSH(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2", "turn timer", "off"})
	g := sshtest.Dial(t, addr, sshtest.Guest(), sshtest.Command("join "+code), big)
	g.WaitFor(t, "nickname", wait)
	require.NoError(t, g.Press("enter"))
	ana.WaitFor(t, "2/2 taken", wait)
	startGame(t, ana, g)
	answerWildStart(t, ana) // its box would cover the log ana is to read

	var rejoin string
	g.WaitUntil(t, func(s string) bool {
		m := rejoinCode.FindStringSubmatch(s)
		if m != nil {
			rejoin = m[1]
		}
		return m != nil && handCount(s) > 0
	}, wait)
	name := regexp.MustCompile(`guest-[0-9A-Z]+`).FindString(g.Screen())
	require.NotEmpty(t, name)
	cards, _ := hand(g.Lines())
	require.NotContains(t, ana.Screen(), "rejoin code", "ana has a key: she needs no code")

	g.Close()
	ana.WaitFor(t, name+" lost their connection", wait)

	wrong := sshtest.Dial(t, addr, sshtest.Guest(), sshtest.Command("rejoin 7QK4-MXDA"), big)
	wrong.WaitFor(t, "nickname", wait)
	require.NoError(t, wrong.Press("enter"))
	wrong.WaitFor(t, "no seat is kept for that rejoin code", wait)

	back := sshtest.Dial(t, addr, sshtest.Guest(), sshtest.Command("rejoin "+rejoin), big)
	back.WaitUntil(t, func(s string) bool { return handCount(s) > 0 }, wait)
	require.NotContains(t, string(back.Raw()), "Choose a nickname")
	require.Contains(t, back.Screen(), "rejoin code "+rejoin)
	again, _ := hand(back.Lines())
	require.Equal(t, cards, again)
	ana.WaitFor(t, name+" is back", wait)
}
