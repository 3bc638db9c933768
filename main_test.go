package main

import (
	"flag"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/store"
)

func TestParseFlags(t *testing.T) {
	t.Parallel()
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

func TestDoorLimitFlags(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"UNOSSH_MAX_SESSIONS":      "500",
		"UNOSSH_MAX_PER_ADDR":      "4",
		"UNOSSH_MAX_STARTUPS":      "10:30:60",
		"UNOSSH_IDLE_EVICT":        "5m",
		"UNOSSH_HOSTKEY_DIR":       "/var/lib/unossh",
		"UNOSSH_KEY_RATE_PER_ADDR": "1000",
		"UNOSSH_GC_PERCENT":        "75",
	}
	getenv := func(k string) string { return env[k] }

	o, err := parseFlags(nil, func(string) string { return "" }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 10000, o.door.MaxSessions, "issue 10's default")
	assert.Equal(t, 32, o.door.MaxSessionsPerIP)
	assert.Equal(t, ssh.DefaultStartups, o.door.Startups)
	assert.Equal(t, 50, o.gcPercent)

	o, err = parseFlags([]string{"-max-per-addr", "8", "-max-startups-per-addr", "3"}, getenv, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 500, o.door.MaxSessions)
	assert.Equal(t, 8, o.door.MaxSessionsPerIP, "the flag beats the environment")
	assert.Equal(t, ssh.Startups{Start: 10, Rate: 30, Full: 60, PerIP: 3}, o.door.Startups)
	assert.Equal(t, 5*time.Minute, o.door.IdleEvict)
	assert.Equal(t, 1000, o.door.KeyRatePerIP)
	assert.Equal(t, "/var/lib/unossh", o.hostKeyDir)

	assert.Equal(t, 75, o.gcPercent, "-gc-percent from the environment")
	o, err = parseFlags([]string{"-gc-percent", "120"}, getenv, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 120, o.gcPercent)

	for _, bad := range []map[string]string{
		{"UNOSSH_GC_PERCENT": "0"},
		{"UNOSSH_GC_PERCENT": "-1"},
		{"UNOSSH_MAX_SESSIONS": "lots"},
		{"UNOSSH_IDLE_EVICT": "5"},
		{"UNOSSH_MAX_STARTUPS": "10:30"},
	} {
		_, err := parseFlags(nil, func(k string) string { return bad[k] }, io.Discard)
		assert.Error(t, err, "%v", bad)
	}
}

func TestDataFlag(t *testing.T) {
	t.Parallel()
	env := func(k string) string {
		if k == "UNOSSH_DATA" {
			return "/srv/unossh"
		}
		return ""
	}
	tests := []struct {
		name   string
		args   []string
		getenv func(string) string
		want   string
	}{
		{"default", nil, func(string) string { return "" }, "data"},
		{"env", nil, env, "/srv/unossh"},
		{"flag beats env", []string{"-data", "/tmp/u"}, env, "/tmp/u"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseFlags(tt.args, tt.getenv, io.Discard)
			require.NoError(t, err)
			assert.Equal(t, tt.want, o.dataDir)
		})
	}
}

func TestRunRefusesABadDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, store.FileName), []byte("not a database, just text"), 0o600))
	logger := log.New(io.Discard)
	err := run(t.Context(), []string{"-data", dir, "-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir()},
		func(string) string { return "" }, logger)
	require.ErrorIs(t, err, store.ErrNotDatabase)
	assert.NotContains(t, err.Error(), "\n")
}

// connectHint is the command the start log gives for a server listening
// at addr with no -public-host.
func connectHint(addr net.Addr) string { return "ssh " + publicHost{}.destination(addr, os.Hostname) }

// Every flag is in the README's table, with its environment variable.
func TestReadmeListsEveryFlag(t *testing.T) {
	t.Parallel()
	var usage strings.Builder
	_, err := parseFlags([]string{"-h"}, func(string) string { return "" }, &usage)
	require.ErrorIs(t, err, flag.ErrHelp)
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	names := regexp.MustCompile(`(?m)^\s+-([a-z-]+)`).FindAllStringSubmatch(usage.String(), -1)
	require.NotEmpty(t, names)
	for _, n := range names {
		env := "UNOSSH_" + strings.ToUpper(strings.ReplaceAll(n[1], "-", "_"))
		assert.True(t, strings.Contains(string(readme), "| `-"+n[1]+"` | `"+env+"` |"),
			"README's table lists -%s with %s", n[1], env)
		assert.Contains(t, usage.String(), env, "-%s says its variable", n[1])
	}
}

// The limit on new accounts per address is set by flag or environment,
// with the lobby's default, and a window that is no time is refused.
func TestAccountLimitFlags(t *testing.T) {
	t.Parallel()
	o, err := parseFlags(nil, func(string) string { return "" }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, lobby.DefaultAccountsPerAddr, o.lobby.AccountsPerAddr)
	assert.Equal(t, lobby.DefaultAccountsEvery, o.lobby.AccountsEvery)

	env := map[string]string{"UNOSSH_ACCOUNTS_PER_ADDR": "5", "UNOSSH_ACCOUNTS_EVERY": "24h"}
	o, err = parseFlags([]string{"-accounts-per-addr", "3"}, func(k string) string { return env[k] }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 3, o.lobby.AccountsPerAddr, "the flag beats the environment")
	assert.Equal(t, 24*time.Hour, o.lobby.AccountsEvery)

	for _, bad := range []string{"0s", "-1h"} {
		_, err := parseFlags([]string{"-accounts-every", bad}, func(string) string { return "" }, io.Discard)
		assert.Error(t, err, bad)
	}
}

// -database (or UNOSSH_DATABASE) names a PostgreSQL database; without it
// the store stays in the data directory.
func TestDatabaseFlag(t *testing.T) {
	t.Parallel()
	o, err := parseFlags(nil, func(string) string { return "" }, io.Discard)
	require.NoError(t, err)
	assert.Empty(t, o.database, "a single node needs no database server")
	env := func(k string) string {
		if k == "UNOSSH_DATABASE" {
			return "postgres://unossh@db:5432/unossh"
		}
		return ""
	}
	o, err = parseFlags(nil, env, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, "postgres://unossh@db:5432/unossh", o.database)
	o, err = parseFlags([]string{"-database", "postgres://other@db2/unossh"}, env, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, "postgres://other@db2/unossh", o.database)
}

// A database server that does not answer stops the start, with one line
// that says where and what to check, before anything listens.
func TestRunRefusesADatabaseThatDoesNotAnswer(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close()) // nothing listens there now
	err = run(t.Context(), []string{"-database", "postgres://unossh:secret@" + addr + "/unossh?sslmode=disable",
		"-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir(), "-data", t.TempDir()},
		func(string) string { return "" }, log.New(io.Discard))
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "\n")
	assert.Contains(t, err.Error(), "database unossh on 127.0.0.1:")
	assert.Contains(t, err.Error(), "cannot connect: is PostgreSQL running there")
	assert.NotContains(t, err.Error(), "secret", "the password is not logged")
}
