package ssh

import (
	"errors"
	"math/rand/v2"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/log"
	"golang.org/x/time/rate"
)

// Refusals at the door. Their text is what the refused player reads.
var (
	ErrRateLimited   = errors.New("too many new connections from your address; wait a few seconds and try again")
	ErrTooManyFromIP = errors.New("too many sessions from your address; close one and try again")
	ErrServerFull    = errors.New("the server is full right now; please try again in a few minutes")
	// ErrShuttingDown is the refusal once the server is stopping, unless
	// Config.ShuttingDown gives another (main gives the lobby's).
	ErrShuttingDown = errors.New("the server is restarting; please reconnect in a minute")
)

// closing is ErrShuttingDown in other words (Config.ShuttingDown): the
// metrics and errors.Is know it as ErrShuttingDown, and as the words'
// own error.
type closing struct{ words error }

func (e closing) Error() string        { return e.words.Error() }
func (e closing) Unwrap() error        { return e.words }
func (e closing) Is(target error) bool { return target == ErrShuttingDown }

const (
	// sweepEvery is how often addresses with nothing open are forgotten.
	sweepEvery = time.Minute
	// refusalLogLimit and refusalLogBurst bound the refusal lines per second
	// in the operator's log.
	refusalLogLimit = rate.Limit(10)
	refusalLogBurst = 20
	// connsPerSessionIP is how many TCP connections an address may hold
	// open, as a multiple of its session cap: room for reconnects and
	// handshakes in flight, but a hard stop for a client opening sockets in
	// a loop.
	connsPerSessionIP = 2
)

// door enforces the limits at the entrance, in two places:
//
//   - before the SSH handshake (admitConn), where refusing costs nothing: the
//     per-address rate of new connections and a hard cap on open connections
//     per address, and the cap on connections still logging in
//     (startups.go). The client has no session yet; it is told why in one
//     line before the SSH version line (tellRefused).
//   - when a session starts (admitSession): sessions per address and in
//     total. These refusals are explained to the client in one line.
//
// Every connection must open a session within the handshake timeout, so
// clients that connect and stall cannot hold slots.
type door struct {
	log     *log.Logger
	now     func() time.Time
	after   func(time.Duration, func()) stopper // time.AfterFunc, or a test's
	limits  limits
	proxy   proxyTrust // load balancers whose PROXY header is believed (proxy.go)
	logRate *rate.Limiter
	quiet   atomic.Int64 // refusal log lines suppressed since the last one written
	counts  refusalCounts
	// shuttingDown is the refusal once the server is stopping: it is
	// ErrShuttingDown, in the words Config.ShuttingDown gives (closing).
	shuttingDown error
	shared       Shared // the other nodes' counts (shared.go); nil on a lone node

	mu        sync.Mutex
	ips       map[string]*ipState
	conns     map[*gateConn]struct{}
	sessions  map[string]*liveSession
	closing   bool
	lastSweep time.Time
	pending   int            // connections logging in (startups.go)
	logins    loginQueue     // those connections, oldest first
	random    func() float64 // in [0, 1), for the random drop of startups.go
}

// limits are the resolved door limits; a value <= 0 means no limit.
type limits struct {
	handshake      time.Duration
	sessions       int
	sessionsPerIP  int
	connsPerIP     int
	connBurst      int
	connEvery      time.Duration
	rateLimitConns bool
	startups       Startups
	keyRatePerIP   int           // bytes a second typed by all sessions of an address
	idleEvict      time.Duration // idle time after which a session may make room (room.go)
}

type ipState struct {
	limiter  *rate.Limiter
	conns    int
	sessions int
	pending  int           // connections logging in
	keys     *rate.Limiter // typing shared by its sessions (input.go); nil until needed
}

func newDoor(l limits, logger *log.Logger, now func() time.Time) *door {
	// The random drop needs no secret, only a source no client can steer.
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	return &door{
		random:       rng.Float64, // called under mu
		shuttingDown: ErrShuttingDown,
		after:        afterFunc,
		log:          logger,
		now:          now,
		limits:       l,
		logRate:      rate.NewLimiter(refusalLogLimit, refusalLogBurst),
		ips:          map[string]*ipState{},
		conns:        map[*gateConn]struct{}{},
		sessions:     map[string]*liveSession{},
	}
}

// admitConn is called for every new TCP connection, before any cryptography.
func (d *door) admitConn(ip string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	d.sweepLocked(now)
	if d.closing {
		return d.shuttingDown
	}
	st := d.ipLocked(ip)
	if d.limits.connsPerIP > 0 && st.conns >= d.limits.connsPerIP {
		return ErrTooManyFromIP
	}
	if st.limiter != nil && !st.limiter.AllowN(now, 1) {
		return ErrRateLimited
	}
	st.conns++
	if d.shared != nil && st.limiter != nil {
		d.shared.Connected(ip)
	}
	return nil
}

func (d *door) releaseConn(c *gateConn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.conns, c)
	d.unpendLocked(c)
	if st, ok := d.ips[c.ip]; ok {
		st.conns--
	}
}

// admitSession gives ls a session slot, or says why not.
func (d *door) admitSession(ls *liveSession) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closing {
		return d.shuttingDown
	}
	if d.limits.sessions > 0 && len(d.sessions) >= d.limits.sessions {
		return ErrServerFull
	}
	st := d.ipLocked(ls.ip)
	if d.limits.sessionsPerIP > 0 && st.sessions+d.otherSessions(ls.ip) >= d.limits.sessionsPerIP {
		return ErrTooManyFromIP
	}
	st.sessions++
	d.sessionsChanged(ls.ip, st)
	d.sessions[ls.id] = ls
	return nil
}

func (d *door) releaseSession(ls *liveSession) { d.takeSlot(ls) }

func (d *door) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.sessions)
}

// keyLimiter is the typing budget shared by the sessions of ip, nil if
// there is none. Call it while ls holds a session slot, which keeps the
// address remembered.
func (d *door) keyLimiter(ip string) *rate.Limiter {
	if d.limits.keyRatePerIP <= 0 {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.ipLocked(ip)
	if st.keys == nil {
		st.keys = rate.NewLimiter(rate.Limit(d.limits.keyRatePerIP), max(addrKeyBurst, d.limits.keyRatePerIP))
	}
	return st.keys
}

// close shuts the door: from now on everything is refused. It returns the
// live sessions, to be told, and the connections that have no session yet,
// to be dropped.
func (d *door) close() (live []*liveSession, pending []*gateConn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closing = true
	for _, ls := range d.sessions {
		live = append(live, ls)
	}
	for c := range d.conns {
		if !c.hasSession() {
			pending = append(pending, c)
		}
	}
	return live, pending
}

func (d *door) ipLocked(ip string) *ipState {
	st, ok := d.ips[ip]
	if !ok {
		st = &ipState{}
		if d.limits.rateLimitConns {
			st.limiter = rate.NewLimiter(rate.Every(d.limits.connEvery), d.limits.connBurst)
		}
		d.ips[ip] = st
	}
	return st
}

// sweepLocked forgets addresses with nothing open and a full token bucket:
// remembering them would change nothing, and the map must not grow with
// every address that ever connected.
func (d *door) sweepLocked(now time.Time) {
	if now.Sub(d.lastSweep) < sweepEvery {
		return
	}
	d.lastSweep = now
	for ip, st := range d.ips {
		full := st.limiter == nil || st.limiter.TokensAt(now) >= float64(d.limits.connBurst)
		if st.conns == 0 && st.sessions == 0 && full {
			delete(d.ips, ip)
		}
	}
}

// refused writes the operator's log line for a refusal. A flood of refusals
// must not become a flood of log lines, so they are rate limited and the
// number left out is reported with the next one written.
func (d *door) refused(what, ip string, err error) {
	d.counts.add(err)
	if !d.logRate.Allow() {
		d.quiet.Add(1)
		return
	}
	kv := []any{"ip", ip, "reason", err}
	if n := d.quiet.Swap(0); n > 0 {
		kv = append(kv, "suppressed", n)
	}
	d.log.Warn("refused "+what, kv...)
}

// stopper is a timer as the door uses it.
type stopper interface{ Stop() bool }

func afterFunc(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) }

// ipOf is the address a client is counted under.
func ipOf(addr net.Addr) string {
	if ta, ok := addr.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}
