package ssh_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// wait bounds every wait in these tests: generous, because a loaded CI
// machine under -race is slow, and never reached when things work.
const wait = 10 * time.Second

func config() ssh.Config {
	return ssh.Config{NewModel: newTestModel}
}

func portOf(addr string) string {
	_, port, _ := net.SplitHostPort(addr)
	return port
}

func TestKeyAndGuestClientsGetIn(t *testing.T) {
	addr := sshtest.StartServer(t, config())

	key := sshtest.Dial(t, addr, sshtest.User("ana"))
	guest := sshtest.Dial(t, addr, sshtest.Guest(), sshtest.User("bo"))

	key.WaitFor(t, "unossh test screen", wait)
	assert.Contains(t, key.Screen(), "user=ana guest=false")
	assert.Contains(t, key.Screen(), "fingerprint="+key.Fingerprint())
	assert.True(t, strings.HasPrefix(key.Fingerprint(), "SHA256:"))

	guest.WaitFor(t, "unossh test screen", wait)
	assert.Contains(t, guest.Screen(), "user=bo guest=true")
	assert.Contains(t, guest.Lines(), "fingerprint=")

	assert.NotEqual(t, sessionID(t, key.Screen()), sessionID(t, guest.Screen()))
}

func sessionID(t *testing.T, screen string) string {
	t.Helper()
	m := regexp.MustCompile(`id=(\S+)`).FindStringSubmatch(screen)
	require.NotNil(t, m, "no id on screen:\n%s", screen)
	return m[1]
}

func TestSameKeyIsSamePlayer(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	key := sshtest.NewKey(t)

	first := sshtest.Dial(t, addr, sshtest.WithKey(key))
	second := sshtest.Dial(t, addr, sshtest.WithKey(key))

	first.WaitFor(t, "fingerprint=SHA256:", wait)
	second.WaitFor(t, "fingerprint=SHA256:", wait)
	assert.Contains(t, first.Screen(), "fingerprint="+first.Fingerprint())
	assert.Contains(t, second.Screen(), "fingerprint="+first.Fingerprint())
	assert.NotEqual(t, sessionID(t, first.Screen()), sessionID(t, second.Screen()))
}

func TestCommands(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	dest := "-p " + portOf(addr) + " HOST"

	tests := []struct {
		name     string
		opts     []sshtest.Option
		exit     int
		output   string // in stdout or stderr
		onStderr bool
	}{
		{"help without a terminal", []sshtest.Option{sshtest.NoPTY(), sshtest.Command("help")},
			0, "ssh -t " + dest + " join CODE", false},
		{"help with a terminal", []sshtest.Option{sshtest.Command("help")},
			0, "Without a key you play as a guest.", false},
		{"unknown command", []sshtest.Option{sshtest.NoPTY(), sshtest.Command("dance now")},
			2, `unossh: unknown command "dance"; try: ssh ` + dest + " help", true},
		{"unknown command with a terminal", []sshtest.Option{sshtest.Command("rm -rf /")},
			2, `unknown command "rm"`, true},
		{"join without a terminal", []sshtest.Option{sshtest.NoPTY(), sshtest.Command("join K7QX2M")},
			1, "unossh: this needs a terminal: ssh -t " + dest + " join K7QX2M", true},
		{"new without a terminal", []sshtest.Option{sshtest.NoPTY(), sshtest.Command("new")},
			1, "this needs a terminal: ssh -t " + dest + " new", true},
		{"lobby without a terminal", []sshtest.Option{sshtest.NoPTY()},
			1, "this needs a terminal: ssh -t " + dest + "\n", true},
		{"join without a code", []sshtest.Option{sshtest.Command("join")},
			2, "join needs a table code, e.g. join K7QX-2MHC-9DFA", true},
		{"join with a bad code", []sshtest.Option{sshtest.NoPTY(), sshtest.Command("join K7+QX")},
			2, `a table code is 1 to 16 letters and digits, not "K7+QX"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sshtest.Dial(t, addr, tt.opts...)
			assert.Equal(t, tt.exit, c.Wait(t, wait))
			out := c.Raw()
			if tt.onStderr {
				out = c.Stderr()
			}
			out = bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n"))
			assert.Contains(t, string(out), tt.output)
		})
	}
}

func TestJoinPassesTheCode(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	c := sshtest.Dial(t, addr, sshtest.Command("join k7qx2m"))
	c.WaitFor(t, "command=join code=K7QX2M", wait)
	c = sshtest.Dial(t, addr, sshtest.Command("join k7qx-2mhc-9dfa"))
	c.WaitFor(t, "command=join code=K7QX2MHC9DFA", wait)

	c = sshtest.Dial(t, addr, sshtest.Command("new"))
	c.WaitFor(t, "command=new code=", wait)
}

func TestKeysResizeAndQuit(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	c := sshtest.Dial(t, addr, sshtest.Size(100, 30))
	c.WaitFor(t, "size=100x30 presses=0", wait)

	require.NoError(t, c.Press("down", "enter", "space"))
	c.WaitFor(t, "presses=3", wait)

	require.NoError(t, c.Resize(90, 20))
	c.WaitFor(t, "size=90x20", wait)

	require.NoError(t, c.Press("q"))
	assert.Equal(t, 0, c.Wait(t, wait))
}

// TestFirstScreenWithoutTerminalAnswers proves the background-colour trap is
// closed: the client (like x/crypto/ssh) never answers terminal queries, and
// its first screen must still arrive at once, not after a query timeout
// (wish's MakeRenderer waits up to 1 s).
func TestFirstScreenWithoutTerminalAnswers(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	for _, term := range []string{"xterm-256color", "xterm-16color", "xterm", "dumb"} {
		t.Run(term, func(t *testing.T) {
			start := time.Now()
			c := sshtest.Dial(t, addr, sshtest.Term(term))
			// The bound is what the test is about: well under a query
			// timeout, and still many times what the first screen takes.
			c.WaitFor(t, "unossh test screen", 900*time.Millisecond)
			t.Logf("first screen after %v", time.Since(start))

			raw := string(c.Raw())
			assert.NotContains(t, raw, "\x1b]11;?", "the server asked for the background colour")
			assert.NotContains(t, raw, "\x1b[c", "the server asked for device attributes")
			assert.NotContains(t, raw, "\x1b[6n", "the server asked for the cursor position")
		})
	}
}

func TestColourProfileFollowsTheClientTerminal(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	tests := []struct {
		name string
		opts []sshtest.Option
		want string // the red title's colour sequence; "" for none
	}{
		{"truecolor", []sshtest.Option{sshtest.Env("COLORTERM", "truecolor")}, "38;2;255;0;0"},
		{"256 colours", []sshtest.Option{sshtest.Term("xterm-256color")}, "38;5;196"},
		{"16 colours", []sshtest.Option{sshtest.Term("xterm-16color")}, ";91m"},
		{"dumb", []sshtest.Option{sshtest.Term("dumb")}, ""},
		{"NO_COLOR", []sshtest.Option{sshtest.Env("NO_COLOR", "1")}, ""},
	}
	sgr := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sshtest.Dial(t, addr, tt.opts...)
			c.WaitFor(t, "unossh test screen", wait)
			raw := string(c.Raw())
			if tt.want == "" {
				assert.Empty(t, sgr.FindAllString(raw, -1), "colour sent to a terminal without colour")
				return
			}
			assert.Contains(t, raw, tt.want)
		})
	}
}

func TestPanicInOneSessionLeavesOthersAlone(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	victim := sshtest.Dial(t, addr)
	bystander := sshtest.Dial(t, addr)
	victim.WaitFor(t, "unossh test screen", wait)
	bystander.WaitFor(t, "unossh test screen", wait)

	require.NoError(t, victim.Press("p"))
	assert.Equal(t, 1, victim.Wait(t, wait))
	assert.Contains(t, string(victim.Stderr()), "something went wrong on our side")

	require.NoError(t, bystander.Press("a"))
	bystander.WaitFor(t, "presses=1", wait)
	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)
}

func TestPanicInNewModelIsRecovered(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	c := sshtest.Dial(t, addr, sshtest.User("panic-in-new"))
	assert.Equal(t, 1, c.Wait(t, wait))
	assert.Contains(t, string(c.Stderr()), "something went wrong on our side")

	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)
}

func TestCloseGivesTheReason(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	c := sshtest.Dial(t, addr)
	c.WaitFor(t, "unossh test screen", wait)

	require.NoError(t, c.Press("x"))
	c.WaitFor(t, "unossh: signed in elsewhere", wait)
	assert.Equal(t, 0, c.Wait(t, wait))
	assert.NotContains(t, c.Screen(), "unossh test screen", "the program's screen should be gone")
}

func TestSessionsPerIPAreCapped(t *testing.T) {
	cfg := config()
	cfg.MaxSessionsPerIP = 2
	srv, addr := sshtest.Serve(t, cfg)

	first := sshtest.Dial(t, addr)
	second := sshtest.Dial(t, addr)
	first.WaitFor(t, "unossh test screen", wait)
	second.WaitFor(t, "unossh test screen", wait)

	third := sshtest.Dial(t, addr)
	third.WaitFor(t, "unossh: too many sessions from your address; close one and try again", wait)
	assert.Equal(t, 1, third.Wait(t, wait))

	// The refusal harmed no one, and a freed slot can be taken again.
	require.NoError(t, second.Press("a"))
	second.WaitFor(t, "presses=1", wait)
	first.Close()
	require.Eventually(t, func() bool { return srv.Sessions() == 1 }, wait, 5*time.Millisecond)
	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)
}

func TestSessionsInTotalAreCapped(t *testing.T) {
	cfg := config()
	cfg.MaxSessions = 1
	addr := sshtest.StartServer(t, cfg)
	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)

	c := sshtest.Dial(t, addr)
	c.WaitFor(t, "unossh: the server is full right now", wait)
	assert.Equal(t, 1, c.Wait(t, wait))
}

func TestNewConnectionsAreRateLimited(t *testing.T) {
	cfg := config()
	cfg.ConnBurst = 2
	cfg.ConnEvery = time.Hour
	addr := sshtest.StartServer(t, cfg)

	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)
	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)
	_, err := sshtest.TryDial(t, addr)
	require.Error(t, err, "the third connection within the burst should be refused")
}

// The handshake timer is fired by the test, not by the clock: with a real
// 100 ms limit, the legitimate dial below also missed it on a loaded
// machine. A player who logged in before the timer fires keeps playing.
func TestHandshakeTimeoutDropsSilentConnections(t *testing.T) {
	cfg := config()
	timers := ssh.ManualTimers(&cfg)
	addr := sshtest.StartServer(t, cfg)
	player := sshtest.Dial(t, addr)
	player.WaitFor(t, "unossh test screen", wait)

	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(wait)))
	line := make([]byte, 4)
	_, err = io.ReadFull(conn, line) // the server's version line: it is counting
	require.NoError(t, err)

	assert.Equal(t, 1, timers.Fire(), "only the silent connection's timer is still running")
	_, err = io.Copy(io.Discard, conn) // the rest of the version line, then EOF
	assert.NoError(t, err, "the server should have closed the connection")

	require.NoError(t, player.Send("k"))
	player.WaitFor(t, "presses=1", wait)
	sshtest.Dial(t, addr).WaitFor(t, "unossh test screen", wait)
}

func TestShutdownTellsEverySession(t *testing.T) {
	srv, addr := sshtest.Serve(t, config())
	clients := []*sshtest.Client{sshtest.Dial(t, addr), sshtest.Dial(t, addr, sshtest.Guest())}
	for _, c := range clients {
		c.WaitFor(t, "unossh test screen", wait)
	}

	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, srv.Shutdown(ctx))
	for _, c := range clients {
		c.WaitFor(t, "unossh: the server is restarting; please reconnect in a minute", wait)
	}
	_, err := sshtest.TryDial(t, addr)
	assert.Error(t, err)
}

func TestManyConcurrentSessions(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	const n = 6 // under the per-address cap: every test client is 127.0.0.1
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := sshtest.TryDial(t, addr, sshtest.User(fmt.Sprintf("p%d", i)))
			if err != nil {
				errs <- err
				return
			}
			errs <- c.Press("a")
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

// TestShutdownStopsTheDrawers: the goroutines the sessions' frames are drawn
// on are the server's: after a session has drawn on them, Shutdown leaves
// none of them running (another test's server may have left its own).
func TestShutdownStopsTheDrawers(t *testing.T) {
	before := drawersRunning()
	srv, err := ssh.New(ssh.Config{NewModel: newTestModel, HostKeyDir: t.TempDir()})
	require.NoError(t, err)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	c := sshtest.Dial(t, l.Addr().String())
	c.WaitFor(t, "unossh test screen", wait)
	require.NoError(t, c.Press("a"))
	c.WaitFor(t, "presses=1", wait)
	require.Greater(t, drawersRunning(), before, "the server has drawers of its own")

	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, srv.Shutdown(ctx))
	<-served
	require.Equal(t, before, drawersRunning(), "Shutdown stops them")
}

// drawersRunning counts the goroutines waiting or drawing as drawers.
func drawersRunning() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	return strings.Count(string(buf), "term.(*Drawers).drawer(")
}

func TestServeReturnsErrServerClosed(t *testing.T) {
	srv, err := ssh.New(ssh.Config{NewModel: newTestModel, HostKeyDir: t.TempDir()})
	require.NoError(t, err)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()

	c := sshtest.Dial(t, l.Addr().String())
	c.WaitFor(t, "unossh test screen", wait)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, srv.Shutdown(ctx))
	assert.True(t, errors.Is(<-served, ssh.ErrServerClosed))
	assert.True(t, strings.HasPrefix(srv.Fingerprint(), "SHA256:"))
}

func TestClientThatStopsReadingIsCutOff(t *testing.T) {
	cfg := config()
	cfg.StallTimeout = 200 * time.Millisecond
	srv, addr := sshtest.Serve(t, cfg)
	bystander := sshtest.Dial(t, addr)
	staller := sshtest.Dial(t, addr, sshtest.Size(ssh.MaxWidth, ssh.MaxHeight))
	bystander.WaitFor(t, "unossh test screen", wait)
	staller.WaitFor(t, "unossh test screen", wait)

	staller.PauseReading()
	require.NoError(t, staller.Press("f")) // a full screen of the largest size every frame
	require.Eventually(t, func() bool { return srv.Sessions() == 1 }, wait, 5*time.Millisecond,
		"the stalled session should have been closed")

	require.NoError(t, bystander.Press("a"))
	bystander.WaitFor(t, "presses=1", wait)
	staller.ResumeReading()
	assert.Equal(t, -1, staller.Wait(t, wait), "cut off without an exit status")
}

// A client may claim any window, up to 2^32-1 cells a side: the session is
// drawn for the claim within bounds (at most ssh.MaxWidth x ssh.MaxHeight,
// 80x24 for a side not given), whether the claim comes with the PTY or in
// a window change. Unbounded, a claim of 10000x10000 drew and sent a frame
// of a hundred million cells.
func TestClaimedWindowIsBounded(t *testing.T) {
	cfg := config()
	cfg.ConnBurst = -1 // a connection per case
	addr := sshtest.StartServer(t, cfg)
	bounds := fmt.Sprintf("size=%dx%d ", ssh.MaxWidth, ssh.MaxHeight)
	tests := []struct {
		name       string
		cols, rows int
		want       string
	}{
		{"huge", 10000, 10000, bounds},
		{"the largest a uint32 says", 1<<32 - 1, 1<<32 - 1, bounds},
		{"wide only", 10000, 30, fmt.Sprintf("size=%dx30 ", ssh.MaxWidth)},
		{"not given", 0, 0, "size=80x24 "},
		{"small", 40, 10, "size=40x10 "},
		{"normal", 120, 40, "size=120x40 "},
	}
	for _, tt := range tests {
		t.Run("with the PTY, "+tt.name, func(t *testing.T) {
			c := sshtest.Dial(t, addr, sshtest.Claim(tt.cols, tt.rows))
			c.WaitFor(t, tt.want, wait)
		})
		t.Run("in a window change, "+tt.name, func(t *testing.T) {
			c := sshtest.Dial(t, addr, sshtest.Size(100, 30))
			c.WaitFor(t, "size=100x30 ", wait)
			require.NoError(t, c.ClaimSize(tt.cols, tt.rows))
			c.WaitFor(t, tt.want, wait)
		})
	}
}

// At a drain the players read where to connect again, the lobby's line,
// even when the door closes their session before its screen showed it.
func TestShutdownSayingTellsTheLobbysLine(t *testing.T) {
	srv, addr := sshtest.Serve(t, config())
	c := sshtest.Dial(t, addr)
	c.WaitFor(t, "unossh test screen", wait)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	const line = "this server is restarting: ssh -p 2222 uno.example.com to go on at your table"
	require.NoError(t, srv.ShutdownSaying(ctx, line))
	c.WaitFor(t, "unossh: "+line, wait)
}

// Within is WaitUntil that does not fail the test: it says whether the
// screen came to the condition in time, whether output comes meanwhile or
// none does (a silent screen is the case it is for).
func TestWithinSaysWhetherTheScreenCameInTime(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	c := sshtest.Dial(t, addr)
	c.WaitFor(t, "presses=0", wait)
	pressed := func(s string) bool { return strings.Contains(s, "presses=1") }
	require.False(t, c.Within(pressed, 100*time.Millisecond), "nothing pressed, nothing drawn")
	require.NoError(t, c.Press("down"))
	require.True(t, c.Within(pressed, wait))
}
