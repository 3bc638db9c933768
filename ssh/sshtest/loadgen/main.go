// Command loadgen holds many real SSH sessions with PTYs against a unossh
// server on loopback and reports what the server spends on them: sessions
// held, resident memory per session, CPU per session-second, screen updates
// and bytes per session-second, CPU and bytes per update, and how long a
// move takes to reach the screens at its table (p50 and p99, from the
// server's metrics).
//
// It starts the server itself (-server, a built binary; or -pid and
// -metrics for one already running), and, with -floor, first measures a
// bare golang.org/x/crypto/ssh server that draws one screen and idles, the
// same way, in the same run: the least any SSH server can spend.
//
// Of the -n sessions, -play take Quick play, press start (a public table's
// host may start it alone: bots fill the free seats) and play their turns
// (the window title tells them their turn has come; they play the first card
// the table accepts, or draw); the others idle in the lobby.
//
// It only ever dials loopback addresses (127.0.0.0/8), spreads its sources
// over 127.0.0.2 to 127.0.0.254 (then 127.0.1.x and on, past 2,024 sessions)
// to stay within per-address limits, and stops
// by itself after -hold.
//
//	go build -o /tmp/unossh . && go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 2000 -play 600 -floor
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

type options struct {
	addr, metrics   string
	n, play         int
	perAddr         int
	rate            float64
	hold            time.Duration
	settle          time.Duration
	pid             int
	server, dataDir string
	floor           bool
}

func main() {
	var o options
	flag.StringVar(&o.addr, "addr", "127.0.0.1:24002", "the server's address, on loopback")
	flag.StringVar(&o.metrics, "metrics", "127.0.0.1:24003", "the server's metrics address (with -server, where it serves them)")
	flag.IntVar(&o.n, "n", 100, "sessions to hold")
	flag.IntVar(&o.play, "play", 0, "of them, sessions that sit at tables and play")
	flag.IntVar(&o.perAddr, "per-addr", 8, "sessions per source address")
	flag.Float64Var(&o.rate, "rate", 100, "new sessions a second")
	flag.DurationVar(&o.hold, "hold", 30*time.Second, "how long to measure once every session is in")
	flag.DurationVar(&o.settle, "settle", 10*time.Second, "how long to wait after the arrivals before measuring")
	flag.IntVar(&o.pid, "pid", 0, "a running server's process id (without -server)")
	flag.StringVar(&o.server, "server", "", "a built unossh binary to start on -addr (and stop at the end)")
	flag.StringVar(&o.dataDir, "data", "", "the started server's data directory (default: a new temporary one)")
	flag.BoolVar(&o.floor, "floor", false, "first measure a bare x/crypto/ssh server the same way")
	beFloor := flag.Bool("be-floor", false, "internal: serve the bare floor server on -addr")
	flag.Parse()
	if err := onLoopback(o.addr); err != nil {
		fail(err)
	}
	if *beFloor {
		fail(serveFloor(o.addr))
	}
	if o.play > o.n {
		o.play = o.n
	}
	if o.floor {
		floor := o
		floor.play = 0
		fmt.Println("== floor: a bare x/crypto/ssh server that draws one screen")
		self, err := os.Executable()
		if err != nil {
			fail(err)
		}
		cmd := exec.Command(self, "-be-floor", "-addr", o.addr)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			fail(err)
		}
		waitListening(o.addr)
		floor.pid = cmd.Process.Pid
		floor.metrics = ""
		run(floor)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		fmt.Println()
	}
	if o.server != "" {
		dir := o.dataDir
		if dir == "" {
			d, err := os.MkdirTemp("", "loadgen-data-")
			if err != nil {
				fail(err)
			}
			defer os.RemoveAll(d)
			dir = d
		}
		max := strconv.Itoa(o.n + 100)
		cmd := exec.Command(o.server, "-addr", o.addr, "-metrics", o.metrics, "-data", dir,
			"-max-sessions", max, "-max-per-addr", strconv.Itoa(o.perAddr*2),
			"-max-startups", "1000:30:5000")
		cmd.Stdout, cmd.Stderr = nil, nil // its log would be most of the run's output
		if err := cmd.Start(); err != nil {
			fail(err)
		}
		defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
		waitListening(o.addr)
		o.pid = cmd.Process.Pid
	}
	fmt.Printf("== unossh: %d sessions, %d of them playing\n", o.n, o.play)
	run(o)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "loadgen:", err)
	os.Exit(2)
}

// run holds o.n sessions on the server and reports.
func run(o options) {
	var received, held, failed atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	before := readProc(o.pid)
	fmt.Printf("server before: rss %.1f MB\n", float64(before.rss)/1e6)
	start := time.Now()
	every := time.Duration(float64(time.Second) / o.rate)
	for i := range o.n {
		// perAddr sessions a source: 127.0.0.2-254 first, then 127.0.1.2-254
		// and so on, so that no address goes over the server's limits.
		a := i / o.perAddr
		src := fmt.Sprintf("127.0.%d.%d", a/253%256, 2+a%253)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := hold1(o.addr, src, i, i < o.play, &received, &held, stop); err != nil {
				if failed.Add(1) <= 5 {
					fmt.Fprintf(os.Stderr, "session %d: %v\n", i, err)
				}
			}
		}()
		time.Sleep(every) // a steady arrival, not a flood
	}
	for deadline := time.Now().Add(time.Minute); held.Load()+failed.Load() < int64(o.n) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	fmt.Printf("sessions in: %d of %d after %s (%d failed)\n", held.Load(), o.n, time.Since(start).Round(time.Millisecond), failed.Load())
	time.Sleep(o.settle) // tables start, arrivals settle
	if o.play > 0 {
		fmt.Printf("quick play -> a table's screen: %s\n", seats.report())
	}

	m0 := scrape(o.metrics)
	p0, b0, t0 := readProc(o.pid), received.Load(), time.Now()
	time.Sleep(o.hold)
	p1, b1, dt := readProc(o.pid), received.Load(), time.Since(t0).Seconds()
	m1 := scrape(o.metrics)
	h := float64(held.Load())
	fmt.Printf("held: %d sessions for %.1fs\n", held.Load(), dt)
	if o.pid > 0 && h > 0 {
		cpu := (p1.cpu - p0.cpu).Seconds()
		fmt.Printf("server rss: %.1f MB = %.1f KB per session (%.1f KB over the empty server's)\n",
			float64(p1.rss)/1e6, float64(p1.rss)/1e3/h, float64(p1.rss-before.rss)/1e3/h)
		fmt.Printf("server cpu: %.3fs in %.1fs = %.4f ms per session-second\n", cpu, dt, cpu*1e3/dt/h)
		if m0 != nil && m1 != nil {
			ups := m1["unossh_screen_updates_total"] - m0["unossh_screen_updates_total"]
			bytes := m1["unossh_screen_bytes_total"] - m0["unossh_screen_bytes_total"]
			moves := m1["unossh_moves_total"] - m0["unossh_moves_total"]
			fmt.Printf("moves: %.0f (%.1f a second); tables playing: %.0f\n", moves, moves/dt, m1[`unossh_tables{state="playing"}`])
			fmt.Printf("screen updates: %.2f per session-second, %.0f bytes per session-second\n", ups/dt/h, bytes/dt/h)
			if ups > 0 {
				fmt.Printf("per update: %.3f ms of server CPU, %.0f bytes\n", cpu*1e3/ups, bytes/ups)
			}
			p50, p99, n := quantiles(m0, m1)
			fmt.Printf("move -> screens: p50 %s, p99 %s (%.0f screens)\n", p50, p99, n)
			fmt.Printf("goroutines: %.0f (%.1f per session); stacks %.1f KB, heap in use %.1f KB per session\n",
				m1["go_goroutines"], m1["go_goroutines"]/h, m1["go_memstats_stack_inuse_bytes"]/1e3/h,
				m1["go_memstats_heap_inuse_bytes"]/1e3/h)
		}
	}
	fmt.Printf("bytes to clients: %.1f per session-second\n", float64(b1-b0)/dt/h)
	close(stop)
	wg.Wait()
}

// hold1 opens one session, picks a nickname, plays if asked, and holds it
// until stop.
func hold1(addr, src string, i int, play bool, received, held *atomic.Int64, stop <-chan struct{}) error {
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
	var turn atomic.Bool
	seated := make(chan struct{}) // closed when a table's screen is drawn
	go func() {
		buf := make([]byte, 4<<10)
		var t titles
		tail := []byte{}
		for {
			k, err := out.Read(buf)
			received.Add(int64(k))
			if mine, ok := t.scan(buf[:k]); ok {
				turn.Store(mine)
			}
			if tail != nil {
				tail = append(tail, buf[:k]...)
				if seatedMark(tail) {
					close(seated)
					tail = nil
				} else {
					tail = tail[max(len(tail)-16, 0):]
				}
			}
			if err != nil {
				return
			}
		}
	}()
	time.Sleep(300 * time.Millisecond)
	fmt.Fprintf(in, "ld%d\r", i)
	held.Add(1)
	defer held.Add(-1)
	if !play {
		<-stop
		return nil
	}
	time.Sleep(500 * time.Millisecond)
	fmt.Fprint(in, "\r") // Quick play
	joined := time.Now()
	select {
	case <-seated:
		seats.add(time.Since(joined))
	case <-time.After(time.Minute):
		seats.add(-1)
	case <-stop:
		return nil
	}
	time.Sleep(time.Second)
	fmt.Fprint(in, "s") // start with bots, if this session is the host
	player{in: in, turn: &turn}.play(stop)
	return nil
}

// seatedMark says whether b holds what only a table's screens show: a
// waiting room's "N/M taken" or a game's "cards  score".
func seatedMark(b []byte) bool {
	s := string(b)
	return strings.Contains(s, " taken") || strings.Contains(s, "cards  score")
}

// seatTimes are how long Quick play took, from the key to a table's screen.
type seatTimes struct {
	mu     sync.Mutex
	d      []time.Duration
	missed int // no table within a minute
}

var seats seatTimes

func (t *seatTimes) add(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if d < 0 {
		t.missed++
		return
	}
	t.d = append(t.d, d)
}

// report gives p50, p99 and the slowest of the times so far.
func (t *seatTimes) report() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.d) == 0 {
		return fmt.Sprintf("none (%d without a table)", t.missed)
	}
	d := slices.Clone(t.d)
	slices.Sort(d)
	q := func(p float64) time.Duration { return d[min(int(p*float64(len(d))), len(d)-1)].Round(time.Millisecond) }
	return fmt.Sprintf("p50 %s, p99 %s, max %s (%d seated, %d without a table within a minute)",
		q(0.5), q(0.99), d[len(d)-1].Round(time.Millisecond), len(d), t.missed)
}

// titles follows the window titles in a session's output: unossh sets
// "▶ your turn …" when the player's turn comes, and another title after.
type titles struct{ tail []byte }

const titleStart = "\x1b]2;"

// scan reports the latest title's verdict in b, if b sets one.
func (t *titles) scan(b []byte) (mine, ok bool) {
	s := string(append(t.tail, b...))
	for {
		i := strings.Index(s, titleStart)
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '\a')
		if j < 0 {
			t.tail = []byte(s[i:])
			return mine, ok
		}
		mine, ok = strings.Contains(s[i:i+j], "your turn"), true
		s = s[i+j+1:]
	}
	if len(s) > len(titleStart) {
		s = s[len(s)-len(titleStart):]
	}
	t.tail = []byte(s)
	return mine, ok
}

// player plays a seat as a patient beginner would: when its turn comes it
// waits a moment, then plays the card under the cursor (and the colour or
// player offered for a wild), moving right to the next card when the table
// refuses one, and draws (and keeps) when none is accepted.
type player struct {
	in   interface{ Write([]byte) (int, error) }
	turn *atomic.Bool
}

func (p player) play(stop <-chan struct{}) {
	tries := []string{"\r", "\r"}
	for range 10 {
		tries = append(tries, "\x1b[C", "\r", "\r")
	}
	tries = append(tries, "d", "\r", "\r", "k", "n")
	step := 0
	for {
		select {
		case <-stop:
			return
		case <-time.After(250 * time.Millisecond):
		}
		if !p.turn.Load() {
			step = 0
			continue
		}
		if step == 0 {
			time.Sleep(700 * time.Millisecond) // think
		}
		_, _ = p.in.Write([]byte(tries[step%len(tries)]))
		step++
	}
}

// scrape reads the server's metrics: name{labels} -> value.
func scrape(addr string) map[string]float64 {
	if addr == "" {
		return nil
	}
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET /metrics HTTP/1.0\r\nHost: %s\r\n\r\n", addr)
	var sb strings.Builder
	buf := make([]byte, 64<<10)
	for {
		n, err := c.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			break
		}
	}
	out := map[string]float64{}
	for _, line := range strings.Split(sb.String(), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(line[i+1:]), 64); err == nil {
			out[line[:i]] = v
		}
	}
	return out
}

// quantiles reads p50 and p99 of the move-to-screens histogram over the
// window between two scrapes (to the bucket's upper bound).
func quantiles(m0, m1 map[string]float64) (p50, p99 string, n float64) {
	const name = "unossh_move_to_screen_seconds_bucket{le=\""
	type bucket struct {
		le float64
		n  float64
	}
	var bs []bucket
	for k, v := range m1 {
		if rest, ok := strings.CutPrefix(k, name); ok {
			le, err := strconv.ParseFloat(strings.TrimSuffix(rest, "\"}"), 64)
			if strings.HasPrefix(rest, "+Inf") {
				le, err = 1e9, nil
			}
			if err == nil {
				bs = append(bs, bucket{le, v - m0[k]})
			}
		}
	}
	for i := range bs { // sort by bound
		for j := i + 1; j < len(bs); j++ {
			if bs[j].le < bs[i].le {
				bs[i], bs[j] = bs[j], bs[i]
			}
		}
	}
	if len(bs) == 0 || bs[len(bs)-1].n == 0 {
		return "-", "-", 0
	}
	n = bs[len(bs)-1].n
	at := func(q float64) string {
		for _, b := range bs {
			if b.n >= q*n {
				if b.le >= 1e9 {
					return "> 5s"
				}
				return "<= " + time.Duration(b.le*float64(time.Second)).String()
			}
		}
		return "-"
	}
	return at(0.50), at(0.99), n
}

func waitListening(addr string) {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
	}
	fail(fmt.Errorf("nothing listens on %s", addr))
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
