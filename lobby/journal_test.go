package lobby

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// openStore opens a store in dir, closed when the test ends (closing twice
// is harmless).
func openJournalStore(t *testing.T, dir string) *store.DB {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// journalHub is a hub on a fake clock that keeps its tables in st. These
// tests drive one table at a time while the clock moves for all of them, so
// nobody is stood up for the turns that time out meanwhile.
func journalHub(t *testing.T, st store.Store, logs io.Writer) *Hub {
	t.Helper()
	cfg := testConfig()
	cfg.Store = st
	cfg.IdleMoves = -1
	if logs != nil {
		cfg.Logger = log.New(logs)
	}
	h := NewHub(cfg)
	t.Cleanup(func() { _ = h.Shutdown(context.Background()) })
	return h
}

// playUntil drives the clients' seats with the bot's choices, and the clock
// from one deadline to the next whenever none of them has a move, until
// done holds (checked between moves).
func playUntil(t *testing.T, done func() bool, clients ...*Client) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	clk := clockOf(clients[0].hub)
	move := func() bool {
		moved := false
		for _, c := range clients {
			if g := c.Screen().Table.Game; g != nil && len(g.Legal) > 0 && c.Screen().Table.Status == Playing {
				if a, ok := chooseMove(*g, r); ok {
					c.Do(Intent{Kind: Move, Action: a})
					moved = true
				}
			}
		}
		return moved
	}
	for range 100000 {
		if done() {
			return
		}
		if move() {
			continue
		}
		if !clk.waitArmed(t, clients[0]) || done() {
			continue
		}
		if !move() {
			clk.advanceToNext()
		}
	}
	t.Fatal("never done")
}

// snapshotOf is the snapshot of table id.
func snapshotOf(t *testing.T, h *Hub, id string) TableSnapshot {
	t.Helper()
	all, err := h.Snapshot(t.Context())
	require.NoError(t, err)
	for _, s := range all {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no table %s in %+v", id, all)
	return TableSnapshot{}
}

// yourTurn reports whether the game waits for c alone.
func yourTurn(c *Client) func() bool {
	return func() bool {
		tv := c.Screen().Table
		return tv != nil && tv.Game != nil && tv.Game.Phase == engine.PhaseTurn && tv.Game.Current == tv.You &&
			len(tv.Game.Legal) > 0 && tv.Reveal == nil
	}
}

// TestAbandonedTableIsFinished: a game everyone leaves is marked finished
// in the store (once the grace that keeps a leaver's seat is over), so a
// restart does not bring it back.
func TestAbandonedTableIsFinished(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	startPrivate(t, ana, 2, NoTurnTimer)
	playUntil(t, func() bool { return ana.Screen().Table.Moves >= 5 }, ana)
	left, err := st.UnfinishedTables(t.Context())
	require.NoError(t, err)
	require.Len(t, left, 1)
	require.Equal(t, "ana", left[0].Seats[0].Name)
	require.True(t, left[0].Seats[0].Host)
	require.Equal(t, "key-ana", left[0].Seats[0].Key)
	require.Equal(t, store.SeatBot, left[0].Seats[1].Kind)

	ana.Do(Intent{Kind: Leave})
	// Her seat is kept for her while the grace runs; then nobody is left.
	left, err = st.UnfinishedTables(t.Context())
	require.NoError(t, err)
	require.Len(t, left, 1, "a seat kept for a player who left keeps the table")
	clockOf(h).Advance(h.cfg.Grace)
	require.Eventually(t, func() bool {
		left, err := st.UnfinishedTables(t.Context())
		return err == nil && len(left) == 0
	}, 10*time.Second, 5*time.Millisecond)
}

// brokenDisk fails every write while fail is set, as a full or broken disk
// would.
type brokenDisk struct {
	store.Store
	fail atomic.Bool
}

var errDisk = errors.New("disk I/O error")

func (f *brokenDisk) Append(ctx context.Context, id string, fence int64, seq int, a engine.Action) error {
	if f.fail.Load() {
		return &store.JournalError{Table: id, Seq: seq, Err: errDisk}
	}
	return f.Store.Append(ctx, id, fence, seq, a)
}

func (f *brokenDisk) CreateTable(ctx context.Context, tb store.Table) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.CreateTable(ctx, tb)
}

func (f *brokenDisk) ClaimTable(ctx context.Context, id, node string) (int64, error) {
	if f.fail.Load() {
		return 0, errDisk
	}
	return f.Store.ClaimTable(ctx, id, node)
}

func (f *brokenDisk) SetTableSeats(ctx context.Context, id string, seats []store.TableSeat) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.SetTableSeats(ctx, id, seats)
}

func (f *brokenDisk) FinishTable(ctx context.Context, id string) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.FinishTable(ctx, id)
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// gatedStore holds each Append until the test lets it through.
type gatedStore struct {
	store.Store
	hold     atomic.Bool
	arrived  chan engine.Action
	released chan struct{}
}

func (g *gatedStore) Append(ctx context.Context, id string, fence int64, seq int, a engine.Action) error {
	if g.hold.Load() {
		g.arrived <- a
		<-g.released
	}
	return g.Store.Append(ctx, id, fence, seq, a)
}

// TestNothingIsShownBeforeItIsWritten: while the store has not
// acknowledged a move, nobody's screen shows it; once it has, everyone's
// does.
func TestNothingIsShownBeforeItIsWritten(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	g := &gatedStore{Store: st, arrived: make(chan engine.Action, 1), released: make(chan struct{})}
	h := journalHub(t, g, nil)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, ana, 0, NoTurnTimer, bo)
	var mover, other *Client
	playUntil(t, func() bool {
		for _, c := range []*Client{ana, bo} {
			if yourTurn(c)() {
				mover = c
			}
		}
		return mover != nil
	}, ana, bo)
	other = ana
	if mover == ana {
		other = bo
	}
	before := mover.Screen().Table.Moves
	a, ok := chooseMove(*mover.Screen().Table.Game, rand.New(rand.NewPCG(5, 6)))
	require.True(t, ok)

	g.hold.Store(true)
	done := make(chan struct{})
	go func() {
		mover.Do(Intent{Kind: Move, Action: a})
		close(done)
	}()
	written := <-g.arrived
	require.Equal(t, a.Kind, written.Kind)
	for _, c := range []*Client{mover, other} {
		require.Equal(t, before, c.Screen().Table.Moves, "nothing shown while the write waits")
	}
	g.hold.Store(false)
	close(g.released)
	<-done
	for _, c := range []*Client{mover, other} {
		require.Greater(t, c.Screen().Table.Moves, before, "shown once written")
	}
}
