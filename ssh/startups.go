package ssh

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// This file is the door's cap on connections that have not logged in yet,
// after OpenSSH's MaxStartups. Such a connection costs a socket, a file
// descriptor and a few kilobytes for up to the handshake timeout, and costs
// its sender nothing: before this cap, a flood of them from a few hundred
// addresses was all held (docs/benchmarks.md).
//
//   - Per address, at most Startups.PerIP handshakes are in progress.
//   - Server-wide, past Start handshakes in progress a new connection from
//     an address that already has one in progress is dropped at random:
//     with probability Rate% at Start, rising linearly to 100% at Full.
//   - At Full, a connection from an address with no handshake in progress
//     is still let in if the oldest handshake in progress is silent (its
//     client has sent nothing) or slow (on for cutAfter): that one is
//     dropped to make room. Otherwise the newcomer is refused. A flood of
//     half-open connections can then slow logins but not lock them out,
//     and a login whose client is talking is never dropped for a newcomer
//     before cutAfter. (Dropping the oldest whatever it was doing locked
//     everyone out in a reconnect storm: with thousands of players trying
//     again at once, Full newer connections came before any login could
//     finish, so every one was cut, tried again, and cut again.)
//
// The handshakes in progress are kept in order of arrival (a list through
// the connections), so that finding the oldest costs nothing however many
// connections the server holds: in a storm a newcomer arrives at Full
// thousands of times a second.
//
// A connection leaves the count when it opens its first channel, which
// the SSH protocol allows only after authentication, or when it closes.

// Refusals of connections still logging in. The client reads them as a
// line before the SSH version line (tellRefused), and the log has them.
var (
	ErrStartupsFull = errors.New("too many players are logging in at once; try again in a few seconds")
	ErrStartupsIP   = errors.New("too many connections logging in from your address; try again in a few seconds")
	ErrHandshakeCut = errors.New("oldest login in progress dropped to make room")
)

// Startups is the cap on connections that have not logged in yet, as in
// OpenSSH's MaxStartups start:rate:full, plus a cap per address.
type Startups struct {
	Start int // handshakes in progress before random drops begin
	Rate  int // percent dropped at Start
	Full  int // handshakes in progress at which a newcomer waits, or a silent or slow one makes room
	PerIP int // handshakes in progress per address
}

// cutAfter is how long a handshake whose client is talking is safe from
// being dropped for a newcomer at Full: far longer than a real login takes,
// even on a busy server, and short beside the handshake timeout, so that a
// client trickling bytes to hold a slot loses it long before that.
const cutAfter = 10 * time.Second

// DefaultStartups is the cap if Config.Startups is zero. Full is set for
// a reconnect storm, when every player of a restarted server comes back
// at once and logins get in only as fast as Full of them finish: large
// enough for that, and small enough that a login still finishes within
// cutAfter on a busy server (past it, each is cut at Full for a newcomer,
// and the storm turns into the livelock described above). A login in
// progress holds only a socket, a goroutine and its buffers
// (docs/benchmarks.md, "A reconnect storm on one node").
var DefaultStartups = Startups{Start: 100, Rate: 30, Full: 1500, PerIP: 10}

// String is start:rate:full, as ParseStartups reads it.
func (s Startups) String() string { return fmt.Sprintf("%d:%d:%d", s.Start, s.Rate, s.Full) }

// ParseStartups reads "start:rate:full" (or just "full", for start = full
// with no random drop) into s, keeping s.PerIP.
func ParseStartups(text string, s Startups) (Startups, error) {
	parts := strings.Split(text, ":")
	nums := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return s, fmt.Errorf("max startups %q: want start:rate:full, three whole numbers", text)
		}
		nums[i] = n
	}
	switch len(nums) {
	case 1:
		s.Start, s.Rate, s.Full = nums[0], 100, nums[0]
	case 3:
		s.Start, s.Rate, s.Full = nums[0], nums[1], nums[2]
	default:
		return s, fmt.Errorf("max startups %q: want start:rate:full", text)
	}
	if s.Full < 1 || s.Start > s.Full || s.Rate > 100 {
		return s, fmt.Errorf("max startups %q: full must be at least 1 and at least start, and rate is a percentage", text)
	}
	return s, nil
}

// startHandshake counts c as a connection logging in, or says why not. It
// may name a victim: the oldest handshake in progress, if it is silent or
// slow, to be closed to make room for c.
func (d *door) startHandshake(c *gateConn) (victim *gateConn, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.limits.startups
	st := d.ipLocked(c.ip)
	if s.PerIP > 0 && st.pending >= s.PerIP {
		return nil, ErrStartupsIP
	}
	if s.Full > 0 && d.pending >= s.Start {
		if st.pending > 0 && d.random() < dropChance(s, d.pending) {
			return nil, ErrStartupsFull
		}
		if d.pending >= s.Full {
			if victim = d.victimLocked(); victim == nil {
				return nil, ErrStartupsFull
			}
			d.unpendLocked(victim)
		}
	}
	c.since = d.now()
	c.pending = true
	d.pending++
	d.logins.push(c)
	st.pending++
	d.conns[c] = struct{}{}
	return victim, nil
}

// dropChance is the probability of dropping a newcomer with n handshakes
// in progress, n >= s.Start.
func dropChance(s Startups, n int) float64 {
	if n >= s.Full {
		return 1
	}
	base := float64(s.Rate) / 100
	return base + (1-base)*float64(n-s.Start)/float64(s.Full-s.Start)
}

// victimLocked is the oldest handshake in progress if its client has sent
// nothing or it has gone on for cutAfter; nil otherwise.
func (d *door) victimLocked() *gateConn {
	old := d.logins.head
	if old == nil || old.heard.Load() && d.now().Sub(old.since) < cutAfter {
		return nil
	}
	return old
}

// loginQueue is the handshakes in progress, oldest first, linked through
// the connections (guarded by door.mu).
type loginQueue struct {
	head, tail *gateConn
}

func (q *loginQueue) push(c *gateConn) {
	c.prevLogin, c.nextLogin = q.tail, nil
	if q.tail != nil {
		q.tail.nextLogin = c
	} else {
		q.head = c
	}
	q.tail = c
}

func (q *loginQueue) remove(c *gateConn) {
	if c.prevLogin != nil {
		c.prevLogin.nextLogin = c.nextLogin
	} else if q.head == c {
		q.head = c.nextLogin
	}
	if c.nextLogin != nil {
		c.nextLogin.prevLogin = c.prevLogin
	} else if q.tail == c {
		q.tail = c.prevLogin
	}
	c.prevLogin, c.nextLogin = nil, nil
}

// authenticated takes c out of the handshakes in progress.
func (d *door) authenticated(c *gateConn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.unpendLocked(c)
}

func (d *door) unpendLocked(c *gateConn) {
	if !c.pending {
		return
	}
	c.pending = false
	d.pending--
	d.logins.remove(c)
	if st, ok := d.ips[c.ip]; ok {
		st.pending--
	}
}

// handshakes is the number of connections logging in.
func (d *door) handshakes() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.pending
}
