package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/cluster"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/moderation"
	"github.com/unossh/unossh/store"
)

// readAdmins reads the operators' keys (-admins): a file in OpenSSH's
// authorized_keys format, one public key a line, blank lines and # comments
// skipped. It returns their fingerprints. A line that is not a key stops
// the start with one line naming it: an operator locked out by a typo
// would only learn of it when they need the tools.
func readAdmins(path string) (map[string]bool, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("-admins: %w", err)
	}
	keys := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pk, _, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("-admins: %s line %d is not a public key in authorized_keys format: %v", path, n, err)
		}
		keys[gossh.FingerprintSHA256(pk)] = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("-admins: %s: %w", path, err)
	}
	return keys, nil
}

// startModeration reads the bans and mutes in force, before anyone can
// connect, and joins the other nodes' moderation on a service.
func startModeration(ctx context.Context, st *store.DB, hub *lobby.Hub, people *cluster.People, o clusterOptions,
	page func(session string) string, logger *log.Logger) (*moderation.Service, error) {
	node := ""
	if people != nil {
		node = o.node
	}
	mod := moderation.New(moderation.Options{Store: st, Lobby: hub, Logger: logger, Node: node, Page: page})
	lctx, cancel := context.WithTimeout(ctx, restoreTimeout)
	defer cancel()
	if err := mod.Load(lctx); err != nil {
		return nil, fmt.Errorf("reading the bans and mutes: %w", err)
	}
	if people != nil {
		people.AttachAdmin(mod.Apply)
		mod.SetPeers(people)
	}
	return mod, nil
}
