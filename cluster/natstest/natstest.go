// Package natstest runs a real NATS server, with JetStream, inside a test's
// own process, on loopback: the cluster tests need no service installed.
package natstest

import (
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is an embedded NATS server a test started.
type Server struct {
	*server.Server
	opts *server.Options
}

// Start runs a NATS server with JetStream on a free loopback port, its
// storage in the test's temporary directory, and stops it when the test
// ends.
func Start(t testing.TB) *Server {
	t.Helper()
	opts := &server.Options{
		Host:      "127.0.0.1",
		Port:      server.RANDOM_PORT,
		JetStream: true,
		StoreDir:  t.TempDir(),
		NoLog:     true,
		NoSigs:    true,
	}
	s := &Server{opts: opts}
	s.start(t)
	t.Cleanup(s.Shutdown)
	return s
}

func (s *Server) start(t testing.TB) {
	t.Helper()
	srv, err := server.NewServer(s.opts)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("natstest: the NATS server did not start")
	}
	s.Server = srv
	// A restart keeps the same port, so clients reconnect to it.
	s.opts.Port = srv.Addr().(*net.TCPAddr).Port
}

// URL is the address clients connect to.
func (s *Server) URL() string { return s.ClientURL() }

// Restart stops the server and starts it again on the same port and with
// the same storage: an outage of NATS, as the nodes see it.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.Shutdown()
	s.WaitForShutdown()
	s.start(t)
}

// Stop stops the server, as Restart does, without starting it again: NATS
// is away until Resume.
func (s *Server) Stop() {
	s.Shutdown()
	s.WaitForShutdown()
}

// Resume starts a server stopped by Stop, on the same port and storage.
func (s *Server) Resume(t testing.TB) {
	t.Helper()
	s.start(t)
}
