package main

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// TestShutdownWhilePlayersPressKeys: forty players keep pressing keys (quick
// play, join by a live table's code, moves, leave) while main's ordered
// shutdown runs. The shutdown returns cleanly, nothing panics, and every
// player reads the one shutdown message and exits 0.
func TestShutdownWhilePlayersPressKeys(t *testing.T) {
	const n = 40
	logs := &syncBuffer{}
	logger := log.NewWithOptions(logs, log.Options{Level: log.DebugLevel, ReportTimestamp: true})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hub := lobby.NewHub(fastLobby())
	srv, err := ssh.New(ssh.Config{
		HostKeyDir:       t.TempDir(),
		Logger:           logger,
		NewModel:         modelMaker(hub, connectHint(l.Addr()), nil),
		MaxSessionsPerIP: 2 * (n + 1),
		ConnBurst:        -1,
		Startups:         ssh.Startups{PerIP: -1}, // every player dials from 127.0.0.1
	})
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	addr := l.Addr().String()
	defer func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs)
		}
	}()

	host, code := hostPrivate(t, addr, "host", nil)
	clients := dialAll(t, addr, n, func(i int) []sshtest.Option {
		return []sshtest.Option{sshtest.User(fmt.Sprintf("p%02d", i))}
	})
	for i, c := range clients {
		c.WaitFor(t, "nickname", wait)
		typeNick(t, c, fmt.Sprintf("p%02d", i))
	}
	for _, c := range clients {
		c.WaitFor(t, "Quick play", wait)
	}

	// Each player presses their own round of keys, over and over, until
	// their session ends: quick play, moves, leave, join by code.
	rounds := [][]string{
		{"enter", "d", "space", "enter", "l", "enter"},
		append(append([]string{"3"}, strings.Split(code, "")...), "enter", "d", "l", "enter"),
		{"1", "space", "d", "u", "enter", "esc", "l", "y"},
		{"4", "enter", "esc", "2", "enter", "esc"},
	}
	// They press at a brisk human pace (a key every 20 ms each, 2,000 a
	// second in all), which paces the load, never waits for anything.
	var wg sync.WaitGroup
	pressing := make(chan struct{}, n)
	for i, c := range clients {
		wg.Go(func() {
			keys := rounds[i%len(rounds)]
			pace := time.NewTicker(20 * time.Millisecond)
			defer pace.Stop()
			for k := 0; ; k++ {
				if c.Press(keys[k%len(keys)]) != nil {
					return
				}
				if k%len(keys) == 0 && k > 0 {
					if k == 2*len(keys) {
						pressing <- struct{}{}
					}
					if strings.Contains(c.Screen(), "restarting") {
						return
					}
				}
				<-pace.C
			}
		})
	}
	for range n {
		<-pressing // everyone is pressing away
	}
	require.NoError(t, shutdown(srv, hub, served, logger))
	wg.Wait()

	for i, c := range append(clients, host) {
		code := c.Wait(t, wait)
		out := string(c.Stderr())
		// One sentence, whether the door or the lobby told them.
		require.Contains(t, out, "unossh: the server is restarting; please reconnect in a minute", "client %d was not told (exit %d, output %q)", i, code, c.Raw())
		require.NotContains(t, out, "something went wrong", "client %d", i)
		require.Zero(t, code, "client %d's exit status; output %q", i, out)
	}
	require.NotContains(t, logs.String(), "panic")
}
