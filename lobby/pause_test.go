package lobby

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// heldTable is a game of ana and bo (and a bot) that cy watches, on a store
// that fails on demand, played until one of the two has a move to make.
type heldTable struct {
	h           *Hub
	disk        *brokenDisk
	logs        *lockedBuffer
	ana, bo, cy *Client
	mover       *Client
	id          string
	shown       int // the moves every screen shows
	everyone    []*Client
}

func newHeldTable(t *testing.T) *heldTable {
	t.Helper()
	return newHeldTableOn(t, openJournalStore(t, t.TempDir()))
}

// newHeldTableOn is newHeldTable on the store st.
func newHeldTableOn(t *testing.T, st store.Store) *heldTable {
	t.Helper()
	ht := &heldTable{disk: &brokenDisk{Store: st}, logs: &lockedBuffer{}}
	ht.h = journalHub(t, ht.disk, ht.logs)
	ht.ana, ht.bo, ht.cy = connect(t, ht.h, "ana"), connect(t, ht.h, "bo"), connect(t, ht.h, "cy")
	code := startPrivate(t, ht.ana, 1, 30*time.Second, ht.bo)
	require.NoError(t, ht.cy.WatchCode(code))
	ht.everyone = []*Client{ht.ana, ht.bo, ht.cy}
	ht.id = ht.ana.Screen().Table.ID
	playUntil(t, func() bool {
		for _, c := range []*Client{ht.ana, ht.bo} {
			if yourTurn(c)() {
				ht.mover = c
			}
		}
		return ht.mover != nil
	}, ht.ana, ht.bo)
	ht.shown = ht.mover.Screen().Table.Moves
	for _, c := range ht.everyone {
		waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Moves == ht.shown })
	}
	return ht
}

// holdOnMove makes the disk fail and the mover move: the table holds.
func (ht *heldTable) holdOnMove(t *testing.T) {
	t.Helper()
	a, ok := chooseMove(*ht.mover.Screen().Table.Game, rand.New(rand.NewPCG(7, 8)))
	require.True(t, ok)
	ht.disk.fail.Store(true)
	ht.mover.Do(Intent{Kind: Move, Action: a}) // returns once the table has flushed
	for _, c := range ht.everyone {
		waitScreen(t, c, func(s Screen) bool { return s.Notice.Text == errPaused.Error() })
	}
}

// storedActions is how many actions the store holds of the table's game.
func (ht *heldTable) storedActions(t *testing.T) int {
	t.Helper()
	left, err := ht.disk.Store.UnfinishedTables(t.Context())
	require.NoError(t, err)
	require.Len(t, left, 1)
	return len(left[0].Journal.Actions)
}

// TestHeldTableShowsNothingUnstored: a move the store cannot write reaches
// no screen; everyone at the table (the players and a spectator) reads the
// pause line instead, and the store holds exactly what the screens show,
// so a crash then loses nothing anyone saw. The failure is logged and
// counted, and the held tables are counted.
func TestHeldTableShowsNothingUnstored(t *testing.T) {
	ht := newHeldTable(t)
	ht.holdOnMove(t)
	for _, c := range ht.everyone {
		tv := c.Screen().Table
		require.Equal(t, ht.shown, tv.Moves, "%s is shown a move that is not stored", c.nick())
		require.True(t, tv.TurnEnds.IsZero() && tv.NextHandAt.IsZero(), "%s's screen counts down no timer", c.nick())
	}
	require.Equal(t, ht.shown, ht.storedActions(t), "the store holds what the screens show")
	require.Equal(t, ht.shown+1, snapshotOf(t, ht.h, ht.id).Actions, "the move waits in memory")
	stats := ht.h.JournalStats()
	require.Positive(t, stats.WriteErrors)
	require.EqualValues(t, 1, stats.Held)
	require.Contains(t, ht.logs.String(), "journal write failed; the table holds")
	require.Contains(t, ht.logs.String(), "disk I/O error")
}

// TestHeldTableTakesNoMoveAndNoTimerRuns: while the table holds, moves and
// chat are refused with the pause line, and however long it holds no turn
// times out, no bot plays and nothing is dealt.
func TestHeldTableTakesNoMoveAndNoTimerRuns(t *testing.T) {
	ht := newHeldTable(t)
	ht.holdOnMove(t)
	other := ht.ana
	if ht.mover == ht.ana {
		other = ht.bo
	}
	other.Do(Intent{Kind: Chat, Text: "still there?"})
	require.Equal(t, errPaused.Error(), other.Screen().Notice.Text)
	require.True(t, other.Screen().Notice.Error)
	seq := ht.mover.Screen().Notice.Seq
	ht.mover.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Draw}})
	require.Greater(t, ht.mover.Screen().Notice.Seq, seq, "the refusal is told")
	require.Equal(t, errPaused.Error(), ht.mover.Screen().Notice.Text)

	clk := clockOf(ht.h)
	for range 10 { // five minutes: ten turn timers, many bot pauses, every grace
		clk.Advance(30 * time.Second)
		ht.mover.Do(Intent{Kind: Wake}) // a round trip: the table has seen the clock
	}
	require.Equal(t, ht.shown+1, snapshotOf(t, ht.h, ht.id).Actions, "nothing moved while the table held")
	for _, c := range ht.everyone {
		require.Equal(t, ht.shown, c.Screen().Table.Moves)
	}
}

// TestHeldTableGoesOnOnceWritten: when a retry succeeds the held move is
// shown to everyone with the line that the game goes on, the timers start
// afresh, and the journal is the game on the table.
func TestHeldTableGoesOnOnceWritten(t *testing.T) {
	ht := newHeldTable(t)
	ht.holdOnMove(t)
	clk := clockOf(ht.h)
	clk.Advance(time.Minute) // (retries fail meanwhile)
	ht.mover.Do(Intent{Kind: Wake})

	ht.disk.fail.Store(false)
	clk.Advance(journalRetryMax)
	for _, c := range ht.everyone {
		s := waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Moves == ht.shown+1 })
		require.Equal(t, resumedLine, s.Notice.Text, "%s is told the game goes on", c.nick())
		if tv := s.Table; !tv.TurnEnds.IsZero() {
			require.Equal(t, clk.Now().Add(30*time.Second), tv.TurnEnds, "the turn timer starts afresh")
		}
	}
	require.Zero(t, ht.h.JournalStats().Held)
	snap := snapshotOf(t, ht.h, ht.id)
	require.Zero(t, snap.Unwritten)
	require.Equal(t, snap.Actions, ht.storedActions(t))

	// Play goes on, and is written as it goes.
	from := ht.ana.Screen().Table.Moves
	playUntil(t, func() bool { return ht.ana.Screen().Table.Moves >= from+10 }, ht.ana, ht.bo)
	left, err := ht.disk.Store.UnfinishedTables(t.Context())
	require.NoError(t, err)
	g, err := engine.Replay(left[0].Journal)
	require.NoError(t, err)
	snap = snapshotOf(t, ht.h, ht.id)
	require.Equal(t, snap.Hash, StateHash(g.State()), "the journal, written late, is the game")
}
