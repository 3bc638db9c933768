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
)

// TestExampleBotPlaysAGame: the Python example bot of docs/examples, its
// stdin and stdout joined to an `ssh HOST bot` session, registers, seeks a
// game against the built-in normal bot and plays it to the end.
func TestExampleBotPlaysAGame(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the example bot (docs/examples/firstlegal.py) is not run")
	}
	a := startBotApp(t, fastLobby())
	conn, err := gossh.Dial("tcp", a.addr, &gossh.ClientConfig{User: "firstlegal",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(sshtest.NewKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait})
	require.NoError(t, err)
	defer conn.Close()
	sess, err := conn.NewSession()
	require.NoError(t, err)
	in, err := sess.StdinPipe()
	require.NoError(t, err)
	out, err := sess.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, sess.Start("bot"))

	ctx, cancel := context.WithTimeout(t.Context(), gameWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "docs/examples/firstlegal.py")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = in, &stderr
	toBot, err := cmd.StdinPipe() // (an os pipe: Wait does not wait on the session's stdout)
	require.NoError(t, err)
	go func() { _, _ = io.Copy(toBot, out) }()
	require.NoError(t, cmd.Run(), "the example bot: %s", stderr.String())
	result := strings.TrimSpace(stderr.String())
	require.Contains(t, []string{"won", "lost"}, result)
}
