package botapi

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
)

// TestBotLoad is the bot API's load benchmark (docs/benchmarks.md): it runs
// only when UNOSSH_BOT_LOAD is the number of API bots (1000 in the
// benchmark), which play each other two to a private table (one opens it,
// the other joins it by code), games to 500 on one hub for
// UNOSSH_BOT_LOAD_SECONDS (20 unless set), in this process, without SSH.
// It prints the server's CPU per move (the whole process's, less nothing:
// the bots' own side only finds a turn's first id in its line), bytes per
// move sent to the bots, and the time from a bot's move to the other bot's
// next turn (p50, p99, max). Run it under the load lock:
//
//	UNOSSH_BOT_LOAD=1000 flock /work/notes/load.lock go test -count=1 -run TestBotLoad -v ./botapi
func TestBotLoad(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("UNOSSH_BOT_LOAD"))
	if n < 2 {
		t.Skip("the bot API's load benchmark runs with UNOSSH_BOT_LOAD=1000")
	}
	var think time.Duration // each bot's pause before its move (UNOSSH_BOT_LOAD_THINK_MS): 0, as fast as it can
	if ms, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_LOAD_THINK_MS")); err == nil && ms > 0 {
		think = time.Duration(ms) * time.Millisecond
	}
	secs := 20
	if s, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_LOAD_SECONDS")); err == nil && s > 0 {
		secs = s
	}
	// The pause between hands is the players' (seconds, to read the
	// scores): here a short one, so the window holds moves, not pauses.
	hub := lobby.NewHub(lobby.Config{NextHand: 200 * time.Millisecond})
	defer func() { _ = hub.Shutdown(context.Background()) }()
	ctx, cancel := context.WithCancel(context.Background())
	var moves, bytesOut atomic.Int64
	lat := &latencies{}
	// Two bots at a table play each other as fast as the server answers,
	// far past a line budget meant for bots at tables with people: the
	// benchmark measures the server, so it lifts the budget.
	limits := NewLimits()
	limits.scale = 1e6
	var wg sync.WaitGroup
	codes := make([]chan string, n/2)
	for i := range codes {
		codes[i] = make(chan string, 1)
	}
	sent := make([]atomic.Int64, n/2) // per table: when the last move was sent (unix ns)
	for i := range n / 2 * 2 {
		wg.Go(func() { loadBot(ctx, t, hub, limits, think, i, codes[i/2], &sent[i/2], &moves, &bytesOut, lat) })
	}
	time.Sleep(3 * time.Second) // the tables open; then the measured window
	m0, b0, c0 := moves.Load(), bytesOut.Load(), cpuTime()
	lat.reset()
	time.Sleep(time.Duration(secs) * time.Second)
	m1, b1, c1 := moves.Load(), bytesOut.Load(), cpuTime()
	p50, p99, worst, count := lat.summary()
	cancel()
	_ = hub.Shutdown(context.Background())
	wg.Wait()
	dm := float64(m1 - m0)
	fmt.Printf("bots %d, think %v, %d s: %.0f moves (%.0f/s); CPU per move %.3f ms; bytes per move %.0f; move -> next turn p50 %v, p99 %v, max %v (%d)\n",
		n, think, secs, dm, dm/float64(secs), float64(c1-c0)/float64(time.Millisecond)/dm, float64(b1-b0)/dm, p50, p99, worst, count)
}

// loadBot is one API bot: the even one of a pair opens a two-seat private
// table (through its lobby client: seek seats built-in bots) and hands its
// code to the odd one, which joins; the even one starts each game and a
// rematch after it, and both make the first legal move of each turn.
func loadBot(ctx context.Context, t *testing.T, hub *lobby.Hub, limits *Limits, think time.Duration, i int, code chan string, sent *atomic.Int64,
	moves, bytesOut *atomic.Int64, lat *latencies) {
	c := hub.Connect(fmt.Sprintf("s%d", i), fmt.Sprintf("SHA256:bot%d", i), false)
	defer c.Disconnect()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		_ = Serve(ctx, Session{Client: c, In: inR, Out: countWriter{outW, bytesOut}, Key: fmt.Sprint(i), Addr: "127.0.0.1", Limits: limits})
		_ = outW.Close()
	}()
	go func() { <-ctx.Done(); _ = inW.Close() }()
	var mu sync.Mutex // sends from the reading loop and from think's timers
	send := func(s string) { mu.Lock(); _, _ = io.WriteString(inW, s+"\n"); mu.Unlock() }
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	joined := false
	for sc.Scan() {
		l := sc.Bytes()
		switch {
		case bytes.HasPrefix(l, []byte(`{"type":"register"`)):
			send(fmt.Sprintf(`{"type":"register","name":"bot%d"}`, i))
		case bytes.HasPrefix(l, []byte(`{"type":"hello"`)):
			if i%2 == 0 { // a table for two API bots: no built-in bot
				if err := c.Create(lobby.TableOptions{Settings: engine.Settings{Players: 2}}); err != nil {
					t.Error(err)
					return
				}
			}
		case bytes.HasPrefix(l, []byte(`{"type":"table"`)):
			if i%2 == 0 && !joined {
				joined = true
				code <- sshtest.Field(l, `"code":"`, '"')
			}
			if i%2 == 0 && bytes.Contains(l, []byte(`"status":"waiting"`)) && bytes.Count(l, []byte(`"connected":true`)) == 2 {
				_ = c.Send(lobby.Intent{Kind: lobby.Start})
			}
		case bytes.HasPrefix(l, []byte(`{"type":"turn"`)):
			if at := sent.Swap(0); at != 0 {
				lat.add(time.Duration(time.Now().UnixNano() - at))
			}
			id := sshtest.Field(l, `"legal":[{"id":`, ',')
			move := func() {
				sent.Store(time.Now().UnixNano())
				moves.Add(1)
				send(`{"type":"move","id":` + id + `}`)
			}
			if think > 0 {
				time.AfterFunc(think, move)
			} else {
				move()
			}
		case bytes.HasPrefix(l, []byte(`{"type":"hand_over"`)):
			sent.Store(0) // the next turn waits for the next deal: not a move's latency
		case bytes.HasPrefix(l, []byte(`{"type":"game_over"`)):
			if i%2 == 0 {
				_ = c.Send(lobby.Intent{Kind: lobby.Rematch})
			}
		}
		if i%2 == 1 && !joined {
			joined = true
			go func() {
				select {
				case cd := <-code:
					send(`{"type":"join","code":"` + cd + `"}`)
				case <-ctx.Done():
				}
			}()
		}
	}
}

type countWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c countWriter) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return c.w.Write(p)
}

// cpuTime is the process's CPU time so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// latencies keeps the times from a move to the next turn.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.d = append(l.d, d); l.mu.Unlock() }
func (l *latencies) reset()              { l.mu.Lock(); l.d = l.d[:0]; l.mu.Unlock() }

func (l *latencies) summary() (p50, p99, worst time.Duration, n int) {
	l.mu.Lock()
	d := slices.Clone(l.d)
	l.mu.Unlock()
	if len(d) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(d)
	return d[len(d)/2], d[len(d)*99/100], d[len(d)-1], len(d)
}
