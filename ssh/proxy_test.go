package ssh_test

import (
	"io"
	"net"
	"net/netip"
	"regexp"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/pires/go-proxyproto"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// These tests put a load balancer in front of the server: a relay on
// 127.0.0.1 (sshtest.Relay) that opens each connection to the server with a
// PROXY protocol header claiming another loopback address, then copies
// bytes both ways, as HAProxy's send-proxy does.

// behindProxy is a server that trusts PROXY headers from trusted.
func behindProxy(t *testing.T, trusted string, tune func(*ssh.Config)) (*ssh.Server, string, *logBuffer) {
	t.Helper()
	cfg := config()
	from, err := ssh.ParseCIDRs(trusted)
	require.NoError(t, err)
	cfg.ProxyProtocol = from
	logs := &logBuffer{}
	cfg.Logger = log.New(logs)
	if tune != nil {
		tune(&cfg)
	}
	srv, addr := sshtest.Serve(t, cfg)
	return srv, addr, logs
}

var fromLine = regexp.MustCompile(`from=(\S+)`)

// seenFrom is the address the server's session saw, host only.
func seenFrom(t *testing.T, c *sshtest.Client) string {
	t.Helper()
	c.WaitFor(t, "unossh test screen", wait)
	m := fromLine.FindStringSubmatch(c.Screen())
	require.NotNil(t, m, "no address on screen:\n%s", c.Screen())
	host, _, err := net.SplitHostPort(m[1])
	require.NoError(t, err)
	return host
}

func TestProxyProtocolGivesThePlayersAddress(t *testing.T) {
	_, addr, _ := behindProxy(t, "127.0.0.1/32", nil)
	v1 := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV1("127.0.0.2")))
	v2 := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV2("127.0.0.3")))
	assert.Equal(t, "127.0.0.2", seenFrom(t, v1), "the v1 header's address")
	assert.Equal(t, "127.0.0.3", seenFrom(t, v2), "the v2 header's address")
}

// With one session an address, two players behind the same balancer each
// have their own allowance, and one player's address is one allowance
// through whichever balancer they come: the limit counts the claimed
// address, never the balancer's.
func TestProxyProtocolLimitsCountThePlayersAddress(t *testing.T) {
	_, addr, logs := behindProxy(t, "127.0.0.1/32", func(c *ssh.Config) { c.MaxSessionsPerIP = 1 })
	ana := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV1("127.0.0.2")))
	require.Equal(t, "127.0.0.2", seenFrom(t, ana))
	bo := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV2("127.0.0.3")))
	require.Equal(t, "127.0.0.3", seenFrom(t, bo), "another address has its own allowance")

	again := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV2("127.0.0.2")))
	again.WaitFor(t, "unossh: too many sessions from your address", wait)
	assert.Equal(t, 1, again.Wait(t, wait))
	assert.Contains(t, logs.String(), "ip=127.0.0.2", "the log names the player's address")

	require.NoError(t, bo.Press("a"))
	bo.WaitFor(t, "presses=1", wait)
}

// A header from a peer that is not a trusted balancer is not believed:
// the text one is a line before the SSH version, which SSH ignores, and
// the session is counted under the peer's own address; the binary one
// breaks the SSH handshake. Neither lets anyone claim another address.
func TestProxyHeaderFromAnUntrustedPeerIsNotBelieved(t *testing.T) {
	_, addr, _ := behindProxy(t, "10.0.0.0/8", nil)
	v1 := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV1("127.0.0.2")))
	assert.Equal(t, "127.0.0.1", seenFrom(t, v1))

	v2, err := sshtest.TryDial(t, sshtest.Relay(t, addr, sshtest.ProxyV2("127.0.0.3")), sshtest.DialTimeout(wait))
	if err == nil {
		assert.Equal(t, "127.0.0.1", seenFrom(t, v2))
	}
}

// A trusted balancer's connection that does not open with a valid header
// in time is closed with a line in the log; the players already in play on.
func TestTrustedPeerWithoutAHeaderIsDropped(t *testing.T) {
	srv, addr, logs := behindProxy(t, "127.0.0.1/32", func(c *ssh.Config) {
		ssh.ProxyHeaderTimeout(c, 200*time.Millisecond)
	})
	player := sshtest.Dial(t, sshtest.Relay(t, addr, sshtest.ProxyV1("127.0.0.2")))
	require.Equal(t, "127.0.0.2", seenFrom(t, player))

	// An SSH client straight to the server, a malformed header, and a
	// peer that says nothing: each is closed before the SSH version line.
	_, err := sshtest.TryDial(t, addr, sshtest.DialTimeout(wait))
	require.Error(t, err, "no header: no SSH")
	for _, first := range []string{"PROXY TCP4 not-an-address 127.0.0.1 1 2\r\n", ""} {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		if first != "" {
			_, err = conn.Write([]byte(first))
			require.NoError(t, err)
		}
		require.NoError(t, conn.SetReadDeadline(time.Now().Add(wait)))
		got, err := io.ReadAll(conn)
		require.NoError(t, err, "the server closes the connection (%q)", first)
		assert.Empty(t, got, "not even a version line")
		conn.Close()
	}
	require.Eventually(t, func() bool { return srv.Stats().Refusals["proxy_header"] == 3 }, wait, 5*time.Millisecond)
	assert.Contains(t, logs.String(), ssh.ErrProxyHeader.Error())
	assert.Contains(t, logs.String(), "none within 200ms", "the silent peer is timed out")

	require.NoError(t, player.Press("a"))
	player.WaitFor(t, "presses=1", wait)
}

func TestParseCIDRs(t *testing.T) {
	got, err := ssh.ParseCIDRs(" 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,")
	require.NoError(t, err)
	assert.Equal(t, []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("192.0.2.7/32"),
		netip.MustParsePrefix("2001:db8::/32"),
	}, got)
	for _, bad := range []string{"10.0.0.0/33", "lb.example.com", "10.0.0/8"} {
		_, err := ssh.ParseCIDRs(bad)
		assert.Error(t, err, bad)
	}
	none, err := ssh.ParseCIDRs("")
	require.NoError(t, err)
	assert.Empty(t, none)
}

// A LOCAL header (the balancer speaking for itself, as in its own health
// checks) is a valid header that names no player: the connection is the
// balancer's own, counted under its address.
func TestProxyLocalHeaderIsTheBalancersOwn(t *testing.T) {
	_, addr, _ := behindProxy(t, "127.0.0.1/32", nil)
	local := func(_, _ net.Addr) []byte {
		b, err := (&proxyproto.Header{Version: 2, Command: proxyproto.LOCAL}).Format()
		if err != nil {
			panic(err)
		}
		return b
	}
	c := sshtest.Dial(t, sshtest.Relay(t, addr, local))
	assert.Equal(t, "127.0.0.1", seenFrom(t, c))
}
