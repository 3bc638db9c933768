package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"regexp"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// This file is the players of a killed node coming back (-kill): a guest
// whose connection drops ssh-es in again to a living node with the rejoin
// code their table showed (`ssh -t HOST rejoin CODE`), as the issue asks
// of a real player, and tries again while no node keeps their seat yet
// (until the dead node's lease runs out and a node takes its tables over,
// a code opens a new guest's nickname prompt instead). The run's players
// are all guests: a player with a key would come back with the key alone.

// redial is set while a node is killed: the sessions whose connection
// drops come back through it.
var redial atomic.Pointer[redialer]

// redialer sends the dead node's players to the living nodes and keeps
// their times.
type redialer struct {
	living []string  // the living nodes' SSH addresses
	killed time.Time // when the node was killed
	watch  time.Duration
	next   atomic.Int64 // the living node the next player dials, in turn

	mu      sync.Mutex
	dropped int             // connections that dropped
	noCode  int             // of them, with no rejoin code seen
	tries   int             // rejoin attempts, all told
	refused int             // of them, answered with a nickname prompt (no seat kept yet)
	failed  int             // of them, that did not connect
	back    []time.Duration // from the kill to the table's screen on a living node
	lastErr error
	notBack int // gave up at the end of the watch
}

// rejoinPattern is a guest's rejoin code on the table's screen, its
// words and code styled apart.
var rejoinPattern = regexp.MustCompile("rejoin code (?:\x1b\\[[0-9;]*m)*([0-9A-Z]{4}-[0-9A-Z]{4})")

// scanCode looks for the rejoin code in what arrives until it is found
// (w.mu held).
func (w *watch) scanCode(b []byte) {
	if w.code != "" {
		return
	}
	w.codeTail = append(w.codeTail, b...)
	if m := rejoinPattern.FindSubmatch(w.codeTail); m != nil {
		w.code, w.codeTail = string(m[1]), nil
		return
	}
	w.codeTail = w.codeTail[max(len(w.codeTail)-64, 0):]
}

func (w *watch) rejoinCode() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.code
}

func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// comeBack is a dead node's player coming back: after a moment (a person
// sees the connection drop and runs ssh again) they dial a living node
// with their rejoin code, again every two seconds while it opens a nickname
// prompt, until they are at their table, which they then play on.
//
// Each comes from an address of their own (127.1.0.0/16, which the run's
// sessions do not use), as a person at their own machine would: the
// sessions share their addresses eight to one, and a node refuses an
// address that opens connections too fast.
func (rd *redialer) comeBack(was string, i int, code string, received *atomic.Int64, stop <-chan struct{}) {
	rd.mu.Lock()
	rd.dropped++
	if code == "" {
		rd.noCode++
	}
	rd.mu.Unlock()
	if code == "" {
		return
	}
	src := fmt.Sprintf("127.1.%d.%d", i/250%256, 2+i%250)
	pause := time.Duration(500+rand.IntN(2000)) * time.Millisecond
	for {
		select {
		case <-stop:
			return
		case <-time.After(pause):
		}
		pause = 2 * time.Second
		if time.Since(rd.killed) > rd.watch {
			rd.mu.Lock()
			rd.notBack++
			rd.mu.Unlock()
			return
		}
		addr := rd.living[int(rd.next.Add(1))%len(rd.living)]
		if addr == was {
			continue
		}
		client, in, out, err := dialShell(addr, src, "rejoin "+code)
		rd.mu.Lock()
		rd.tries++
		if err != nil {
			rd.failed++
			rd.lastErr = err
		}
		rd.mu.Unlock()
		if err != nil {
			continue
		}
		w := newWatch()
		w.code = code
		// A code that found no seat opens the nickname prompt. A seat
		// found shows the table, whose texts at 80x24 vary with the
		// game: the player is taken to be back when no prompt came
		// within five seconds (/debug/tables says when their seat was
		// connected again: cluster.go).
		seen := w.expect("Choose a nickname")
		started := time.Now()
		go w.read(out, received)
		select {
		case <-seen:
		case <-w.gone:
		case <-time.After(5 * time.Second):
		case <-stop:
			client.Close()
			return
		}
		if w.matched() != "" || stopped(w.gone) {
			rd.mu.Lock()
			rd.refused++
			rd.mu.Unlock()
			client.Close()
			continue
		}
		rd.mu.Lock()
		rd.back = append(rd.back, started.Sub(rd.killed))
		rd.mu.Unlock()
		player{in: in, w: w}.play(stop)
		client.Close()
		return
	}
}

// pending says whether some player is still on their way back.
func (rd *redialer) pending() bool {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return rd.dropped-rd.noCode-len(rd.back)-rd.notBack > 0
}

// report says how many of the dead node's players came back and when.
func (rd *redialer) report(before int) string {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	s := fmt.Sprintf("the dead node's players: %d seated before the kill, %d connections dropped (%d without a rejoin code seen); "+
		"%d back at their table on a living node", before, rd.dropped, rd.noCode, len(rd.back))
	if len(rd.back) > 0 {
		d := slices.Clone(rd.back)
		slices.Sort(d)
		q := func(p float64) time.Duration {
			return d[min(int(p*float64(len(d))), len(d)-1)].Round(10 * time.Millisecond)
		}
		s += fmt.Sprintf(", kill -> back: p50 %s, p90 %s, max %s", q(0.5), q(0.9), d[len(d)-1].Round(10*time.Millisecond))
	}
	s += fmt.Sprintf("; %d attempts, %d answered with a nickname prompt (no seat kept yet), %d did not connect, %d gave up",
		rd.tries, rd.refused, rd.failed, rd.notBack)
	if rd.lastErr != nil {
		s += fmt.Sprintf(" (last error: %v)", rd.lastErr)
	}
	return s
}

// dialShell opens a guest's SSH session with a PTY from src to addr,
// running command (`ssh -t addr command`; a shell if "").
func dialShell(addr, src, command string) (*gossh.Client, io.Writer, io.Reader, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 30 * time.Second}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg := &gossh.ClientConfig{
		User: "load",
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive( // a guest
			func(_, _ string, questions []string, _ []bool) ([]string, error) {
				return make([]string, len(questions)), nil
			})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         30 * time.Second,
	}
	c, chans, reqs, err := gossh.NewClientConn(wireCounted(nc), addr, cfg)
	if err != nil {
		nc.Close()
		return nil, nil, nil, err
	}
	client := gossh.NewClient(c, chans, reqs)
	fail := func(err error) (*gossh.Client, io.Writer, io.Reader, error) {
		client.Close()
		return nil, nil, nil, err
	}
	s, in, out, err := terminal(client)
	if err != nil {
		return fail(err)
	}
	if command == "" {
		err = s.Shell()
	} else {
		err = s.Start(command)
	}
	if err != nil {
		return fail(err)
	}
	return client, in, out, nil
}

// terminal opens a session on client with an 80x24 PTY, as a player's ssh
// does, and its input and output; the caller starts the shell or command.
func terminal(client *gossh.Client) (*gossh.Session, io.Writer, io.Reader, error) {
	s, err := client.NewSession()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		return nil, nil, nil, err
	}
	in, err := s.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	out, err := s.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	return s, in, out, nil
}
