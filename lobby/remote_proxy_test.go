package lobby

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestOlderScreenNeverReplacesNewer: a shadow's screens reach its session's
// node by two ways (a command's answer, the node's screens subject) in any
// order; the proxy keeps the newest, and drops those of a node that no
// longer owns the table.
func TestOlderScreenNeverReplacesNewer(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	c := connect(t, h, "ana")
	q := &tableQueue{id: "t9", cmds: make(chan tableCmd, 1), done: make(chan struct{})}
	p := &proxy{h: h, q: q, quit: make(chan struct{}), members: map[string]*member{}}
	p.join(c)
	view := func(moves int) *TableView {
		return &TableView{TableInfo: TableInfo{ID: "t9", Seats: 2}, Moves: moves, You: 0}
	}
	screen := func(ver uint64, owner string, moves int) *wireScreen {
		return (&wireScreen{Table: "t9", Session: c.id, Node: "b", Owner: owner, Born: 1, Ver: ver, At: true, View: view(moves)}).seal()
	}
	p.setOwner("b#1")
	p.apply(screen(10, "b#1", 5))
	require.Equal(t, 5, c.Screen().Table.Moves)
	require.Equal(t, 2, c.Screen().Table.TableInfo.Seats, "what JSON cannot carry inside the view comes back")
	p.apply(screen(9, "b#1", 4)) // older, arriving late
	require.Equal(t, 5, c.Screen().Table.Moves, "an older view never replaces a newer one")
	p.apply(screen(11, "b#1", 6))
	require.Equal(t, 6, c.Screen().Table.Moves)
	p.apply(screen(12, "c#7", 7)) // from a node that does not own the table
	require.Equal(t, 6, c.Screen().Table.Moves)
	require.Equal(t, q, c.table(), "the session is at the proxy's queue")

	// A notice and a trip back to the lobby are applied once each.
	s := screen(13, "b#1", 6)
	s.At, s.View, s.Left, s.Notice = false, nil, 1, Notice{Seq: 1, Text: "ana left"}
	left, seq := c.Screen().Left, c.Screen().Notice.Seq
	p.apply(s)
	require.Nil(t, c.Screen().Table)
	require.Nil(t, c.table())
	require.Equal(t, left+1, c.Screen().Left)
	require.Equal(t, seq+1, c.Screen().Notice.Seq)
	require.Equal(t, "ana left", c.Screen().Notice.Text)
	p.apply(s) // the same screen again
	require.Equal(t, left+1, c.Screen().Left)
}

// TestAClosedTablesProxySendsItsMembersToTheLobby: the news that a table of
// another node closed may come before its last screens; the proxy then
// sends the sessions still at it back to the lobby, told why, rather than
// leave them looking at a table that is no more.
func TestAClosedTablesProxySendsItsMembersToTheLobby(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	c := connect(t, h, "ana")
	q := &tableQueue{id: "t9", cmds: make(chan tableCmd, 1), done: make(chan struct{})}
	p := &proxy{h: h, q: q, quit: make(chan struct{}), members: map[string]*member{}}
	p.join(c)
	p.setOwner("b#1")
	p.apply((&wireScreen{Table: "t9", Session: c.id, Node: "b", Owner: "b#1", Born: 1, Ver: 1, At: true,
		View: &TableView{TableInfo: TableInfo{ID: "t9", Seats: 2}}}).seal())
	require.Equal(t, q, c.table())
	go p.run()
	p.end()
	<-q.done
	require.Nil(t, c.table())
	require.Nil(t, c.Screen().Table)
	require.Equal(t, errTableClosed.Error(), c.Screen().Notice.Text)
}

// goneOwnerCluster is a service whose table t9's owner takes a request and
// dies with it in hand: the first request is never answered (it ends only
// when its context does); the next ones reach the table's new owner.
type goneOwnerCluster struct {
	Cluster  // nil: what the test never reaches
	calls    atomic.Int32
	inFlight chan struct{}
	ended    chan error // how the first request ended
}

func (*goneOwnerCluster) Node() string                              { return "a" }
func (*goneOwnerCluster) ServeScreens(func([]byte)) (func(), error) { return func() {}, nil }
func (*goneOwnerCluster) SendScreens(string, []byte) error          { return nil }
func (*goneOwnerCluster) TakeLease(context.Context, string) error   { return ErrLeaseHeld }
func (*goneOwnerCluster) WatchDirectory(ctx context.Context, _ func(string, string, []byte)) error {
	<-ctx.Done()
	return nil
}

func (f *goneOwnerCluster) AskTable(ctx context.Context, _ string, _ []byte) ([]byte, error) {
	if f.calls.Add(1) == 1 {
		close(f.inFlight)
		<-ctx.Done()
		f.ended <- ctx.Err()
		return nil, ctx.Err()
	}
	return mustJSON(wireReply{}), nil
}

// TestRequestToAGoneOwnerIsSentAgainAtOnce: a key pressed as the table's
// node dies is on its way there, and no answer will come. When the lease
// says the owner is gone, the proxy gives that request up at once and
// sends it to the new owner, rather than wait out remoteWait.
func TestRequestToAGoneOwnerIsSentAgainAtOnce(t *testing.T) {
	f := &goneOwnerCluster{inFlight: make(chan struct{}), ended: make(chan error, 1)}
	cfg := testConfig()
	cfg.Cluster = f
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	c := connect(t, h, "ana")
	q := h.remoteQueue("t9")
	reply := make(chan error, 1)
	q.cmds <- intentCmd{c: c, in: Intent{Kind: Start}, reply: reply}
	<-f.inFlight
	h.tell(leaseFreeCmd{id: "t9"})
	require.ErrorIs(t, <-f.ended, context.Canceled, "given up when the lease came free, not at remoteWait")
	select {
	case err := <-reply:
		require.NoError(t, err, "answered by the new owner")
	case <-time.After(10 * time.Second):
		t.Fatal("the command was not sent again")
	}
}
