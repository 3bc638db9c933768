package ssh_test

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	gossh "golang.org/x/crypto/ssh"
)

// A host key file in each format ssh-keygen writes is the key the server
// presents; one with a passphrase is refused with a line saying so.
func TestHostKeyFileInEachOpenSSHFormat(t *testing.T) {
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skipf("needs ssh-keygen: %v", err)
	}
	for _, c := range []struct{ name, typ, format string }{
		{"openssh ed25519", "ed25519", ""},
		{"openssh rsa", "rsa", ""},
		{"pem rsa", "rsa", "PEM"},
		{"pkcs8 ecdsa", "ecdsa", "PKCS8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "key")
			args := []string{"-q", "-N", "", "-t", c.typ, "-f", path}
			if c.format != "" {
				args = append(args, "-m", c.format)
			}
			out, err := exec.Command("ssh-keygen", args...).CombinedOutput()
			require.NoError(t, err, "%s", out)
			pub, err := os.ReadFile(path + ".pub")
			require.NoError(t, err)
			want, _, _, _, err := gossh.ParseAuthorizedKey(pub)
			require.NoError(t, err)

			cfg := config()
			cfg.HostKeyFile = path
			cfg.HostKeyDir = filepath.Join(t.TempDir(), "unused")
			srv, addr := sshtest.Serve(t, cfg)
			assert.Equal(t, gossh.FingerprintSHA256(want), srv.Fingerprint())
			assert.Equal(t, gossh.FingerprintSHA256(want), presented(t, addr), "what a client is shown")
			assert.NoDirExists(t, cfg.HostKeyDir, "nothing is made")
		})
	}

	path := filepath.Join(t.TempDir(), "locked")
	out, err := exec.Command("ssh-keygen", "-q", "-N", "secret", "-t", "ed25519", "-f", path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	cfg := config()
	cfg.HostKeyFile = path
	_, err = ssh.New(cfg)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "passphrase")
}

// presented is the fingerprint of the host key a client is shown at addr.
func presented(t *testing.T, addr string) string {
	t.Helper()
	var got string
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "ana",
		Auth: []gossh.AuthMethod{gossh.PublicKeys(sshtest.NewKey(t))},
		HostKeyCallback: func(_ string, _ net.Addr, key gossh.PublicKey) error {
			got = gossh.FingerprintSHA256(key)
			return nil
		},
		Timeout: wait,
	})
	require.NoError(t, err)
	conn.Close()
	return got
}
