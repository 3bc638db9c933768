package sshtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Client is one player's SSH connection, with the screen it sees.
type Client struct {
	conn        *gossh.Client
	sess        *gossh.Session
	stdin       io.WriteCloser
	fingerprint string
	pty         bool

	readers   sync.WaitGroup
	closed    chan struct{}
	closeOnce sync.Once

	mu       sync.Mutex
	screen   *screen
	raw      []byte
	stderr   []byte
	changed  chan struct{} // closed and replaced whenever something changes
	resume   chan struct{} // non-nil while reading is paused
	left     int           // readers still running
	exited   bool          // exit status (or channel close) received
	exitCode int
}

// NewKey returns a fresh ed25519 key, to dial twice as the same player.
func NewKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatalf("sshtest: generating key: %v", err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatalf("sshtest: signer: %v", err)
	}
	return s
}

// Dial connects to addr and starts a shell (or the Command option) with a
// PTY, failing the test if it cannot. The client is closed on t.Cleanup.
func Dial(t testing.TB, addr string, opts ...Option) *Client {
	t.Helper()
	c, err := TryDial(t, addr, opts...)
	if err != nil {
		t.Fatalf("sshtest: dial %s: %v", addr, err)
	}
	return c
}

// TryDial is Dial for tests that expect the server may refuse: it returns
// the error instead of failing the test.
func TryDial(t testing.TB, addr string, opts ...Option) (*Client, error) {
	t.Helper()
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	if o.signer == nil && !o.guest {
		o.signer = NewKey(t)
	}
	c, err := dial(addr, o)
	if err != nil {
		return nil, err
	}
	t.Cleanup(c.Close)
	return c, nil
}

func dial(addr string, o options) (*Client, error) {
	d := net.Dialer{Timeout: o.timeout}
	if o.from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(o.from)}
	}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	// One deadline covers the handshake and starting the session, so a
	// server that never answers fails the dial instead of hanging the test.
	_ = nc.SetDeadline(time.Now().Add(o.timeout))
	cc, chans, reqs, err := gossh.NewClientConn(nc, addr, clientConfig(o))
	if err != nil {
		_ = nc.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	c := &Client{
		conn:    gossh.NewClient(cc, chans, reqs),
		pty:     o.pty,
		closed:  make(chan struct{}),
		screen:  newScreen(o.cols, o.rows),
		changed: make(chan struct{}),
	}
	if o.signer != nil {
		c.fingerprint = gossh.FingerprintSHA256(o.signer.PublicKey())
	}
	if o.paused {
		c.resume = make(chan struct{})
	}
	if err := c.start(o); err != nil {
		_ = c.conn.Close()
		return nil, err
	}
	_ = nc.SetDeadline(time.Time{})
	return c, nil
}

func clientConfig(o options) *gossh.ClientConfig {
	cfg := &gossh.ClientConfig{
		User:            o.user,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	}
	if o.guest {
		cfg.Auth = []gossh.AuthMethod{gossh.KeyboardInteractive(
			func(_, _ string, questions []string, _ []bool) ([]string, error) {
				return make([]string, len(questions)), nil
			})}
	} else {
		cfg.Auth = []gossh.AuthMethod{gossh.PublicKeys(o.signer)}
	}
	return cfg
}

// start opens the session, asks for the PTY and environment, and starts the
// shell or command with the output readers running.
func (c *Client) start(o options) error {
	sess, err := c.conn.NewSession()
	if err != nil {
		return fmt.Errorf("new session: %w", err)
	}
	c.sess = sess
	for _, kv := range o.env {
		if err := sess.Setenv(kv[0], kv[1]); err != nil {
			return fmt.Errorf("setenv %s: %w", kv[0], err)
		}
	}
	if o.pty {
		cols, rows := o.cols, o.rows
		if o.claim != nil {
			cols, rows = o.claim[0], o.claim[1]
		}
		if err := sess.RequestPty(o.term, rows, cols, gossh.TerminalModes{}); err != nil {
			return fmt.Errorf("pty: %w", err)
		}
	}
	if c.stdin, err = sess.StdinPipe(); err != nil {
		return err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := sess.StderrPipe()
	if err != nil {
		return err
	}
	if o.command == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(o.command)
	}
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	c.left = 2
	c.readers.Add(2)
	go c.read(stdout, false)
	go c.read(stderr, true)
	go c.wait()
	return nil
}

// read copies one output stream into the screen until it ends.
func (c *Client) read(r io.Reader, isStderr bool) {
	defer c.readers.Done()
	buf := make([]byte, 32*1024)
	for c.waitResumed() {
		n, err := r.Read(buf)
		if n > 0 {
			c.feed(buf[:n], isStderr)
		}
		if err != nil {
			break
		}
	}
	c.mu.Lock()
	c.left--
	c.notifyLocked()
	c.mu.Unlock()
}

func (c *Client) feed(p []byte, isStderr bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.raw = append(c.raw, p...)
	if isStderr {
		c.stderr = append(c.stderr, p...)
	}
	if !c.pty {
		// Without a remote PTY the local terminal's driver turns \n into
		// \r\n (onlcr); do the same so the screen reads as it would.
		p = bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))
	}
	c.screen.write(p)
	c.notifyLocked()
}

func (c *Client) wait() {
	err := c.sess.Wait()
	code := 0
	var exitErr *gossh.ExitError
	switch {
	case errors.As(err, &exitErr):
		code = exitErr.ExitStatus()
	case err != nil:
		code = -1
	}
	c.mu.Lock()
	c.exited, c.exitCode = true, code
	c.notifyLocked()
	c.mu.Unlock()
	// Hang up once all output is read, as ssh does when its session ends.
	c.readers.Wait()
	_ = c.conn.Close()
}

// notifyLocked wakes everyone waiting for a change.
func (c *Client) notifyLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// over reports whether the session has ended and all its output was read.
func (c *Client) overLocked() bool { return c.exited && c.left == 0 }

// waitResumed blocks while reading is paused; false means the client closed.
func (c *Client) waitResumed() bool {
	for {
		c.mu.Lock()
		ch := c.resume
		c.mu.Unlock()
		if ch == nil {
			return true
		}
		select {
		case <-ch:
		case <-c.closed:
			return false
		}
	}
}

// Conn is the client's SSH connection, for tests that open more channels
// on it than a player would.
func (c *Client) Conn() *gossh.Client { return c.conn }

// Session is the client's session channel, for tests that send it
// requests of their own.
func (c *Client) Session() *gossh.Session { return c.sess }

// Fingerprint is the SHA256 fingerprint of the client's key, "" for a guest.
func (c *Client) Fingerprint() string { return c.fingerprint }

// Screen is what the player sees: the screen's rows with trailing spaces
// trimmed, without the blank rows at the bottom.
func (c *Client) Screen() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.screen.text()
}

// Lines is every row of the screen, trailing spaces trimmed: Lines()[y] is
// row y.
func (c *Client) Lines() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.screen.lines()
}

// Raw is every byte received so far, stdout and stderr in arrival order.
func (c *Client) Raw() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.raw)
}

// Stderr is every byte received on stderr so far.
func (c *Client) Stderr() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.stderr)
}

// WaitFor waits until the screen shows substr, failing the test (with the
// screen) after timeout or if the session ends first. A line the server
// wrote on stderr counts as shown: a terminal shows it, but x/crypto/ssh
// hands stdout and stderr over on two streams, so the order in which they
// reach this screen is not the order they were sent in (a last line on
// stderr can land on the alternate screen just before the program's final
// output leaves it).
func (c *Client) WaitFor(t testing.TB, substr string, timeout time.Duration) {
	t.Helper()
	c.waitUntil(t, fmt.Sprintf("%q on screen", substr), func(s string) bool {
		return strings.Contains(s, substr) || bytes.Contains(c.Stderr(), []byte(substr))
	}, timeout)
}

// WaitUntil waits until cond holds for the screen, failing the test (with
// the screen) after timeout or if the session ends first. cond is checked
// now and after every piece of output.
func (c *Client) WaitUntil(t testing.TB, cond func(screen string) bool, timeout time.Duration) {
	t.Helper()
	c.waitUntil(t, "condition", cond, timeout)
}

// Within reports whether cond holds for the screen within d, checking it
// now and after every piece of output, without failing the test: for a
// test that does something else when the screen does not change (presses
// a key that has the page said again, say). A session that ended reports
// false.
func (c *Client) Within(cond func(screen string) bool, d time.Duration) bool {
	_, held, _ := c.watch(cond, d)
	return held
}

func (c *Client) waitUntil(t testing.TB, what string, cond func(string) bool, timeout time.Duration) {
	t.Helper()
	screen, held, over := c.watch(cond, timeout)
	switch {
	case held:
	case over:
		t.Fatalf("sshtest: session ended before %s; screen:\n%s", what, screen)
	default:
		t.Fatalf("sshtest: no %s after %v; screen:\n%s", what, timeout, screen)
	}
}

// watch checks cond against the screen now and after every piece of
// output until it holds, the session ends or d passes, and returns the
// last screen it read and which of the first two stopped it.
func (c *Client) watch(cond func(string) bool, d time.Duration) (screen string, held, over bool) {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		now, changed, ended := c.screen.text(), c.changed, c.overLocked()
		c.mu.Unlock()
		if cond(now) {
			return now, true, false
		}
		if ended {
			return now, false, true
		}
		select {
		case <-changed:
		case <-deadline.C:
			return now, false, false
		}
	}
}

// Wait waits until the session ends and all its output has been read, and
// returns its exit status (-1 if it closed without one). It fails the test
// after timeout.
func (c *Client) Wait(t testing.TB, timeout time.Duration) int {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		changed, over, code := c.changed, c.overLocked(), c.exitCode
		c.mu.Unlock()
		if over {
			return code
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Fatalf("sshtest: session still running after %v; screen:\n%s", timeout, c.Screen())
		}
	}
}

// Send types raw bytes, as if pasted.
func (c *Client) Send(keys string) error {
	_, err := io.WriteString(c.stdin, keys)
	return err
}

// Press presses named keys in order: enter, tab, shift+tab, esc, backspace,
// space, up, down, left, right, home, end, pgup, pgdown, delete, ctrl+c,
// ctrl+d, ctrl+l, or any single character.
func (c *Client) Press(keys ...string) error {
	for _, k := range keys {
		b, err := keyBytes(k)
		if err != nil {
			return err
		}
		if err := c.Send(b); err != nil {
			return err
		}
	}
	return nil
}

// Resize resizes the client's terminal and tells the server, as a player
// resizing their window does.
func (c *Client) Resize(cols, rows int) error {
	c.mu.Lock()
	c.screen.resize(cols, rows)
	c.mu.Unlock()
	return c.sess.WindowChange(rows, cols)
}

// ClaimSize tells the server the window is cols x rows, leaving the
// client's own screen as it is: a client that claims a window it does not
// have.
func (c *Client) ClaimSize(cols, rows int) error {
	return c.sess.WindowChange(rows, cols)
}

// PauseReading stops reading the channel before the next read, as a client
// whose network stalled. Output then queues in the SSH window (about 2 MiB)
// and after that the server's writes block.
func (c *Client) PauseReading() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.resume == nil {
		c.resume = make(chan struct{})
	}
}

// ResumeReading undoes PauseReading.
func (c *Client) ResumeReading() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.resume != nil {
		close(c.resume)
		c.resume = nil
	}
}

// Close closes the session and the connection and waits for the readers to
// stop. Safe to call more than once.
func (c *Client) Close() {
	c.closeOnce.Do(func() {
		close(c.closed)
		_ = c.sess.Close()
		_ = c.conn.Close()
		c.readers.Wait()
	})
}
