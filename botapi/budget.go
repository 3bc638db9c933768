package botapi

import (
	"math"
	"sync"
	"time"
)

// Line budgets: a bot needs a line or two a move, so a bucket of lineBurst
// lines refilled at lineRate a second is never met by one that plays (even
// at a table of quick bots), and
// a flood costs the server one error line per line refused. The budget is
// per key and per address, as typing's is, so a bot that opens more
// sessions gets no more; an address holds several bots, so it has more.
const (
	lineRate    = 50.0
	lineBurst   = 100.0
	addressRate = 4 * lineRate
	// maxStrikes is how many bad lines (refused, not JSON, not offered...)
	// a bot may send before it is closed; one is forgiven every
	// strikeForgiven, so a bot that errs now and then is never closed.
	maxStrikes     = 20
	strikeForgiven = 5 * time.Second
	// maxBuckets bounds the budgets kept: past it, the full ones are
	// forgotten (a full bucket is what a new one would be).
	maxBuckets = 1 << 14
)

// Limits are the line budgets of every bot on the server, by key and by
// address. One Limits serves all sessions; the zero value is not usable:
// make it with NewLimits.
type Limits struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	scale   float64 // the rates' multiple: 1 but in the load benchmark
}

// NewLimits makes the server's line budgets.
func NewLimits() *Limits { return &Limits{buckets: make(map[string]*bucket), scale: 1} }

type bucket struct {
	tokens float64
	at     time.Time
}

// take spends a line from the key's and the address's budgets, or says how
// long to wait until there is one.
func (l *Limits) take(key, addr string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	kr, ar := lineRate*l.scale, addressRate*l.scale
	kb, ab := l.bucket("k:"+key, kr, lineBurst*l.scale, now), l.bucket("a:"+addr, ar, 2*ar, now)
	if kb.tokens < 1 || ab.tokens < 1 {
		need := max((1-kb.tokens)/kr, (1-ab.tokens)/ar)
		return time.Duration(need * float64(time.Second))
	}
	kb.tokens--
	ab.tokens--
	return 0
}

// bucket is the named budget, refilled up to now.
func (l *Limits) bucket(name string, rate, burst float64, now time.Time) *bucket {
	b, ok := l.buckets[name]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.forgetFull(now)
		}
		b = &bucket{tokens: burst, at: now}
		l.buckets[name] = b
	}
	if dt := now.Sub(b.at).Seconds(); dt > 0 {
		b.tokens = math.Min(burst, b.tokens+dt*rate)
		b.at = now
	}
	return b
}

// forgetFull drops the budgets that would be full by now.
func (l *Limits) forgetFull(now time.Time) {
	for name, b := range l.buckets {
		if now.Sub(b.at).Seconds()*lineRate+b.tokens >= 2*addressRate {
			delete(l.buckets, name)
		}
	}
}

// strikes counts a session's bad lines, forgiving one every strikeForgiven.
type strikes struct {
	n  float64
	at time.Time
}

// add counts a bad line and reports whether the bot has had too many.
func (s *strikes) add(now time.Time) bool {
	s.n = max(s.n-now.Sub(s.at).Seconds()/strikeForgiven.Seconds(), 0) + 1
	s.at = now
	return s.n > maxStrikes
}
