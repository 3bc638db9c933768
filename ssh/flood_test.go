package ssh_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	gossh "golang.org/x/crypto/ssh"
)

// logBuffer is a log destination tests can read while the server writes.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// The channel bomb: one logged-in connection opens 150 more session
// channels and fills each with 2 MB (one channel's receive window). Each
// channel the server accepted held its 2 MB: 300 MB in all. With one
// session channel per connection the others are refused before any
// buffer exists.
func TestChannelBombKeepsMemoryBounded(t *testing.T) {
	const (
		channels = 150
		payload  = 2 << 20
		bound    = 32 << 20 // heap growth allowed: generous, 300 MB unfixed
	)
	var logs logBuffer
	cfg := config()
	cfg.Logger = log.New(&logs)
	addr := sshtest.StartServer(t, cfg)
	c := sshtest.Dial(t, addr)
	c.WaitFor(t, "unossh test screen", wait)

	before := heapInUse()
	data := make([]byte, payload)
	refused := 0
	for range channels {
		ch, reqs, err := c.Conn().OpenChannel("session", nil)
		if err != nil {
			var open *gossh.OpenChannelError
			require.ErrorAs(t, err, &open)
			assert.Equal(t, ssh.ErrOneSession.Error(), open.Message)
			refused++
			continue
		}
		go gossh.DiscardRequests(reqs)
		_, err = ch.Write(data)
		require.NoError(t, err)
		defer ch.Close()
	}
	growth := int64(heapInUse()) - int64(before)
	t.Logf("heap growth with %d extra channels of %d bytes: %.1f MB (bound %d MB)",
		channels, payload, float64(growth)/(1<<20), bound>>20)
	assert.Less(t, growth, int64(bound))
	assert.Equal(t, channels, refused, "every extra session channel is refused")
	assert.Contains(t, logs.String(), "refused session channel")
	c.WaitFor(t, "unossh test screen", wait) // the player's own session is untouched
}

// dialSilent opens a TCP connection from ip that never speaks, and reports
// whether the server let it in: an admitted connection gets the server's
// version line, a refused one a line saying why, and is closed.
func dialSilent(t *testing.T, addr, ip string) (net.Conn, bool) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: wait}
	conn, err := d.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(wait)))
	line, err := bufio.NewReader(conn).ReadString('\n')
	require.NoError(t, err)
	if strings.HasPrefix(line, "SSH-") {
		return conn, true
	}
	assert.Regexp(t, `^unossh: too many .*; try again in a few seconds\r\n$`, line)
	_, err = conn.Read(make([]byte, 1))
	require.ErrorIs(t, err, io.EOF, "refused connections are closed, not left hanging")
	return conn, false
}

// A half-open flood: 20 addresses open 8 connections each that never log
// in. Unfixed, all 160 were held for the whole handshake timeout. Now each
// address holds at most PerIP of them, the server at most Full, and real
// players from other addresses still log in.
func TestLoginsSucceedDuringHalfOpenFlood(t *testing.T) {
	limits := ssh.Startups{Start: 10, Rate: 30, Full: 40, PerIP: 4}
	cfg := config()
	cfg.Startups = limits
	srv, addr := sshtest.Serve(t, cfg)

	held := 0
	for a := range 20 {
		ip := fmt.Sprintf("127.0.0.%d", 10+a)
		fromIP := 0
		for range 8 {
			if _, ok := dialSilent(t, addr, ip); ok {
				fromIP++
			}
		}
		assert.LessOrEqual(t, fromIP, limits.PerIP, "handshakes from %s", ip)
		held += fromIP
		assert.LessOrEqual(t, ssh.Handshakes(srv), limits.Full)
	}
	t.Logf("flood: %d of 160 half-open connections admitted over time; %d held now (Full %d)",
		held, ssh.Handshakes(srv), limits.Full)

	for i := range 5 {
		c := sshtest.Dial(t, addr, sshtest.From(fmt.Sprintf("127.0.0.%d", 100+i)), sshtest.User(fmt.Sprintf("p%d", i)))
		c.WaitFor(t, "unossh test screen", wait)
		assert.LessOrEqual(t, ssh.Handshakes(srv), limits.Full)
	}
}
