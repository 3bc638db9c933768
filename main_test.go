package main

import (
	"io"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFlags(t *testing.T) {
	noEnv := func(string) string { return "" }
	env := func(k string) string {
		if k == "UNOSSH_ADDR" {
			return "127.0.0.1:2222"
		}
		return ""
	}
	tests := []struct {
		name   string
		args   []string
		getenv func(string) string
		want   string
	}{
		{"default", nil, noEnv, ":23234"},
		{"env", nil, env, "127.0.0.1:2222"},
		{"flag beats env", []string{"-addr", "127.0.0.1:23299"}, env, "127.0.0.1:23299"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseFlags(tt.args, tt.getenv, io.Discard)
			require.NoError(t, err)
			assert.Equal(t, tt.want, o.addr)
		})
	}
	_, err := parseFlags([]string{"extra"}, noEnv, io.Discard)
	assert.Error(t, err)
}

func TestConnectHint(t *testing.T) {
	tcp := func(s string) net.Addr { a, _ := net.ResolveTCPAddr("tcp", s); return a }
	assert.Equal(t, "ssh -p 23234 localhost", connectHint(tcp("[::]:23234")))
	assert.Equal(t, "ssh -p 23299 localhost", connectHint(tcp("127.0.0.1:23299")))
	assert.Equal(t, "ssh 192.0.2.7", connectHint(tcp("192.0.2.7:22")))
}
