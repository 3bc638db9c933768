// Package ssh is unossh's front door: the SSH server that players connect to.
//
// Every connection that opens a session with a terminal gets its own model
// (a term.Model: a Bubble Tea model and what the runtime needs besides),
// built by Config.NewModel from a Session that says who the player is (their
// public key fingerprint, or a guest), what they asked for on the command
// line (the lobby, "new", "join CODE" or "help"), their terminal size, and a
// lipgloss renderer made for their terminal alone. The model runs on the
// terminal runtime of package ssh/term, on the session's own goroutine,
// which paints only what changed; the Server owns the runtime's drawers
// (term.Drawers), starting them in New and stopping them in Shutdown.
//
// The package knows nothing of the game: main wires the lobby in through
// Config.NewModel, Config.Seated, Config.Records and Config.ShuttingDown.
//
// The package owns everything that happens before the game sees a player:
// the player's address behind a trusted load balancer (its PROXY protocol
// header, proxy.go), host key (made on the first run, or one given to every
// node, hostkey.go), authentication (any public key is an identity; no key means a
// guest, never a password prompt), command parsing, and the door limits that
// keep one client from harming the others: connection rate, connections
// still logging in (startups.go, after OpenSSH's MaxStartups), one session
// channel per connection (channels.go), sessions per address and in total
// with idle sessions making room on a full server (room.go), handshake, idle
// and stall timeouts, how fast and how much a client and an address may
// type (input.go), and the window a session is drawn for, whatever size its
// client claims (window.go). On a node of a service of several
// (Config.Shared, shared.go), an address's sessions and new connections are
// counted with the other nodes', without a message per login.
//
// Typical use, from main:
//
//	srv, err := ssh.New(ssh.Config{Addr: ":23234", NewModel: newModel})
//	if err != nil { ... }
//	go srv.ListenAndServe()
//	...
//	srv.Shutdown(ctx)
//
// Tests use the ssh/sshtest package, which serves on 127.0.0.1:0 and dials
// with a real SSH client that renders what it receives on a virtual screen.
package ssh
