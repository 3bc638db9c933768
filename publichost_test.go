package main

import (
	"errors"
	"net"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPublicHostDestination(t *testing.T) {
	t.Parallel()
	machine := func() (string, error) { return "uno-box", nil }
	noName := func() (string, error) { return "", errors.New("no name") }
	tcp := func(s string) net.Addr { a, err := net.ResolveTCPAddr("tcp", s); require.NoError(t, err); return a }
	for _, c := range []struct {
		name, public, listen string
		hostname             func() (string, error)
		want                 string
	}{
		{"wildcard: the machine's name", "", "0.0.0.0:23234", machine, "-p 23234 uno-box"},
		{"IPv6 wildcard", "", "[::]:23234", machine, "-p 23234 uno-box"},
		{"loopback only", "", "127.0.0.1:23234", machine, "-p 23234 localhost"},
		{"one public address", "", "192.0.2.7:23234", machine, "-p 23234 192.0.2.7"},
		{"no machine name", "", "0.0.0.0:23234", noName, "-p 23234 localhost"},
		{"public host, listen port", "uno.example.com", "0.0.0.0:23234", machine, "-p 23234 uno.example.com"},
		{"public host on 22", "uno.example.com:22", "0.0.0.0:23234", machine, "uno.example.com"},
		{"public host, its own port", "uno.example.com:2222", "127.0.0.1:23234", machine, "-p 2222 uno.example.com"},
		{"listening on 22", "", "0.0.0.0:22", machine, "uno-box"},
		{"IPv6 public host", "[2001:db8::1]:2222", "0.0.0.0:23234", machine, "-p 2222 2001:db8::1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := parsePublicHost(c.public)
			require.NoError(t, err)
			require.Equal(t, c.want, p.destination(tcp(c.listen), c.hostname))
		})
	}
}

func TestPublicHostRefusesWhatSSHCannotUse(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"uno.example.com:0", "uno.example.com:http", "uno.example.com:99999", ":2222", "ana@uno.example.com", "uno example"} {
		_, err := parsePublicHost(s)
		require.Error(t, err, s)
	}
}
