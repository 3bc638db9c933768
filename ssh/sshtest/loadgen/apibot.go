package main

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/ssh/sshtest"
)

// This file is an API bot of the load (-bots): `ssh HOST bot` with a key of
// its own and no terminal, as a bot author's program connects. It
// registers its name, seeks a game (the ladder by default, where API bots
// play each other two to a table; or a built-in level, -bot-opponents),
// and makes the first legal move of each turn after the think time (-think,
// the TUI players' too; -bot-think in a game of two API bots), seeking
// again when a game ends. What it reads
// only the few fields it needs: a turn's first id, the table's seats and
// the moves counter. Everything it measures it measures from outside, on
// its own clock: the time from a bot's move to the next turn offered at its
// table (to the other bot, or to itself after a Skip), when both seats are
// API bots of the load; the time from its move to the server's first line
// after it; and the moves each session saw.

// botStats are what the run's API bots measured.
type botStats struct {
	moves     atomic.Int64 // moves sent
	seen      atomic.Int64 // moves each session saw applied at its table, summed over sessions
	errors    atomic.Int64 // error lines
	nextTurn  latencies    // a move to the next turn at its table (tables of two API bots of the load)
	answer    latencies    // a move to the server's next line to the mover
	games     atomic.Int64 // games over
	mu        sync.Mutex
	errTexts  map[string]int
	tableLock sync.Mutex
	tables    map[string]*atomic.Int64 // a table's last move: when it was sent (unix ns)
}

var apiBots = botStats{errTexts: map[string]int{}, tables: map[string]*atomic.Int64{}}

// clock is the table's last-move time, shared by the bots that sit there.
func (s *botStats) clock(table string) *atomic.Int64 {
	s.tableLock.Lock()
	defer s.tableLock.Unlock()
	c, ok := s.tables[table]
	if !ok {
		c = new(atomic.Int64)
		s.tables[table] = c
	}
	return c
}

func (s *botStats) errorLine(msg string) {
	s.errors.Add(1)
	s.mu.Lock()
	if len(s.errTexts) < 50 {
		s.errTexts[msg]++
	}
	s.mu.Unlock()
}

// errorsSeen lists the error lines the bots were sent, most frequent first.
func (s *botStats) errorsSeen() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ls []string
	for m, n := range s.errTexts {
		for range n {
			ls = append(ls, m)
		}
	}
	return counted(ls)
}

// latencies are times from a move, kept to be summed up at the end of a
// window.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.d = append(l.d, d); l.mu.Unlock() }
func (l *latencies) reset()              { l.mu.Lock(); l.d = l.d[:0]; l.mu.Unlock() }

// summary is p50, p99 and the slowest, the count, and the share within 50 ms.
func (l *latencies) summary() string {
	l.mu.Lock()
	d := slices.Clone(l.d)
	l.mu.Unlock()
	if len(d) == 0 {
		return "none"
	}
	slices.Sort(d)
	in50, _ := slices.BinarySearch(d, 50*time.Millisecond+1)
	r := func(x time.Duration) time.Duration { return x.Round(10 * time.Microsecond) }
	return fmt.Sprintf("p50 %s, p99 %s, max %s (%d; %.2f%% within 50ms)", r(d[len(d)/2]), r(d[len(d)*99/100]),
		r(d[len(d)-1]), len(d), 100*float64(in50)/float64(len(d)))
}

// p99 is the 99th percentile, 0 with none.
func (l *latencies) p99() time.Duration {
	l.mu.Lock()
	d := slices.Clone(l.d)
	l.mu.Unlock()
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[len(d)*99/100]
}

// dialBot opens `ssh HOST bot` from src with a new key of its own, without
// a terminal.
func dialBot(addr, src string) (*gossh.Client, io.Writer, io.Reader, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, nil, err
	}
	key, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, nil, nil, err
	}
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 30 * time.Second}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg := &gossh.ClientConfig{User: "load", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second}
	c, chans, reqs, err := gossh.NewClientConn(wireCounted(nc), addr, cfg)
	if err != nil {
		nc.Close()
		return nil, nil, nil, err
	}
	client := gossh.NewClient(c, chans, reqs)
	s, err := client.NewSession()
	if err == nil {
		var in io.Writer
		var out io.Reader
		if in, err = s.StdinPipe(); err == nil {
			if out, err = s.StdoutPipe(); err == nil {
				if err = s.Start("bot"); err == nil {
					return client, in, out, nil
				}
			}
		}
	}
	client.Close()
	return nil, nil, nil, err
}

// apiBot is one bot's session: its lines out, and the turn it may answer.
type apiBot struct {
	i        int
	seek     string
	mu       sync.Mutex // the writer: the reading loop and the think timers send
	in       io.Writer
	gen      int // the turn being answered; a later line makes a pending move stale
	table    string
	pair     bool         // both seats are API bots of the load
	moves    int          // the table's moves counter last seen
	named    bool         // hello has come
	tries    atomic.Int32 // register lines sent
	answered atomic.Int64
}

func (b *apiBot) send(line string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, _ = io.WriteString(b.in, line+"\n")
}

// holdBot plays one API bot until stop.
func holdBot(addr, src string, i int, seek string, received, held *atomic.Int64, stop <-chan struct{}) error {
	client, in, out, err := dialBot(addr, src)
	if err != nil {
		return err
	}
	defer client.Close()
	go func() { <-stop; client.Close() }()
	b := &apiBot{i: i, in: in, seek: seek}
	r := bufio.NewReaderSize(countReader{out, received}, 64<<10)
	in0 := false
	for {
		l, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return fmt.Errorf("a line longer than %d bytes", r.Size())
		}
		if err != nil {
			if stopped(stop) {
				return nil
			}
			return err
		}
		if at := b.answered.Swap(0); at != 0 {
			apiBots.answer.add(time.Duration(time.Now().UnixNano() - at))
		}
		if !in0 && bytes.HasPrefix(l, []byte(`{"type":"hello"`)) {
			in0 = true
			held.Add(1)
			defer held.Add(-1)
		}
		b.line(l)
	}
}

// line does what one server line asks.
func (b *apiBot) line(l []byte) {
	typ := sshtest.Field(l, `{"type":"`, '"')
	b.mu.Lock()
	if typ != "events" {
		b.gen++ // a move planned for an earlier turn is not sent
	}
	gen := b.gen
	b.mu.Unlock()
	switch typ {
	case "register":
		b.register()
	case "hello", "lobby":
		b.named = true
		b.send(b.seek)
	case "table":
		b.tableIs(l)
	case "state", "turn":
		if m, err := strconv.Atoi(sshtest.Field(l, `"moves":`, ',')); err == nil {
			if m > b.moves && b.moves > 0 {
				apiBots.seen.Add(int64(m - b.moves))
			}
			b.moves = m
		}
		if typ == "state" {
			return
		}
		clock := apiBots.clock(b.table)
		if at := clock.Swap(0); at != 0 && b.pair {
			apiBots.nextTurn.add(time.Duration(time.Now().UnixNano() - at))
		}
		id := sshtest.Field(l, `"legal":[{"id":`, ',')
		pause := think // a game against built-in bots: the validation game, or -bot-opponents
		if b.pair {
			pause = botThink
		}
		time.AfterFunc(pause, func() {
			b.mu.Lock()
			stale := b.gen != gen
			b.mu.Unlock()
			if stale {
				return
			}
			now := time.Now().UnixNano()
			clock.Store(now)
			b.answered.Store(now)
			apiBots.moves.Add(1)
			b.send(`{"type":"move","id":` + id + `}`)
		})
	case "hand_over":
		apiBots.clock(b.table).Store(0) // the next turn waits for the next deal: not a move's
	case "game_over":
		apiBots.games.Add(1)
		b.send(b.seek) // the ladder's next game (a seek leaves the finished table first)
	case "error":
		var e struct{ Message string }
		_ = json.Unmarshal(l, &e)
		apiBots.errorLine(e.Message)
		if !b.named && b.tries.Load() < 5 { // its name not taken yet (a store too busy to check it)
			time.AfterFunc(time.Second, b.register)
		}
	}
}

// register names the bot, once more after each refusal.
func (b *apiBot) register() {
	b.tries.Add(1)
	b.send(fmt.Sprintf(`{"type":"register","name":"lb%d"}`, b.i))
}

// tableIs notes the table the bot sits at, and whether both its seats are
// API bots of the load.
func (b *apiBot) tableIs(l []byte) {
	var t struct {
		ID    string
		Seats []struct{ Name string }
	}
	if json.Unmarshal(l, &t) != nil {
		return
	}
	if t.ID != b.table {
		b.table, b.moves = t.ID, 0
	}
	b.pair = len(t.Seats) == 2
	for _, s := range t.Seats {
		if len(s.Name) < 3 || s.Name[:2] != "lb" {
			b.pair = false
		}
	}
}

// countReader counts what is read through it.
type countReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// wire counts the bytes the clients read from their TCP connections: the
// SSH packets, encrypted and framed, as they cross the wire.
var wire atomic.Int64

type wireConn struct{ net.Conn }

func (c wireConn) Read(p []byte) (int, error) {
	k, err := c.Conn.Read(p)
	wire.Add(int64(k))
	return k, err
}

func wireCounted(c net.Conn) net.Conn { return wireConn{c} }
