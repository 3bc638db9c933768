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
// With -bot-tables K, K more sessions each open a private table of three
// hard bots paced fast (the create form's "bot level: hard, fast"), start it
// and play their own seat as the players do: the cheapest way to have the
// server hold K tables of hard bots thinking, since a table nobody sits at
// closes (a guest who leaves frees their seat). The report then gives the
// hard bots' searches and the moves they made without one (-bot-cpu).
//
// With -storm term,kill, a reconnect storm instead (storm.go): -n players,
// each with a key of their own, sit at Quick play tables; the server is
// stopped (SIGTERM, then SIGKILL) and started again on the same data, and
// every player reconnects at once; it reports the time until each is back
// in their seat, the failed attempts and why, and where the time went
// (with -floor, first -n fresh logins at once to the bare server).
//
// With -cluster N (cluster.go), the same load on one node, then on N nodes
// of one service (one PostgreSQL, -database; one NATS, served by a process
// of the load generator), the sessions dialling the nodes in turn: the
// report sums the nodes' CPU and metrics, adds the move's way to the
// screens of another node's table and the NATS traffic per move, and with
// -kill, SIGKILLs the second node once measured and times its tables until
// another node serves them and a move is applied there. With -lone as well,
// the N nodes are lone nodes sharing nothing (no -database): the floor that
// N processes on the machine set under the service's figures.
//
// With -bots N (bots.go, apibot.go), the bot API beside the TUI in one
// run: first the -n sessions play as -play ones do, then N API bots on a
// fresh server (`ssh HOST bot`, no PTY, a key each: they register, seek
// ladder games, where they play each other two to a table, or a built-in
// level with -bot-opponents, and make the first legal move after -think,
// the players' think time too, or -bot-think in a game of two API bots).
// Each phase reports CPU and bytes per move
// (output, and the SSH stream on the wire), RSS and goroutines per
// session; the bots' phase also the time from a bot's move to the next
// turn at its table and to the server's next line, on the clients' clock;
// the report ends with both side by side.
//
// Its clients stand for players' own machines, which on a real server take
// none of its cores; here they share the machine with it, so by default
// they run at a lower priority (-client-nice 10: Linux then gives the
// server's threads the cores first, and the clients what is left). The
// servers are started before, at the load generator's own priority. With
// -client-nice 0 the clients and the server share the cores equally.
//
// It only ever dials loopback addresses (127.0.0.0/8), spreads its sources
// over 127.0.0.2 to 127.0.0.254 (then 127.0.1.x and on, past 2,024 sessions)
// to stay within per-address limits, and stops
// by itself after -hold.
//
//	go build -o /tmp/unossh . && go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 2000 -play 600 -floor
//	go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 2000 -play 2000 -bot-tables 300
//	go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 10000 -storm term,kill -floor -profile /tmp/storm
//	go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 1000 -bots 1000 -settle 45s -hold 30s
//	go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 1000 -bots 1000 -bot-think 5.5s -settle 100s
//	go run ./ssh/sshtest/loadgen -server /tmp/unossh -n 2000 -play 2000 -cluster 3 -kill \
//		-database "$(.ci/postgres start /tmp/pg)" -pg-dir /tmp/pg
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type options struct {
	addr, metrics   string
	floorAddr       string
	nice            int
	n, play         int
	botTables       int // sessions, beyond n, that each open a table of hard fast bots
	bots            int // API bots (apibot.go): with them, botsMain's paired run
	botOpponents    string
	perAddr         int
	rate            float64
	hold            time.Duration
	settle          time.Duration
	pid             int
	server, dataDir string
	floor           bool
	bare            bool // the server is the floor: it draws one screen and reads nothing

	// The reconnect storm (storm.go).
	storm         string // the stops, in order: term, kill
	stormStartups string // the server's -max-startups ("": its own default)
	retry         time.Duration
	stormWait     time.Duration
	grace         time.Duration
	profile       string
	profileFor    time.Duration

	// Several nodes (cluster.go): the sessions dial addrs in turn, and the
	// report sums the processes pids and the metrics of metricsAddrs (with
	// none, addr, pid and metrics alone).
	cluster      int
	lone         bool
	nodeProcs    int
	database     string
	pgDir        string
	natsAddr     string
	kill         bool
	killWatch    time.Duration
	addrs        []string
	pids         []int
	metricsAddrs []string
	others       []int  // more processes whose CPU is shown apart (NATS, PostgreSQL)
	natsMon      string // the NATS server's monitoring address, for its traffic
	during       func() // run calls it once measured, with every session still held
	label        string // the run's name in its profiles' files
}

func main() {
	var o options
	flag.StringVar(&o.addr, "addr", "127.0.0.1:24002", "the server's address, on loopback")
	flag.StringVar(&o.metrics, "metrics", "127.0.0.1:24003", "the server's metrics address (with -server, where it serves them)")
	flag.IntVar(&o.n, "n", 100, "sessions to hold")
	flag.IntVar(&o.play, "play", 0, "of them, sessions that sit at tables and play")
	flag.IntVar(&o.botTables, "bot-tables", 0, "more sessions, each opening a private table of three hard bots, fast,\n"+
		"and playing its own seat")
	flag.IntVar(&o.bots, "bots", 0, "API bots (ssh HOST bot, each with a key of its own): first the -n TUI sessions\n"+
		"play on a server of their own, then this many API bots on a fresh one, at the same pace")
	flag.StringVar(&o.botOpponents, "bot-opponents", "ladder", "with -bots, whom the API bots seek: ladder (each other, two to a\n"+
		"table), or a built-in level (beginner, easy, normal, hard: two seats, one hand)")
	flag.DurationVar(&think, "think", 700*time.Millisecond, "how long a player, or an API bot, thinks before a move")
	flag.DurationVar(&botThink, "bot-think", 0, "with -bots, how long an API bot thinks before a move in a game of two API bots\n"+
		"(default: -think, as in its games against built-in bots, the ladder's validation game among them)")
	flag.IntVar(&o.perAddr, "per-addr", 8, "sessions per source address")
	flag.Float64Var(&o.rate, "rate", 100, "new sessions a second")
	flag.DurationVar(&o.hold, "hold", 30*time.Second, "how long to measure once every session is in")
	flag.DurationVar(&o.settle, "settle", 10*time.Second, "how long to wait after the arrivals before measuring")
	flag.IntVar(&o.pid, "pid", 0, "a running server's process id (without -server)")
	flag.StringVar(&o.server, "server", "", "a built unossh binary to start on -addr (and stop at the end)")
	flag.StringVar(&o.dataDir, "data", "", "the started server's data directory (default: a new temporary one)")
	flag.BoolVar(&o.floor, "floor", false, "first measure a bare x/crypto/ssh server the same way")
	flag.StringVar(&o.floorAddr, "floor-addr", "127.0.0.1:24004", "where the floor's server listens, on loopback")
	flag.IntVar(&o.nice, "client-nice", 10, "the clients' nice value: they stand for players' own machines, so they\n"+
		"yield the cores to the server (0: they share them with it equally)")
	flag.StringVar(&o.storm, "storm", "", "a reconnect storm instead: -n players with keys sit at Quick play tables; the server\n"+
		"is stopped (term: SIGTERM; kill: SIGKILL; a list, in turn) and started again, and every\n"+
		"player reconnects at once; with -floor, first -n fresh logins at once to the floor")
	flag.StringVar(&o.stormStartups, "storm-startups", "", "with -storm, the server's -max-startups (default: the server's own)")
	flag.DurationVar(&o.retry, "retry", time.Second, "with -storm, the pause before a refused client tries again (and up to as much again)")
	flag.DurationVar(&o.stormWait, "storm-wait", 3*time.Minute, "with -storm, how long a client keeps trying to get back")
	flag.DurationVar(&o.grace, "grace", 0, "with -storm, the server's -grace (default: the server's own)")
	flag.StringVar(&o.profile, "profile", "", "with -storm, write the server's CPU profile during each storm to PREFIX-round-signal.pprof;\n"+
		"with -cluster, each node's during the hold to PREFIX-one-1.pprof, PREFIX-nodes-K.pprof")
	flag.DurationVar(&o.profileFor, "profile-for", 30*time.Second, "with -profile, how long each profile lasts")
	beFloor := flag.Bool("be-floor", false, "internal: serve the bare floor server on -addr")
	clusterFlags(&o)
	beNATS := flag.String("be-nats", "", "internal: serve a NATS server with JetStream on -nats-addr, its monitoring on this address")
	flag.Parse()
	if *beNATS != "" {
		fail(serveNATS(o.natsAddr, *beNATS))
	}
	if err := onLoopback(o.addr); err != nil {
		fail(err)
	}
	if *beFloor {
		fail(serveFloor(o.addr))
	}
	if o.storm != "" {
		stormMain(o)
		return
	}
	if o.cluster > 0 {
		clusterMain(o)
		return
	}
	if o.bots > 0 {
		botsMain(o)
		return
	}
	if o.play > o.n {
		o.play = o.n
	}
	// The servers start before the clients' priority is lowered: a child
	// takes its parent's.
	var floorCmd *exec.Cmd
	if o.floor {
		floorCmd = startFloor(o.floorAddr, (*exec.Cmd).Start)
		defer func() { _ = floorCmd.Process.Kill(); _ = floorCmd.Wait() }()
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
		max := strconv.Itoa(o.n + o.botTables + 100)
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
	if o.nice != 0 {
		if err := lowerPriority(o.nice, 0); err != nil {
			fmt.Fprintf(os.Stderr, "loadgen: the clients keep the server's priority: %v\n", err)
			o.nice = 0
		}
	}
	fmt.Printf("clients' priority: nice %d (the server's: 0)\n", o.nice)
	if floorCmd != nil {
		floor := o
		floor.addr = o.floorAddr
		floor.play, floor.botTables = 0, 0
		floor.bare = true
		floor.pid = floorCmd.Process.Pid
		floor.metrics = ""
		fmt.Println("== floor: a bare x/crypto/ssh server that draws one screen")
		run(floor)
		_ = floorCmd.Process.Kill()
		fmt.Println()
	}
	fmt.Printf("== unossh: %d sessions, %d of them playing; %d tables of hard bots\n", o.n, o.play, o.botTables)
	run(o)
}

// think is how long a player or an API bot takes before a move (-think).
var think = 700 * time.Millisecond

// botThink is an API bot's think time, when not think (-bot-think).
var botThink time.Duration

func fail(err error) {
	fmt.Fprintln(os.Stderr, "loadgen:", err)
	os.Exit(2)
}

// result is what a run measured over its hold, for botsMain's comparison.
type result struct {
	held              float64
	seconds           float64
	cpu               float64 // the server's, in seconds
	moves, updates    float64
	seen              float64 // moves the API bots' sessions saw applied, summed over sessions
	screens           float64 // the TUI's: screens that showed a move (a move seen by a session)
	nextTurnP99       time.Duration
	received, wire    float64 // bytes the clients read: the sessions' output, and the TCP stream
	rssPerSession     float64 // KB, over the empty server's
	goroutinesPerSess float64
	load              string
}

// run holds o.n sessions (and o.botTables, o.bots more) on the server and
// reports.
func run(o options) result {
	var res result
	var received, held, failed atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	pids, metrics := o.processes()
	before := readProcs(pids)
	fmt.Printf("server before: rss %.1f MB\n", float64(before.rss)/1e6)
	start := time.Now()
	every := time.Duration(float64(time.Second) / o.rate)
	total := o.n + o.botTables + o.bots
	for i := range total {
		// perAddr sessions a source: 127.0.0.2-254 first, then 127.0.1.2-254
		// and so on, so that no address goes over the server's limits.
		a := i / o.perAddr
		src := fmt.Sprintf("127.0.%d.%d", a/253%256, 2+a%253)
		addr := o.addr
		if len(o.addrs) > 0 {
			addr = o.addrs[i%len(o.addrs)] // round-robin over the nodes
		}
		r := idler
		switch {
		case i >= o.n+o.botTables:
			r = apiBotRole
		case i >= o.n:
			r = botHost
		case i < o.play:
			r = quickPlayer
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			hold := func() error { return hold1(addr, src, i, r, o.bare, &received, &held, stop) }
			if r == apiBotRole {
				hold = func() error { return holdBot(addr, src, i, o.botSeek(), &received, &held, stop) }
			}
			if err := hold(); err != nil {
				if failed.Add(1) <= 5 {
					fmt.Fprintf(os.Stderr, "session %d: %v\n", i, err)
				}
			}
		}()
		time.Sleep(every) // a steady arrival, not a flood
	}
	for deadline := time.Now().Add(time.Minute); held.Load()+failed.Load() < int64(total) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	fmt.Printf("sessions in: %d of %d after %s (%d failed)\n", held.Load(), total, time.Since(start).Round(time.Millisecond), failed.Load())
	time.Sleep(o.settle) // tables start, arrivals settle
	if o.play > 0 {
		fmt.Printf("quick play -> a table's screen: %s\n", seats.report())
	}
	if o.botTables > 0 {
		fmt.Printf("tables of hard bots opened and started: %d of %d\n", botTablesStarted.Load(), o.botTables)
	}

	fmt.Printf("load average before the hold: %s\n", loadavg())
	m0, v0, x0 := scrapeAll(metrics), natsTraffic(o.natsMon), readTrees(o.others)
	p0, b0, t0, self0 := readProcs(pids), received.Load(), time.Now(), readProc(os.Getpid())
	w0, bm0, bs0 := wire.Load(), apiBots.moves.Load(), apiBots.seen.Load()
	apiBots.nextTurn.reset()
	apiBots.answer.reset()
	if o.cluster > 0 && o.profile != "" { // each node's CPU profile over the hold
		for k, m := range metrics {
			po := o
			po.metrics, po.profileFor = m, o.hold
			go profile(po, fmt.Sprintf("%s-%s-%d.pprof", o.profile, o.label, k+1))
		}
	}
	time.Sleep(o.hold)
	p1, b1, dt, self1 := readProcs(pids), received.Load(), time.Since(t0).Seconds(), readProc(os.Getpid())
	w1, bm1, bs1 := wire.Load(), apiBots.moves.Load(), apiBots.seen.Load()
	m1, v1, x1 := scrapeAll(metrics), natsTraffic(o.natsMon), readTrees(o.others)
	res.load = loadavg()
	fmt.Printf("load average after the hold: %s\n", res.load)
	h := float64(held.Load())
	res.held, res.seconds, res.received, res.wire, res.seen = h, dt, float64(b1-b0), float64(w1-w0), float64(bs1-bs0)
	fmt.Printf("held: %d sessions for %.1fs\n", held.Load(), dt)
	if len(pids) > 0 && h > 0 {
		cpu := (p1.cpu - p0.cpu).Seconds()
		res.cpu, res.rssPerSession = cpu, float64(p1.rss-before.rss)/1e3/h
		fmt.Printf("server rss: %.1f MB = %.1f KB per session (%.1f KB over the empty server's)\n",
			float64(p1.rss)/1e6, float64(p1.rss)/1e3/h, float64(p1.rss-before.rss)/1e3/h)
		fmt.Printf("server cpu: %.3fs in %.1fs = %.4f ms per session-second\n", cpu, dt, cpu*1e3/dt/h)
		if m0 != nil && m1 != nil {
			ups := m1["unossh_screen_updates_total"] - m0["unossh_screen_updates_total"]
			bytes := m1["unossh_screen_bytes_total"] - m0["unossh_screen_bytes_total"]
			moves := m1["unossh_moves_total"] - m0["unossh_moves_total"]
			res.moves, res.updates, res.goroutinesPerSess = moves, ups, m1["go_goroutines"]/h
			fmt.Printf("moves: %.0f (%.1f a second); tables playing: %.0f\n", moves, moves/dt, m1[`unossh_tables{state="playing"}`])
			if moves > 0 {
				fmt.Printf("per move: %.3f ms of server CPU; %.0f bytes of output to the clients, %.0f bytes on the wire (SSH)\n",
					cpu*1e3/moves, float64(b1-b0)/moves, float64(w1-w0)/moves)
			}
			if seen := float64(bs1 - bs0); o.bots > 0 && seen > 0 {
				fmt.Printf("API bots: %d moves sent (%.1f a second), %.0f moves seen by the sessions (%.2f a move); per move seen: %.3f ms of server CPU, %.0f bytes of output, %.0f on the wire\n",
					bm1-bm0, float64(bm1-bm0)/dt, seen, seen/moves, cpu*1e3/seen, float64(b1-b0)/seen, float64(w1-w0)/seen)
				res.nextTurnP99 = apiBots.nextTurn.p99()
				fmt.Printf("API bots: a move -> the next turn at its table (two API bots): %s\n", apiBots.nextTurn.summary())
				fmt.Printf("API bots: a move -> the server's next line to the mover: %s\n", apiBots.answer.summary())
				fmt.Printf("API bots: %d games over, %d error lines (%s)\n", apiBots.games.Load(), apiBots.errors.Load(), apiBots.errorsSeen())
			}
			if searched, degraded := m1["unossh_bot_searches_total"]-m0["unossh_bot_searches_total"],
				m1["unossh_bot_degraded_total"]-m0["unossh_bot_degraded_total"]; searched+degraded > 0 {
				fmt.Printf("hard bots: %.0f searches (%.1f a second), %.0f moves without one, every thinking slot taken (%.1f%%); %.0f slots\n",
					searched, searched/dt, degraded, 100*degraded/(searched+degraded), m1["unossh_bot_thinkers"])
			}
			fmt.Printf("screen updates: %.2f per session-second, %.0f bytes per session-second\n", ups/dt/h, bytes/dt/h)
			if ups > 0 {
				fmt.Printf("per update: %.3f ms of server CPU, %.0f bytes; %.2f frames drawn per update\n", cpu*1e3/ups, bytes/ups,
					(m1["unossh_screen_frames_total"]-m0["unossh_screen_frames_total"])/ups)
				if len(o.others) > 0 {
					other := (x1.cpu - x0.cpu).Seconds()
					fmt.Printf("per update with NATS and PostgreSQL: %.3f ms (their cpu: %.3fs)\n", (cpu+other)*1e3/ups, other)
				}
				// What the server allocated and how often it collected:
				// steadier than its CPU from run to run, for comparing builds.
				const alloc, gcs = "go_memstats_alloc_bytes_total", "go_gc_duration_seconds_count"
				if _, ok := m1[alloc]; ok {
					fmt.Printf("per update: %.0f bytes allocated; %.1f collections a second; heap %.1f MB at the end\n",
						(m1[alloc]-m0[alloc])/ups, (m1[gcs]-m0[gcs])/dt, m1["go_memstats_heap_alloc_bytes"]/1e6)
				}
			}
			if p50, p99, n, in20, in50 := quantiles(m0, m1, "unossh_move_to_screen_seconds"); n > 0 {
				res.screens = n
				mean := (m1["unossh_move_to_screen_seconds_sum"] - m0["unossh_move_to_screen_seconds_sum"]) / n
				fmt.Printf("move -> screens: p50 %s, p99 %s (%.0f screens, mean %.1f ms, %.2f%% within 20ms, %.2f%% within 50ms)\n",
					p50, p99, n, mean*1e3, 100*in20, 100*in50)
			}
			// The first part of a move's way (to the screens, or to the
			// bots' lines): the table's wait for the journal.
			if p50, p99, n, in20, in50 := quantiles(m0, m1, "unossh_journal_wait_seconds"); n > 0 {
				mean := (m1["unossh_journal_wait_seconds_sum"] - m0["unossh_journal_wait_seconds_sum"]) / n
				fmt.Printf("of which the journal's commit: p50 %s, p99 %s (%.0f actions, mean %.1f ms, %.2f%% within 20ms, %.2f%% within 50ms)\n",
					p50, p99, n, mean*1e3, 100*in20, 100*in50)
			}
			if p50, p99, n, in20, in50 := quantiles(m0, m1, "unossh_remote_move_to_screens_seconds"); n > 0 {
				mean := (m1["unossh_remote_move_to_screens_seconds_sum"] - m0["unossh_remote_move_to_screens_seconds_sum"]) / n
				fmt.Printf("move -> screens of another node's table, posted to the session: p50 %s, p99 %s (%.0f screens, mean %.1f ms, %.2f%% within 20ms, %.2f%% within 50ms)\n",
					p50, p99, n, mean*1e3, 100*in20, 100*in50)
			}
			if v0 != nil && v1 != nil && moves > 0 {
				msgs := v1.InMsgs + v1.OutMsgs - v0.InMsgs - v0.OutMsgs
				by := v1.InBytes + v1.OutBytes - v0.InBytes - v0.OutBytes
				fmt.Printf("NATS: in %d msgs %d bytes, out %d msgs %d bytes; per move: %.2f msgs (in+out), %.0f bytes (in+out); in alone %.2f msgs %.0f bytes\n",
					v1.InMsgs-v0.InMsgs, v1.InBytes-v0.InBytes, v1.OutMsgs-v0.OutMsgs, v1.OutBytes-v0.OutBytes,
					float64(msgs)/moves, float64(by)/moves, float64(v1.InMsgs-v0.InMsgs)/moves, float64(v1.InBytes-v0.InBytes)/moves)
			}
			fmt.Printf("goroutines: %.0f (%.1f per session); stacks %.1f KB, heap in use %.1f KB per session\n",
				m1["go_goroutines"], m1["go_goroutines"]/h, m1["go_memstats_stack_inuse_bytes"]/1e3/h,
				m1["go_memstats_heap_inuse_bytes"]/1e3/h)
		}
	}
	fmt.Printf("bytes to clients: %.1f per session-second\n", float64(b1-b0)/dt/h)
	// The clients share the machine with the server: what they take is
	// what the server could not have.
	fmt.Printf("the clients' own cpu: %.3fs in %.1fs\n", (self1.cpu - self0.cpu).Seconds(), dt)
	if o.during != nil {
		o.during()
	}
	close(stop)
	wg.Wait()
	return res
}

// role is what a session does once it has its nickname.
type role int

const (
	idler       role = iota // stays in the lobby
	quickPlayer             // takes Quick play and plays
	botHost                 // opens a table of hard fast bots and plays its own seat
	apiBotRole              // an API bot (apibot.go)
)

// hold1 opens one session, picks a nickname, does what its role asks, and
// holds it until stop.
func hold1(addr, src string, i int, r role, bare bool, received, held *atomic.Int64, stop <-chan struct{}) error {
	client, in, out, err := dialShell(addr, src, "")
	if err != nil {
		return err
	}
	defer client.Close()
	w := newWatch()
	nick := w.expect("Choose a nickname")
	go w.read(out, received)
	// Each key waits for the page it is meant for, however slow the
	// server is: a key typed early would go to the page before.
	if bare { // the floor has no pages: the session is in once it has a shell
		held.Add(1)
		defer held.Add(-1)
		<-stop
		return nil
	}
	if !await(nick, stop) {
		return nil
	}
	lobby := w.expect("Quick play")
	fmt.Fprintf(in, "ld%d\r", i)
	held.Add(1)
	defer held.Add(-1)
	if r == idler {
		<-stop
		return nil
	}
	if !await(lobby, stop) {
		return nil
	}
	if r == botHost {
		if openBotTable(in, w, stop) {
			player{in: in, w: w}.play(stop)
		}
		return nil
	}
	seated := w.expect(" taken", "cards  score")
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
	player{in: in, w: w}.play(stop)
	// The connection dropped before the end: while a node is killed
	// (-kill), its players come back as real ones would (rejoin.go).
	if rd := redial.Load(); rd != nil && !stopped(stop) {
		rd.comeBack(addr, i, w.rejoinCode(), received, stop)
	}
	return nil
}

// botTablesStarted counts the tables of hard bots opened and started.
var botTablesStarted atomic.Int64

// Keys as a terminal sends them.
const (
	keyDown  = "\x1b[B"
	keyRight = "\x1b[C"
)

// openBotTable opens a private table of three hard bots paced fast from the
// lobby, through the create form as a person would, and starts it: false
// when the run ends first, or no waiting room came within a minute.
func openBotTable(in interface{ Write([]byte) (int, error) }, w *watch, stop <-chan struct{}) bool {
	form := w.expect("visibility")
	fmt.Fprint(in, "2") // Create a table
	if !await(form, stop) {
		return false
	}
	// The form opens on its name: down to "bots" (visibility, edition, mode,
	// seats, target score), three of them; down to "bot level", which the
	// bots show, from normal to normal fast, hard, hard fast; create.
	room := w.expect(" taken")
	fmt.Fprint(in, strings.Repeat(keyDown, 6)+strings.Repeat(keyRight, 3)+keyDown+strings.Repeat(keyRight, 3)+"\r")
	select {
	case <-room:
	case <-time.After(time.Minute):
		return false
	case <-stop:
		return false
	}
	fmt.Fprint(in, "s") // start: the table is full
	botTablesStarted.Add(1)
	return true
}

// await waits for c, or for the end of the run; false at the end.
func await(c <-chan struct{}, stop <-chan struct{}) bool {
	select {
	case <-c:
		return true
	case <-stop:
		return false
	}
}

// watch follows a session's output: the window titles (unossh sets
// "▶ your turn …" when the player's turn comes, and another title after)
// and, one at a time, texts a step waits for.
type watch struct {
	mu    sync.Mutex
	tail  []byte // the end of the output, for a text or title cut in two
	texts []string
	found chan struct{}
	match string // the text that closed found
	title []byte // a title not yet ended
	turn  atomic.Bool
	turns chan struct{} // signalled when the turn comes
	gone  chan struct{} // closed when the connection ends
	// code is the guest's rejoin code, once seen on screen (rejoin.go).
	code     string
	codeTail []byte
}

func newWatch() *watch {
	return &watch{turns: make(chan struct{}, 1), gone: make(chan struct{})}
}

// read scans out until the connection ends, then closes gone.
func (w *watch) read(out io.Reader, received *atomic.Int64) {
	defer close(w.gone)
	buf := make([]byte, 4<<10)
	for {
		k, err := out.Read(buf)
		received.Add(int64(k))
		w.scan(buf[:k])
		if err != nil {
			return
		}
	}
}

// expect returns a channel closed once any of texts is in what arrives
// from now on.
func (w *watch) expect(texts ...string) <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.texts, w.found, w.tail, w.match = texts, make(chan struct{}), w.tail[:0], ""
	return w.found
}

// matched is the text the last expectation met ("" while it waits).
func (w *watch) matched() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.match
}

const titleStart = "\x1b]2;"

func (w *watch) scan(b []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.scanCode(b)
	if w.texts != nil {
		w.tail = append(w.tail, b...)
		for _, t := range w.texts {
			if bytes.Contains(w.tail, []byte(t)) {
				w.match = t
				close(w.found)
				w.texts = nil
				break
			}
		}
		w.tail = w.tail[max(len(w.tail)-32, 0):]
	}
	// Titles: ESC ] 2 ; text BEL.
	if w.title != nil {
		b = append(w.title, b...)
		w.title = nil
	}
	for {
		i := bytes.Index(b, []byte(titleStart))
		if i < 0 {
			if k := bytes.LastIndexByte(b, 0x1b); k >= 0 && len(b)-k < len(titleStart) {
				w.title = append([]byte(nil), b[k:]...) // a start cut in two
			}
			return
		}
		j := bytes.IndexByte(b[i:], '\a')
		if j < 0 {
			w.title = append([]byte(nil), b[i:]...)
			return
		}
		mine := bytes.Contains(b[i:i+j], []byte("your turn"))
		if mine && !w.turn.Load() && w.turns != nil {
			select {
			case w.turns <- struct{}{}:
			default:
			}
		}
		w.turn.Store(mine)
		b = b[i+j+1:]
	}
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

// player plays a seat as a patient beginner would: when its turn comes it
// waits a moment, then plays the card under the cursor (and the colour or
// player offered for a wild), moving right to the next card when the table
// refuses one, and draws (and keeps) when none is accepted.
type player struct {
	in interface{ Write([]byte) (int, error) }
	w  *watch
}

func (p player) play(stop <-chan struct{}) {
	tries := []string{"\r", "\r"}
	for range 10 {
		tries = append(tries, "\x1b[C", "\r", "\r")
	}
	tries = append(tries, "d", "\r", "\r", "k", "n")
	pause := time.NewTimer(time.Hour)
	wait := func(d time.Duration) bool {
		pause.Reset(d)
		select {
		case <-stop:
			return false
		case <-p.w.gone:
			return false
		case <-pause.C:
			return true
		}
	}
	step := 0
	for {
		if !p.w.turn.Load() {
			select { // no polling: the title says when the turn comes
			case <-stop:
				return
			case <-p.w.gone:
				return
			case <-p.w.turns:
			}
			if step = 0; !wait(think) {
				return
			}
			continue
		}
		_, _ = p.in.Write([]byte(tries[step%len(tries)]))
		step++
		if !wait(250 * time.Millisecond) {
			return
		}
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

// quantiles reads p50 and p99 of one of the server's histograms over the
// window between two scrapes (to the bucket's upper bound), its count, and
// the shares within 20 and 50 ms.
func quantiles(m0, m1 map[string]float64, histogram string) (p50, p99 string, n, in20, in50 float64) {
	name := histogram + "_bucket{le=\""
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
		return "-", "-", 0, 0, 0
	}
	n = bs[len(bs)-1].n
	for _, b := range bs {
		switch b.le {
		case 0.02:
			in20 = b.n / n
		case 0.05:
			in50 = b.n / n
		}
	}
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
	return at(0.50), at(0.99), n, in20, in50
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

// readProcs sums readProc over pids.
func readProcs(pids []int) procStat {
	var sum procStat
	for _, pid := range pids {
		p := readProc(pid)
		sum.cpu += p.cpu
		sum.rss += p.rss
	}
	return sum
}

// scrapeAll sums the metrics of every address (counters and histograms
// add up; a gauge becomes the nodes' total). Nil if any is missing.
func scrapeAll(addrs []string) map[string]float64 {
	var sum map[string]float64
	for _, a := range addrs {
		m := scrape(a)
		if m == nil {
			return nil
		}
		if sum == nil {
			sum = map[string]float64{}
		}
		for k, v := range m {
			sum[k] += v
		}
	}
	return sum
}

// processes are the server processes and metrics addresses a run reports.
func (o options) processes() (pids []int, metrics []string) {
	if len(o.pids) > 0 {
		return o.pids, o.metricsAddrs
	}
	if o.pid > 0 {
		pids = []int{o.pid}
	}
	if o.metrics != "" {
		metrics = []string{o.metrics}
	}
	return pids, metrics
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
