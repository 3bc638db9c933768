// Command unossh serves UNO over SSH: every player connects with their own
// ssh client, and their SSH key is their identity.
//
//	unossh -addr :23234
//	ssh -p 23234 localhost            # the lobby
//	ssh -t -p 23234 localhost join K7QX-2MHC-9DFA
//	unossh backup -data data unossh-backup.db   # an online copy of the database
//
// SIGINT or SIGTERM shuts down in order within a deadline; a second signal
// stops at once.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"github.com/charmbracelet/log"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/unossh/unossh/cluster"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/term"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/tui"
)

// shutdownTimeout is how long an ordered shutdown may take before the
// remaining connections are cut.
const shutdownTimeout = 10 * time.Second

func main() {
	logger := log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true, Prefix: "unossh"})
	// Anything that logs to the default logger then writes to the same
	// place, in the same format.
	log.SetDefault(logger)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, logger); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		logger.Error(err.Error())
		os.Exit(1)
	}
}

// options are the command-line settings. Every one can also be set from
// the environment (the flag wins); the README lists them in one table.
type options struct {
	addr       string
	hostKeyDir string
	hostKey    string     // -host-key: the key every node presents ("": made in hostKeyDir)
	metrics    string     // the metrics endpoint's address; "" for none
	door       ssh.Config // the door limits only
	dataDir    string
	// database is the PostgreSQL URL of the store several nodes share;
	// "" keeps the store in dataDir (SQLite), as a single node does.
	database string
	public   publicHost   // -public-host: the name players use (publichost.go)
	lobby    lobby.Config // the lobby's timings only (main_tables.go)
	// gcPercent is the garbage collector's target (GOGC): the heap may
	// grow by this percent of what is live before a collection.
	gcPercent int
	// botCPU is the share of the cores (GOMAXPROCS) the hard bots' searches
	// may take, at once (lobby.Config.BotThinkers, botThinkers) and over
	// time (lobby.Config.BotShare).
	botCPU float64
	// cluster makes the node one of several (main_cluster.go).
	cluster clusterOptions
	// admins is the file of the operators' public keys (admins.go).
	admins string
}

// defaultGCPercent keeps a session's memory under 150 KB while ten
// thousand play: at Go's 100, about half of a playing server's heap is
// garbage waiting for the next collection; at 50 the heap is a third
// smaller for a tenth more CPU an update (docs/benchmarks.md).
const defaultGCPercent = 50

// defaultBotCPU is a twentieth of the machine's time for the hard bots'
// searches: beside 2,000 people playing on two cores, a larger share made
// the people's screens wait, behind the searches and behind the collector
// their allocations kept busy (docs/benchmarks.md, the thinking budget).
const defaultBotCPU = 0.05

// botThinkers is how many hard bots' searches may run at once for a share
// of procs cores: each search takes one core while it runs, so the share
// rounded down, but at least one unless the share is 0 (then -1: none).
func botThinkers(share float64, procs int) int {
	if share <= 0 {
		return -1
	}
	return max(1, int(share*float64(procs)))
}

func parseFlags(args []string, getenv func(string) string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("unossh", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: unossh [flags]                     serve UNO over SSH\n       unossh backup [-data DIR] FILE   copy the database to FILE while it serves")
		fs.PrintDefaults()
	}
	f := envFlags{fs: fs, getenv: getenv}
	var o options
	d := &o.door
	f.string(&o.addr, "addr", "UNOSSH_ADDR", ssh.DefaultAddr, "address to listen on, HOST:PORT")
	f.string(&o.hostKeyDir, "hostkey-dir", "UNOSSH_HOSTKEY_DIR", ssh.DefaultHostKeyDir,
		"directory of the SSH host key, created on first run")
	f.string(&o.hostKey, "host-key", "UNOSSH_HOST_KEY", "",
		"the SSH host key to present, a private key file in any OpenSSH format, never made (default: the one in -hostkey-dir); every node of a cluster is given the same")
	var proxies string
	f.string(&proxies, "proxy-protocol", "UNOSSH_PROXY_PROTOCOL", "",
		"comma-separated CIDRs of load balancers whose connections open with a PROXY protocol header (v1 or v2) giving the player's address (off when empty)")
	f.int(&d.MaxSessions, "max-sessions", "UNOSSH_MAX_SESSIONS", ssh.DefaultMaxSessions, "live sessions in all")
	f.int(&d.MaxSessionsPerIP, "max-per-addr", "UNOSSH_MAX_PER_ADDR", ssh.DefaultMaxSessionsPerIP,
		"live sessions per client address (open connections: twice this)")
	startups := ssh.DefaultStartups.String()
	f.string(&startups, "max-startups", "UNOSSH_MAX_STARTUPS", startups,
		"connections still logging in, start:rate:full as in OpenSSH's MaxStartups")
	f.int(&d.Startups.PerIP, "max-startups-per-addr", "UNOSSH_MAX_STARTUPS_PER_ADDR", ssh.DefaultStartups.PerIP,
		"connections still logging in per client address")
	f.int(&d.ConnBurst, "conn-burst", "UNOSSH_CONN_BURST", ssh.DefaultConnBurst,
		"new connections an address may open at once (negative: no rate limit)")
	f.duration(&d.ConnEvery, "conn-every", "UNOSSH_CONN_EVERY", ssh.DefaultConnEvery,
		"one more new connection allowed per address every")
	f.duration(&d.HandshakeTimeout, "handshake-timeout", "UNOSSH_HANDSHAKE_TIMEOUT", ssh.DefaultHandshakeTimeout,
		"time from connecting to a started session")
	f.duration(&d.IdleTimeout, "idle-timeout", "UNOSSH_IDLE_TIMEOUT", ssh.DefaultIdleTimeout,
		"a connection with no traffic either way for this long is closed")
	f.duration(&d.StallTimeout, "stall-timeout", "UNOSSH_STALL_TIMEOUT", ssh.DefaultStallTimeout,
		"a client that stops reading for this long is cut off")
	f.duration(&d.IdleEvict, "idle-evict", "UNOSSH_IDLE_EVICT", ssh.DefaultIdleEvict,
		"on a full server, a session with no key for this long, not seated at a table, makes room (negative: never)")
	f.int(&d.KeyRatePerIP, "key-rate-per-addr", "UNOSSH_KEY_RATE_PER_ADDR", ssh.DefaultKeyRatePerIP,
		"bytes a second the sessions of one address may type together")
	var public string
	f.string(&public, "public-host", "UNOSSH_PUBLIC_HOST", "",
		"the NAME[:PORT] players use to reach this server, in invitations and help (default: this machine's host name)")
	f.string(&o.metrics, "metrics", "UNOSSH_METRICS", "",
		"serve Prometheus metrics on this HOST:PORT at /metrics (off when empty)")
	f.string(&o.dataDir, "data", "UNOSSH_DATA", store.DefaultDir,
		"directory of the database, created on first run")
	f.string(&o.database, "database", "UNOSSH_DATABASE", "",
		"a postgres:// URL: keep everything in this PostgreSQL database instead of -data's (every node of a cluster names the same)")
	f.int(&o.gcPercent, "gc-percent", "UNOSSH_GC_PERCENT", defaultGCPercent,
		"the garbage collector's target, as GOGC: lower keeps less memory for more CPU")
	lobbyFlags(&f, &o.lobby)
	f.float(&o.botCPU, "bot-cpu", "UNOSSH_BOT_CPU", defaultBotCPU,
		"the share of the cores (GOMAXPROCS) the hard bots' searches may take, at once and over time; past it they play as normal bots (0: never search)")
	f.int(&o.lobby.LadderPerDay, "bot-ladder-per-day", "UNOSSH_BOT_LADDER_PER_DAY", lobby.LadderGamesPerDay,
		"ladder games an API bot (or a person on the ladder) may play in a day (UTC); past it its seek is an error with ratelimit (negative: no limit)")
	f.duration(&o.lobby.ListEvery, "list-every", "UNOSSH_LIST_EVERY", time.Second,
		"the lobby's table list and online count go out at most once per this (0: every change)")
	f.int(&o.lobby.AccountsPerAddr, "accounts-per-addr", "UNOSSH_ACCOUNTS_PER_ADDR", lobby.DefaultAccountsPerAddr,
		"new accounts one client address may make in any -accounts-every; past it a new key plays as a guest (negative: no limit)")
	f.duration(&o.lobby.AccountsEvery, "accounts-every", "UNOSSH_ACCOUNTS_EVERY", lobby.DefaultAccountsEvery,
		"the window -accounts-per-addr counts in")
	clusterFlags(&f, &o.cluster)
	f.string(&o.admins, "admins", "UNOSSH_ADMINS", "",
		"a file of the operators' public keys, in authorized_keys format: they may run ssh HOST admin COMMAND (none when empty)")
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	if f.err != nil {
		return options{}, f.err
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if o.lobby.AccountsEvery <= 0 {
		return options{}, fmt.Errorf("-accounts-every must be above 0, not %v", o.lobby.AccountsEvery)
	}
	if o.gcPercent <= 0 {
		return options{}, fmt.Errorf("-gc-percent must be above 0 (Go's own default is 100), not %d", o.gcPercent)
	}
	if o.botCPU < 0 || o.botCPU > 1 {
		return options{}, fmt.Errorf("-bot-cpu is a share of the cores, from 0 to 1, not %g", o.botCPU)
	}
	o.lobby.BotThinkers = botThinkers(o.botCPU, runtime.GOMAXPROCS(0))
	o.lobby.BotShare = o.botCPU * float64(runtime.GOMAXPROCS(0))
	s, err := ssh.ParseStartups(startups, d.Startups)
	if err != nil {
		return options{}, err
	}
	d.Startups = s
	if d.ProxyProtocol, err = ssh.ParseCIDRs(proxies); err != nil {
		return options{}, fmt.Errorf("-proxy-protocol: %w", err)
	}
	if o.public, err = parsePublicHost(public); err != nil {
		return options{}, err
	}
	return o, nil
}

// run serves until ctx ends, then shuts down in order.
func run(ctx context.Context, args []string, getenv func(string) string, logger *log.Logger) error {
	if len(args) > 0 && args[0] == "backup" {
		return backupCommand(ctx, args[1:], getenv, logger)
	}
	o, err := parseFlags(args, getenv, os.Stderr)
	if err != nil {
		return err
	}
	debug.SetGCPercent(o.gcPercent)
	if err := requireSharedHostKey(o.cluster.nats != "", o.hostKey); err != nil {
		return err
	}
	admins, err := readAdmins(o.admins)
	if err != nil {
		return err
	}
	// A host key given that cannot be read stops the start before
	// anything opens (the server reads it again when it is made).
	if o.hostKey != "" {
		if _, err := ssh.ReadHostKey(o.hostKey); err != nil {
			return err
		}
	}

	// The store opens before anything listens: a bad data directory or
	// database refuses the start with one line. It closes last, once
	// the lobby and the server have stopped writing to it.
	st, err := openStore(ctx, o, logger)
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			logger.Error("closing the database: " + err.Error())
		}
	}()
	logger.Info("database open", "path", st.Path())
	// What the node asks of NATS as it starts has one generous bound
	// (clusterStartWait), not each request's few seconds.
	sctx, scancel := context.WithTimeout(ctx, clusterStartWait)
	defer scancel()
	cc, err := connectCluster(sctx, o.cluster, logger)
	if err != nil {
		return clusterStartErr(sctx, err)
	}
	if cc != nil {
		defer cc.Close()
	}

	// The lobby comes first: sessions connect to it as soon as the server
	// accepts them, and it is shut down before the server (see shutdown).
	l, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	lcfg := o.lobby
	lcfg.Store, lcfg.Logger = st, logger
	cfg := o.door
	people, err := joinPeople(sctx, cc, &lcfg, &cfg) // nil on a lone node
	if err != nil {
		l.Close()
		return clusterStartErr(sctx, err)
	}
	if people != nil {
		defer people.Close()
	}
	if cc != nil {
		if lcfg.Cluster, err = cluster.NewLobby(sctx, cc); err != nil {
			l.Close()
			return clusterStartErr(sctx, err)
		}
		lcfg.Node = o.cluster.node
	}
	scancel() // (the start's part on NATS is done)
	hub := lobby.NewHub(lcfg)
	// The live tables kept in the store come back before anyone can
	// connect, so that a returning player finds their seat.
	rctx, cancel := context.WithTimeout(ctx, restoreTimeout)
	_, err = hub.Restore(rctx)
	cancel()
	if err != nil {
		_ = hub.Shutdown(context.Background())
		l.Close()
		return err
	}
	pages := &tui.PageCounts{}
	reg := &players{pages: pages}
	cfg.Addr, cfg.HostKeyDir, cfg.HostKeyFile, cfg.Logger = o.addr, o.hostKeyDir, o.hostKey, logger
	cfg.PublicHost = o.public.destination(l.Addr(), os.Hostname)
	cfg.NewModel = reg.modelMaker(hub, "ssh "+cfg.PublicHost)
	cfg.Seated = reg.seated
	cfg.ShuttingDown = lobby.ErrShuttingDown // one sentence, door or lobby
	cfg.Records = recordsFor(st, time.Now, hub.KeyAdded)
	cfg.Bot = botFor(hub, reg) // main_bot.go
	mod, err := startModeration(ctx, st, hub, people, o.cluster, reg.page, logger)
	if err != nil {
		_ = hub.Shutdown(context.Background())
		l.Close()
		return err
	}
	cfg.IsAdmin = func(fp string) bool { return admins[fp] }
	cfg.Admin, cfg.Banned = mod.Run, mod.Banned
	srv, err := ssh.New(cfg)
	if err != nil {
		return err
	}
	attachPeople(people, hub, srv)
	ready := newReadiness(st)
	if o.metrics != "" {
		ml, err := net.Listen("tcp", o.metrics)
		if err != nil {
			return fmt.Errorf("metrics: %w", err)
		}
		defer serveMetrics(ml, srv, hub, pages, logger, journalMetrics(st, hub), ready.routes())()
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	ready.serve()

	logger.Info("serving UNO over SSH", "addr", l.Addr().String(), "host-key", srv.Fingerprint(), "cores", runtime.GOMAXPROCS(0))
	logger.Info("connect with: ssh " + cfg.PublicHost)

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// From here /readyz says 503, and stays so: a balancer sends no new
	// player to a node that is about to tell its own to leave.
	ready.drain()
	if cc != nil {
		drain(hub, "ssh "+cfg.PublicHost, logger)
	}
	return shutdown(srv, hub, served, logger)
}

// openStore opens the store: PostgreSQL's with -database, else the
// embedded one in the data directory.
func openStore(ctx context.Context, o options, logger *log.Logger) (*store.DB, error) {
	if o.database == "" {
		return store.Open(store.Options{Dir: o.dataDir, Logger: logger})
	}
	return store.OpenPostgres(ctx, o.database, store.Options{Logger: logger})
}

// shutdown stops everything in order, within shutdownTimeout.
func shutdown(srv *ssh.Server, hub *lobby.Hub, served <-chan error, logger *log.Logger) error {
	logger.Info("signal received; shutting down", "deadline", shutdownTimeout, "sessions", srv.Sessions())
	ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()

	// 1. The lobby: tell every player the server is stopping and let every
	//    table reach a safe point (no move half-applied) while players are
	//    still connected to read why.
	// 2. The SSH server: refuse newcomers, close the sessions left with a
	//    reason, wait for connections to close, cut them at the deadline.
	hubErr := hub.Shutdown(ctx)
	err := errors.Join(hubErr, srv.ShutdownSaying(ctx, hub.StopLine()))
	if serveErr := <-served; !errors.Is(serveErr, ssh.ErrServerClosed) {
		err = errors.Join(err, serveErr)
	}
	if err != nil {
		return err
	}
	logger.Info("bye")
	return nil
}

// players knows the lobby client of each live session, so that main can
// answer the SSH door's question "is this session's player seated at a
// table?" (ssh.Config.Seated) without ssh importing the lobby.
type players struct {
	clients sync.Map        // session ID -> *lobby.Client
	models  sync.Map        // session ID -> its TUI model, for admin who's pages
	pages   *tui.PageCounts // sessions by page, for metrics; nil: not counted
}

// seated reports whether the session's player holds a seat at a table.
func (p *players) seated(sessionID string) bool {
	c, ok := p.clients.Load(sessionID)
	if !ok {
		return false
	}
	t := c.(*lobby.Client).Screen().Table
	return t != nil && t.You >= 0
}

// page is the page the session's model shows, for admin who ("" if
// unknown).
func (p *players) page(sessionID string) string {
	if m, ok := p.models.Load(sessionID); ok {
		return tui.PageOf(m.(term.Model))
	}
	return ""
}

// modelMaker builds the models of sessions nobody asks about: for servers
// (in tests) without Config.Seated.
func modelMaker(hub *lobby.Hub, publicAddr string, pages *tui.PageCounts) func(s ssh.Session) term.Model {
	return (&players{pages: pages}).modelMaker(hub, publicAddr)
}

// modelMaker is the seam between the SSH server and the game: for each new
// session it connects a lobby client for the player's identity (and the
// address it comes from, which limits guessing codes), disconnects it when
// the connection ends, and builds the session's TUI.
func (p *players) modelMaker(hub *lobby.Hub, publicAddr string) func(s ssh.Session) term.Model {
	return func(s ssh.Session) term.Model {
		key := s.Fingerprint
		if s.Guest || key == "" {
			key = "guest:" + s.ID // a guest is a new player every time...
			if s.Command.Kind == ssh.CommandRejoin {
				// ...unless they come back with their rejoin code
				// (a wrong one is counted as a wrong table code is).
				if back, err := hub.RejoinKey(s.Command.Code, s.ID, s.RemoteAddr); err == nil {
					key = back
				}
			}
		}
		c, err := hub.ConnectPlayer(s.RemoteAddr, s.ID, key, s.Guest)
		if err != nil { // a bot's key (main_bot.go)
			s.Close(err.Error())
			return term.Plain(refused{})
		}
		p.clients.Store(s.ID, c)
		m := tui.New(tui.Options{
			Client:   c,
			Command:  tuiCommand(s.Command),
			Renderer: s.Renderer,
			Width:    s.Width,
			Height:   s.Height,
			Done:     s.Context.Done(),
			Addr:     publicAddr,
			// The lobby closing the session (a newer connection took
			// over, the server is stopping) ends it through the ssh
			// layer, which prints the reason where the player can read it.
			OnClose: s.Close,
			Pages:   p.pages,
			Linear:  s.Linear, // (ssh HOST plain, TERM=dumb, UNOSSH_SCREEN_READER=1)
		})
		// No goroutine waits for the end of each session: the context
		// runs this when it is done.
		p.models.Store(s.ID, m)
		context.AfterFunc(s.Context, func() {
			p.clients.Delete(s.ID)
			p.models.Delete(s.ID)
			c.Disconnect()
			p.pages.Leave(m)
		})
		return m
	}
}

// serveMetrics serves Prometheus metrics at http://addr/metrics, on an
// address of its own so that the operator can keep it off the public
// network. It returns the function that stops it.
func serveMetrics(l net.Listener, srv *ssh.Server, hub *lobby.Hub, pages *tui.PageCounts, logger *log.Logger, extra ...metricsExtra) func() {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "unossh_sessions", Help: "Live SSH sessions."},
			func() float64 { return float64(srv.Stats().Sessions) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "unossh_screen_updates_total",
			Help: "Screen updates sent to players (paints that changed anything)."},
			func() float64 { return float64(srv.Stats().ScreenUpdates) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "unossh_screen_frames_total",
			Help: "Frames drawn by the players' screens, changed or not."},
			func() float64 { return float64(srv.Stats().Frames) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "unossh_screen_bytes_total",
			Help: "Bytes of screen updates sent to players."},
			func() float64 { return float64(srv.Stats().ScreenBytes) }),
		pageCollector{pages},
		gameCollector{srv, hub},
	)
	mux := http.NewServeMux()
	for _, add := range extra {
		add(reg, mux)
	}
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	// Profiles, for sizing a server under load: on the metrics address
	// only, which the operator keeps off the public network.
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(l) }()
	logger.Info("serving metrics", "addr", l.Addr().String(), "path", "/metrics")
	return func() { _ = hs.Close() }
}

// pageCollector reports the sessions on each page.
type pageCollector struct{ pages *tui.PageCounts }

var pageDesc = prometheus.NewDesc("unossh_sessions_by_page", "Live sessions by the page they show.", []string{"page"}, nil)

func (c pageCollector) Describe(ch chan<- *prometheus.Desc) { ch <- pageDesc }

func (c pageCollector) Collect(ch chan<- prometheus.Metric) {
	c.pages.Each(func(page string, n int64) {
		ch <- prometheus.MustNewConstMetric(pageDesc, prometheus.GaugeValue, float64(n), page)
	})
}

// tuiCommand translates the ssh command line, already checked by the ssh
// layer, into what the TUI opens first.
func tuiCommand(c ssh.Command) tui.Command {
	switch c.Kind {
	case ssh.CommandJoin:
		return tui.Command{Kind: tui.CmdJoin, Code: c.Code}
	case ssh.CommandNew:
		return tui.Command{Kind: tui.CmdNew}
	case ssh.CommandRejoin:
		return tui.Command{Kind: tui.CmdRejoin, Code: c.Code}
	}
	return tui.Command{Kind: tui.CmdLobby}
}
