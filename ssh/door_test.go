package ssh

import (
	"bytes"
	"errors"
	"io"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/term"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func testDoor(l limits) (*door, *fakeClock) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	return newDoor(l, log.New(io.Discard), clock.now), clock
}

func TestDoorRateLimitsNewConnectionsPerIP(t *testing.T) {
	d, clock := testDoor(Config{ConnBurst: 3, ConnEvery: time.Second}.withDefaults().limits())

	for range 3 {
		require.NoError(t, d.admitConn("10.0.0.1"))
	}
	assert.ErrorIs(t, d.admitConn("10.0.0.1"), ErrRateLimited)
	assert.NoError(t, d.admitConn("10.0.0.2"), "another address has its own bucket")

	clock.advance(time.Second)
	assert.NoError(t, d.admitConn("10.0.0.1"), "one token back after ConnEvery")
	assert.ErrorIs(t, d.admitConn("10.0.0.1"), ErrRateLimited)
}

func TestDoorCapsOpenConnectionsPerIP(t *testing.T) {
	d, _ := testDoor(Config{MaxSessionsPerIP: 2, ConnBurst: -1}.withDefaults().limits())
	conns := make([]*gateConn, 0, 4)
	for range 4 {
		require.NoError(t, d.admitConn("10.0.0.1"))
		conns = append(conns, &gateConn{door: d, ip: "10.0.0.1"})
	}
	assert.ErrorIs(t, d.admitConn("10.0.0.1"), ErrTooManyFromIP)
	d.releaseConn(conns[0])
	assert.NoError(t, d.admitConn("10.0.0.1"))
}

func TestDoorCapsSessions(t *testing.T) {
	d, _ := testDoor(Config{MaxSessions: 3, MaxSessionsPerIP: 2}.withDefaults().limits())
	session := func(id, ip string) *liveSession { return &liveSession{id: id, ip: ip} }

	a1, a2, a3 := session("a1", "10.0.0.1"), session("a2", "10.0.0.1"), session("a3", "10.0.0.1")
	require.NoError(t, d.admitSession(a1))
	require.NoError(t, d.admitSession(a2))
	assert.ErrorIs(t, d.admitSession(a3), ErrTooManyFromIP)

	require.NoError(t, d.admitSession(session("b1", "10.0.0.2")))
	assert.ErrorIs(t, d.admitSession(session("c1", "10.0.0.3")), ErrServerFull)
	assert.Equal(t, 3, d.count())

	d.releaseSession(a1)
	d.releaseSession(a1) // twice is harmless
	assert.Equal(t, 2, d.count())
	assert.NoError(t, d.admitSession(a3))
}

func TestDoorRefusesEverythingOnceClosed(t *testing.T) {
	d, _ := testDoor(Config{}.withDefaults().limits())
	live := &liveSession{id: "a", ip: "10.0.0.1"}
	require.NoError(t, d.admitSession(live))

	sessions, _ := d.close()
	assert.Equal(t, []*liveSession{live}, sessions)
	assert.ErrorIs(t, d.admitConn("10.0.0.1"), ErrShuttingDown)
	assert.ErrorIs(t, d.admitSession(&liveSession{id: "b", ip: "10.0.0.1"}), ErrShuttingDown)
}

func TestDoorClaimsSessionsOnlyWhileOpen(t *testing.T) {
	d, _ := testDoor(Config{}.withDefaults().limits())
	early, late := &gateConn{door: d, ip: "10.0.0.1"}, &gateConn{door: d, ip: "10.0.0.1"}
	d.conns[early], d.conns[late] = struct{}{}, struct{}{}

	require.True(t, d.claimSession(early))
	_, pending := d.close()
	assert.Equal(t, []*gateConn{late}, pending, "a claimed session is not a handshake to drop")
	assert.False(t, d.claimSession(late), "once closing, a session request is refused")
	assert.False(t, late.hasSession())
}

func TestDoorForgetsIdleAddresses(t *testing.T) {
	d, clock := testDoor(Config{ConnBurst: 2, ConnEvery: time.Second}.withDefaults().limits())
	require.NoError(t, d.admitConn("10.0.0.1"))
	d.releaseConn(&gateConn{door: d, ip: "10.0.0.1"})

	clock.advance(sweepEvery)
	require.NoError(t, d.admitConn("10.0.0.2")) // sweeps
	d.mu.Lock()
	defer d.mu.Unlock()
	assert.NotContains(t, d.ips, "10.0.0.1")
	assert.Contains(t, d.ips, "10.0.0.2")
}

func TestRefusalLogIsRateLimited(t *testing.T) {
	var buf bytes.Buffer
	d := newDoor(limits{}, log.New(&buf), time.Now)
	for range refusalLogBurst + 50 {
		d.refused("connection", "10.0.0.1", ErrRateLimited)
	}
	assert.Equal(t, refusalLogBurst, bytes.Count(buf.Bytes(), []byte("refused connection")))
	assert.EqualValues(t, 50, d.quiet.Load())
}

// blockingWriter blocks every Write until released.
type blockingWriter struct{ release chan struct{} }

func (w blockingWriter) Write(p []byte) (int, error) {
	<-w.release
	return 0, errors.New("closed")
}

func TestStallWriterFiresOnlyOnAStalledWrite(t *testing.T) {
	var stalls atomic.Int32
	fast := &stallWriter{w: io.Discard, timeout: time.Hour, onStall: func() { stalls.Add(1) }}
	_, err := fast.Write([]byte("hello"))
	require.NoError(t, err)
	assert.Zero(t, stalls.Load())

	bw := blockingWriter{release: make(chan struct{})}
	stalled := &stallWriter{w: bw, timeout: time.Millisecond, onStall: func() { close(bw.release) }}
	_, err = stalled.Write([]byte("hello")) // returns only because onStall released it
	assert.Error(t, err)
}

// deadlineConn counts the deadlines set on it.
type deadlineConn struct {
	net.Conn
	set []time.Time
}

func (c *deadlineConn) SetDeadline(t time.Time) error { c.set = append(c.set, t); return nil }

// The SSH library pushes its idle timeout back on every read and write:
// the socket's deadline moves only when it would move by 1/32 of the time
// it leaves, or earlier, or to none.
func TestIdleDeadlineMovesOnlyWhenItMatters(t *testing.T) {
	d, clock := testDoor(Config{}.withDefaults().limits())
	raw := &deadlineConn{}
	c := &gateConn{Conn: raw, door: d}
	idle := 30 * time.Minute
	push := func() { require.NoError(t, c.SetDeadline(clock.now().Add(idle))) }

	push()
	require.Len(t, raw.set, 1, "the first deadline is set")
	for range 50 { // a second of traffic: 50 reads and writes
		clock.advance(20 * time.Millisecond)
		push()
	}
	assert.Len(t, raw.set, 1, "moved by a second of thirty minutes: left as it is")

	clock.advance(time.Minute)
	push()
	require.Len(t, raw.set, 2, "moved by over a minute: set")
	assert.Equal(t, clock.now().Add(idle), raw.set[1])

	require.NoError(t, c.SetDeadline(clock.now().Add(time.Second)))
	require.Len(t, raw.set, 3, "an earlier deadline is set at once")
	require.NoError(t, c.SetDeadline(time.Time{}))
	require.Len(t, raw.set, 4, "and no deadline")
	assert.True(t, raw.set[3].IsZero())
	require.NoError(t, c.SetDeadline(time.Time{}))
	assert.Len(t, raw.set, 4, "none again: nothing to move")

	// Near its end, a deadline moves with every push that is worth 1/32 of
	// what is left: the connection never closes more than that early.
	push()
	clock.advance(idle - time.Second)
	before := len(raw.set)
	clock.advance(100 * time.Millisecond)
	push()
	assert.Len(t, raw.set, before+1, "a second from its end, a tenth of a second counts")
}

// The door's refusal on shutdown is said in the words main gives it (the
// lobby's sentence), and is still the shutting-down refusal for errors.Is
// and for the metrics.
func TestShuttingDownInTheGivenWords(t *testing.T) {
	words := errors.New("the lobby's own sentence")
	srv, err := New(Config{NewModel: func(Session) term.Model { return nil }, HostKeyDir: t.TempDir(), ShuttingDown: words})
	require.NoError(t, err)
	require.NoError(t, srv.Shutdown(t.Context()))
	refusal := srv.door.admitConn("10.0.0.1")
	assert.Equal(t, words.Error(), refusal.Error())
	assert.ErrorIs(t, refusal, ErrShuttingDown)
	assert.ErrorIs(t, refusal, words)
	assert.Equal(t, "shutting_down", causeOf(refusal))
}
