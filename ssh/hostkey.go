package ssh

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	gssh "github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"
)

// hostKeyOption is how the server gets its host key. A key file given
// (Config.HostKeyFile) is read as it is and never made: every node of a
// service presents the same key, so a player sent to another node sees no
// host-key warning, and a node that made its own would give them one. With
// none, the key in HostKeyDir is made on the first run, as a single server
// always has.
func hostKeyOption(cfg Config) (gssh.Option, string, error) {
	if cfg.HostKeyFile == "" {
		path := filepath.Join(cfg.HostKeyDir, hostKeyName)
		return wish.WithHostKeyPath(path), path, nil
	}
	signer, err := ReadHostKey(cfg.HostKeyFile)
	if err != nil {
		return nil, cfg.HostKeyFile, err
	}
	return func(s *gssh.Server) error {
		s.AddHostKey(signer)
		return nil
	}, cfg.HostKeyFile, nil
}

// ReadHostKey reads a private host key in any of OpenSSH's formats (its
// own, PEM RSA or EC, PKCS#8), as ssh-keygen writes them. A key protected by
// a passphrase is refused: a server starting unattended has nobody to type it.
func ReadHostKey(path string) (gossh.Signer, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	signer, err := gossh.ParsePrivateKey(b)
	var pass *gossh.PassphraseMissingError
	if errors.As(err, &pass) {
		return nil, fmt.Errorf("host key %s is protected by a passphrase; give one without (ssh-keygen -p -N '' -f %s)", path, path)
	}
	if err != nil {
		return nil, fmt.Errorf("host key %s is not a private key: %w", path, err)
	}
	return signer, nil
}
