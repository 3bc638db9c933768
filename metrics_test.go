package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/tui"
)

// TestMetricsEndpoint: -metrics serves the sessions by page, the screen
// updates and their bytes, and the Go runtime's figures.
func TestMetricsEndpoint(t *testing.T) {
	t.Parallel()
	hub := lobby.NewHub(fastLobby())
	t.Cleanup(func() { _ = hub.Shutdown(t.Context()) })
	pages := &tui.PageCounts{}
	srv, addr := sshtest.Serve(t, ssh.Config{NewModel: modelMaker(hub, "ssh -p 23234 localhost", pages)})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	stop := serveMetrics(l, srv, hub, pages, log.New(io.Discard))
	t.Cleanup(stop)

	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)

	scrape := func() string {
		resp, err := http.Get("http://" + l.Addr().String() + "/metrics")
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(b)
	}
	body := scrape()
	for _, want := range []string{
		"unossh_sessions 1",
		`unossh_sessions_by_page{page="lobby"} 1`,
		`unossh_sessions_by_page{page="table"} 0`,
		"unossh_screen_updates_total ",
		"unossh_screen_bytes_total ",
		"unossh_bot_searches_total ",
		"unossh_bot_degraded_total ",
		"unossh_bot_thinkers ",
		"go_goroutines ",
	} {
		require.Contains(t, body, want)
	}

	// A game: tables by state, moves, and how long they take to reach
	// ana's screen.
	require.NoError(t, ana.Press("enter")) // quick play; the countdown deals with bots
	ana.WaitFor(t, "your hand", wait)
	require.Eventually(t, func() bool {
		b := scrape()
		return strings.Contains(b, `unossh_tables{state="playing"} 1`) &&
			!strings.Contains(b, "unossh_moves_total 0\n") &&
			!strings.Contains(b, "unossh_move_to_screen_seconds_count 0\n")
	}, wait, 10*time.Millisecond, "tables, moves and their latency are counted")
	body = scrape()
	for _, want := range []string{
		`unossh_refusals_total{cause="full"} 0`,
		`unossh_move_to_screen_seconds_bucket{le="0.05"}`,
	} {
		require.Contains(t, body, want)
	}

	ana.Close()
	require.Eventually(t, func() bool {
		return strings.Contains(scrape(), `unossh_sessions_by_page{page="lobby"} 0`)
	}, wait, 10*time.Millisecond, "a session that ends leaves the count")
}
