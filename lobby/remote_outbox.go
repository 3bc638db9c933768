package lobby

import (
	"sync"
	"time"
)

// This file is the outbox: how the shadows' screens that a table posts by
// itself (another player's move, a timer) go back to their sessions'
// nodes. Every message on NATS costs a wake-up of a goroutine on both
// sides and the schedulers of two processes, more than its bytes, so the
// outbox gathers on purpose: from the first screen marked after a quiet
// spell, it waits a short window (screensWindow) and then sends each node
// every shadow marked meanwhile in one message, in the order they were
// first marked. It sends at once when screensCap shadows are waiting, so
// a message stays small whatever the load. A command's answer never waits
// here: it carries its own screen (remote_serve.go). A shadow marked again
// while waiting goes once, as its newest screen, and one read after the
// message left goes in the next: one goroutine reads and sends, so a
// session's screens never pass one another.

// screensWindow is how long the outbox gathers screens before sending
// them: short beside the 50 ms a screen on another node may take, long
// enough that several tables' moves share a message.
const screensWindow = 10 * time.Millisecond

// screensCap is how many shadows' screens the outbox sends without
// waiting out the window: a message of that many whole views stays far
// under NATS's largest payload.
const screensCap = 64

// outbox sends the shadows' screens that changed to their nodes.
type outbox struct {
	// read is shadow c's screen to send, or nil when there is none (its
	// command's answer carries it, or carried it already).
	read func(c *Client) *wireScreen
	send func(node string, m *wireScreens)
	done <-chan struct{}
	// clock times the window: the real one, so that a hub on a still
	// test clock still sends; the outbox's tests pass a fake one.
	clock  Clock
	window time.Duration
	cap    int

	mu    sync.Mutex
	order []*Client // marked since the last send, first marked first
	dirty map[*Client]struct{}
	wake  chan struct{} // something is marked
	full  chan struct{} // cap shadows are marked
}

func newOutbox(h *Hub) *outbox {
	o := newOutboxOf(h.ctx.Done(), RealClock{}, screensWindow, screensCap)
	o.read = func(c *Client) *wireScreen {
		if c.sh.answering.Load() || !unsent(c) {
			return nil // in a command's answer, or in one already
		}
		return h.shadowScreen(c, false)
	}
	o.send = func(node string, m *wireScreens) {
		if err := h.cfg.Cluster.SendScreens(node, wireEncode(m)); err != nil {
			h.logError("screens for another node were not sent", "node", node, "err", err)
		}
	}
	return o
}

func newOutboxOf(done <-chan struct{}, clock Clock, window time.Duration, cap int) *outbox {
	return &outbox{done: done, clock: clock, window: window, cap: cap,
		dirty: map[*Client]struct{}{}, wake: make(chan struct{}, 1), full: make(chan struct{}, 1)}
}

// mark queues shadow c's screen to be sent; it never waits.
func (o *outbox) mark(c *Client) {
	o.mu.Lock()
	if _, ok := o.dirty[c]; !ok {
		o.dirty[c] = struct{}{}
		o.order = append(o.order, c)
	}
	n := len(o.order)
	o.mu.Unlock()
	signal(o.wake)
	if n >= o.cap {
		signal(o.full)
	}
}

func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

func (o *outbox) run() {
	for {
		select {
		case <-o.wake:
		case <-o.done:
			return
		}
		if !o.linger() {
			return
		}
		o.flush()
	}
}

// linger waits out the window from the first mark, or until the cap is
// reached; false when the hub stops.
func (o *outbox) linger() bool {
	if o.window <= 0 {
		return true
	}
	o.mu.Lock()
	n := len(o.order)
	o.mu.Unlock()
	if n == 0 || n >= o.cap {
		return true
	}
	t := o.clock.NewTimer(o.window)
	defer t.Stop()
	select {
	case <-t.C():
	case <-o.full:
	case <-o.done:
		return false
	}
	return true
}

// flush sends every shadow marked so far, one message per node.
func (o *outbox) flush() {
	// The signals so far are for the shadows taken here: left, they
	// would open a window with nothing in it.
	for _, ch := range []chan struct{}{o.wake, o.full} {
		select {
		case <-ch:
		default:
		}
	}
	o.mu.Lock()
	order := o.order
	o.order = nil
	clear(o.dirty)
	o.mu.Unlock()
	var nodes []string
	byNode := map[string]*wireScreens{}
	for _, c := range order {
		s := o.read(c)
		if s == nil {
			continue
		}
		m := byNode[c.sh.node]
		if m == nil {
			m = &wireScreens{}
			byNode[c.sh.node] = m
			nodes = append(nodes, c.sh.node)
		}
		m.Screens = append(m.Screens, s)
	}
	for _, node := range nodes {
		o.send(node, byNode[node])
	}
}
