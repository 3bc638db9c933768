package sshtest

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/unossh/unossh/ssh"
)

// shutdownTimeout bounds the server's shutdown at the end of a test.
const shutdownTimeout = 10 * time.Second

// StartServer serves cfg on 127.0.0.1:0 until the test ends and returns the
// address to dial. See Serve.
func StartServer(t testing.TB, cfg ssh.Config) string {
	t.Helper()
	_, addr := Serve(t, cfg)
	return addr
}

// Serve is StartServer that also returns the server, for tests that look
// at it (Sessions, Fingerprint) or shut it down themselves. An empty
// HostKeyDir becomes a temporary directory and a nil Logger logs to t.Log.
func Serve(t testing.TB, cfg ssh.Config) (*ssh.Server, string) {
	t.Helper()
	if cfg.HostKeyDir == "" {
		cfg.HostKeyDir = t.TempDir()
	}
	if cfg.Logger == nil {
		cfg.Logger = testLogger(t)
	}
	srv, err := ssh.New(cfg)
	if err != nil {
		t.Fatalf("sshtest: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("sshtest: listen: %v", err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("sshtest: %v", err)
		}
		if err := <-served; !errors.Is(err, ssh.ErrServerClosed) {
			t.Errorf("sshtest: serve: %v", err)
		}
	})
	return srv, l.Addr().String()
}

// testLogger logs to t.Log until the test's cleanups have run: server
// goroutines may still log while shutting down, and t.Log after the test
// has finished panics.
func testLogger(t testing.TB) *log.Logger {
	w := &testWriter{t: t}
	t.Cleanup(w.stop) // registered before the server's cleanup, so runs after it
	return log.NewWithOptions(w, log.Options{Level: log.DebugLevel, ReportTimestamp: true, TimeFormat: "15:04:05.000"})
}

type testWriter struct {
	mu   sync.Mutex
	t    testing.TB
	done bool
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

func (w *testWriter) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done = true
}
