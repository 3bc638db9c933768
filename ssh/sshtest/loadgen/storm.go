package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// This file is the reconnect storm (-storm): -n players, each with a key
// of their own (an identity whose seat the server keeps), sit at Quick
// play tables and idle there with their hands on screen; the server is
// stopped (SIGTERM, an ordered shutdown; or SIGKILL) and started again on
// the same data directory and address; the moment it accepts connections
// again every client reconnects at once, with its key, and waits for its
// hand on screen. A refused or failed attempt is tried again after
// -retry (and up to as much again, at random), as a person would press
// the up arrow and enter.
//
// The floor (-floor) is -n fresh logins at once, with the same keys, to the
// bare x/crypto/ssh server: the time until each has its screen.
//
// The servers are started from one thread that keeps the load generator's
// first priority (spawner): a child takes the nice value of the thread that
// forks it, and the server started again mid-run must not inherit the
// clients' lower one.

// dist is p50, p99 and the largest of ds.
func dist(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	d := slices.Clone(ds)
	slices.Sort(d)
	q := func(p float64) time.Duration { return d[min(int(p*float64(len(d))), len(d)-1)].Round(time.Millisecond) }
	return fmt.Sprintf("p50 %s, p99 %s, max %s", q(0.5), q(0.99), d[len(d)-1].Round(time.Millisecond))
}

// counted is a tally of reasons, most frequent first.
func counted(reasons []string) string {
	n := map[string]int{}
	for _, r := range reasons {
		n[r]++
	}
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return n[b] - n[a] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d %q", n[k], k))
	}
	return strings.Join(parts, ", ")
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// stormMain is the -storm run.
func stormMain(o options) {
	var signals []syscall.Signal
	for _, s := range strings.Split(o.storm, ",") {
		switch strings.TrimSpace(s) {
		case "term":
			signals = append(signals, syscall.SIGTERM)
		case "kill":
			signals = append(signals, syscall.SIGKILL)
		default:
			fail(fmt.Errorf("-storm %q: a list of term and kill", o.storm))
		}
	}
	if o.server == "" {
		fail(errors.New("-storm needs -server, a built unossh binary"))
	}
	base := o.dataDir
	if base == "" {
		d, err := os.MkdirTemp("", "loadgen-storm-")
		if err != nil {
			fail(err)
		}
		base = d
	}
	fmt.Printf("data and the server's logs: %s\n", base)
	sp := newSpawner()
	var floorCmd *exec.Cmd
	if o.floor {
		floorCmd = startFloor(o.floorAddr, sp.start)
		defer func() { _ = floorCmd.Process.Kill(); _ = floorCmd.Wait() }()
	}
	players := make([]*stormPlayer, o.n)
	for i := range players {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			fail(err)
		}
		signer, err := gossh.NewSignerFromKey(priv)
		if err != nil {
			fail(err)
		}
		a := i / o.perAddr
		players[i] = &stormPlayer{i: i, key: signer, nick: fmt.Sprintf("st%d", i),
			src: fmt.Sprintf("127.0.%d.%d", a/253%256, 2+a%253)}
	}
	if o.nice != 0 {
		if err := lowerPriority(o.nice, sp.tid); err != nil {
			fmt.Fprintf(os.Stderr, "loadgen: the clients keep the server's priority: %v\n", err)
			o.nice = 0
		}
	}
	fmt.Printf("clients' priority: nice %d (the servers': %d)\n", o.nice, niceOf(os.Getpid(), sp.tid))
	fmt.Printf("load average at the start: %s\n", loadavg())

	if floorCmd != nil {
		stormFloor(o, players, floorCmd.Process.Pid)
		_ = floorCmd.Process.Kill()
	}

	srv, err := stormServer(sp, o, base, 0)
	if err != nil {
		fail(err)
	}
	defer func() {
		if srv != nil {
			srv.stop(syscall.SIGTERM)
		}
	}()
	if err := srv.serving(time.Minute); err != nil {
		fail(err)
	}
	fmt.Printf("== unossh: %d players, each with a key, sit at Quick play tables (server pid %d, nice %d)\n",
		o.n, srv.cmd.Process.Pid, niceOf(srv.cmd.Process.Pid, 0))
	var seated, failed atomic.Int64
	var wg sync.WaitGroup
	every := time.Duration(float64(time.Second) / o.rate)
	t := time.Now()
	for _, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.sit(o.addr, o.retry, 3*time.Minute); err != nil {
				if failed.Add(1) <= 5 {
					fmt.Fprintf(os.Stderr, "player %d: %v\n", p.i, err)
				}
				return
			}
			seated.Add(1)
		}()
		time.Sleep(every)
	}
	wg.Wait()
	fmt.Printf("seated: %d of %d after %s (%d failed)\n", seated.Load(), o.n, time.Since(t).Round(time.Millisecond), failed.Load())
	if m := scrape(o.metrics); m != nil {
		fmt.Printf("tables playing: %.0f\n", m[`unossh_tables{state="playing"}`])
	}

	for round, sig := range signals {
		time.Sleep(o.settle) // the last moves reach the journal
		srv = stormRound(sp, o, base, round+1, sig, srv, players)
		if srv == nil {
			return
		}
	}
	fmt.Printf("load average at the end: %s\n", loadavg())
	d := srv.stop(syscall.SIGTERM)
	srv = nil
	fmt.Printf("the last server stopped (SIGTERM) in %s\n", d.Round(time.Millisecond))
	for _, p := range players {
		if p.s != nil {
			p.s.client.Close()
		}
	}
}

// stormRound stops the server with sig, starts it again, and has every
// player reconnect at once; it returns the new server.
func stormRound(sp *spawner, o options, base string, round int, sig syscall.Signal, old *server, players []*stormPlayer) *server {
	name := map[syscall.Signal]string{syscall.SIGTERM: "SIGTERM", syscall.SIGKILL: "SIGKILL"}[sig]
	here := 0
	for _, p := range players {
		if p.s != nil {
			here++
		}
	}
	fmt.Printf("\n== storm %d: %s with %d players seated; load average %s\n", round, name, here, loadavg())
	stopped := old.stop(sig)
	if t0, ok := old.log.at("signal received"); ok && sig == syscall.SIGTERM {
		fmt.Printf("stopped in %s (ordered shutdown: %s from the signal's log line to exit)\n",
			stopped.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond))
	} else {
		fmt.Printf("stopped in %s\n", stopped.Round(time.Millisecond))
	}
	told := 0
	give := time.Now().Add(2 * time.Second) // for them all
	for _, p := range players {
		if p.s == nil {
			continue
		}
		select {
		case <-p.s.closed:
			told++
		case <-time.After(max(time.Until(give), 0)):
		}
		p.s.client.Close()
		p.s = nil
	}
	fmt.Printf("sessions the stop ended: %d\n", told)

	srv, err := stormServer(sp, o, base, round)
	if err != nil {
		fail(err)
	}
	// Released the moment the address accepts connections: the server
	// listens before it restores the tables, and the kernel queues what
	// comes meanwhile.
	for !accepts(o.addr) {
		select {
		case <-srv.exited:
			fail(fmt.Errorf("the server stopped: see %s", srv.log.path))
		case <-time.After(2 * time.Millisecond):
		}
	}
	release := time.Now()
	cpu0 := readProc(srv.cmd.Process.Pid)
	results := make([]stormResult, len(players))
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			results[i] = p.back(o.addr, release, o.retry, o.stormWait)
		}()
	}
	close(gate)
	profiled := make(chan struct{})
	if o.profile != "" {
		go func() {
			defer close(profiled)
			profile(o, fmt.Sprintf("%s-%d-%s.pprof", o.profile, round, strings.ToLower(name)))
		}()
	} else {
		close(profiled)
	}
	wg.Wait()
	all := time.Since(release)
	cpu1 := readProc(srv.cmd.Process.Pid)
	defer func() { <-profiled }()

	var ok []stormResult
	var reasons, fails []string
	attempts := 0
	for _, r := range results {
		attempts += r.attempts
		reasons = append(reasons, r.reasons...)
		if r.ok {
			ok = append(ok, r)
		} else {
			fails = append(fails, r.fail)
		}
	}
	step := func(f func(r stormResult) time.Duration) string {
		ds := make([]time.Duration, len(ok))
		for i, r := range ok {
			ds[i] = f(r)
		}
		return dist(ds)
	}
	rel := func(text string) string {
		if t, ok := srv.log.at(text); ok {
			return fmt.Sprintf("%s after the start", t.Sub(srv.started).Round(time.Millisecond))
		}
		return "not seen"
	}
	fmt.Printf("server started again; accepting connections %s after the start\n", release.Sub(srv.started).Round(time.Millisecond))
	fmt.Printf("its log: database open %s; tables restored %s; serving %s\n",
		rel("database open"), rel("live tables restored"), rel("serving UNO over SSH"))
	if line := srv.log.line("live tables restored"); line != "" {
		fmt.Printf("  %s\n", line)
	}
	if a, ok1 := srv.log.at("database open"); ok1 {
		if b, ok2 := srv.log.at("serving UNO over SSH"); ok2 {
			fmt.Printf("restore (database open -> serving): %s\n", b.Sub(a).Round(time.Millisecond))
		}
	}
	fmt.Printf("back in their seats: %d of %d; all back %s after the release (%s after the restart)\n",
		len(ok), len(players), all.Round(time.Millisecond), (all + release.Sub(srv.started)).Round(time.Millisecond))
	fmt.Printf("release -> hand on screen: %s\n", step(func(r stormResult) time.Duration { return r.seat }))
	if t, ok1 := srv.log.at("serving UNO over SSH"); ok1 {
		s := t.Sub(release)
		fmt.Printf("serving -> hand on screen: %s\n", step(func(r stormResult) time.Duration { return r.seat - s }))
	}
	fmt.Printf("attempts: %d for %d players; failed attempts: %d: %s\n", attempts, len(players), len(reasons), counted(reasons))
	if len(fails) > 0 {
		fmt.Printf("not back: %d: %s\n", len(fails), counted(fails))
	}
	fmt.Printf("where the time goes (the attempt that got through):\n")
	fmt.Printf("  waiting and earlier attempts: %s\n", step(func(r stormResult) time.Duration { return r.start }))
	fmt.Printf("  TCP connect (with the listen queue): %s\n", step(func(r stormResult) time.Duration { return r.tcp - r.start }))
	fmt.Printf("  SSH handshake and key: %s\n", step(func(r stormResult) time.Duration { return r.ssh - r.tcp }))
	fmt.Printf("  session, PTY and shell: %s\n", step(func(r stormResult) time.Duration { return r.shell - r.ssh }))
	fmt.Printf("  shell -> hand on screen: %s\n", step(func(r stormResult) time.Duration { return r.seat - r.shell }))
	fmt.Printf("server cpu from the release until all were back: %.2fs in %.1fs\n",
		(cpu1.cpu - cpu0.cpu).Seconds(), all.Seconds())
	if m := scrape(o.metrics); m != nil {
		var parts []string
		for k, v := range m {
			if c, ok := strings.CutPrefix(k, "unossh_refusals_total{cause=\""); ok && v > 0 {
				parts = append(parts, fmt.Sprintf("%s %.0f", strings.TrimSuffix(c, "\"}"), v))
			}
		}
		slices.Sort(parts)
		fmt.Printf("the door's refusals: %s; sessions now %.0f; tables playing %.0f\n",
			strings.Join(parts, ", "), m["unossh_sessions"], m[`unossh_tables{state="playing"}`])
	}
	return srv
}

// stormFloor logs every player in at once to the bare floor server.
func stormFloor(o options, players []*stormPlayer, pid int) {
	fmt.Printf("== floor: %d fresh logins at once to a bare x/crypto/ssh server that draws one screen\n", len(players))
	results := make([]stormResult, len(players))
	var wg sync.WaitGroup
	gate := make(chan struct{})
	var release time.Time
	cpu0 := readProc(pid)
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			r := &results[i]
			deadline := release.Add(o.stormWait)
			for time.Now().Before(deadline) {
				r.attempts++
				var st steps
				s, screen, err := openSession(o.floorAddr, p.src, p.key, []string{"\x1b[24H"}, &st)
				if err == nil {
					select {
					case <-screen:
					case <-s.closed:
						err = errors.New("the session ended before its screen")
					}
				}
				if err != nil {
					if s != nil {
						s.client.Close()
					}
					r.reasons = append(r.reasons, why(err))
					time.Sleep(o.retry + time.Duration(mrand.Int64N(int64(o.retry)+1)))
					continue
				}
				r.ok = true
				r.start, r.tcp, r.ssh, r.shell, r.seat = st.start.Sub(release), st.tcp.Sub(release), st.ssh.Sub(release),
					st.shell.Sub(release), time.Since(release)
				s.client.Close()
				return
			}
		}()
	}
	release = time.Now()
	close(gate)
	wg.Wait()
	all := time.Since(release)
	cpu1 := readProc(pid)
	var seats, hs []time.Duration
	var reasons []string
	for _, r := range results {
		reasons = append(reasons, r.reasons...)
		if r.ok {
			seats = append(seats, r.seat)
			hs = append(hs, r.ssh-r.tcp)
		}
	}
	fmt.Printf("screens: %d of %d; all %s after the release\n", len(seats), len(players), all.Round(time.Millisecond))
	fmt.Printf("release -> screen: %s\n", dist(seats))
	fmt.Printf("SSH handshake and key: %s\n", dist(hs))
	fmt.Printf("failed attempts: %d: %s\n", len(reasons), counted(reasons))
	fmt.Printf("floor server cpu: %.2fs in %.1fs\n\n", (cpu1.cpu - cpu0.cpu).Seconds(), all.Seconds())
}

// accepts reports whether addr takes a TCP connection now.
func accepts(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// profile takes the server's CPU profile as soon as its metrics address
// answers (once the tables are restored), for o.profileFor.
func profile(o options, path string) {
	for deadline := time.Now().Add(time.Minute); !accepts(o.metrics); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			fmt.Fprintln(os.Stderr, "loadgen: no profile: the metrics address does not answer")
			return
		}
	}
	c := http.Client{Timeout: o.profileFor + 30*time.Second}
	resp, err := c.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", o.metrics, int(o.profileFor.Seconds())))
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen: no profile:", err)
		return
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen: no profile:", err)
		return
	}
	fmt.Printf("(the server's CPU profile from the serving on, %s: %s)\n", o.profileFor, path)
}
