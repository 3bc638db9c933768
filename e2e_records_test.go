package main

import (
	"context"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// These end-to-end tests prove the records over real SSH: nicknames kept
// for their keys (and refused to anyone else), a finished game on the
// players' profiles and the leaderboard, printed without a terminal, and
// all of it back after the server restarts on the same data directory.

// recordsApp is the product as main wires it, with a store in dir.
type recordsApp struct {
	addr   string
	hub    *lobby.Hub
	st     *store.DB
	srv    *ssh.Server
	served chan error
}

// startRecords serves the app on a store in dir until stop (or the test's
// end); tune, if given, changes the SSH server's settings.
func startRecords(t *testing.T, dir string, cfg lobby.Config, tune ...func(*ssh.Config)) *recordsApp {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, Logger: log.New(&syncBuffer{})})
	require.NoError(t, err)
	cfg.Store = st
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	a := &recordsApp{addr: l.Addr().String(), hub: lobby.NewHub(cfg), st: st, served: make(chan error, 1)}
	scfg := ssh.Config{
		HostKeyDir: t.TempDir(),
		Logger:     log.New(&syncBuffer{}),
		NewModel:   modelMaker(a.hub, connectHint(l.Addr()), nil),
		Records:    recordsFor(st, time.Now, a.hub.KeyAdded),
		ConnBurst:  -1, // every client dials from 127.0.0.1
		Startups:   ssh.Startups{PerIP: -1},
	}
	for _, f := range tune {
		f(&scfg)
	}
	a.srv, err = ssh.New(scfg)
	require.NoError(t, err)
	go func() { a.served <- a.srv.Serve(l) }()
	t.Cleanup(a.stop)
	return a
}

// stop shuts the app down as main does, then closes the store (once).
func (a *recordsApp) stop() {
	if a.st == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	_ = a.hub.Shutdown(ctx)
	_ = a.srv.Shutdown(ctx)
	<-a.served
	_ = a.st.Close()
	a.st = nil
}

// print runs a records command without a terminal: its output, stderr and
// exit status.
func (a *recordsApp) print(t *testing.T, cmd string, opts ...sshtest.Option) (string, string, int) {
	t.Helper()
	c := sshtest.Dial(t, a.addr, append(opts, sshtest.NoPTY(), sshtest.Command(cmd))...)
	code := c.Wait(t, wait)
	stderr := string(c.Stderr())
	return strings.TrimSuffix(string(c.Raw()), stderr), stderr, code
}

// playOneHand: ana hosts a single hand of Classic with a bot, bo joins with
// his key, and ana goes out at once with a stacked hand.
func playOneHand(t *testing.T, a *recordsApp, anaKey, boKey gossh.Signer) {
	t.Helper()
	e := &edTable{t: t, c: map[string]*sshtest.Client{}}
	host := signIn(t, a.addr, "ana", sshtest.Command("new"), sshtest.WithKey(anaKey))
	host.WaitFor(t, "Create a table", wait)
	for _, f := range [][2]string{{"edition", "Classic 2001"}, {"mode", "single hand"}, {"seats", "3"},
		{"bots", "1"}, {"Blank cards", "discard all of its colour"}} {
		setField(t, host, f[0], f[1])
	}
	require.NoError(t, host.Press("enter"))
	code := readCode(t, host)
	e.c["ana"] = host
	e.c["bo"] = signIn(t, a.addr, "bo", sshtest.Command("join "+code), sshtest.WithKey(boKey))
	host.WaitFor(t, "3/3 taken", wait)
	require.NoError(t, host.Press("s"))
	e.goOut()
	for _, c := range e.c {
		c.WaitFor(t, "GAME OVER", wait)
		c.Close()
	}
}

// oneHandLobby stacks the deal of playOneHand: ana (seat 0) holds a red
// Blank and six red cards and plays first.
func oneHandLobby(t *testing.T) lobby.Config {
	return edLobby(t, edStack(t, 2, [][]string{
		outHand,
		{"B1", "B2", "B3", "G1", "G2", "G3", "Y1"},
		{"Y2", "Y3", "Y4", "G4", "G5", "B4", "B5"},
	}, "R9"))
}

var linkCode = regexp.MustCompile(`link ([0-9A-Z]{4}-[0-9A-Z]{4})`)

// TestRecordsOverSSH: a game played over SSH is on both players' profiles
// and on the leaderboard, printed by `profile` and `top` without a terminal;
// a nickname is refused to another key and to a guest, in any letter case;
// a second key joins an account with `link`; and after a restart on the
// same data directory a keyed player is back under their nickname with no
// prompt, and their record with them.
func TestRecordsOverSSH(t *testing.T) {
	dir := t.TempDir()
	anaKey, boKey := sshtest.NewKey(t), sshtest.NewKey(t)
	a := startRecords(t, dir, oneHandLobby(t))
	playOneHand(t, a, anaKey, boKey)

	// The game is written off the table's goroutine: wait for it.
	require.Eventually(t, func() bool { return a.hub.HistoryStats().Recorded == 1 }, wait, 10*time.Millisecond)

	t.Run("profile", func(t *testing.T) {
		out, _, code := a.print(t, "profile ANA")
		require.Equal(t, 0, code)
		for _, want := range []string{"ana · playing since", "1 game · 1 win (100%)", "Classic 2001", "single hand",
			"recent games", "1st/3"} {
			require.Contains(t, out, want)
		}
		out, _, code = a.print(t, "profile", sshtest.WithKey(boKey))
		require.Equal(t, 0, code)
		require.Contains(t, out, "bo · playing since")
		require.Contains(t, out, "1 game · 0 wins (0%)")
		_, stderr, code := a.print(t, "profile zed")
		require.Equal(t, 1, code)
		require.Contains(t, stderr, `no player is called "zed"`)
	})
	t.Run("top", func(t *testing.T) {
		out, _, code := a.print(t, "top")
		require.Equal(t, 0, code)
		require.Contains(t, out, "leaderboard · all editions · all time")
		require.Contains(t, out, "leaderboard · all editions · this week")
		require.Regexp(t, `1  ana `, out)
		require.Contains(t, out, "bo ")
		require.Contains(t, out, "bot (normal)")
		out, _, code = a.print(t, "top classic")
		require.Equal(t, 0, code)
		require.Contains(t, out, "Classic 2001 · all time")
		_, stderr, code := a.print(t, "top uno")
		require.Equal(t, 1, code)
		require.Contains(t, stderr, "no such edition")
	})
	t.Run("a nickname squat is refused", func(t *testing.T) {
		eve := sshtest.Dial(t, a.addr, sshtest.User("ANA"))
		eve.WaitFor(t, "nickname", wait)
		typeNick(t, eve, "ANA")
		eve.WaitFor(t, "that nickname belongs to another player; choose another", wait)
		guest := sshtest.Dial(t, a.addr, sshtest.Guest())
		guest.WaitFor(t, "you play as a guest", wait)
		guest.WaitFor(t, "Press enter to play as guest-", wait)
		require.NoError(t, guest.Press("B", "o", "enter"))
		guest.WaitFor(t, "that nickname belongs to another player; choose another", wait)
	})
	t.Run("link a second key", func(t *testing.T) {
		ana := sshtest.Dial(t, a.addr, sshtest.WithKey(anaKey))
		ana.WaitFor(t, "Quick play", wait)
		require.NoError(t, ana.Press("p"))
		ana.WaitFor(t, "1 game · 1 win", wait)
		require.NoError(t, ana.Press("a"))
		var code string
		ana.WaitUntil(t, func(s string) bool {
			m := linkCode.FindStringSubmatch(s)
			if m != nil {
				code = m[1]
			}
			return m != nil
		}, wait)
		laptop := sshtest.NewKey(t)
		out, _, status := a.print(t, "link "+strings.ToLower(code), sshtest.WithKey(laptop))
		require.Equal(t, 0, status)
		require.Contains(t, out, "this key now signs in as ana")
		// The code is used up: ana's profile page stops showing it and
		// says why (the lobby is told; the page reads the store no more).
		ana.WaitUntil(t, func(s string) bool {
			return !strings.Contains(s, code) && strings.Contains(s, "a key was added to your account") &&
				strings.Contains(s, "2 keys") // the page read the profile again
		}, wait)
		_, stderr, status := a.print(t, "link "+code, sshtest.WithKey(sshtest.NewKey(t)))
		require.Equal(t, 1, status, "a code works once")
		require.Contains(t, stderr, "that code is not valid")
		out, _, _ = a.print(t, "profile", sshtest.WithKey(laptop))
		require.Contains(t, out, "ana · playing since")
		require.Contains(t, out, "2 keys")
		ana.Close()
	})

	// The server restarts on the same data directory.
	a.stop()
	b := startRecords(t, dir, oneHandLobby(t))
	ana := sshtest.Dial(t, b.addr, sshtest.WithKey(anaKey))
	ana.WaitFor(t, "Quick play", wait)
	require.Contains(t, ana.Lines()[0], "ana", "back under her nickname with no prompt")
	require.NotContains(t, ana.Screen(), "Choose a nickname")
	out, _, code := b.print(t, "profile ana")
	require.Equal(t, 0, code)
	require.Contains(t, out, "1 game · 1 win (100%)")
	eve := sshtest.Dial(t, b.addr, sshtest.User("Ana"))
	eve.WaitFor(t, "nickname", wait)
	typeNick(t, eve, "Ana")
	eve.WaitFor(t, "that nickname belongs to another player; choose another", wait)
}
