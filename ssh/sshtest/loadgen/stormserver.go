package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// This file is the storm's server: started from a thread that keeps the
// load generator's first priority, stopped by a signal, and its log
// followed for the moments the storm is measured from.

// spawner starts processes from a thread of its own, locked to one
// goroutine and left out when the clients' priority is lowered.
type spawner struct {
	tid int
	do  chan func()
}

func newSpawner() *spawner {
	sp := &spawner{do: make(chan func())}
	ready := make(chan int)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread keeps its priority
		ready <- threadID()
		for f := range sp.do {
			f()
		}
	}()
	sp.tid = <-ready
	return sp
}

func (sp *spawner) start(cmd *exec.Cmd) error {
	done := make(chan error)
	sp.do <- func() { done <- cmd.Start() }
	return <-done
}

// server is one run of the unossh binary.
type server struct {
	cmd     *exec.Cmd
	started time.Time
	exited  chan struct{}
	log     *logMarks
}

// stormServer starts the server on o.addr with base's data and host key,
// its log in base/server-round.log.
func stormServer(sp *spawner, o options, base string, round int) (*server, error) {
	path := filepath.Join(base, fmt.Sprintf("server-%d.log", round))
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the child has its own descriptor
	args := []string{"-addr", o.addr, "-metrics", o.metrics,
		"-data", filepath.Join(base, "data"), "-hostkey-dir", filepath.Join(base, "hostkey"),
		"-max-sessions", strconv.Itoa(o.n + 100), "-max-per-addr", strconv.Itoa(o.perAddr * 2),
		// Every key is a player with an account: a new key past the
		// per-address allowance would play as a guest, whose seat is
		// not kept.
		"-accounts-per-addr", "-1",
		// The players idle at their tables: a long turn timer keeps them
		// seated (three timeouts in a row would hand their seat to a bot).
		"-turn-time", "2m"}
	if o.grace > 0 {
		args = append(args, "-grace", o.grace.String())
	}
	if o.stormStartups != "" {
		args = append(args, "-max-startups", o.stormStartups)
	}
	cmd := exec.Command(o.server, args...)
	cmd.Stdout, cmd.Stderr = f, f
	s := &server{cmd: cmd, exited: make(chan struct{})}
	s.started = time.Now()
	if err := sp.start(cmd); err != nil {
		return nil, err
	}
	go func() { _ = cmd.Wait(); close(s.exited) }()
	s.log = watchLog(path, s.exited, "database open", "live tables restored", "serving UNO over SSH",
		"signal received", "bye")
	return s, nil
}

// serving waits until the server's log says it serves.
func (s *server) serving(limit time.Duration) error {
	deadline := time.After(limit)
	for {
		if _, ok := s.log.at("serving UNO over SSH"); ok {
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("the server stopped: see %s", s.log.path)
		case <-deadline:
			return fmt.Errorf("the server does not serve after %s: see %s", limit, s.log.path)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// stop sends sig and waits for the process to end.
func (s *server) stop(sig syscall.Signal) time.Duration {
	t := time.Now()
	_ = s.cmd.Process.Signal(sig)
	select {
	case <-s.exited:
	case <-time.After(time.Minute):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	return time.Since(t)
}

// logMarks follows a log file and notes when each of a few texts first
// appears in it, and the line.
type logMarks struct {
	path  string
	mu    sync.Mutex
	first map[string]time.Time
	lines map[string]string
}

// watchLog reads path every few milliseconds until done (and once more).
// Reading a file costs the server nothing: it never waits on its reader.
func watchLog(path string, done <-chan struct{}, texts ...string) *logMarks {
	l := &logMarks{path: path, first: map[string]time.Time{}, lines: map[string]string{}}
	go func() {
		f, err := os.Open(path)
		if err != nil {
			return
		}
		defer f.Close()
		var part []byte
		buf := make([]byte, 64<<10)
		for last := false; ; {
			select {
			case <-done:
				last = true
			case <-time.After(5 * time.Millisecond):
			}
			for {
				k, _ := f.Read(buf)
				if k == 0 {
					break
				}
				part = append(part, buf[:k]...)
				now := time.Now()
				for {
					i := bytes.IndexByte(part, '\n')
					if i < 0 {
						break
					}
					line := string(part[:i])
					part = part[i+1:]
					l.mu.Lock()
					for _, t := range texts {
						if _, seen := l.first[t]; !seen && strings.Contains(line, t) {
							l.first[t], l.lines[t] = now, line
						}
					}
					l.mu.Unlock()
				}
				part = slices.Clone(part)
			}
			if last {
				return
			}
		}
	}()
	return l
}

func (l *logMarks) at(text string) (time.Time, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t, ok := l.first[text]
	return t, ok
}

func (l *logMarks) line(text string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lines[text]
}

// niceOf is a thread's nice value (tid 0: the process's first thread).
func niceOf(pid, tid int) int {
	path := fmt.Sprintf("/proc/%d/stat", pid)
	if tid != 0 {
		path = fmt.Sprintf("/proc/%d/task/%d/stat", pid, tid)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	n, _ := strconv.Atoi(f[16])
	return n
}
