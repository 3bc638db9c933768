package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// unit is a systemd unit file: each section's settings, in order, with
// every value of a setting given more than once.
type unit map[string]map[string][]string

func readUnit(t *testing.T, path string) unit {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	u := unit{}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = strings.Trim(line, "[]")
			u[section] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(line, "=")
			require.True(t, ok, "%s: %q is not a setting", path, line)
			require.NotEmpty(t, section, "%s: %q is outside a section", path, line)
			u[section][k] = append(u[section][k], v)
		}
	}
	return u
}

// one is the value of a setting given once.
func (u unit) one(t *testing.T, section, key string) string {
	t.Helper()
	vs := u[section][key]
	require.Len(t, vs, 1, "[%s] %s", section, key)
	return vs[0]
}

// The unit docs/deploy.md installs has every setting the page promises:
// its own user, the state directory, port 22 through one capability and
// no more, the hardening, a restart on failure, the environment file; and
// each UNOSSH_ variable it sets is a setting unossh has.
func TestSystemdUnitIsAsDocumented(t *testing.T) {
	t.Parallel()
	u := readUnit(t, "docs/unossh.service")
	s := "Service"
	user := u.one(t, s, "User")
	assert.NotContains(t, []string{"", "root", "0"}, user, "its own user")
	for k, want := range map[string]string{
		"StateDirectory":          "unossh",
		"WorkingDirectory":        "/var/lib/unossh",
		"AmbientCapabilities":     "CAP_NET_BIND_SERVICE",
		"CapabilityBoundingSet":   "CAP_NET_BIND_SERVICE",
		"NoNewPrivileges":         "yes",
		"ProtectSystem":           "strict",
		"ProtectHome":             "yes",
		"PrivateTmp":              "yes",
		"Restart":                 "on-failure",
		"KillSignal":              "SIGTERM",
		"EnvironmentFile":         "-/etc/unossh/unossh.env",
		"ExecStart":               "/usr/local/bin/unossh",
		"RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX",
	} {
		assert.Equal(t, want, u.one(t, s, k), "[Service] %s", k)
	}
	assert.Equal(t, "multi-user.target", u.one(t, "Install", "WantedBy"))

	var usage bytes.Buffer
	_, _ = parseFlags([]string{"-h"}, func(string) string { return "" }, &usage)
	env := map[string]string{}
	for _, kv := range strings.Fields(u.one(t, s, "Environment")) {
		k, v, ok := strings.Cut(kv, "=")
		require.True(t, ok, kv)
		assert.Contains(t, usage.String(), "$"+k+")", "%s is one of unossh's settings", k)
		env[k] = v
	}
	assert.Equal(t, ":22", env["UNOSSH_ADDR"])
	assert.True(t, strings.HasPrefix(env["UNOSSH_DATA"], "/var/lib/unossh/"), "the data in the state directory")
	assert.True(t, strings.HasPrefix(env["UNOSSH_METRICS"], "127.0.0.1:"), "metrics kept off the public network")

	// The backup reads the directory the server writes, as the server's
	// user, and runs `unossh backup` as backupCommand reads it.
	b := readUnit(t, "docs/unossh-backup.service")
	assert.Equal(t, user, b.one(t, s, "User"))
	assert.Equal(t, "oneshot", b.one(t, s, "Type"))
	execStart := b.one(t, s, "ExecStart")
	assert.Contains(t, execStart, "/usr/local/bin/unossh backup -data "+env["UNOSSH_DATA"]+" ")
	assert.Contains(t, strings.Fields(b.one(t, s, "StateDirectory")), "unossh")
	timer := readUnit(t, "docs/unossh-backup.timer")
	assert.NotEmpty(t, timer.one(t, "Timer", "OnCalendar"))

	doc, err := os.ReadFile("docs/deploy.md")
	require.NoError(t, err)
	for _, f := range []string{"docs/unossh.service", "docs/unossh-backup.service", "docs/unossh-backup.timer"} {
		assert.Contains(t, string(doc), f, "docs/deploy.md installs %s", f)
	}
}

// systemd's own check of the units, where systemd-analyze is installed
// (with a stand-in for the binary, which verify wants to find).
func TestSystemdUnitsVerify(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		t.Skipf("systemd-analyze is not installed: %v", err)
	}
	dir := t.TempDir()
	var names []string
	for _, f := range []string{"unossh.service", "unossh-backup.service", "unossh-backup.timer"} {
		b, err := os.ReadFile(filepath.Join("docs", f))
		require.NoError(t, err)
		b = bytes.ReplaceAll(b, []byte("/usr/local/bin/unossh"), []byte("/bin/true"))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), b, 0o644))
		names = append(names, "./"+f)
	}
	cmd := exec.Command("systemd-analyze", append([]string{"verify"}, names...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Empty(t, strings.TrimSpace(string(out)), "no warning")
}

// The backup unit's command, as systemd would run it ($$ and %% unescaped)
// with its paths moved to the test's directories, backs up a server's data
// directory to the day's file.
func TestBackupUnitCommandWritesTheDaysFile(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	if testing.Short() {
		t.Skip("builds the binary: not with -short")
	}
	bin := serverBinary(t)
	data, backups := t.TempDir(), t.TempDir()
	db, err := store.Open(store.Options{Dir: data, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	_, err = db.Register(t.Context(), "SHA256:ana", "ana")
	require.NoError(t, err)
	defer db.Close() // the server is running: it holds the directory

	b := readUnit(t, "docs/unossh-backup.service")
	cmd := b.one(t, "Service", "ExecStart")
	cmd = strings.NewReplacer("$$", "$", "%%", "%").Replace(cmd)
	cmd = strings.NewReplacer("/usr/local/bin/unossh", bin, "/var/lib/unossh/data", data,
		"/var/lib/unossh-backups", backups).Replace(cmd)
	argv := strings.SplitN(cmd, " ", 3)
	require.Equal(t, []string{"/bin/sh", "-c"}, argv[:2])
	out, err := exec.Command("/bin/sh", "-c", strings.Trim(argv[2], "'")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	files, err := filepath.Glob(filepath.Join(backups, "unossh-*.db"))
	require.NoError(t, err)
	require.Len(t, files, 1, "%s", out)
	day := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(files[0]), "unossh-"), ".db")
	assert.Regexp(t, `^\pL+$`, day, "the day's name, as date +%a gives it")
	assert.Contains(t, string(out), "backup written")
}
