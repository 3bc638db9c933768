package ssh_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/ssh/sshtest"
	gossh "golang.org/x/crypto/ssh"
)

// TestForwardingsAreRefused: a game needs no forwarding, and the server
// offers none. Agent forwarding (ssh -A) was answered yes by the SSH
// library, telling the client its agent was reachable from here; it is now
// refused as X11 and port forwarding always were, and the session is none
// the worse for the asking.
func TestForwardingsAreRefused(t *testing.T) {
	addr := sshtest.StartServer(t, config())
	c := sshtest.Dial(t, addr, sshtest.Size(100, 30))
	c.WaitFor(t, "size=100x30", wait)

	for _, req := range []string{"auth-agent-req@openssh.com", "x11-req"} {
		ok, err := c.Session().SendRequest(req, true, nil)
		require.NoError(t, err)
		assert.False(t, ok, "%s is refused", req)
	}
	fwd := gossh.Marshal(struct {
		Addr string
		Port uint32
	}{"127.0.0.1", 0})
	ok, _, err := c.Conn().SendRequest("tcpip-forward", true, fwd)
	require.NoError(t, err)
	assert.False(t, ok, "remote port forwarding is refused")
	_, _, err = c.Conn().OpenChannel("direct-tcpip", gossh.Marshal(struct {
		Host       string
		Port       uint32
		OriginHost string
		OriginPort uint32
	}{"127.0.0.1", 22, "127.0.0.1", 4000}))
	var open *gossh.OpenChannelError
	require.ErrorAs(t, err, &open, "local port forwarding is refused")

	// The session's other requests still reach it, in order.
	require.NoError(t, c.Resize(90, 20))
	c.WaitFor(t, "size=90x20", wait)
	require.NoError(t, c.Press("q"))
	assert.Equal(t, 0, c.Wait(t, wait))
}
