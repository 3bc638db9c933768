package ssh

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/pires/go-proxyproto"
)

// ErrProxyHeader closes a connection from a trusted proxy (Config.
// ProxyProtocol) that did not open with a well-formed PROXY header in time.
// Nobody else is harmed: the proxy's address is counted for nothing, and
// the player behind it is told by their proxy that the connection closed.
var ErrProxyHeader = errors.New("no valid PROXY protocol header from a trusted proxy")

// DefaultProxyHeaderTimeout is how long a trusted proxy has to send its
// PROXY header. A load balancer sends it at once, with the connection; a
// peer that sends nothing must not hold a goroutine longer than this.
const DefaultProxyHeaderTimeout = 5 * time.Second

// proxyBufferSize holds a whole v1 header line (at most 107 bytes), which
// the parser wants at once, and a v2 header without a long list of TLVs.
const proxyBufferSize = 256

// proxyTrust says which peers are load balancers whose PROXY protocol
// header (v1 or v2) gives the player's own address. Only they are
// believed: a header from any other address is part of the SSH stream,
// where it is ignored or refused as garbage, so no player can claim
// another's address.
type proxyTrust struct {
	from    []netip.Prefix
	timeout time.Duration
}

// ParseCIDRs reads a comma-separated list of CIDRs ("10.0.0.0/8,
// 192.0.2.7/32"); a bare address is its own /32 or /128.
func ParseCIDRs(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			a, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("%q is neither an address nor a CIDR such as 10.0.0.0/8", part)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8", part)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// trusts reports whether addr is a trusted proxy's.
func (p proxyTrust) trusts(addr net.Addr) bool {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return false
	}
	a, ok := netip.AddrFromSlice(ta.IP)
	if !ok {
		return false
	}
	a = a.Unmap()
	for _, pre := range p.from {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// unwrap returns conn as the door should see it. A connection from a
// trusted proxy must open with a PROXY header, read here under a deadline,
// and is seen from then on from the address the header names; any other
// connection is returned as it is, unread.
func (p proxyTrust) unwrap(conn net.Conn) (net.Conn, error) {
	if len(p.from) == 0 || !p.trusts(conn.RemoteAddr()) {
		return conn, nil
	}
	if err := conn.SetReadDeadline(time.Now().Add(p.timeout)); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrProxyHeader, err)
	}
	r := bufio.NewReaderSize(conn, proxyBufferSize)
	h, err := proxyproto.Read(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %s", ErrProxyHeader, proxyFailure(err, p.timeout))
	}
	if err := conn.SetReadDeadline(time.Time{}); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrProxyHeader, err)
	}
	pc := &proxiedConn{Conn: conn, r: r, remote: conn.RemoteAddr()}
	// A LOCAL header (the balancer's own health check) or an unknown
	// family keeps the balancer's address, as the protocol says.
	if src, ok := h.SourceAddr.(*net.TCPAddr); ok && h.Command.IsProxy() {
		pc.remote = src
	}
	return pc, nil
}

// proxyFailure words a failed header read for the operator's log.
func proxyFailure(err error, timeout time.Duration) string {
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Sprintf("none within %v", timeout)
	case errors.Is(err, io.EOF), errors.Is(err, proxyproto.ErrNoProxyProtocol):
		return "the connection did not start with one"
	}
	return err.Error()
}

// proxiedConn is a connection whose PROXY header has been read: it reads
// on from what was buffered past the header, and reports the player's
// address as its remote address.
type proxiedConn struct {
	net.Conn
	r      *bufio.Reader // what came after the header; nil once read
	remote net.Addr
}

// Read gives what was buffered past the header first, then drops the
// buffer and reads the socket directly, so that a long session keeps no
// buffer of its own. Only the connection's one reader calls it.
func (c *proxiedConn) Read(p []byte) (int, error) {
	if c.r != nil {
		if c.r.Buffered() > 0 {
			return c.r.Read(p)
		}
		c.r = nil
	}
	return c.Conn.Read(p)
}

func (c *proxiedConn) RemoteAddr() net.Addr { return c.remote }
