package main

import (
	"bytes"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh"
)

// This test proves that a window size a client claims costs the server no
// more than a real screen (issue 29): a guest may claim a window of
// 10000x10000 with its PTY or in a window change, and a whole address's
// sessions (the door's default of 32) claiming it each cost what a screen
// of ssh.MaxWidth x ssh.MaxHeight costs, in memory and on the wire.
// Unbounded, each was drawn and sent a frame of a hundred million cells
// (figures in docs/benchmarks.md, "Window-size bombs").
//
// The server is the real binary, so that its memory is read as the
// operator reads it, from /proc: the growth is its peak resident set
// (VmHWM, reset once the server idles) above its resident set then, which
// counts every frame drawn along the way, not only what is left after.
// Once the sessions are closed, the Go heap in use after a collection
// (forced through the operator's /debug/pprof/) is back where it was: the
// sessions' memory is returned to the heap. (The resident set itself falls
// only as Go's scavenger gives pages back to the system, at its own pace.)

const (
	bombSide   = 10000 // the side of the window the clients claim
	bombs      = 32    // sessions from one address: the door's default
	bombGrowth = 64 << 20
	// bombLeft is how far above its level before the sessions the heap in
	// use may be after they are gone: the lobby's own bookkeeping of a few
	// dozen guests who came and went, and what the collector leaves.
	bombLeft = 8 << 20
)

// The per-session bound on bytes sent is twice what an honest session of
// ssh.MaxWidth x ssh.MaxHeight receives for the same screens. Besides those
// screens a session in the lobby receives the lobby's news as the others
// arrive (the number online, in the header): a line or two at a time,
// far fewer bytes than a screen.
const bombBytesFactor = 2

func TestWindowSizeBombsCostAScreen(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary: not with -short")
	}
	bin := serverBinary(t)

	for _, claim := range []struct {
		name string
		open func(t *testing.T, addr, from string, cols, rows int) *claimer
	}{
		{"in a window change", openThenResize},
		{"with the PTY", openClaiming},
	} {
		t.Run(claim.name, func(t *testing.T) {
			// Sessions per address back to the default, the limit the
			// claims fill (new connections are not rate limited, as for
			// the test's other servers: not what this test is about). The
			// lobby's news go out at each change, so that an arrival's
			// reach every window in the lobby at once.
			srv := startBinary(t, bin, t.TempDir(), t.TempDir(), "-max-per-addr", "32", "-list-every", "0")

			honest := claim.open(t, srv.addr, "", ssh.MaxWidth, ssh.MaxHeight)
			ref := honest.received()
			honest.close()
			srv.waitSessions(t, 0)

			heapBefore := srv.heapInUse(t)
			rssBefore := srv.resetPeak(t)

			first := claim.open(t, srv.addr, "", bombSide, bombSide)
			oneGrowth := srv.growth(t, rssBefore)
			oneBytes := first.received()

			clients := []*claimer{first}
			var mu sync.Mutex
			var wg sync.WaitGroup
			for range bombs - 1 {
				wg.Go(func() {
					c := claim.open(t, srv.addr, "", bombSide, bombSide)
					mu.Lock()
					clients = append(clients, c)
					mu.Unlock()
				})
			}
			wg.Wait()
			if t.Failed() {
				t.FailNow()
			}
			srv.waitSessions(t, bombs)

			// One more player arrives in the lobby, from another address
			// (this one is full), and every window there hears of it.
			before := make([]int, len(clients))
			for i, c := range clients {
				before[i] = c.received()
			}
			arrival := openClaiming(t, srv.addr, "127.0.0.2", 80, 24)
			news := 0
			for i, c := range clients {
				c.waitFor(t, "the news of an arrival", func() bool { return c.n > before[i] })
				news += c.received() - before[i]
			}
			if t.Failed() {
				t.FailNow()
			}
			allGrowth := srv.growth(t, rssBefore)
			most := 0
			for _, c := range clients {
				most = max(most, c.received())
			}

			for _, c := range append(clients, arrival) {
				c.close()
			}
			srv.waitSessions(t, 0)
			heapAfter := srv.heapInUse(t)
			rssAfter := srv.rss(t)

			t.Logf("claimed %dx%d %s: an honest %dx%d session received %d B", bombSide, bombSide, claim.name,
				ssh.MaxWidth, ssh.MaxHeight, ref)
			t.Logf("one session: server grew %.1f MB (peak RSS above %.1f MB), was sent %d B",
				mb(oneGrowth), mb(rssBefore), oneBytes)
			t.Logf("%d sessions: server grew %.1f MB, each was sent at most %d B; an arrival in the lobby sent them %d B in all",
				len(clients), mb(allGrowth), most, news)
			t.Logf("after they closed: Go heap in use %.1f MB (%.1f MB before them), RSS %.1f MB",
				mb(heapAfter), mb(heapBefore), mb(rssAfter))

			require.LessOrEqual(t, allGrowth, int64(bombGrowth), "the server grew by more than 64 MB")
			require.LessOrEqual(t, most, bombBytesFactor*ref,
				"a session was sent more than twice what a %dx%d screen costs", ssh.MaxWidth, ssh.MaxHeight)
			require.LessOrEqual(t, heapAfter, heapBefore+bombLeft, "the sessions' memory was kept after they closed")
		})
	}
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

// openThenResize opens a guest's session at 80x24 and, once its first
// screen is drawn, claims a window of cols x rows in a window change; once
// the screen for that window is drawn, it takes the name offered and
// returns when the lobby is drawn.
func openThenResize(t *testing.T, addr, from string, cols, rows int) *claimer {
	c := dialClaimer(t, addr, from, 80, 24)
	c.waitFor(t, "the first screen", func() bool { return c.clears >= 1 })
	if err := c.sess.WindowChange(rows, cols); err != nil {
		t.Errorf("window change: %v", err)
		return c
	}
	c.waitFor(t, "the screen for the window claimed", func() bool { return c.clears >= 2 })
	c.enterLobby(t)
	return c
}

// openClaiming opens a guest's session claiming a window of cols x rows
// with its PTY; once its first screen is drawn, it takes the name offered
// and returns when the lobby is drawn.
func openClaiming(t *testing.T, addr, from string, cols, rows int) *claimer {
	c := dialClaimer(t, addr, from, cols, rows)
	c.waitFor(t, "the first screen", func() bool { return c.clears >= 1 })
	c.enterLobby(t)
	return c
}

// enterLobby takes the name a guest is offered and waits for the lobby.
func (c *claimer) enterLobby(t *testing.T) {
	if _, err := io.WriteString(c.stdin, "\r"); err != nil {
		t.Errorf("enter: %v", err)
		return
	}
	c.waitFor(t, "the lobby", func() bool { return c.lobby })
}

// claimer is a guest's SSH client that claims a window it does not have:
// it keeps no screen (one of 10000x10000 would take gigabytes of the
// test's own memory), only counts what it receives and marks in it: a
// screen drawn whole begins by clearing the screen, the lobby's menu, and,
// for a frame longer than one write, the marks of synchronized output
// around it (a frame is whole once its end has come).
type claimer struct {
	conn  *gossh.Client
	sess  *gossh.Session
	stdin io.Writer

	mu      sync.Mutex
	n       int  // bytes received
	clears  int  // whole-screen clears received
	lobby   bool // the lobby's menu received
	open    bool // within a synchronized frame
	tail    []byte
	done    bool
	changed chan struct{}
}

const (
	eraseScreen = "\x1b[2J"
	syncBegin   = "\x1b[?2026h"
	syncEnd     = "\x1b[?2026l"
	lobbyMenu   = "Join by code"
)

// dialClaimer connects as a guest (keyboard-interactive, no answers), from
// the local address from if not "", and starts a shell with a PTY of cols x
// rows. Errors are reported with t.Errorf, so that it may run on the test's
// other goroutines.
func dialClaimer(t *testing.T, addr, from string, cols, rows int) *claimer {
	cfg := &gossh.ClientConfig{
		User:            "bomb",
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(
			func(_, _ string, questions []string, _ []bool) ([]string, error) {
				return make([]string, len(questions)), nil
			})},
	}
	c := &claimer{changed: make(chan struct{})}
	d := net.Dialer{Timeout: wait}
	if from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
	}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		t.Errorf("dial: %v", err)
		c.finish()
		return c
	}
	cc, chans, reqs, err := gossh.NewClientConn(nc, addr, cfg)
	if err != nil {
		_ = nc.Close()
		t.Errorf("handshake: %v", err)
		c.finish()
		return c
	}
	c.conn = gossh.NewClient(cc, chans, reqs)
	t.Cleanup(c.close)
	if c.sess, err = c.conn.NewSession(); err != nil {
		t.Errorf("session: %v", err)
		c.finish()
		return c
	}
	if err := c.sess.RequestPty("xterm-256color", rows, cols, gossh.TerminalModes{}); err != nil {
		t.Errorf("pty: %v", err)
	}
	stdin, err0 := c.sess.StdinPipe()
	stdout, err1 := c.sess.StdoutPipe()
	stderr, err2 := c.sess.StderrPipe()
	c.stdin = stdin
	if err := c.sess.Shell(); err0 != nil || err1 != nil || err2 != nil || err != nil {
		t.Errorf("shell: %v %v %v %v", err0, err1, err2, err)
		c.finish()
		return c
	}
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	go c.read(stdout)
	return c
}

func (c *claimer) read(r io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		k, err := r.Read(buf)
		if k > 0 {
			c.feed(buf[:k])
		}
		if err != nil {
			c.finish()
			return
		}
	}
}

// feed counts p and the marks in it, in order. A mark may be cut between
// two reads: the last bytes of each read are scanned again with the next,
// and a mark found among them alone was counted with the read before.
func (c *claimer) feed(p []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n += len(p)
	b := append(append([]byte(nil), c.tail...), p...)
	for i := 0; ; i++ {
		k := bytes.IndexByte(b[i:], 0x1b)
		if k < 0 {
			break
		}
		i += k
		for _, m := range []string{eraseScreen, syncBegin, syncEnd} {
			if i+len(m) > len(c.tail) && bytes.HasPrefix(b[i:], []byte(m)) {
				c.clears += btoi(m == eraseScreen)
				c.open = m == syncBegin || c.open && m != syncEnd
			}
		}
	}
	c.lobby = c.lobby || bytes.Contains(b, []byte(lobbyMenu))
	c.tail = append(c.tail[:0], b[max(0, len(b)-len(lobbyMenu)+1):]...)
	close(c.changed)
	c.changed = make(chan struct{})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (c *claimer) finish() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		c.done = true
		close(c.changed)
	}
}

// waitFor waits until what cond says has been received and the frame it
// came in is whole. cond is called with c.mu held.
func (c *claimer) waitFor(t *testing.T, what string, cond func() bool) {
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		drawn, done, changed := cond() && !c.open, c.done, c.changed
		c.mu.Unlock()
		if drawn {
			return
		}
		if done {
			t.Errorf("the session ended before %s was drawn", what)
			return
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Errorf("%s not drawn after %v", what, wait)
			return
		}
	}
}

func (c *claimer) received() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (c *claimer) close() {
	if c.conn != nil {
		_ = c.conn.Close()
	}
}
