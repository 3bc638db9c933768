// Command teav2 is the measurement behind docs/benchmarks.md's "v1 or v2"
// (issue 26, point 7): the product's server, wired as main wires it for one
// node (SQLite store, lobby, door, metrics), whose sessions run either on
// our terminal runtime (package ssh/term) or on Charm's bubbletea v2
// program (runner.go), chosen by UNOSSH_BENCH_RUNTIME=ours|v2. The product's
// own model (package tui) is what both run; only the runtime differs.
//
// It is a module of its own so that the product's go.mod never names v2.
// It takes the flags the load generator gives a server it starts, so:
//
//	cd bench/teav2 && go build -o /tmp/teav2 . && cd ../..
//	go build -o /tmp/loadgen ./ssh/sshtest/loadgen
//	UNOSSH_BENCH_RUNTIME=ours flock /work/notes/load.lock /tmp/loadgen -server /tmp/teav2 -n 2000 -play 2000 -rate 100 -settle 30s -hold 30s
//	UNOSSH_BENCH_RUNTIME=v2   flock /work/notes/load.lock /tmp/loadgen -server /tmp/teav2 -n 2000 -play 2000 -rate 100 -settle 30s -hold 30s
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/charmbracelet/log"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/term"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/tui"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "teav2:", err)
		os.Exit(1)
	}
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:24002", "address to listen on")
	metrics := flag.String("metrics", "127.0.0.1:24003", "metrics address")
	data := flag.String("data", "", "data directory (SQLite)")
	maxSessions := flag.Int("max-sessions", ssh.DefaultMaxSessions, "live sessions in all")
	perAddr := flag.Int("max-per-addr", ssh.DefaultMaxSessionsPerIP, "live sessions per address")
	startups := flag.String("max-startups", ssh.DefaultStartups.String(), "START:RATE:FULL")
	flag.Parse()

	rt := os.Getenv("UNOSSH_BENCH_RUNTIME")
	var runner func(context.Context, term.Model, io.Reader, term.Options) (string, error)
	switch rt {
	case "", "ours":
		rt = "ours"
	case "v2":
		runner = runV2
	default:
		return fmt.Errorf("UNOSSH_BENCH_RUNTIME is ours or v2, not %q", rt)
	}
	// As main sets them by default.
	debug.SetGCPercent(50)
	procs := runtime.GOMAXPROCS(0)
	logger := log.NewWithOptions(io.Discard, log.Options{})

	st, err := store.Open(store.Options{Dir: *data, Logger: logger})
	if err != nil {
		return err
	}
	defer st.Close()
	hub := lobby.NewHub(lobby.Config{
		Store: st, Logger: logger, ListEvery: time.Second,
		AccountsPerAddr: lobby.DefaultAccountsPerAddr, AccountsEvery: lobby.DefaultAccountsEvery,
		BotThinkers: max(1, int(0.05*float64(procs))), BotShare: 0.05 * float64(procs),
	})
	su, err := ssh.ParseStartups(*startups, ssh.DefaultStartups)
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv, err := ssh.New(ssh.Config{
		HostKeyDir:       *data,
		Logger:           logger,
		MaxSessions:      *maxSessions,
		MaxSessionsPerIP: *perAddr,
		Startups:         su,
		ShuttingDown:     lobby.ErrShuttingDown,
		Run:              runner,
		NewModel:         modelMaker(hub, "ssh -p 24002 localhost"),
	})
	if err != nil {
		return err
	}
	ml, err := net.Listen("tcp", *metrics)
	if err != nil {
		return err
	}
	go serveMetrics(ml, srv, hub)
	fmt.Fprintln(os.Stderr, "teav2: serving with runtime", rt)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = hub.Shutdown(sctx)
	return srv.ShutdownSaying(sctx, hub.StopLine())
}

// modelMaker is main's: a lobby client per session, and its TUI.
func modelMaker(hub *lobby.Hub, publicAddr string) func(s ssh.Session) term.Model {
	return func(s ssh.Session) term.Model {
		key := s.Fingerprint
		if s.Guest || key == "" {
			key = "guest:" + s.ID
		}
		c := hub.ConnectFrom(s.RemoteAddr, s.ID, key, s.Guest)
		m := tui.New(tui.Options{
			Client: c, Renderer: s.Renderer, Width: s.Width, Height: s.Height,
			Done: s.Context.Done(), Addr: publicAddr, OnClose: s.Close,
		})
		context.AfterFunc(s.Context, c.Disconnect)
		return m
	}
}

// serveMetrics serves what the load generator reads, under main's names.
func serveMetrics(l net.Listener, srv *ssh.Server, hub *lobby.Hub) {
	movesDesc := prometheus.NewDesc("unossh_moves_total", "Moves applied.", nil, nil)
	tablesDesc := prometheus.NewDesc("unossh_tables", "Live tables by state.", []string{"state"}, nil)
	latencyDesc := prometheus.NewDesc("unossh_move_to_screen_seconds", "Move to screens.", nil, nil)
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "unossh_screen_updates_total", Help: "Screen updates."},
			func() float64 { return float64(srv.Stats().ScreenUpdates) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "unossh_screen_frames_total", Help: "Frames drawn."},
			func() float64 { return float64(srv.Stats().Frames) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "unossh_screen_bytes_total", Help: "Screen bytes."},
			func() float64 { return float64(srv.Stats().ScreenBytes) }),
		collector{descs: []*prometheus.Desc{movesDesc, tablesDesc, latencyDesc}, collect: func(ch chan<- prometheus.Metric) {
			ls := hub.Stats()
			for status, n := range ls.Tables {
				ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(n), status.String())
			}
			ch <- prometheus.MustNewConstMetric(movesDesc, prometheus.CounterValue, float64(ls.Moves))
			lat := srv.Stats().MoveToScreen
			buckets := make(map[float64]uint64, len(lat.Bounds))
			for i, b := range lat.Bounds {
				buckets[b] = lat.Counts[i]
			}
			ch <- prometheus.MustNewConstHistogram(latencyDesc, lat.Count, lat.Sum, buckets)
		}},
	)
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	_ = hs.Serve(l)
}

type collector struct {
	descs   []*prometheus.Desc
	collect func(ch chan<- prometheus.Metric)
}

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) { c.collect(ch) }
