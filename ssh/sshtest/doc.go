// Package sshtest is unossh's end-to-end harness: a real SSH server on
// 127.0.0.1:0 and real SSH clients (golang.org/x/crypto/ssh) whose output is
// played into a virtual terminal, so a test reads exactly what a player
// would see.
//
//	addr := sshtest.StartServer(t, ssh.Config{NewModel: newModel})
//	ana := sshtest.Dial(t, addr)                  // fresh ed25519 key, PTY 80x24
//	bo := sshtest.Dial(t, addr, sshtest.Guest())  // no key
//	ana.WaitFor(t, "Quick play", 5*time.Second)
//	ana.Press("down")
//	ana.Press("enter")
//	ana.WaitUntil(t, func(screen string) bool { ... }, 5*time.Second)
//
// Waits poll the emulated screen each time new output arrives: there is no
// sleeping. Like golang.org/x/crypto/ssh itself, the client never answers a
// terminal query (background colour, cursor position), so a server that
// waited for answers would show up as a slow first screen.
//
// PauseReading stops the client reading its channel, as a player whose
// connection stalls: once the SSH window fills, the server's writes to it
// block.
package sshtest
