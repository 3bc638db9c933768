// Command loadgen holds many real SSH sessions with PTYs against a running
// unossh server on loopback and reports what the server spends on them:
// sessions held, resident memory per session, CPU per session-second, and
// the bytes each session receives per second.
//
// It only ever dials loopback addresses (127.0.0.0/8), spreads its sources
// over 127.0.0.2 to 127.0.0.254 to stay within per-address limits, and stops
// by itself after -hold.
//
//	go run . -addr 127.0.0.1:23234 &
//	go run ./ssh/sshtest/loadgen -addr 127.0.0.1:23234 -n 500 -pid $(pgrep -n unossh)
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:23234", "the server, on loopback")
	n := flag.Int("n", 100, "sessions to hold")
	perAddr := flag.Int("per-addr", 4, "sessions per source address")
	hold := flag.Duration("hold", 20*time.Second, "how long to measure once every session is in")
	pid := flag.Int("pid", 0, "the server's process id, to read its CPU and memory from /proc")
	flag.Parse()
	if err := onLoopback(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(2)
	}

	var received atomic.Int64
	var held atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	before := readProc(*pid)
	fmt.Printf("server before: rss %.1f MB\n", float64(before.rss)/1e6)
	start := time.Now()
	for i := range *n {
		src := fmt.Sprintf("127.0.0.%d", 2+(i / *perAddr)%253)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := hold1(*addr, src, i, &received, &held, stop); err != nil {
				fmt.Fprintf(os.Stderr, "session %d: %v\n", i, err)
			}
		}()
		if i%20 == 19 {
			time.Sleep(50 * time.Millisecond) // a steady arrival, not a flood
		}
	}
	// Wait for every session to be in (or for a minute).
	for deadline := time.Now().Add(time.Minute); held.Load() < int64(*n) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // let the arrivals settle
	fmt.Printf("sessions in: %d of %d after %s\n", held.Load(), *n, time.Since(start).Round(time.Millisecond))

	p0, b0, t0 := readProc(*pid), received.Load(), time.Now()
	time.Sleep(*hold)
	p1, b1, dt := readProc(*pid), received.Load(), time.Since(t0).Seconds()
	h := float64(held.Load())
	fmt.Printf("held: %d sessions for %.1fs\n", held.Load(), dt)
	if *pid > 0 && h > 0 {
		cpu := (p1.cpu - p0.cpu).Seconds()
		fmt.Printf("server rss: %.1f MB (%.1f KB per session over the start)\n", float64(p1.rss)/1e6,
			float64(p1.rss-before.rss)/1e3/h)
		fmt.Printf("server cpu: %.3fs in %.1fs = %.4f ms per session-second\n", cpu, dt, cpu*1e3/dt/h)
	}
	fmt.Printf("bytes to clients: %.1f per session-second\n", float64(b1-b0)/dt/h)
	close(stop)
	wg.Wait()
}

// hold1 opens one session, picks a nickname and holds it until stop.
func hold1(addr, src string, i int, received, held *atomic.Int64, stop <-chan struct{}) error {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 30 * time.Second}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return err
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
	c, chans, reqs, err := gossh.NewClientConn(nc, addr, cfg)
	if err != nil {
		nc.Close()
		return err
	}
	client := gossh.NewClient(c, chans, reqs)
	defer client.Close()
	s, err := client.NewSession()
	if err != nil {
		return err
	}
	if err := s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		return err
	}
	in, err := s.StdinPipe()
	if err != nil {
		return err
	}
	out, err := s.StdoutPipe()
	if err != nil {
		return err
	}
	if err := s.Shell(); err != nil {
		return err
	}
	go func() {
		buf := make([]byte, 32<<10)
		for {
			k, err := out.Read(buf)
			received.Add(int64(k))
			if err != nil {
				return
			}
		}
	}()
	time.Sleep(300 * time.Millisecond)
	fmt.Fprintf(in, "ld%d\r", i)
	held.Add(1)
	defer held.Add(-1)
	<-stop
	return nil
}

func onLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		return fmt.Errorf("cannot resolve %s", host)
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("%s is not a loopback address; loadgen only dials loopback", addr)
		}
	}
	return nil
}

type procStat struct {
	cpu time.Duration
	rss int64
}

// readProc reads a process's CPU time and resident memory from /proc.
func readProc(pid int) procStat {
	if pid <= 0 {
		return procStat{}
	}
	var st procStat
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		stt, _ := strconv.ParseInt(f[12], 10, 64)
		st.cpu = time.Duration(ut+stt) * (time.Second / 100)
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
				st.rss = kb * 1024
			}
		}
	}
	return st
}
