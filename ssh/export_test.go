package ssh

import (
	"sync"
	"time"
)

// Handshakes is the number of connections the server counts as logging in.
func Handshakes(s *Server) int { return s.door.handshakes() }

// Timers are handshake timers that fire only when a test says so, so that
// a test of the handshake timeout does not depend on how loaded the
// machine is.
type Timers struct {
	mu     sync.Mutex
	timers []*manualTimer
}

type manualTimer struct {
	mu      sync.Mutex
	f       func()
	stopped bool
}

func (t *manualTimer) Stop() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	was := !t.stopped
	t.stopped = true
	return was
}

// ManualTimers makes cfg's server use timers that fire on Fire.
func ManualTimers(cfg *Config) *Timers {
	ts := &Timers{}
	cfg.afterFunc = func(_ time.Duration, f func()) stopper {
		t := &manualTimer{f: f}
		ts.mu.Lock()
		ts.timers = append(ts.timers, t)
		ts.mu.Unlock()
		return t
	}
	return ts
}

// Fire runs every timer not stopped yet, as if its time had come, and
// returns how many ran.
func (ts *Timers) Fire() int {
	ts.mu.Lock()
	timers := ts.timers
	ts.timers = nil
	ts.mu.Unlock()
	n := 0
	for _, t := range timers {
		if t.Stop() {
			t.f()
			n++
		}
	}
	return n
}

// ProxyHeaderTimeout makes cfg's server wait d for a trusted proxy's
// header, so that a test of a proxy that sends none ends soon.
func ProxyHeaderTimeout(cfg *Config, d time.Duration) { cfg.proxyHeaderTimeout = d }

// DoorLogin is what the door does for one player's login, without the
// network: admit the connection, then its session. Its release undoes
// both, as their end does.
func DoorLogin(s *Server, ip, id string) (release func(), err error) {
	d := s.door
	if err := d.admitConn(ip); err != nil {
		return nil, err
	}
	ls := &liveSession{id: id, ip: ip}
	if err := d.admitSession(ls); err != nil {
		d.releaseConn(&gateConn{door: d, ip: ip})
		return nil, err
	}
	return func() {
		d.releaseSession(ls)
		d.releaseConn(&gateConn{door: d, ip: ip})
	}, nil
}
