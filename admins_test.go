package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
)

// The admins file is read as authorized_keys: comments, blank lines and a
// key's options are fine, and the keys are known by their fingerprints.
func TestAdminsFileIsReadAsAuthorizedKeys(t *testing.T) {
	t.Parallel()
	ana, bo := sshtest.NewKey(t), sshtest.NewKey(t)
	path := filepath.Join(t.TempDir(), "admins")
	text := "# operators\n\n" + string(gossh.MarshalAuthorizedKey(ana.PublicKey())) +
		`from="10.0.0.0/8",no-pty ` + string(gossh.MarshalAuthorizedKey(bo.PublicKey()))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
	keys, err := readAdmins(path)
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{
		gossh.FingerprintSHA256(ana.PublicKey()): true,
		gossh.FingerprintSHA256(bo.PublicKey()):  true,
	}, keys)

	o, err := parseFlags(nil, func(k string) string { return map[string]string{"UNOSSH_ADMINS": path}[k] }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, path, o.admins)
}

// A line that is not a key, or a file that cannot be read, stops the
// start with one line that names it.
func TestABadAdminsFileStopsTheStart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "admins")
	require.NoError(t, os.WriteFile(path, []byte("# operators\nssh-ed25519 not-a-key ana@laptop\n"), 0o600))
	for _, file := range []string{path, filepath.Join(t.TempDir(), "missing")} {
		err := run(t.Context(), []string{"-admins", file, "-data", t.TempDir(), "-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir()},
			func(string) string { return "" }, log.New(io.Discard))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "-admins: ")
		assert.NotContains(t, err.Error(), "\n")
	}
}
