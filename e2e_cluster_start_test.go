package main

import (
	"context"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
)

// A node's start asks NATS for its buckets; a busy NATS may take longer
// over one than a JetStream request's own bound. The start waits for it
// within clusterStartWait, and a start cut short by that bound says so in
// one line.

// slowJetStream is a NATS server whose JetStream requests are answered by
// another (with JetStream); the first about the bucket named stall is
// answered only after hold, and with hold 0 none of them is: a NATS busy
// making that bucket.
func slowJetStream(t *testing.T, stall string, hold time.Duration) string {
	t.Helper()
	front, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true})
	require.NoError(t, err)
	go front.Start()
	require.True(t, front.ReadyForConnections(10*time.Second))
	t.Cleanup(front.Shutdown)
	back := natstest.Start(t)
	in, err := nats.Connect(front.ClientURL())
	require.NoError(t, err)
	t.Cleanup(in.Close)
	out, err := nats.Connect(back.URL())
	require.NoError(t, err)
	t.Cleanup(out.Close)
	var held atomic.Bool
	_, err = in.Subscribe("$JS.API.>", func(m *nats.Msg) {
		slow := strings.Contains(m.Subject, stall) && (hold == 0 || held.CompareAndSwap(false, true))
		if slow && hold == 0 {
			return
		}
		go func() {
			if slow {
				time.Sleep(hold) // (the busy NATS itself: nothing to wait for)
			}
			r, err := out.RequestMsg(&nats.Msg{Subject: m.Subject, Data: m.Data, Header: m.Header}, 10*time.Second)
			if err == nil {
				_ = m.RespondMsg(&nats.Msg{Data: r.Data, Header: r.Header})
			}
		}()
	})
	require.NoError(t, err)
	require.NoError(t, in.Flush())
	return front.ClientURL()
}

func TestNodeStartWaitsForABusyNATS(t *testing.T) {
	t.Parallel()
	// Longer than a JetStream request's own bound (5 s), which cut the
	// start short before.
	url := slowJetStream(t, "KV_unossh_tables", 6*time.Second)
	logs := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir(), "-data", t.TempDir(),
			"-nats", url, "-node", "n1", "-host-key", sharedHostKey(t)}, func(string) string { return "" },
			log.New(io.MultiWriter(logs, testWriter{t})))
	}()
	untilFor(t, "n1 serves", time.Minute, func() bool {
		select {
		case err := <-done:
			require.NoError(t, err, "the start")
			require.Fail(t, "run returned before it served")
		default:
		}
		return sshLine.MatchString(logs.String())
	})
	cancel()
	require.NoError(t, <-done)
}

func TestNodeStartCutShortByABusyNATSSaysSo(t *testing.T) {
	// Shortened, so as not to hold the tests that wait for this one (it
	// changes what run reads, so it does not run beside them); the line
	// it used to end with did not say why.
	defer func(w time.Duration) { clusterStartWait = w }(clusterStartWait)
	clusterStartWait = time.Second
	url := slowJetStream(t, "KV_unossh_tables", 0)
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir(), "-data", t.TempDir(),
		"-nats", url, "-node", "n1", "-host-key", sharedHostKey(t)}, func(string) string { return "" }, log.New(testWriter{t}))
	require.Error(t, err)
	t.Logf("the start's line: %v", err)
	require.NotContains(t, err.Error(), "\n")
	require.Contains(t, err.Error(), "NATS did not answer within 1s as this node started")
	require.Contains(t, err.Error(), "unossh_tables")
}
