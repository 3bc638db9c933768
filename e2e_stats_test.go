package main

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// These end-to-end tests prove that the games a player plays reach their
// record over real SSH: a seat taken from a bot mid-game from the lobby's
// list, and a tournament's rounds and result (docs/rules.md, "Records and
// ratings").

// TestSeatTakenFromABotIsOnTheProfile: ana opens a public single hand with
// two bots, which starts by itself; bo, in the lobby, chooses the table in the list
// and Enter sits him in a bot's seat with its hand, mid-game, as the README
// invites. When ana goes out, the game is on bo's profile too, and with two
// people in it the game is rated: both have a rated game. (The seat used to
// stay the bot's in the record: bo had no game and nobody was rated.)
func TestSeatTakenFromABotIsOnTheProfile(t *testing.T) {
	t.Parallel()
	a := startRecords(t, t.TempDir(), oneHandLobby(t))
	e := &edTable{t: t, c: map[string]*sshtest.Client{}}
	ana := signIn(t, a.addr, "ana", sshtest.Command("new"))
	ana.WaitFor(t, "Create a table", wait)
	for _, f := range [][2]string{{"visibility", "public"}, {"edition", "Classic 2001"}, {"mode", "single hand"},
		{"seats", "3"}, {"bots", "2"}, {"Blank cards", "discard all of its colour"}} {
		setField(t, ana, f[0], f[1])
	}
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "your turn", wait) // it starts by itself; the game waits on ana: a minute's turn
	short := tableShort(t, ana)
	e.c["ana"] = ana

	bo := signIn(t, a.addr, "bo")
	bo.WaitFor(t, short, wait)
	for i := 0; i < 8 && !regexp.MustCompile(`▶ `+short).MatchString(bo.Screen()); i++ {
		before := bo.Screen()
		require.NoError(t, bo.Press("down"))
		bo.WaitUntil(t, func(s string) bool { return s != before }, wait)
	}
	require.Regexp(t, `▶ `+short, bo.Screen())
	require.NoError(t, bo.Press("enter"))
	ana.WaitUntil(t, regexp.MustCompile(`bo took the seat of \w+ \(bot\)`).MatchString, wait)
	bo.WaitUntil(t, func(s string) bool { return handCount(s) > 0 }, wait)
	e.c["bo"] = bo

	e.goOut()
	for _, c := range e.c {
		c.WaitFor(t, "GAME OVER", wait)
	}
	require.Eventually(t, func() bool { return a.hub.HistoryStats().Recorded == 1 }, wait, 10*time.Millisecond)

	for name, totals := range map[string]string{"ana": "1 game · 1 win (100%)", "bo": "1 game · 0 wins (0%)"} {
		out, _, code := a.print(t, "profile "+name)
		require.Equal(t, 0, code)
		require.Contains(t, out, totals, name)
		require.Contains(t, out, "over all editions (1 rated game)", "%s is rated for it", name)
		require.Regexp(t, `(1st|2nd|3rd)/3\s+Classic 2001\s+single hand\s+\d+\s+[+-]\d+\.\d`, out,
			"%s's game, with the change of rating", name)
	}
	out, _, code := a.print(t, "top")
	require.Equal(t, 0, code)
	require.Regexp(t, `\d+  bo `, out)
}

// TestTournamentIsOnTheProfiles: ana and bo play a tournament to its end,
// as TestTournamentOverSSH does (bots in the six other places, the humans'
// turns left to the timer). Both profiles, printed by `ssh HOST profile`,
// then count the tournament and list its rounds' games; the fourteen
// rounds' games and the result are all written, and the leaderboard ranks
// both. (Nothing of a tournament
// was recorded: 28 hands played, and "0 games".)
func TestTournamentIsOnTheProfiles(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.BotDelay = time.Millisecond
	cfg.NextHand = 20 * time.Millisecond
	cfg.TurnTime = 30 * time.Millisecond
	cfg.IdleMoves = -1
	a := startRecords(t, t.TempDir(), cfg)

	ana := signIn(t, a.addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("6"))
	ana.WaitFor(t, "Tournaments", wait)
	require.NoError(t, ana.Press("p"))
	ana.WaitFor(t, "private tournament", wait)
	code := readCode(t, ana)
	bo := signIn(t, a.addr, "bo", sshtest.Command("join "+code))
	bo.WaitFor(t, "it begins when all eight have signed up", wait)
	ana.WaitFor(t, "2/8 taken", wait)
	require.NoError(t, ana.Press("s"))
	for _, c := range []*sshtest.Client{ana, bo} {
		c.WaitFor(t, "TOURNAMENT OVER", 3*time.Minute)
	}
	// Seven rounds at each of the two tables, and the result.
	require.Eventually(t, func() bool { return a.hub.HistoryStats().Recorded == 15 }, wait, 10*time.Millisecond)

	for _, name := range []string{"ana", "bo"} {
		out, _, code := a.print(t, "profile "+name)
		require.Equal(t, 0, code)
		require.Regexp(t, `1 tournament · [01] wins? · best place \d(st|nd|rd|th)`, out, name)
		// A round a bot won for an idle player is not theirs (the humans
		// here leave every turn to the timer): the profile counts the
		// rounds the store credits them with, and lists them.
		p, err := a.st.ProfileByName(t.Context(), name)
		require.NoError(t, err)
		games := fmt.Sprintf("%d games", p.Games)
		if p.Games == 1 {
			games = "1 game"
		}
		require.Contains(t, out, games+" · ", name)
		for _, g := range p.Recent {
			require.NotEmpty(t, g.Tournament)
		}
		rows := regexp.MustCompile(`\d(st|nd|rd|th)/4\s+Classic 2001\s+tournament round`).FindAllString(out, -1)
		require.Len(t, rows, min(p.Games, store.RecentGames), name)
	}
	// Every round had two people in it, so what the store credits a player
	// with is rated, and puts them on the leaderboard (a round a bot won for
	// an idle player is not theirs: one of them may have none).
	out, _, status := a.print(t, "top classic")
	require.Equal(t, 0, status)
	onBoard := 0
	for _, name := range []string{"ana", "bo"} {
		p, err := a.st.ProfileByName(t.Context(), name)
		require.NoError(t, err)
		rated := 0
		for _, r := range p.Ratings {
			rated = max(rated, r.Games)
		}
		if rated > 0 {
			require.Regexp(t, `\d+  `+name+` `, out)
			onBoard++
		}
	}
	require.Positive(t, onBoard, "the humans' rounds are rated:\n%s", out)
}
