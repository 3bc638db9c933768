package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"io"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

func TestRequireSharedHostKey(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		clustered bool
		hostKey   string
		ok        bool
	}{
		{false, "", true},
		{false, "/etc/unossh/host_key", true},
		{true, "/etc/unossh/host_key", true},
		{true, "", false},
	} {
		err := requireSharedHostKey(c.clustered, c.hostKey)
		if c.ok {
			assert.NoError(t, err, "clustered=%t host key %q", c.clustered, c.hostKey)
		} else {
			assert.ErrorIs(t, err, errHostKeyPerNode, "clustered=%t host key %q", c.clustered, c.hostKey)
		}
	}
}

// keygen makes a key without a passphrase with ssh-keygen, in the format
// its extra arguments ask for.
func keygen(t *testing.T, path string, args ...string) {
	t.Helper()
	out, err := exec.Command("ssh-keygen", append([]string{"-q", "-N", "", "-C", "", "-f", path}, args...)...).CombinedOutput()
	require.NoError(t, err, "%s", out)
}

// Two nodes given the same -host-key present the same key: OpenSSH, having
// met the first and written it to known_hosts, takes the second under
// StrictHostKeyChecking=yes, as a player sent to another node by a load
// balancer would. A node that made its own key is refused by the same
// client (so the check can tell).
func TestNodesGivenOneHostKeyPresentTheSameKey(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and starts three: not with -short")
	}
	for _, tool := range []string{"ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs OpenSSH's %s: %v", tool, err)
		}
	}
	bin := serverBinary(t)
	dir := t.TempDir()
	hostKey, player := filepath.Join(dir, "host_key"), filepath.Join(dir, "player")
	keygen(t, hostKey, "-t", "ed25519")
	keygen(t, player, "-t", "ed25519")
	knownHosts := filepath.Join(dir, "known_hosts")

	a := startBinary(t, bin, t.TempDir(), t.TempDir(), "-host-key", hostKey)
	b := startBinary(t, bin, t.TempDir(), t.TempDir(), "-host-key", hostKey)
	own := startBinary(t, bin, t.TempDir(), t.TempDir())

	// One name for the service in known_hosts, whichever node answers, as
	// one host name behind a balancer would be.
	help := func(addr, strict string) (string, error) {
		host, port, _ := strings.Cut(addr, ":")
		out, err := exec.Command("ssh", "-F", "/dev/null", "-p", port, "-i", player,
			"-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
			"-o", "UserKnownHostsFile="+knownHosts, "-o", "GlobalKnownHostsFile=/dev/null",
			"-o", "HostKeyAlias=uno.example.com", "-o", "StrictHostKeyChecking="+strict,
			host, "help").CombinedOutput()
		return string(out), err
	}
	out, err := help(a.addr, "accept-new")
	require.NoError(t, err, "%s", out)
	kh, err := os.ReadFile(knownHosts)
	require.NoError(t, err)
	require.Contains(t, string(kh), "uno.example.com ssh-ed25519 ")

	out, err = help(b.addr, "yes")
	require.NoError(t, err, "the second node's key is the first's: %s", out)
	assert.Contains(t, out, "join")

	out, err = help(own.addr, "yes")
	require.Error(t, err, "a node with a key of its own is refused: %s", out)
	assert.Contains(t, out, "HOST IDENTIFICATION HAS CHANGED")
}

// A host key that is missing, or that is not a private key, stops the
// start with one line; nothing is made in its place.
func TestHostKeyThatCannotBeReadStopsTheStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope")
	notKey := filepath.Join(dir, "not_a_key")
	require.NoError(t, os.WriteFile(notKey, []byte("hello\n"), 0o600))
	for _, path := range []string{missing, notKey} {
		err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-data", t.TempDir(), "-host-key", path},
			func(string) string { return "" }, log.New(io.Discard))
		require.Error(t, err)
		assert.Contains(t, err.Error(), path)
		assert.NotContains(t, err.Error(), "\n")
	}
	assert.NoFileExists(t, missing, "never made")
}

// -host-key and -proxy-protocol are set by flag or environment; none by
// default (a single node as it always was); a CIDR that is not one is
// refused.
func TestHostKeyAndProxyFlags(t *testing.T) {
	t.Parallel()
	o, err := parseFlags(nil, func(string) string { return "" }, io.Discard)
	require.NoError(t, err)
	assert.Empty(t, o.hostKey)
	assert.Empty(t, o.door.ProxyProtocol)

	env := map[string]string{"UNOSSH_HOST_KEY": "/etc/unossh/host_key", "UNOSSH_PROXY_PROTOCOL": "10.0.0.5/32, 192.0.2.0/24"}
	o, err = parseFlags(nil, func(k string) string { return env[k] }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, "/etc/unossh/host_key", o.hostKey)
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.5/32"), netip.MustParsePrefix("192.0.2.0/24")}, o.door.ProxyProtocol)

	o, err = parseFlags([]string{"-proxy-protocol", "127.0.0.1"}, func(k string) string { return env[k] }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, o.door.ProxyProtocol, "the flag beats the environment")

	_, err = parseFlags([]string{"-proxy-protocol", "lb.example.com"}, func(string) string { return "" }, io.Discard)
	assert.ErrorContains(t, err, "-proxy-protocol")
}

// sharedHostKey writes a host key for the nodes of a test's cluster, as an
// operator gives one to every node, and is its path.
func sharedHostKey(t *testing.T) string {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	block, err := gossh.MarshalPrivateKey(priv, "")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "unossh_host_key")
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(block), 0o600))
	return path
}

// A node started with -nats and no -host-key refuses to start, with one
// line that says what to give.
func TestClusterNodeWithoutAHostKeyRefusesToStart(t *testing.T) {
	t.Parallel()
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir(), "-data", t.TempDir(),
		"-nats", "nats://127.0.0.1:1", "-node", "n1"}, func(string) string { return "" }, log.New(io.Discard))
	require.ErrorIs(t, err, errHostKeyPerNode)
	require.NotContains(t, err.Error(), "\n")
}
