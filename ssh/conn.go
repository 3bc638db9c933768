package ssh

import (
	"net"
	"sync"
	"sync/atomic"
	"time"

	gssh "github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// gateKey finds a connection's gateConn in its ssh.Context.
type gateKey struct{}

// gateConn is a TCP connection the door let in. It gives its slot back when
// closed, and closes itself if no session starts within the handshake
// timeout (the SSH library's idle timeout restarts on every byte, so it
// cannot bound a handshake that trickles).
type gateConn struct {
	net.Conn
	door  *door
	ip    string
	timer stopper

	// guarded by door.mu
	since     time.Time // when it began logging in
	pending   bool      // counted as logging in
	prevLogin *gateConn // the handshakes in progress, in order (startups.go)
	nextLogin *gateConn

	// heard is whether the client has sent anything: a handshake whose
	// client talks is not dropped for a newcomer (startups.go).
	heard atomic.Bool

	// deadline is the deadline the socket has now (Unix nanoseconds; 0:
	// none), set through SetDeadline, under dmu: reads and writes set it
	// at once, and what is kept must be what the socket has.
	dmu      sync.Mutex
	deadline int64

	mu      sync.Mutex
	session bool
	channel bool          // a session channel is open (channels.go)
	raw     gossh.Channel // that channel, as accepted (channels.go)
	once    sync.Once
}

// wrapConn is the SSH server's ConnCallback: the first thing to see a new
// connection. Returning nil refuses it.
func (d *door) wrapConn(ctx gssh.Context, conn net.Conn) net.Conn {
	// Behind a load balancer, the player's address is the one its PROXY
	// header gives (proxy.go): read first, so that every limit below,
	// the log and the lobby count the player, not the balancer.
	unwrapped, err := d.proxy.unwrap(conn)
	if err != nil {
		d.refused("connection", ipOf(conn.RemoteAddr()), err)
		return nil
	}
	conn = unwrapped
	ip := ipOf(conn.RemoteAddr())
	if err := d.admitConn(ip); err != nil {
		d.refused("connection", ip, err)
		tellRefused(conn, err)
		return nil
	}
	c := &gateConn{Conn: conn, door: d, ip: ip}
	victim, err := d.startHandshake(c)
	if err != nil {
		d.refused("connection", ip, err)
		tellRefused(conn, err)
		_ = c.Close() // gives the slot admitConn took back
		return nil
	}
	if victim != nil {
		d.refused("handshake", victim.ip, ErrHandshakeCut)
		_ = victim.Close()
	}
	if d.limits.handshake > 0 {
		c.timer = d.after(d.limits.handshake, c.handshakeExpired)
	}
	ctx.SetValue(gateKey{}, c)
	return c
}

// refusalWriteTimeout bounds the one line written to a refused connection.
const refusalWriteTimeout = 100 * time.Millisecond

// tellRefused writes why to a connection refused before the handshake. The
// SSH protocol lets a server send lines before its version line; OpenSSH
// 9.2 shows them with -v ("banner line 0: unossh: ..."), other clients in
// their own ways. Before the handshake there is no other way to say it:
// one short line into a fresh socket's buffer, never waited on.
func tellRefused(conn net.Conn, err error) {
	_ = conn.SetWriteDeadline(time.Now().Add(refusalWriteTimeout))
	_, _ = conn.Write([]byte("unossh: " + err.Error() + "\r\n"))
}

func (c *gateConn) handshakeExpired() {
	if c.hasSession() {
		return
	}
	c.door.log.Debug("closing connection: no session within the handshake timeout", "ip", c.ip)
	_ = c.Close()
}

// deadlineSlack is how much of the time a deadline leaves it may move
// later by before the socket's is moved: 1/32, a minute of the default
// half hour's idle timeout.
const deadlineSlack = 32

// SetDeadline is called by the SSH library before every read and every
// write, to push its idle timeout back (github.com/charmbracelet/ssh's
// serverConn). Moving a socket's deadline moves a timer of the runtime's:
// under load a measurable share of the server's CPU (docs/benchmarks.md),
// for a deadline half an hour away. A later deadline is kept as the socket has it while
// it moves by less than 1/deadlineSlack of the time it leaves, so the
// connection may close that much sooner than the timeout after its last
// byte (a minute in thirty). An earlier deadline, or none, is set at once.
func (c *gateConn) SetDeadline(t time.Time) error {
	var want int64
	if !t.IsZero() {
		want = t.UnixNano()
	}
	c.dmu.Lock()
	defer c.dmu.Unlock()
	have := c.deadline
	if want != 0 && have != 0 && want >= have {
		if left := have - c.door.now().UnixNano(); left > 0 && want-have < left/deadlineSlack {
			return nil
		}
	}
	if want == have {
		return nil
	}
	err := c.Conn.SetDeadline(t)
	if err == nil {
		c.deadline = want
	}
	return err
}

func (c *gateConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 && !c.heard.Load() {
		c.heard.Store(true)
	}
	return n, err
}

// sessionStarted stops the handshake clock: from here on the idle and stall
// timeouts watch the connection.
func (c *gateConn) sessionStarted() {
	c.mu.Lock()
	c.session = true
	c.mu.Unlock()
	if c.timer != nil {
		c.timer.Stop()
	}
}

// sessionRequested is the SSH server's SessionRequestCallback: a client
// asks for a shell or a command, and has not been answered yet. From here
// the connection has a session, which is the handler's to end with a
// reason. Once the door is closing the request is refused instead, and
// Shutdown drops the connection: the client was told no.
//
// (Marking the session only when the handler started left a moment, after
// the client was told yes, in which Shutdown took the connection for a
// handshake and closed it: the player's session vanished without a word.)
func (d *door) sessionRequested(sess gssh.Session, requestType string) bool {
	gate, ok := gateOf(sess.Context())
	if !ok || requestType != "shell" && requestType != "exec" {
		return true
	}
	return d.claimSession(gate)
}

// claimSession marks c as having a session unless the door is closing,
// under the door's lock: Shutdown sees every connection either with a
// session (its handler tells the player why it ends) or without one
// (dropped, its request refused).
func (d *door) claimSession(c *gateConn) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closing {
		return false
	}
	c.sessionStarted()
	return true
}

func (c *gateConn) hasSession() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.session
}

// Close closes the connection and gives its slot back, once.
func (c *gateConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		if c.timer != nil {
			c.timer.Stop()
		}
		c.door.releaseConn(c)
	})
	return err
}

// gateOf returns the gateConn under a session, if the door wrapped it.
func gateOf(ctx gssh.Context) (*gateConn, bool) {
	c, ok := ctx.Value(gateKey{}).(*gateConn)
	return c, ok
}
