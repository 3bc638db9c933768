package main

import (
	"bytes"
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// startExample starts the Python example bot of docs/examples with args,
// its stdin and stdout joined to an `ssh HOST bot` session of key; wait
// waits for it to end and returns what it said on stderr ("won", "lost").
func startExample(t *testing.T, a *recordsApp, key gossh.Signer, args ...string) (done func() string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the example bot (docs/examples/firstlegal.py) is not run")
	}
	conn, err := gossh.Dial("tcp", a.addr, &gossh.ClientConfig{User: "firstlegal",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait})
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	sess, err := conn.NewSession()
	require.NoError(t, err)
	in, err := sess.StdinPipe()
	require.NoError(t, err)
	out, err := sess.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, sess.Start("bot"))

	ctx, cancel := context.WithTimeout(t.Context(), gameWait)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, python, append([]string{"docs/examples/firstlegal.py"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = in, &stderr
	toBot, err := cmd.StdinPipe() // (an os pipe: Wait does not wait on the session's stdout)
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	go func() { _, _ = io.Copy(toBot, out) }()
	return func() string {
		require.NoError(t, cmd.Wait(), "the example bot: %s", stderr.String())
		_ = conn.Close() // as ssh does when the bot's process ends
		return strings.TrimSpace(stderr.String())
	}
}

// TestExampleBotPlaysAGame: the example bot registers, seeks a game against
// the built-in normal bot and plays it to the end.
func TestExampleBotPlaysAGame(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	require.Contains(t, []string{"won", "lost"}, startExample(t, a, sshtest.NewKey(t))())
}

// TestExampleBotPlaysAnotherAPIBotOnTheLadder: the example bot, run with
// --ladder, plays its validation game; run again with the same key, it
// sits at the table of a second API bot waiting on the ladder and plays a
// whole rated game against it, which moves both ladder ratings.
func TestExampleBotPlaysAnotherAPIBotOnTheLadder(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	key := sshtest.NewKey(t)
	require.Contains(t, []string{"won", "lost"}, startExample(t, a, key, "--ladder")(), "its validation game")
	exBefore := ladderStanding(t, a, key, func(s store.LadderStanding) bool { return s.Validated })

	droidKey := sshtest.NewKey(t)
	droid := dialBot(t, a.addr, droidKey)
	droid.register(t, "droid")
	droid.send(t, `{"type":"seek","opponents":"ladder"}`)
	droid.playToTheEnd(t, nil) // its own validation game
	drBefore := ladderStanding(t, a, droidKey, func(s store.LadderStanding) bool { return s.Validated })
	droid.send(t, `{"type":"seek","opponents":"ladder"}`)
	for tm := droid.expect(t, "table"); tm["status"] != "waiting"; tm = droid.expect(t, "table") {
	}

	done := startExample(t, a, key, "--ladder")
	tm := droid.expect(t, "table")
	require.Equal(t, "firstlegal", opponent(tm), "the example bot sat at the waiting bot's table")
	over := droid.playToTheEnd(t, nil)
	result := done()
	require.Contains(t, []string{"won", "lost"}, result)
	require.Len(t, over["winners"], 1)
	dr := ladderStanding(t, a, droidKey, func(s store.LadderStanding) bool { return s.Games == 2 })
	ex := ladderStanding(t, a, key, func(s store.LadderStanding) bool { return s.Games == 2 })
	require.Equal(t, result == "won", ex.Rating.Mu > exBefore.Rating.Mu, "the example's rating follows its result")
	require.Equal(t, result == "won", dr.Rating.Mu < drBefore.Rating.Mu, "the other bot's too")
}
