package ssh_test

import (
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// BenchmarkFirstScreen measures a player's wait for the first screen: from
// the shell request being accepted to the screen showing the model's view,
// with a client that never answers terminal queries. The goal is a few
// milliseconds; a background-colour query would make it a second or more.
// ns/op also counts the TCP connect and SSH handshake.
func BenchmarkFirstScreen(b *testing.B) {
	cfg := ssh.Config{
		NewModel:         newTestModel,
		Logger:           log.New(io.Discard),
		ConnBurst:        -1, // every benchmark client comes from 127.0.0.1
		MaxSessionsPerIP: -1,
	}
	addr := sshtest.StartServer(b, cfg)
	var firstScreen time.Duration
	b.ResetTimer()
	for range b.N {
		c := sshtest.Dial(b, addr)
		start := time.Now()
		c.WaitFor(b, "unossh test screen", 10*time.Second)
		firstScreen += time.Since(start)
		c.Close()
	}
	b.ReportMetric(float64(firstScreen.Microseconds())/float64(b.N), "µs/first-screen")
}
