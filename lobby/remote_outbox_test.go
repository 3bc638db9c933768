package lobby

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// sentScreens is one message the outbox sent: its node and its screens'
// sessions and versions.
type sentScreens struct {
	node    string
	screens []*wireScreen
}

// testOutbox is an outbox on a fake clock whose reads number the screens
// in the order they are read, as shadowScreen does, and whose messages
// come out on a channel.
func testOutbox(t *testing.T, window time.Duration, cap int) (*outbox, *fakeClock, chan sentScreens) {
	t.Helper()
	clk := newFakeClock()
	done := make(chan struct{})
	o := newOutboxOf(done, clk, window, cap)
	var ver atomic.Uint64
	o.read = func(c *Client) *wireScreen { return &wireScreen{Session: c.id, Ver: ver.Add(1)} }
	sent := make(chan sentScreens, 1000)
	o.send = func(node string, m *wireScreens) { sent <- sentScreens{node, m.Screens} }
	stopped := make(chan struct{})
	go func() { o.run(); close(stopped) }()
	t.Cleanup(func() { close(done); <-stopped })
	return o, clk, sent
}

func testShadow(id, node string) *Client { return &Client{id: id, sh: &shadow{node: node}} }

func sessions(m sentScreens) []string {
	var ids []string
	for _, s := range m.screens {
		ids = append(ids, s.Session)
	}
	return ids
}

func nextSent(t *testing.T, sent chan sentScreens) sentScreens {
	t.Helper()
	select {
	case m := <-sent:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("the outbox sent nothing")
		return sentScreens{}
	}
}

func waitTimerSet(t *testing.T, clk *fakeClock) {
	t.Helper()
	select {
	case <-clk.armed:
	case <-time.After(10 * time.Second):
		t.Fatal("the outbox set no timer")
	}
}

// TestOutboxGathersScreensForTheWindow: screens marked within the window
// wait for it, then go as one message per node.
func TestOutboxGathersScreensForTheWindow(t *testing.T) {
	o, clk, sent := testOutbox(t, 10*time.Millisecond, 64)
	o.mark(testShadow("ana", "b"))
	waitTimerSet(t, clk)
	o.mark(testShadow("bo", "c"))
	o.mark(testShadow("cy", "b"))
	select {
	case m := <-sent:
		t.Fatalf("sent before the window ran out: %v", sessions(m))
	default:
	}
	clk.Advance(10 * time.Millisecond)
	got := map[string][]string{}
	for range 2 {
		m := nextSent(t, sent)
		got[m.node] = sessions(m)
	}
	require.Equal(t, map[string][]string{"b": {"ana", "cy"}, "c": {"bo"}}, got)
}

// TestOutboxKeepsTheOrderOfMarks: across tables and sessions, a node's
// screens go in the order they were first marked, and a shadow marked
// again while waiting goes once.
func TestOutboxKeepsTheOrderOfMarks(t *testing.T) {
	o, clk, sent := testOutbox(t, 10*time.Millisecond, 64)
	ana, bo, cy := testShadow("ana", "b"), testShadow("bo", "b"), testShadow("cy", "b")
	ana.sh.table, bo.sh.table, cy.sh.table = "t1", "t2", "t1"
	o.mark(cy)
	waitTimerSet(t, clk)
	o.mark(ana)
	o.mark(bo)
	o.mark(cy)
	o.mark(ana)
	clk.Advance(10 * time.Millisecond)
	require.Equal(t, []string{"cy", "ana", "bo"}, sessions(nextSent(t, sent)))
}

// TestOutboxSendsAtTheCap: once cap shadows wait, they go without waiting
// out the window (the clock never moves here).
func TestOutboxSendsAtTheCap(t *testing.T) {
	o, _, sent := testOutbox(t, time.Hour, 3)
	for i := range 3 {
		o.mark(testShadow(fmt.Sprint("s", i), "b"))
	}
	require.Equal(t, []string{"s0", "s1", "s2"}, sessions(nextSent(t, sent)))
}

// TestOutboxNeverReordersASessionsScreens: sessions marked from many
// goroutines at once, flushed by the cap and by the window in turn, each
// reach their node with their screens in the order they were read.
func TestOutboxNeverReordersASessionsScreens(t *testing.T) {
	o, clk, sent := testOutbox(t, 10*time.Millisecond, 5)
	shadows := make([]*Client, 8)
	for i := range shadows {
		shadows[i] = testShadow(fmt.Sprint("s", i), "b")
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				o.mark(shadows[(g+i)%len(shadows)])
			}
		})
	}
	wg.Wait()
	o.mark(testShadow("end", "b"))
	last := map[string]uint64{}
	for {
		select {
		case m := <-sent:
			for _, s := range m.screens {
				require.Greater(t, s.Ver, last[s.Session], "a screen of %s overtook a newer one", s.Session)
				last[s.Session] = s.Ver
			}
			if last["end"] != 0 {
				require.Len(t, last, len(shadows)+1)
				return
			}
		case <-clk.armed:
			clk.Advance(10 * time.Millisecond)
		case <-time.After(10 * time.Second):
			t.Fatal("the last screen never went")
		}
	}
}
