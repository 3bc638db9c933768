package main

import "errors"

// errHostKeyPerNode refuses a cluster node that would make its own host
// key: a player sent to another node would meet a key their client has
// never seen, and OpenSSH stops them with a warning of an attack.
var errHostKeyPerNode = errors.New("a node of a cluster needs -host-key (UNOSSH_HOST_KEY): every node presents the same host key, given to each (ssh-keygen -t ed25519 -N '' -f unossh_host_key, copied to every node)")

// requireSharedHostKey is the check cluster mode makes before it starts:
// clustered, a host key file must be given.
func requireSharedHostKey(clustered bool, hostKey string) error {
	if clustered && hostKey == "" {
		return errHostKeyPerNode
	}
	return nil
}
