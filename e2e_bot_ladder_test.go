package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// ladderStanding is the bot's place on the ladder, once cond holds for it
// (the finished games reach the store on the recorder's goroutine).
func ladderStanding(t *testing.T, a *recordsApp, key gossh.Signer, cond func(store.LadderStanding) bool) store.LadderStanding {
	t.Helper()
	acct, err := a.st.AccountByKey(t.Context(), gossh.FingerprintSHA256(key.PublicKey()))
	require.NoError(t, err)
	var s store.LadderStanding
	require.Eventually(t, func() bool {
		s, err = a.st.LadderStanding(t.Context(), acct.ID, time.Now().Add(-24*time.Hour))
		return err == nil && cond(s)
	}, wait, 5*time.Millisecond, "the ladder standing never came: %+v %v", s, err)
	return s
}

// playBoth plays two bots' game at one table to its end, each making the
// first legal move offered.
func playBoth(t *testing.T, x, y *botConn) {
	t.Helper()
	deadline := time.After(gameWait)
	over := map[*botConn]bool{}
	for len(over) < 2 {
		var b *botConn
		var m map[string]any
		var ok bool
		select {
		case m, ok = <-x.msgs:
			b = x
		case m, ok = <-y.msgs:
			b = y
		case <-deadline:
			t.Fatalf("the ladder game did not end in %v", gameWait)
		}
		require.True(t, ok, "a bot's session ended")
		switch m["type"] {
		case "turn":
			legal := m["legal"].([]any)
			b.send(t, `{"type":"move","id":`+jsonNum(legal[0].(map[string]any)["id"])+`}`)
		case "game_over":
			over[b] = true
		case "error":
			t.Fatalf("an error: %v", m)
		}
	}
}

// opponent is the name in the seat that is not the bot's own.
func opponent(tm map[string]any) string {
	for _, s := range tm["seats"].([]any) {
		s := s.(map[string]any)
		if s["seat"] != tm["seat"] {
			return s["name"].(string)
		}
	}
	return ""
}

// TestBotLadderOverSSH: two API bots seek the ladder; each first plays its
// validation game against the built-in normal bot, then they are paired
// with each other for a rated game that moves both their ladder ratings;
// past the day's limit a seek is an error with ratelimit; and `ssh HOST
// top bots` lists both, with the built-in levels as fixed references.
func TestBotLadderOverSSH(t *testing.T) {
	t.Parallel()
	cfg := fastLobby()
	cfg.LadderPerDay = 2
	a := startBotApp(t, cfg)
	keys := []gossh.Signer{sshtest.NewKey(t), sshtest.NewKey(t)}
	names := []string{"robo", "droid"}
	bots := make([]*botConn, 2)
	for i := range bots {
		bots[i] = dialBot(t, a.addr, keys[i])
		bots[i].register(t, names[i])
		bots[i].send(t, `{"type":"seek","opponents":"ladder"}`)
		tm := bots[i].expect(t, "table")
		require.Len(t, tm["seats"], 2)
		require.NotContains(t, names, opponent(tm), "a new bot plays its validation game against a built-in bot")
		require.Equal(t, "single-hand", tm["settings"].(map[string]any)["mode"])
		require.NotEmpty(t, bots[i].playToTheEnd(t, nil)["winners"])
	}
	before := make([]store.LadderStanding, 2)
	for i := range bots {
		before[i] = ladderStanding(t, a, keys[i], func(s store.LadderStanding) bool { return s.Validated })
		require.Equal(t, 1, before[i].Games)
	}

	bots[0].send(t, `{"type":"seek","opponents":"ladder"}`)
	waiting := bots[0].expect(t, "table")
	require.Equal(t, "waiting", waiting["status"])
	bots[1].send(t, `{"type":"seek","opponents":"ladder"}`)
	tm := bots[1].expect(t, "table")
	require.Equal(t, waiting["id"], tm["id"], "the second bot on the ladder sits at the first one's table")
	require.Equal(t, "robo", opponent(tm))
	playBoth(t, bots[0], bots[1])
	for i := range bots {
		after := ladderStanding(t, a, keys[i], func(s store.LadderStanding) bool { return s.Games == 2 })
		require.NotEqual(t, before[i].Rating.Mu, after.Rating.Mu, "%s's rating did not move", names[i])
		require.Less(t, after.Rating.Sigma, before[i].Rating.Sigma, "%s's rating grew no surer", names[i])
	}

	bots[0].send(t, `{"type":"seek","opponents":"ladder"}`)
	e := bots[0].next(t, wait)
	for e["type"] != "error" {
		e = bots[0].next(t, wait)
	}
	require.Contains(t, e["message"], "2 ladder games today")
	rl, ok := e["ratelimit"].(map[string]any)
	require.True(t, ok, "the daily limit is told as a ratelimit: %v", e)
	require.Greater(t, rl["seconds"].(float64), 0.0)

	h := dialBot(t, a.addr, keys[1]).next(t, wait)
	require.Equal(t, "hello", h["type"])
	l, ok := h["ladder"].(map[string]any)
	require.True(t, ok, "hello tells the bot its place on the ladder: %v", h)
	require.Equal(t, map[string]any{"rating": l["rating"], "games": 2.0, "validated": true, "today": 2.0}, l)

	out, _, code := a.print(t, "top bots")
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "the bot ladder")
	for _, want := range []string{"robo", "droid", "bot (normal)", "bot (hard)", "bot (beginner)"} {
		require.Contains(t, out, want)
	}
	require.Less(t, strings.Index(out, "bot (hard)"), strings.Index(out, "bot (beginner)"), "ranked by rating")
}
