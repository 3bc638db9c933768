package main

import (
	"bytes"
	"io"
	"net/netip"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// haproxyConfig is an HAProxy configuration file: each section (its first
// line, "backend nodes") with its lines split into words, in order.
type haproxyConfig map[string][][]string

func readHAProxyConfig(t *testing.T, path string) haproxyConfig {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	c := haproxyConfig{}
	section := ""
	for line := range strings.Lines(string(b)) {
		words := strings.Fields(line)
		switch {
		case len(words) == 0 || strings.HasPrefix(words[0], "#"):
		case line[0] != ' ' && line[0] != '\t':
			section = strings.Join(words, " ")
			c[section] = nil
		default:
			require.NotEmpty(t, section, "%s: %q is outside a section", path, line)
			c[section] = append(c[section], words)
		}
	}
	return c
}

// lines are the lines of section that begin with the words of prefix.
func (c haproxyConfig) lines(section string, prefix ...string) [][]string {
	var found [][]string
	for _, l := range c[section] {
		if len(l) >= len(prefix) && slices.Equal(l[:len(prefix)], prefix) {
			found = append(found, l)
		}
	}
	return found
}

// one is the rest of the one line of section that begins with prefix.
func (c haproxyConfig) one(t *testing.T, section string, prefix ...string) []string {
	t.Helper()
	ls := c.lines(section, prefix...)
	require.Len(t, ls, 1, "[%s] %s", section, strings.Join(prefix, " "))
	return ls[0][len(prefix):]
}

// guideEnvFile matches an environment file shown in docs/cluster.md: a
// fenced block whose first line names the file.
var guideEnvFile = regexp.MustCompile("(?s)```\n# /etc/unossh/(n[0-9]+)\\.env\n(.*?)```")

// The guide to three nodes behind HAProxy (docs/cluster.md) shows
// docs/haproxy-cluster.cfg as it is, and its nodes and HAProxy fit together:
// every environment file is a start unossh accepts, as a node of one
// service (with one setting of the Go runtime's, GOMAXPROCS, a number of
// cores); each server line sends a PROXY v2 header to one node's SSH
// address, from an address that node trusts, and checks that node's
// /readyz; players are told to connect to HAProxy's port; and HAProxy's
// timeouts do not cut a session before the nodes' own idle timeout would.
func TestHAProxyGuideMatchesItsNodes(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("docs/cluster.md")
	require.NoError(t, err)
	cfgText, err := os.ReadFile("docs/haproxy-cluster.cfg")
	require.NoError(t, err)
	assert.Contains(t, string(doc), "```haproxy\n"+string(bytes.TrimRight(cfgText, "\n"))+"\n```",
		"docs/cluster.md shows docs/haproxy-cluster.cfg word for word")

	var usage bytes.Buffer
	_, _ = parseFlags([]string{"-h"}, func(string) string { return "" }, &usage)
	nodes := map[string]options{} // by SSH address
	names := map[string]bool{}
	var first *options
	for _, m := range guideEnvFile.FindAllStringSubmatch(string(doc), -1) {
		file, body := m[1], m[2]
		env := map[string]string{}
		for line := range strings.Lines(body) {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			k, v, ok := strings.Cut(line, "=")
			require.True(t, ok, "%s: %q", file, line)
			env[k] = v
			if k == "GOMAXPROCS" { // the Go runtime's own: the node's share of the cores
				n, err := strconv.Atoi(v)
				assert.True(t, err == nil && n >= 1, "%s: GOMAXPROCS=%s is a number of cores", file, v)
				continue
			}
			assert.Contains(t, usage.String(), "$"+k+")", "%s: %s is one of unossh's settings", file, k)
		}
		o, err := parseFlags(nil, func(k string) string { return env[k] }, io.Discard)
		require.NoError(t, err, file)
		require.NoError(t, requireSharedHostKey(o.cluster.nats != "", o.hostKey), file)
		assert.NotEmpty(t, o.cluster.nats, "%s is a node of a cluster", file)
		assert.True(t, strings.HasPrefix(o.database, "postgres://"), "%s: its database is PostgreSQL", file)
		assert.Equal(t, file, o.cluster.node, "%s names its node as its file", file)
		assert.False(t, names[o.cluster.node], "%s: node names are unique", file)
		names[o.cluster.node] = true
		assert.True(t, strings.HasPrefix(o.metrics, "127.0.0.1:"), "%s: metrics kept on loopback", file)
		if first == nil {
			first = &o
		} else {
			for what, pair := range map[string][2]any{
				"host key":  {first.hostKey, o.hostKey},
				"database":  {first.database, o.database},
				"NATS":      {first.cluster.nats, o.cluster.nats},
				"public":    {first.public, o.public},
				"proxies":   {first.door.ProxyProtocol, o.door.ProxyProtocol},
				"idle time": {first.door.IdleTimeout, o.door.IdleTimeout},
			} {
				assert.Equal(t, pair[0], pair[1], "%s: the %s as the other nodes'", file, what)
			}
			assert.NotEqual(t, first.dataDir, o.dataDir, "%s: its own data directory", file)
		}
		_, dup := nodes[o.addr]
		assert.False(t, dup, "%s: its own SSH address", file)
		nodes[o.addr] = o
	}
	require.Len(t, nodes, 3, "the guide runs three nodes")

	c := readHAProxyConfig(t, "docs/haproxy-cluster.cfg")
	assert.Equal(t, []string{"tcp"}, c.one(t, "defaults", "mode"), "HAProxy passes SSH through as TCP")

	// Players connect to HAProxy's port, which is the one the nodes tell them.
	bind := c.one(t, "frontend uno", "bind")
	bindAddr, err := netip.ParseAddrPort(bind[0])
	require.NoError(t, err, "bind %s", bind[0])
	port := bindAddr.Port()
	assert.Equal(t, first.public.port, strconv.Itoa(int(port)), "UNOSSH_PUBLIC_HOST names HAProxy's port")
	assert.Contains(t, string(doc), "ssh -p "+strconv.Itoa(int(port))+" localhost")
	assert.Equal(t, []string{"nodes"}, c.one(t, "frontend uno", "default_backend"))

	for _, which := range []string{"client", "server"} {
		v := c.one(t, "defaults", "timeout", which)
		d, err := time.ParseDuration(v[0])
		require.NoError(t, err, "timeout %s %s", which, v[0])
		assert.Greater(t, d, first.door.IdleTimeout, "timeout %s outlasts the nodes' -idle-timeout", which)
	}

	const b = "backend nodes"
	assert.Equal(t, []string{"GET", "/readyz"}, c.one(t, b, "option", "httpchk"))
	assert.Len(t, c.lines(b, "option", "redispatch"), 1, "a refused newcomer goes to another node")
	source, err := netip.ParseAddr(c.one(t, b, "source")[0])
	require.NoError(t, err)
	defaults := c.one(t, b, "default-server")
	servers := c.lines(b, "server")
	require.Len(t, servers, len(nodes), "one server line for each node")
	seen := map[string]bool{}
	for _, s := range servers {
		require.GreaterOrEqual(t, len(s), 3, "%v", s)
		name, addr, words := s[1], s[2], append(append([]string{}, defaults...), s[3:]...)
		o, ok := nodes[addr]
		require.True(t, ok, "server %s %s is one of the nodes", name, addr)
		assert.False(t, seen[addr], "server %s: one line for each node", name)
		seen[addr] = true
		assert.Equal(t, name, o.cluster.node, "server %s is named as its node", name)
		assert.Contains(t, words, "send-proxy-v2", "server %s sends the player's address", name)
		assert.Contains(t, words, "check", "server %s is checked", name)
		checkPort := ""
		for i, w := range words {
			if w == "port" && i+1 < len(words) {
				checkPort = words[i+1]
			}
		}
		assert.Equal(t, "127.0.0.1:"+checkPort, o.metrics, "server %s is checked on its node's metrics port", name)
		trusted := false
		for _, p := range o.door.ProxyProtocol {
			trusted = trusted || p.Contains(source)
		}
		assert.True(t, trusted, "node %s trusts PROXY headers from HAProxy's source %s", name, source)
		ssh, err := netip.ParseAddrPort(addr)
		require.NoError(t, err)
		assert.NotEqual(t, ssh.Addr().String(), source.String(), "HAProxy's source is not the players' loopback address, so the logs tell them apart")
	}
}

// HAProxy's own check of the guide's configuration, where HAProxy is
// installed.
func TestHAProxyGuideConfigIsValid(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("haproxy"); err != nil {
		t.Skipf("haproxy is not installed: %v", err)
	}
	out, err := exec.Command("haproxy", "-c", "-f", "docs/haproxy-cluster.cfg").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, string(out), "WARNING", "no warning")
}
