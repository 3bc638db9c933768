package lobby

import (
	"net"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"golang.org/x/time/rate"
)

// This file limits guessing private table codes. Wrong codes are counted
// three ways, and a guess is refused when any one count is spent:
//
//   - per identity: a player's key, or for a guest the session;
//   - per connection: a guest who opens session after session on one
//     connection is a new identity each time, but the same connection;
//   - per address: a fresh key on every connection is a new identity and a
//     new connection, but the same address (IPv6: the same /64).
//
// Each count is a token bucket: a burst of wrong codes, then one more every
// so often. A bucket that has filled up again is worth nothing, so sweeps
// forget it; the record therefore holds only the guessers of the last few
// minutes, and how many of those there can be is bounded by the address
// limit: at most guessBurstAddr identities and connections per address
// guess wrong before the address waits.
//
// The limits stand beside a code space no limit is needed for: see
// CodeLength for the sum.

// Limits on wrong codes: burst, and one more allowed every refill.
const (
	guessBurstIdentity  = 5
	guessRefillIdentity = 12 * time.Second // 5 a minute
	guessBurstConn      = 10
	guessRefillConn     = time.Minute
	guessBurstAddr      = 30
	guessRefillAddr     = 30 * time.Second // 120 an hour
	guessSweepEvery     = time.Minute
)

// guessScope names what a count is kept for.
type guessScope int

const (
	byIdentity guessScope = iota
	byConnection
	byAddress
	guessScopes
)

var guessRules = [guessScopes]struct {
	name   string
	burst  float64
	refill time.Duration
	err    error
}{
	byIdentity:   {"identity", guessBurstIdentity, guessRefillIdentity, ErrTooManyCodes},
	byConnection: {"connection", guessBurstConn, guessRefillConn, tooManyCodes("on this connection; wait a few minutes before trying again")},
	byAddress:    {"address", guessBurstAddr, guessRefillAddr, tooManyCodes("from your network; wait a few minutes before trying again")},
}

// codesError is a refusal for too many wrong codes that is not the
// identity's own: errors.Is(err, ErrTooManyCodes) holds for it.
type codesError struct{ where string }

func tooManyCodes(where string) error { return codesError{where} }

func (e codesError) Error() string        { return "too many wrong codes " + e.where }
func (e codesError) Is(target error) bool { return target == ErrTooManyCodes }

// guesser is who is guessing, in the three scopes; an empty key is not
// counted (a session whose address is unknown).
type guesser [guessScopes]string

// guesserOf is the guesser behind identity key on the connection from
// remote ("ip:port", or "" if unknown).
func guesserOf(key, remote string) guesser {
	return guesser{byIdentity: key, byConnection: remote, byAddress: addressOf(remote)}
}

// addressOf is the address part of remote: the IP, or for IPv6 its /64,
// which one subscriber usually holds whole.
func addressOf(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}

// guessLimiter keeps the counts. It is safe for concurrent use.
type guessLimiter struct {
	log     *log.Logger
	logRate *rate.Limiter // refusal lines in the operator's log

	// shared tells the other nodes of a wrong code (people.go); nil on a
	// lone node. Set before the hub starts, read only after.
	shared People

	mu        sync.Mutex
	buckets   [guessScopes]map[string]*guessBucket
	lastSweep time.Time
}

type guessBucket struct {
	tokens float64
	last   time.Time
}

// newHubGuesses is the hub's limiter, logging to the default logger (main
// makes it the operator's log).
func newHubGuesses() *guessLimiter { return newGuessLimiter(log.Default()) }

// newGuessLimiter logs refusals to logger, or nowhere if it is nil.
func newGuessLimiter(logger *log.Logger) *guessLimiter {
	g := &guessLimiter{log: logger, logRate: rate.NewLimiter(1, 10)}
	for s := range g.buckets {
		g.buckets[s] = map[string]*guessBucket{}
	}
	return g
}

// allow says whether who may try a code now, or which limit refuses it.
// Refusals are logged with their cause.
func (g *guessLimiter) allow(now time.Time, who guesser) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.sweepLocked(now)
	for s, key := range who {
		if key == "" {
			continue
		}
		if b := g.buckets[s][key]; b != nil && b.level(now, guessScope(s)) < 1 {
			g.refused(now, guessScope(s), who)
			return guessRules[s].err
		}
	}
	return nil
}

// miss records a wrong code from who, and tells the other nodes of its
// identity and address (a connection is only ever on this node). A guest's
// identity is a session's, on this node only too.
func (g *guessLimiter) miss(now time.Time, who guesser) {
	g.missQuiet(now, who)
	if g.shared != nil {
		id := who[byIdentity]
		if strings.HasPrefix(id, "guest:") {
			id = ""
		}
		if id != "" || who[byAddress] != "" {
			g.shared.GuessMissed(id, who[byAddress])
		}
	}
}

// missQuiet records a wrong code from who, telling nobody: another node's,
// or this one's on a lone node.
func (g *guessLimiter) missQuiet(now time.Time, who guesser) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for s, key := range who {
		if key == "" {
			continue
		}
		b := g.buckets[s][key]
		if b == nil {
			b = &guessBucket{tokens: guessRules[s].burst, last: now}
			g.buckets[s][key] = b
		}
		b.tokens = b.level(now, guessScope(s)) - 1
		b.last = now
	}
}

// level is the bucket's tokens at now.
func (b *guessBucket) level(now time.Time, s guessScope) float64 {
	r := guessRules[s]
	return min(r.burst, b.tokens+float64(now.Sub(b.last))/float64(r.refill))
}

// sweepLocked forgets full buckets, at most once every guessSweepEvery.
func (g *guessLimiter) sweepLocked(now time.Time) {
	if now.Sub(g.lastSweep) < guessSweepEvery {
		return
	}
	g.lastSweep = now
	for s, m := range g.buckets {
		for key, b := range m {
			if b.level(now, guessScope(s)) >= guessRules[s].burst {
				delete(m, key)
			}
		}
	}
}

// size is the number of counts kept, for tests.
func (g *guessLimiter) size() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, m := range g.buckets {
		n += len(m)
	}
	return n
}

func (g *guessLimiter) refused(now time.Time, s guessScope, who guesser) {
	if g.log == nil || !g.logRate.AllowN(now, 1) {
		return
	}
	g.log.Warn("refused a table code", "reason", "too many wrong codes per "+guessRules[s].name,
		"key", who[byIdentity], "remote", who[byConnection])
}

// ConnectFrom is Connect for a session whose connection comes from remote
// ("ip:port"): its wrong codes then also count against its connection and
// its address, and so does an account it makes (newaccounts.go).
func (h *Hub) ConnectFrom(remote, id, key string, guest bool) *Client {
	return h.connect(remote, id, key, guest)
}

// ConnectPlayer is ConnectFrom for a person's terminal: a bot's key is
// refused (ErrBotKey), as it plays through the bot API.
func (h *Hub) ConnectPlayer(remote, id, key string, guest bool) (*Client, error) {
	return h.connectAs(remote, id, key, guest, true)
}
