package ssh

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	gssh "github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/term"
)

// ErrServerClosed is returned by Serve and ListenAndServe after Shutdown.
var ErrServerClosed = gssh.ErrServerClosed

// Defaults for the zero values of Config.
const (
	DefaultAddr             = ":23234"
	DefaultHostKeyDir       = ".ssh"
	DefaultHandshakeTimeout = 30 * time.Second
	DefaultIdleTimeout      = 30 * time.Minute
	DefaultStallTimeout     = time.Minute
	DefaultMaxSessions      = 10000
	DefaultMaxSessionsPerIP = 32
	DefaultConnBurst        = 10
	DefaultConnEvery        = time.Second
	DefaultKeyRatePerIP     = 2048
	DefaultIdleEvict        = time.Minute
)

// hostKeyName is the host key's file name under HostKeyDir.
const hostKeyName = "ssh_host_ed25519_key"

// Config configures a Server. For the limits, zero means the default and a
// negative value turns the limit off.
type Config struct {
	// Addr is the TCP address ListenAndServe listens on.
	Addr string
	// HostKeyDir holds the ed25519 host key, created on first run.
	HostKeyDir string
	// HostKeyFile, if set, is the private host key to present, in any of
	// OpenSSH's formats; it is never created, and HostKeyDir is not used.
	// Every node of a cluster is given the same one (hostkey.go).
	HostKeyFile string
	// Logger is the operator's log; log.Default() if nil.
	Logger *log.Logger
	// NewModel builds the model for a session with a terminal, which the
	// session's loop runs (package term; term.Plain makes one of any
	// Bubble Tea model). Required.
	NewModel func(s Session) term.Model
	// Run runs a session's program: term.Run if nil. Another runtime (a
	// measurement of Charm's v2 program, bench/teav2) is given here; the
	// door, its limits and the guarded writer stay the same.
	Run func(ctx context.Context, m term.Model, keys io.Reader, o term.Options) (ended string, err error)
	// PublicHost is how players reach the server, as ssh's arguments
	// ("uno.example.com", or "-p 2222 uno.example.com"), for the commands
	// shown in help and error messages; "-p PORT HOST" if empty.
	PublicHost string

	// HandshakeTimeout bounds the time from TCP connect to a started session.
	HandshakeTimeout time.Duration
	// IdleTimeout closes a connection with no traffic either way for this
	// long.
	IdleTimeout time.Duration
	// StallTimeout closes a connection when one write to it has been blocked
	// this long: the client stopped reading.
	StallTimeout time.Duration
	// MaxSessions caps live sessions in total.
	MaxSessions int
	// MaxSessionsPerIP caps live sessions per client address. Open TCP
	// connections per address are capped at twice this.
	MaxSessionsPerIP int
	// ConnBurst and ConnEvery rate-limit new connections per address: a
	// token bucket of ConnBurst tokens refilled one every ConnEvery (the
	// defaults allow 10 connections at once and 10 more every 10 s).
	// Negative ConnBurst turns the rate limit off.
	ConnBurst int
	ConnEvery time.Duration
	// Startups caps connections that have not logged in yet (see
	// startups.go); zero fields take DefaultStartups' values, and a
	// negative Full or PerIP turns that part off.
	Startups Startups
	// KeyRatePerIP is how many bytes a second the sessions of one address
	// may type together, each read counting a few bytes more (input.go).
	KeyRatePerIP int
	// IdleEvict is how long a session must have gone without a key before
	// it may be closed to make room on a full server (room.go).
	IdleEvict time.Duration
	// Seated reports whether the session with this ID has a player seated
	// at a table; such a session is never closed to make room. Nil: none
	// is. main wires it to the lobby, which ssh does not know.
	Seated func(sessionID string) bool
	// Records answers profile, top and link (records.go). Nil: the server
	// keeps no records, and says so.
	Records RecordsFunc
	// Bot serves `ssh HOST bot`, the JSON-lines bot API (bot.go). Nil: the
	// server has no bot API.
	Bot BotFunc
	// IsAdmin says whether a key (its fingerprint) is an operator's, who
	// may run admin commands (admin.go). Nil: nobody is.
	IsAdmin func(fingerprint string) bool
	// Admin runs an operator's commands. Nil: the server takes none.
	Admin AdminFunc
	// Banned says whether a key or address may not come in, and what it
	// reads (middleware.go's refuseBanned). Nil: nobody is banned.
	Banned BannedFunc
	// Shared counts MaxSessionsPerIP and the connection rate per address
	// across the nodes of a service (shared.go). Nil on a lone node.
	Shared Shared
	// ShuttingDown is the refusal a player meets at the door once the
	// server is stopping. main gives the lobby's, so that the door and the
	// lobby say one sentence, whoever a player meets first; nil:
	// ErrShuttingDown.
	ShuttingDown error
	// ProxyProtocol are the addresses of load balancers that open each
	// connection with a PROXY protocol header (v1 or v2) naming the
	// player's address, which the door, the log and the lobby then use.
	// A connection from them without a valid header within
	// DefaultProxyHeaderTimeout is closed; a header from anyone else is not
	// believed (proxy.go). Empty: no proxy is trusted.
	ProxyProtocol []netip.Prefix

	// afterFunc replaces time.AfterFunc for the handshake timers (tests).
	afterFunc func(time.Duration, func()) stopper
	// proxyHeaderTimeout replaces DefaultProxyHeaderTimeout (tests).
	proxyHeaderTimeout time.Duration
}

func (c Config) withDefaults() Config {
	c.Addr = orString(c.Addr, DefaultAddr)
	c.HostKeyDir = orString(c.HostKeyDir, DefaultHostKeyDir)
	if c.Logger == nil {
		c.Logger = log.Default()
	}
	c.HandshakeTimeout = orDefault(c.HandshakeTimeout, DefaultHandshakeTimeout)
	c.IdleTimeout = orDefault(c.IdleTimeout, DefaultIdleTimeout)
	c.StallTimeout = orDefault(c.StallTimeout, DefaultStallTimeout)
	c.MaxSessions = orDefault(c.MaxSessions, DefaultMaxSessions)
	c.MaxSessionsPerIP = orDefault(c.MaxSessionsPerIP, DefaultMaxSessionsPerIP)
	c.ConnBurst = orDefault(c.ConnBurst, DefaultConnBurst)
	c.ConnEvery = orDefault(c.ConnEvery, DefaultConnEvery)
	if c.Startups.Full == 0 {
		c.Startups.Start, c.Startups.Rate, c.Startups.Full = DefaultStartups.Start, DefaultStartups.Rate, DefaultStartups.Full
	}
	c.Startups.PerIP = orDefault(c.Startups.PerIP, DefaultStartups.PerIP)
	c.KeyRatePerIP = orDefault(c.KeyRatePerIP, DefaultKeyRatePerIP)
	c.IdleEvict = orDefault(c.IdleEvict, DefaultIdleEvict)
	return c
}

func (c Config) limits() limits {
	l := limits{
		handshake:      c.HandshakeTimeout,
		sessions:       c.MaxSessions,
		sessionsPerIP:  c.MaxSessionsPerIP,
		connBurst:      c.ConnBurst,
		connEvery:      c.ConnEvery,
		rateLimitConns: c.ConnBurst > 0 && c.ConnEvery > 0,
		startups:       c.Startups,
		keyRatePerIP:   c.KeyRatePerIP,
		idleEvict:      c.IdleEvict,
	}
	if c.MaxSessionsPerIP > 0 {
		l.connsPerIP = connsPerSessionIP * c.MaxSessionsPerIP
	}
	return l
}

func orString(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func orDefault[T int | time.Duration](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

// Server is unossh's SSH server.
type Server struct {
	cfg         Config
	log         *log.Logger
	ssh         *gssh.Server
	door        *door
	fingerprint string
	handlers    inflight // session handlers running
	screens     term.Counts
	drawers     *term.Drawers // where sessions' frames are made (term/drawers.go)

	mu   sync.Mutex
	addr net.Addr
}

// New builds a Server, creating the host key if there is none yet.
func New(cfg Config) (*Server, error) {
	if cfg.NewModel == nil {
		return nil, errors.New("ssh: Config.NewModel is required")
	}
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, log: cfg.Logger}
	s.door = newDoor(cfg.limits(), cfg.Logger, time.Now)
	if cfg.ShuttingDown != nil {
		s.door.shuttingDown = closing{cfg.ShuttingDown}
	}
	s.door.shared = cfg.Shared
	if cfg.afterFunc != nil {
		s.door.after = cfg.afterFunc
	}
	s.door.proxy = proxyTrust{from: cfg.ProxyProtocol, timeout: orDefault(cfg.proxyHeaderTimeout, DefaultProxyHeaderTimeout)}

	hostKey, keyPath, err := hostKeyOption(cfg)
	if err != nil {
		return nil, fmt.Errorf("ssh: %w", err)
	}
	opts := []gssh.Option{
		wish.WithAddress(cfg.Addr),
		hostKey,
		wish.WithVersion("unossh"),
		// Any key is welcome: a key is an identity, not a permission.
		wish.WithPublicKeyAuth(func(gssh.Context, gssh.PublicKey) bool { return true }),
		// No key: a guest. Keyboard-interactive with no questions lets
		// OpenSSH in without a prompt, where "none" or password auth would
		// ask for a password.
		wish.WithKeyboardInteractiveAuth(func(gssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
		gssh.WrapConn(s.door.wrapConn),
	}
	if cfg.IdleTimeout > 0 {
		opts = append(opts, wish.WithIdleTimeout(cfg.IdleTimeout))
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, fmt.Errorf("ssh: host key %s: %w", keyPath, err)
	}
	srv.Handle(s.sessionHandler())
	srv.SessionRequestCallback = s.door.sessionRequested
	// Session channels only, one at a time per connection (channels.go);
	// every other channel type is refused as unknown.
	srv.ChannelHandlers = map[string]gssh.ChannelHandler{"session": s.door.sessionChannel}
	srv.ConnectionFailedCallback = func(c net.Conn, err error) {
		s.log.Debug("handshake failed", "ip", ipOf(c.RemoteAddr()), "err", err)
	}
	s.ssh = srv
	if len(srv.HostSigners) == 0 {
		return nil, fmt.Errorf("ssh: no host key loaded from %s", keyPath)
	}
	s.fingerprint = gossh.FingerprintSHA256(srv.HostSigners[0].PublicKey())
	// Twice as many drawers as cores: a session's job is work for the CPU
	// only, and a few more than the cores let one that waits for the
	// scheduler not hold up the frames behind it.
	s.drawers = term.StartDrawers(2 * runtime.GOMAXPROCS(0))
	return s, nil
}

// ListenAndServe listens on Config.Addr and serves until Shutdown, when it
// returns ErrServerClosed.
func (s *Server) ListenAndServe() error {
	l, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("ssh: %w", err)
	}
	return s.Serve(l)
}

// Serve serves connections from l until Shutdown, when it returns
// ErrServerClosed.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	s.addr = l.Addr()
	s.mu.Unlock()
	return s.ssh.Serve(l)
}

// Addr is the address being served, nil before Serve.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Fingerprint is the SHA256 fingerprint of the host key, for players to
// check against what their client shows on first connect.
func (s *Server) Fingerprint() string { return s.fingerprint }

// Sessions is the number of live sessions.
func (s *Server) Sessions() int { return s.door.count() }

// Shutdown stops the server in order: refuse anything new, drop connections
// that have no session yet, tell every live session the server is
// restarting (its program stops and the player reads why), then wait for the
// connections to close. If ctx ends first, the remaining connections are
// closed at once and ctx's error is returned.
//
// Shut the lobby down first, so that tables reach a safe point while their
// players are still connected.
func (s *Server) Shutdown(ctx context.Context) error {
	return s.ShutdownSaying(ctx, s.door.shuttingDown.Error())
}

// ShutdownSaying is Shutdown with the line the players read: the one the
// lobby gave them (at a drain, where to connect again), so that a session
// the door closes before its screen showed the lobby's line reads it all
// the same. The drawers stop last, once no session draws.
func (s *Server) ShutdownSaying(ctx context.Context, line string) error {
	defer s.drawers.Stop()
	live, pending := s.door.close()
	for _, c := range pending {
		_ = c.Close()
	}
	for _, ls := range live {
		ls.close(line)
	}
	s.log.Info("closing sessions", "sessions", len(live), "handshakes", len(pending))
	err := s.ssh.Shutdown(ctx)
	if err == nil {
		// Connections are closed; let their handlers finish their last
		// words and log lines, so nothing of ours runs after Shutdown.
		err = s.handlers.wait(ctx)
	}
	if err != nil {
		_ = s.ssh.Close()
		return fmt.Errorf("ssh: shutdown: %w", err)
	}
	return nil
}

// inflight counts running goroutines of one kind and lets Shutdown wait
// for none to be left. Unlike a sync.WaitGroup it may be added to while
// someone waits.
type inflight struct {
	mu   sync.Mutex
	n    int
	zero chan struct{} // closed when n drops to 0; nil until someone waits
}

func (f *inflight) add() {
	f.mu.Lock()
	f.n++
	f.mu.Unlock()
}

func (f *inflight) done() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n--
	if f.n == 0 && f.zero != nil {
		close(f.zero)
		f.zero = nil
	}
}

func (f *inflight) wait(ctx context.Context) error {
	f.mu.Lock()
	if f.n == 0 {
		f.mu.Unlock()
		return nil
	}
	if f.zero == nil {
		f.zero = make(chan struct{})
	}
	zero := f.zero
	f.mu.Unlock()
	select {
	case <-zero:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
