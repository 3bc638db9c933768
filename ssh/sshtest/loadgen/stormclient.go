package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// This file is the storm's client: a player with a key who sits at a table
// once, and comes back to it after each restart, trying again as a person
// would when refused.

// stormPlayer is one client: its source address, key and nickname, and
// its session while it has one.
type stormPlayer struct {
	i    int
	src  string
	key  gossh.Signer
	nick string
	s    *stormSession
}

// stormSession is an open session whose output a watch follows.
type stormSession struct {
	client *gossh.Client
	in     io.Writer
	w      *watch
	closed chan struct{} // the output ended
}

// steps are when an attempt's steps ended.
type steps struct {
	start, tcp, ssh, shell time.Time
}

// openSession connects from src with key, asks for a PTY and a shell, and
// follows the output, expecting texts from the first byte on.
func openSession(addr, src string, key gossh.Signer, texts []string, st *steps) (*stormSession, <-chan struct{}, error) {
	st.start = time.Now()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 30 * time.Second}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	st.tcp = time.Now()
	// The handshake has the server's own bound (30 s by default); this is
	// a little over it, for a server that never answers.
	_ = nc.SetDeadline(time.Now().Add(40 * time.Second))
	fc := &firstBytes{Conn: nc}
	cfg := &gossh.ClientConfig{
		User:            "load",
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	}
	c, chans, reqs, err := gossh.NewClientConn(fc, addr, cfg)
	if err != nil {
		nc.Close()
		if line := fc.refusal(); line != "" {
			return nil, nil, refusedError(line)
		}
		return nil, nil, err
	}
	st.ssh = time.Now()
	client := gossh.NewClient(c, chans, reqs)
	fail := func(err error) (*stormSession, <-chan struct{}, error) {
		client.Close()
		return nil, nil, err
	}
	s, in, out, err := terminal(client)
	if err != nil {
		return fail(err)
	}
	w := &watch{}
	found := w.expect(texts...)
	if err := s.Shell(); err != nil {
		return fail(err)
	}
	st.shell = time.Now()
	_ = nc.SetDeadline(time.Time{})
	ss := &stormSession{client: client, in: in, w: w, closed: make(chan struct{})}
	go func() {
		defer close(ss.closed)
		buf := make([]byte, 4<<10)
		for {
			k, err := out.Read(buf)
			w.scan(buf[:k])
			if err != nil {
				return
			}
		}
	}()
	return ss, found, nil
}

// firstBytes keeps the first bytes a connection reads: the door's refusal
// is a line before the SSH version line, which the client skips.
type firstBytes struct {
	net.Conn
	mu    sync.Mutex
	first []byte
}

func (f *firstBytes) Read(b []byte) (int, error) {
	k, err := f.Conn.Read(b)
	f.mu.Lock()
	if room := 512 - len(f.first); room > 0 {
		f.first = append(f.first, b[:min(k, room)]...)
	}
	f.mu.Unlock()
	return k, err
}

// refusal is the line the server sent before its version line, if any.
func (f *firstBytes) refusal() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	line, _, _ := bytes.Cut(f.first, []byte("\n"))
	if len(line) == 0 || bytes.HasPrefix(line, []byte("SSH-")) {
		return ""
	}
	return strings.TrimSpace(string(line))
}

type refusedError string

func (e refusedError) Error() string { return "refused: " + string(e) }

// why is an attempt's failure in a few words, for counting.
func why(err error) string {
	var ne net.Error
	var re refusedError
	switch {
	case errors.As(err, &re):
		return string(re)
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused (nothing listening)"
	case errors.As(err, &ne) && ne.Timeout():
		return "timed out"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE), errors.Is(err, net.ErrClosed),
		errors.Is(err, io.EOF), strings.Contains(err.Error(), "EOF"):
		// The door drops a handshake in progress with no word (ssh's
		// "handshake_cut"); the client sees it as any of these.
		return "closed during the handshake, with no reason"
	}
	return err.Error()
}

// sit brings p in for the first time: a nickname, Quick play, the start
// (a public table's host may start alone: bots fill the free seats), and
// its hand on screen. It keeps the session.
func (p *stormPlayer) sit(addr string, retry, limit time.Duration) error {
	give := time.After(limit)
	var st steps
	s, nick, err := openSession(addr, p.src, p.key, []string{"Choose a nickname"}, &st)
	for deadline := time.Now().Add(limit); err != nil; {
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(retry + time.Duration(mrand.Int64N(int64(retry)+1)))
		s, nick, err = openSession(addr, p.src, p.key, []string{"Choose a nickname"}, &st)
	}
	wait := func(c <-chan struct{}, what string) error {
		select {
		case <-c:
			return nil
		case <-s.closed:
			return fmt.Errorf("the session ended before %s", what)
		case <-give:
			return fmt.Errorf("no %s within %s", what, limit)
		}
	}
	if err := wait(nick, "nickname page"); err != nil {
		s.client.Close()
		return err
	}
	lobby := s.w.expect("Quick play")
	fmt.Fprintf(s.in, "%s\r", p.nick)
	if err := wait(lobby, "lobby"); err != nil {
		s.client.Close()
		return err
	}
	hand := s.w.expect("your hand")
	fmt.Fprint(s.in, "\r") // Quick play
	start := time.AfterFunc(1500*time.Millisecond, func() { fmt.Fprint(s.in, "s") })
	err = wait(hand, "hand")
	start.Stop()
	if err != nil {
		s.client.Close()
		return err
	}
	p.s = s
	return nil
}

// stormResult is one client's way back after a restart.
type stormResult struct {
	ok       bool
	attempts int
	reasons  []string // of the attempts that failed
	fail     string   // why it is not back (not ok)
	// From the release: the start of the attempt that got through, and
	// when its connection, handshake, shell and hand came.
	start, tcp, ssh, shell, seat time.Duration
}

// back reconnects p until its hand is on screen, or until the time is up.
func (p *stormPlayer) back(addr string, release time.Time, retry, limit time.Duration) stormResult {
	var r stormResult
	deadline := release.Add(limit)
	for time.Now().Before(deadline) {
		r.attempts++
		var st steps
		s, found, err := openSession(addr, p.src, p.key,
			[]string{"your hand", "Choose a nickname", "Back to your table", "Quick play"}, &st)
		if err == nil {
			select {
			case <-found:
			case <-s.closed:
				err = errors.New("the session ended before a screen")
			case <-time.After(time.Until(deadline)):
				err = errors.New("no seat on screen in time")
			}
		}
		if err == nil && s.w.matched() == "Quick play" {
			// The lobby: the seat is gone, unless the table follows.
			select {
			case <-s.w.expect("your hand"):
			case <-s.closed:
			case <-time.After(5 * time.Second):
			}
		}
		if err != nil {
			if s != nil {
				s.client.Close()
			}
			r.reasons = append(r.reasons, why(err))
			pause := retry + time.Duration(mrand.Int64N(int64(retry)+1))
			if time.Until(deadline) < pause {
				break
			}
			time.Sleep(pause)
			continue
		}
		if got := s.w.matched(); got != "your hand" {
			if got == "" {
				got = "Quick play" // (the lobby stayed)
			}
			s.client.Close()
			r.fail = fmt.Sprintf("the server showed %q, not the seat", got)
			return r
		}
		seat := time.Now()
		r.ok, p.s = true, s
		r.start, r.tcp, r.ssh, r.shell, r.seat = st.start.Sub(release), st.tcp.Sub(release), st.ssh.Sub(release),
			st.shell.Sub(release), seat.Sub(release)
		return r
	}
	r.fail = fmt.Sprintf("not back within %s", limit)
	return r
}
