package main

import (
	"fmt"
	"net"
	"runtime"
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
	t.Parallel()
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

// TestShutdownWhileFiftyClientsConnectAndPlay: with fifty SSH clients on
// the server (some still connecting, some at the nickname prompt, some in
// the lobby, some at tables playing with bots), main's ordered shutdown
// finishes within its deadline, and every player who had a session is told
// the server is stopping before it ends.
func TestShutdownWhileFiftyClientsConnectAndPlay(t *testing.T) {
	const settled, connecting, inLobby, atTables = 35, 15, 25, 12
	goroutines := runtime.NumGoroutine()

	// The server, wired as run wires it, with the door opened wide for
	// fifty clients from one address.
	logs := &syncBuffer{}
	logger := log.NewWithOptions(logs, log.Options{Level: log.DebugLevel, ReportTimestamp: true})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hub := lobby.NewHub(fastLobby())
	srv, err := ssh.New(ssh.Config{
		HostKeyDir:       t.TempDir(),
		Logger:           logger,
		NewModel:         modelMaker(hub, connectHint(l.Addr()), nil),
		MaxSessionsPerIP: 2 * (settled + connecting),
		ConnBurst:        -1,
		Startups:         ssh.Startups{PerIP: -1},
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

	clients := dialAll(t, addr, settled, func(i int) []sshtest.Option {
		return []sshtest.Option{sshtest.User(fmt.Sprintf("p%02d", i))}
	})
	for _, c := range clients {
		c.WaitFor(t, "nickname", wait)
	}
	for i, c := range clients[:inLobby] {
		typeNick(t, c, fmt.Sprintf("p%02d", i))
	}
	for _, c := range clients[:inLobby] {
		c.WaitFor(t, "Quick play", wait)
	}
	var players []*player
	for i, c := range clients[:atTables] {
		require.NoError(t, c.Press("enter"))
		players = append(players, &player{c: c, name: fmt.Sprintf("p%02d", i)})
	}
	for _, p := range players {
		p.c.WaitUntil(t, inGame, wait)
	}
	keys := func() int {
		n := 0
		for _, p := range players {
			n += p.keys
		}
		return n
	}
	drive(t, 30*time.Second, func() bool { return keys() >= 10 }, players...)

	// More players arrive, and the server is told to stop while they are
	// still handshaking.
	var wg sync.WaitGroup
	late := make([]*sshtest.Client, connecting)
	first := make(chan struct{})
	var once sync.Once
	for i := range connecting {
		wg.Go(func() {
			defer once.Do(func() { close(first) })
			c, err := sshtest.TryDial(t, addr, sshtest.User(fmt.Sprintf("late%02d", i)), sshtest.DialTimeout(wait))
			if err == nil {
				late[i] = c
				_ = c.Press("enter")
			}
		})
	}
	<-first
	start := time.Now()
	require.NoError(t, shutdown(srv, hub, served, logger))
	took := time.Since(start)
	t.Logf("shutdown took %v", took.Round(time.Millisecond))
	require.Less(t, took, shutdownTimeout)

	wg.Wait()                // each dial is bounded by its timeout
	told := map[string]int{} // by what they read
	for i, c := range append(clients, late...) {
		if c == nil {
			continue // refused while handshaking: it never had a session
		}
		code := c.Wait(t, wait)
		out := string(c.Stderr())
		require.Contains(t, out, "unossh: the server is", "client %d was not told (exit %d, output %q)", i, code, c.Raw())
		told[strings.TrimSpace(out[strings.Index(out, "unossh: "):])]++
	}
	t.Logf("told: %v", told)
	require.NotContains(t, logs.String(), "panic")
	require.Eventually(t, func() bool { return runtime.NumGoroutine() <= goroutines+10 }, wait, 50*time.Millisecond,
		"goroutines left: %d, %d before", runtime.NumGoroutine(), goroutines)
}
