package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"

	gossh "golang.org/x/crypto/ssh"
)

// serveFloor is the floor: a bare golang.org/x/crypto/ssh server that lets
// anyone in, answers a PTY and a shell, draws one 80x24 screen and reads
// the session until it ends. Whatever unossh spends beyond it is ours.
func serveFloor(addr string) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return err
	}
	cfg := &gossh.ServerConfig{
		KeyboardInteractiveCallback: func(gossh.ConnMetadata, gossh.KeyboardInteractiveChallenge) (*gossh.Permissions, error) {
			return nil, nil
		},
		PublicKeyCallback: func(gossh.ConnMetadata, gossh.PublicKey) (*gossh.Permissions, error) { return nil, nil },
	}
	cfg.AddHostKey(signer)
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	screen := floorScreen()
	for {
		nc, err := l.Accept()
		if err != nil {
			return err
		}
		go func() {
			_, chans, reqs, err := gossh.NewServerConn(nc, cfg)
			if err != nil {
				nc.Close()
				return
			}
			go gossh.DiscardRequests(reqs)
			for nch := range chans {
				if nch.ChannelType() != "session" {
					_ = nch.Reject(gossh.UnknownChannelType, "no")
					continue
				}
				ch, creqs, err := nch.Accept()
				if err != nil {
					continue
				}
				go func() {
					for r := range creqs {
						_ = r.Reply(r.Type == "pty-req" || r.Type == "shell" || r.Type == "env", nil)
						if r.Type == "shell" {
							_, _ = io.WriteString(ch, screen)
						}
					}
				}()
				go func() { _, _ = io.Copy(io.Discard, ch); ch.Close() }()
			}
		}()
	}
}

// floorScreen is a screen of 24 coloured lines of 80 columns, about what
// unossh's lobby sends first.
func floorScreen() string {
	var b strings.Builder
	b.WriteString("\x1b[?1049h\x1b[2J")
	for i := range 24 {
		fmt.Fprintf(&b, "\x1b[%dH\x1b[38;5;%dm%s\x1b[0m", i+1, 196+i%6, strings.Repeat("·", 79))
	}
	return b.String()
}

// startFloor starts this program as the floor's server on addr (with
// start: the storm starts it from a thread of the servers' priority) and
// waits until it listens.
func startFloor(addr string, start func(*exec.Cmd) error) *exec.Cmd {
	if err := onLoopback(addr); err != nil {
		fail(err)
	}
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	cmd := exec.Command(self, "-be-floor", "-addr", addr)
	cmd.Stderr = os.Stderr
	if err := start(cmd); err != nil {
		fail(err)
	}
	waitListening(addr)
	return cmd
}
