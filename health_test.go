package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
)

// fakeStore is a store that can be pinged, reachable or not.
type fakeStore struct{ err error }

func (s *fakeStore) Ping(context.Context) error { return s.err }

// get is the status and body of path on the readiness routes.
func (r *readiness) get(t *testing.T, path string) (int, string) {
	t.Helper()
	mux := http.NewServeMux()
	r.routes()(prometheus.NewRegistry(), mux)
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Code, rec.Body.String()
}

func TestReadyzFollowsTheNode(t *testing.T) {
	t.Parallel()
	st := &fakeStore{}
	r := newReadiness(st)
	code, body := r.get(t, "/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code, "not serving yet: %s", body)

	r.serve()
	code, body = r.get(t, "/readyz")
	assert.Equal(t, http.StatusOK, code, body)

	st.err = errors.New("connection refused")
	code, body = r.get(t, "/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, body, "the store cannot be reached: connection refused")
	st.err = nil

	r.drain()
	code, body = r.get(t, "/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, body, "draining")

	code, _ = r.get(t, "/healthz")
	assert.Equal(t, http.StatusOK, code, "a draining process is alive")
}

func TestReadyzAsksNoStoreThatCannotBePinged(t *testing.T) {
	t.Parallel()
	r := newReadiness(struct{}{})
	r.serve()
	code, body := r.get(t, "/readyz")
	assert.Equal(t, http.StatusOK, code, body)
}

// httpStatus is the status of a GET on the binary's metrics address, or 0 if
// it did not answer.
func (b *binary) httpStatus(path string) int {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get("http://" + b.metrics + path)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// SIGTERM turns /readyz to 503 at once, while the players are still
// being told and their sessions closed; /healthz stays 200 until the
// process ends. A client that keeps its connection open after its session
// ends holds the shutdown (up to its deadline), which gives the test time
// to look.
func TestReadyzSays503FromSIGTERM(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary: not with -short")
	}
	b := startBinary(t, serverBinary(t), t.TempDir(), t.TempDir())
	require.Equal(t, http.StatusOK, b.httpStatus("/readyz"))
	require.Equal(t, http.StatusOK, b.httpStatus("/healthz"))

	player := sshtest.Dial(t, b.addr, sshtest.User("ana"))
	player.WaitFor(t, "nickname", wait)
	holder, err := gossh.Dial("tcp", b.addr, &gossh.ClientConfig{
		User: "holder", Auth: []gossh.AuthMethod{gossh.PublicKeys(sshtest.NewKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
	})
	require.NoError(t, err)
	defer holder.Close()
	sess, err := holder.NewSession()
	require.NoError(t, err)
	require.NoError(t, sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}))
	out, err := sess.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, sess.Shell())
	go func() { _, _ = io.Copy(io.Discard, out) }()

	require.NoError(t, b.cmd.Process.Signal(syscall.SIGTERM))
	until(t, "/readyz says 503", func() bool { return b.httpStatus("/readyz") == http.StatusServiceUnavailable })
	assert.Equal(t, http.StatusOK, b.httpStatus("/healthz"), "the process still serves")
	select {
	case <-b.exited:
		t.Fatal("the server exited with a connection still open")
	default:
	}
	player.WaitFor(t, "the server is restarting", wait)

	holder.Close()
	select {
	case <-b.exited:
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
	assert.Zero(t, b.cmd.ProcessState.ExitCode())
}
