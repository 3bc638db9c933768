package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	gossh "golang.org/x/crypto/ssh"
)

// This file is the cluster's load run (-cluster N): the same load on one
// node first (embedded SQLite, no services), then on N nodes of one
// service (one PostgreSQL, given by -database; one NATS, which the load
// generator serves from a process of its own), the sessions dialling the
// nodes in turn. The report sums the nodes' CPU and metrics, adds the NATS
// traffic per move, and with -kill, once measured, SIGKILLs the second node
// and times its tables until they play again on the others. With -lone
// the second half is N lone nodes instead (no NATS, no PostgreSQL, each
// its own tables): what N processes cost on the machine by themselves,
// the floor under the service's figure. Each node of the second half gets
// its share of the cores (-node-procs); the one node has them all.

func clusterFlags(o *options) {
	flag.IntVar(&o.cluster, "cluster", 0, "a cluster's run: the load on one node, then on this many nodes of one service\n"+
		"(needs -server and -database)")
	flag.StringVar(&o.database, "database", "", "with -cluster, the nodes' PostgreSQL URL (.ci/postgres start DIR prints one)")
	flag.StringVar(&o.natsAddr, "nats-addr", "127.0.0.1:24222", "with -cluster, where the NATS server listens, on loopback")
	flag.BoolVar(&o.kill, "kill", false, "with -cluster, once measured, SIGKILL the second node and time its tables\n"+
		"until they play again on the others")
	flag.DurationVar(&o.killWatch, "kill-watch", 60*time.Second, "with -kill, how long to watch the dead node's tables")
	flag.StringVar(&o.pgDir, "pg-dir", "", "with -cluster, the directory .ci/postgres started (its server's CPU is reported)")
	flag.BoolVar(&o.lone, "lone", false, "with -cluster, the nodes of the second half are lone nodes, not a service: no NATS,\n"+
		"no PostgreSQL, each its own tables and SQLite (what N processes cost on the machine, with nothing between them)")
	flag.IntVar(&o.nodeProcs, "node-procs", -1, "with -cluster, GOMAXPROCS for each node of the second half, and NATS: its share of the\n"+
		"machine's cores, as an operator running several nodes on one machine gives each (docs/cluster.md);\n"+
		"-1: the cores divided among the nodes, at least one; 0: the Go runtime's default, every core to every node")
}

// nodeProcs is the GOMAXPROCS each of n nodes sharing this machine gets:
// the cores divided among them, at least one. Three runtimes that each
// think they own both cores keep idle threads spinning and waking one
// another (docs/benchmarks.md, "Three nodes, fifth round").
func nodeProcs(flagged, n int) int {
	if flagged >= 0 {
		return flagged
	}
	return max(1, runtime.NumCPU()/n)
}

// withProcs gives cmd's Go runtime procs cores (none: its default).
func withProcs(cmd *exec.Cmd, procs int) {
	if procs > 0 {
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(procs))
	}
}

// clusterMain is the -cluster run.
func clusterMain(o options) {
	if o.server == "" || (o.database == "" && !o.lone) {
		fail(fmt.Errorf("-cluster needs -server and -database (or -lone)"))
	}
	if o.lone && o.kill {
		fail(fmt.Errorf("-kill needs a service: lone nodes take over nothing"))
	}
	if err := onLoopback(o.natsAddr); err != nil {
		fail(err)
	}
	base, err := os.MkdirTemp("", "loadgen-cluster-")
	if err != nil {
		fail(err)
	}
	fmt.Printf("data and the nodes' logs (kept): %s\n", base)
	sp := newSpawner()
	maxSessions := strconv.Itoa(o.n + o.botTables + 100)
	common := []string{"-max-sessions", maxSessions, "-max-per-addr", strconv.Itoa(o.perAddr * 2),
		"-max-startups", "1000:30:5000"}

	// One node, as a single node runs today.
	single := exec.Command(o.server, append([]string{"-addr", o.addr, "-metrics", o.metrics,
		"-data", filepath.Join(base, "single")}, common...)...)
	if err := sp.start(single); err != nil {
		fail(err)
	}
	waitListening(o.addr)
	if o.nice != 0 {
		if err := lowerPriority(o.nice, sp.tid); err != nil {
			fmt.Fprintf(os.Stderr, "loadgen: the clients keep the servers' priority: %v\n", err)
			o.nice = 0
		}
	}
	fmt.Printf("clients' priority: nice %d (the servers': %d)\n", o.nice, niceOf(os.Getpid(), sp.tid))
	fmt.Printf("uptime before the single node: %s\n", uptime())
	one := o
	one.pid, one.label = single.Process.Pid, "one"
	fmt.Printf("== one node: %d sessions, %d of them playing\n", o.n, o.play)
	run(one)
	_ = single.Process.Signal(os.Interrupt)
	_ = single.Wait()
	fmt.Printf("uptime after the single node: %s\n\n", uptime())

	// The service: NATS, then the nodes one after the other (the first
	// migrates the database).
	self, err := os.Executable()
	if err != nil {
		fail(err)
	}
	procs := nodeProcs(o.nodeProcs, o.cluster)
	host, port := splitPort(o.natsAddr)
	natsMon := net.JoinHostPort(host, strconv.Itoa(port+1))
	var nats *exec.Cmd
	if !o.lone {
		nats = exec.Command(self, "-be-nats", natsMon, "-nats-addr", o.natsAddr)
		withProcs(nats, procs) // a Go program as well, on the same machine
		nats.Stderr = os.Stderr
		if err := sp.start(nats); err != nil {
			fail(err)
		}
		defer func() { _ = nats.Process.Kill(); _ = nats.Wait() }()
		waitListening(o.natsAddr)
	}
	key := filepath.Join(base, "host_key")
	writeHostKey(key)
	var nodes []*exec.Cmd
	c := o
	c.addrs, c.metricsAddrs, c.pids = nil, nil, nil
	for k := range o.cluster {
		addr, metrics := shifted(o.addr, 10*(k+1)), shifted(o.metrics, 10*(k+1))
		name := fmt.Sprintf("n%d", k+1)
		logf, err := os.Create(filepath.Join(base, name+".log"))
		if err != nil {
			fail(err)
		}
		args := []string{"-addr", addr, "-metrics", metrics, "-data", filepath.Join(base, name), "-host-key", key}
		if !o.lone {
			args = append(args, "-database", o.database, "-nats", "nats://"+o.natsAddr, "-node", name)
		}
		cmd := exec.Command(o.server, append(args, common...)...)
		withProcs(cmd, procs)
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := sp.start(cmd); err != nil {
			fail(err)
		}
		logf.Close()
		nodes = append(nodes, cmd)
		defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
		waitListening(addr)
		c.addrs, c.metricsAddrs, c.pids = append(c.addrs, addr), append(c.metricsAddrs, metrics), append(c.pids, cmd.Process.Pid)
	}
	c.label = "nodes"
	if !o.lone {
		c.natsMon = natsMon
		c.others = []int{nats.Process.Pid}
		if pg := postmaster(o.pgDir); pg > 0 {
			c.others = append(c.others, pg)
		}
	}
	if o.kill && o.cluster > 1 {
		c.during = func() { killPhase(c, nodes[1], 1) }
	}
	seats = seatTimes{}
	botTablesStarted.Store(0)
	fmt.Printf("uptime before the %d nodes: %s\n", o.cluster, uptime())
	kind := "nodes"
	if o.lone {
		kind = "lone nodes (no NATS, no PostgreSQL)"
	}
	cores := "the Go runtime's default"
	if procs > 0 {
		cores = fmt.Sprintf("GOMAXPROCS=%d of %d cores", procs, runtime.NumCPU())
	}
	fmt.Printf("== %d %s (%s each): %d sessions, %d of them playing, dialling the nodes in turn\n", o.cluster, kind, cores, o.n, o.play)
	run(c)
	fmt.Printf("uptime after the %d nodes: %s\n", o.cluster, uptime())
}

// debugTable is a line of a node's /debug/tables.
type debugTable struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Actions int    `json:"actions"`
	// RestoredActions is the game as a node that took the table over
	// replayed it: a move applied there makes Actions greater.
	RestoredActions int `json:"restored_actions"`
	Seats           []struct {
		Nick      string `json:"nick"`
		Bot       bool   `json:"bot"`
		Connected bool   `json:"connected"`
	} `json:"seats"`
}

func debugTables(metrics string) ([]debugTable, error) {
	cl := http.Client{Timeout: 10 * time.Second}
	r, err := cl.Get("http://" + metrics + "/debug/tables")
	if err != nil {
		return nil, err
	}
	defer r.Body.Close()
	var out []debugTable
	return out, json.NewDecoder(r.Body).Decode(&out)
}

// killPhase reports how the players mix over the nodes, SIGKILLs node
// victim (its process cmd), and watches the others until each of its
// tables is served by another node (adopted) and has applied a move there
// (playing again: more actions than the journal replayed), or -kill-watch
// has passed.
func killPhase(o options, cmd *exec.Cmd, victim int) {
	n := len(o.addrs)
	var mixed, playing, humans, away, victims int
	var theirs map[string]int
	for k, m := range o.metricsAddrs {
		ts, err := debugTables(m)
		if err != nil {
			fmt.Printf("kill: the tables of node %d: %v\n", k+1, err)
			return
		}
		if k == victim {
			theirs = map[string]int{}
		}
		for _, t := range ts {
			if k == victim && t.Status == "playing" {
				theirs[t.ID] = t.Actions
			}
			if t.Status != "playing" {
				continue
			}
			playing++
			on := map[int]bool{}
			for _, s := range t.Seats {
				if i, err := strconv.Atoi(strings.TrimPrefix(s.Nick, "ld")); err == nil && !s.Bot {
					on[i%n] = true
					humans++
					if i%n == victim {
						victims++
					}
					if i%n != k {
						away++
					}
				}
			}
			if len(on) > 1 {
				mixed++
			}
		}
	}
	fmt.Printf("tables playing: %d, of which %d have players of more than one node; %d of %d seated players sit at another node's table\n",
		playing, mixed, away, humans)
	fmt.Printf("uptime before the kill: %s\n", uptime())
	var living []string
	for k, a := range o.addrs {
		if k != victim {
			living = append(living, a)
		}
	}
	killed := time.Now()
	rd := &redialer{living: living, killed: killed, watch: o.killWatch}
	redial.Store(rd)
	_ = cmd.Process.Kill()
	fmt.Printf("== SIGKILL node %d: %d tables playing there\n", victim+1, len(theirs))
	adopted, moved := map[string]time.Duration{}, map[string]time.Duration{}
	// The players of the living nodes at the moved tables, by table: how
	// many of them the new owner sees connected (their sessions put back).
	// The dead node's players there, and how many are connected again.
	alive, back := map[string]int{}, map[string]int{}
	dead, deadBack := map[string]int{}, map[string]int{}
	// The dead node's players, at any living node's table: seen away,
	// then when seen connected again.
	seenAway, seatBack := map[string]bool{}, map[string]time.Duration{}
	var polls, failed int
	var slowest time.Duration
	for time.Since(killed) < o.killWatch && (len(moved) < len(theirs) || rd.pending() ||
		time.Since(killed) < 5*time.Second) {
		time.Sleep(200 * time.Millisecond)
		for k, m := range o.metricsAddrs {
			if k == victim {
				continue
			}
			asked := time.Now()
			ts, err := debugTables(m)
			polls++
			slowest = max(slowest, time.Since(asked))
			if err != nil {
				failed++
				continue
			}
			at := time.Since(killed) // the table stood so by the time the node answered
			for _, t := range ts {
				for _, st := range t.Seats {
					if i, err := strconv.Atoi(strings.TrimPrefix(st.Nick, "ld")); err == nil && !st.Bot && i%n == victim {
						if _, ok := seatBack[st.Nick]; ok {
							continue
						}
						if !st.Connected {
							seenAway[st.Nick] = true
						} else if seenAway[st.Nick] || theirs[t.ID] > 0 {
							seatBack[st.Nick] = at
						}
					}
				}
				if _, ok := theirs[t.ID]; !ok {
					continue
				}
				if _, seen := adopted[t.ID]; !seen {
					adopted[t.ID] = at
				}
				alive[t.ID], back[t.ID], dead[t.ID], deadBack[t.ID] = 0, 0, 0, 0
				for _, st := range t.Seats {
					i, err := strconv.Atoi(strings.TrimPrefix(st.Nick, "ld"))
					switch {
					case err != nil || st.Bot:
					case i%n != victim:
						alive[t.ID]++
						if st.Connected {
							back[t.ID]++
						}
					default:
						dead[t.ID]++
						if st.Connected {
							deadBack[t.ID]++
						}
					}
				}
				if _, seen := moved[t.ID]; !seen && t.RestoredActions > 0 && t.Actions > t.RestoredActions {
					moved[t.ID] = at
				}
			}
		}
	}
	fmt.Printf("polls of the other nodes' tables: %d, %d failed, the slowest answered in %s\n", polls, failed, slowest.Round(time.Millisecond))
	fmt.Printf("kill -> served by another node: %s\n", spread(adopted, len(theirs)))
	fmt.Printf("kill -> a move applied there: %s\n", spread(moved, len(theirs)))
	var soon int
	for _, d := range moved {
		if d < 10*time.Second {
			soon++
		}
	}
	fmt.Printf("   of them within 10 s of the kill: %d\n", soon)
	var lv, bk, dd, db int
	for id, k := range alive {
		lv, bk, dd, db = lv+k, bk+back[id], dd+dead[id], db+deadBack[id]
	}
	fmt.Printf("players of the living nodes at the moved tables: %d, of them %d connected there at the last look\n", lv, bk)
	fmt.Printf("players of the dead node at the moved tables: %d, of them %d connected again at the last look\n", dd, db)
	fmt.Printf("%s\n", rd.report(victims))
	fmt.Printf("kill -> the dead node's players' seats connected again (/debug/tables): %s\n", spreadOf(seatBack, victims, "players"))
	fmt.Printf("uptime after the kill: %s\n", uptime())
}

// spread gives p50 and max of ds, and how many of n tables they are.
func spread(m map[string]time.Duration, n int) string { return spreadOf(m, n, "tables") }

// spreadOf gives p50 and max of ds, and how many of n what they are.
func spreadOf(m map[string]time.Duration, n int, what string) string {
	if len(m) == 0 {
		return fmt.Sprintf("none of %d", n)
	}
	var ds []time.Duration
	for _, d := range m {
		ds = append(ds, d)
	}
	slices.Sort(ds)
	return fmt.Sprintf("p50 %s, max %s (%d of %d %s; polled every 200ms)", ds[len(ds)/2].Round(10*time.Millisecond),
		ds[len(ds)-1].Round(10*time.Millisecond), len(ds), n, what)
}

// varz is the NATS server's traffic since its start.
type varz struct {
	InMsgs   int64 `json:"in_msgs"`
	OutMsgs  int64 `json:"out_msgs"`
	InBytes  int64 `json:"in_bytes"`
	OutBytes int64 `json:"out_bytes"`
}

func natsTraffic(mon string) *varz {
	if mon == "" {
		return nil
	}
	cl := http.Client{Timeout: 10 * time.Second}
	r, err := cl.Get("http://" + mon + "/varz")
	if err != nil {
		return nil
	}
	defer r.Body.Close()
	var v varz
	if json.NewDecoder(r.Body).Decode(&v) != nil {
		return nil
	}
	return &v
}

// serveNATS is the -be-nats process: a NATS server with JetStream on addr,
// its monitoring (/varz) on mon, its storage in a temporary directory.
func serveNATS(addr, mon string) error {
	if err := onLoopback(mon); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "loadgen-nats-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	host, port := splitPort(addr)
	mhost, mport := splitPort(mon)
	s, err := natsserver.NewServer(&natsserver.Options{Host: host, Port: port, HTTPHost: mhost, HTTPPort: mport,
		JetStream: true, StoreDir: dir, NoLog: true, NoSigs: true})
	if err != nil {
		return err
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		return fmt.Errorf("the NATS server did not start")
	}
	s.WaitForShutdown()
	return nil
}

func splitPort(addr string) (string, int) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		fail(err)
	}
	port, err := strconv.Atoi(p)
	if err != nil {
		fail(err)
	}
	return host, port
}

// shifted is addr with its port moved by d.
func shifted(addr string, d int) string {
	host, port := splitPort(addr)
	return net.JoinHostPort(host, strconv.Itoa(port+d))
}

// writeHostKey writes a new ed25519 host key, the one every node presents.
func writeHostKey(path string) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		fail(err)
	}
	b, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(b), 0o600); err != nil {
		fail(err)
	}
}

// postmaster is the PostgreSQL server's process id, from the directory
// .ci/postgres started (0 if unknown).
func postmaster(dir string) int {
	if dir == "" {
		return 0
	}
	b, err := os.ReadFile(filepath.Join(dir, "data", "postmaster.pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	return pid
}

// readTrees sums the CPU of each process and its children, living and
// reaped (PostgreSQL serves each connection from a process of its own).
func readTrees(pids []int) procStat {
	var sum procStat
	if len(pids) == 0 {
		return sum
	}
	want := map[int]bool{}
	for _, p := range pids {
		want[p] = true
	}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		ppid, _ := strconv.Atoi(f[1])
		if !want[pid] && !want[ppid] {
			continue
		}
		ticks := func(i int) int64 { v, _ := strconv.ParseInt(f[i], 10, 64); return v }
		t := ticks(11) + ticks(12)
		if want[pid] {
			t += ticks(13) + ticks(14) // its reaped children's
		}
		sum.cpu += time.Duration(t) * (time.Second / 100)
	}
	return sum
}

func uptime() string {
	out, err := exec.Command("uptime").Output()
	if err != nil {
		return "load average " + loadavg()
	}
	return strings.TrimSpace(string(out))
}
