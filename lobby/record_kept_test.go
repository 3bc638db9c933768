package lobby

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// stalledRecords is a store whose writes of finished games wait until
// release is closed: a node whose recorder has a game and has not written
// it yet, as in the moment after a game's end was shown.
type stalledRecords struct {
	store.Store
	release chan struct{}
}

// stalledHub is a hub on st whose games' records wait until release is
// closed (by the test, or at its end).
func stalledHub(t *testing.T, st store.Store) (*stalledRecords, *Hub) {
	stalled := &stalledRecords{Store: st, release: make(chan struct{})}
	h := journalHub(t, stalled, nil)
	t.Cleanup(func() {
		select {
		case <-stalled.release:
		default:
			close(stalled.release)
		}
	})
	return stalled, h
}

func (s *stalledRecords) RecordGame(ctx context.Context, g store.GameRecord) (store.GameRecord, []store.RatingChange, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
		return g, nil, ctx.Err()
	}
	return s.Store.RecordGame(ctx, g)
}

// TestGameEndedJustBeforeAKillIsRecordedAfterTheRestart: a game's end is
// shown to its players, and the node dies before its recorder has written
// the game (kill -9). The next start restores the table from its journal,
// which the game's end left as it was, and records the game from it; the
// first node's own write, had it come after all (a node paused, not
// killed), is not written again.
func TestGameEndedJustBeforeAKillIsRecordedAfterTheRestart(t *testing.T) {
	ctx := t.Context()
	st := openJournalStore(t, t.TempDir())
	stalled, h := stalledHub(t, st)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	require.NoError(t, ana.Create(TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Mode: engine.SingleHand, Players: 2}}))
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil && s.Table.Code != "" })
	require.NoError(t, bo.Join(s.Table.Code))
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 2 })
	ana.Do(Intent{Kind: Start})
	end := playOut(t, ana, bo)
	require.True(t, end.LastHand.GameOver, "the end is shown")
	require.Equal(t, 1, h.HistoryStats().Pending, "and not written yet")

	// The node is killed here: a new one starts on the same database.
	h2 := journalHub(t, st, nil)
	_, err := h2.Restore(ctx)
	require.NoError(t, err)
	require.NoError(t, h2.Shutdown(ctx)) // (its recorder writes what it has)
	require.Equal(t, int64(1), h2.HistoryStats().Recorded, "the game is recorded from its journal")
	games := func() int {
		p, err := st.ProfileByName(ctx, "ana")
		require.NoError(t, err)
		return p.Games
	}
	require.Equal(t, 1, games())
	left, err := st.UnfinishedTables(ctx)
	require.NoError(t, err)
	require.Empty(t, left, "the record finished the table")

	// The first node's write comes after all: the game is not written twice.
	close(stalled.release)
	require.NoError(t, h.Shutdown(ctx))
	require.Equal(t, int64(1), h.HistoryStats().Recorded)
	require.Equal(t, 1, games())
}

// TestRoundEndedJustBeforeAKillIsRecordedAfterTheRestart: both tables of a
// tournament play its first round's game to its end and the tournament
// moves on to the second round, and the node dies before its recorder has
// written either game. The next start records both rounds' games from the
// journals the second round's records waited for (were they replaced, as
// they were, nothing would be left to record them from).
func TestRoundEndedJustBeforeAKillIsRecordedAfterTheRestart(t *testing.T) {
	ctx := t.Context()
	st := openTourStore(t, t.TempDir())
	_, h := stalledHub(t, st)
	id, _, ana, bo := openStoredTour(t, h)
	tourRun(t, func(Screen) bool {
		return h.HistoryStats().Pending == engine.TournamentTables
	}, func(*Client, Screen) {}, ana, bo)
	// Both games of the first round are shown, and not written; the
	// tournament moves on to the second round, whose record at each table
	// either waits for the last game's or (as it did) replaces it.
	v, err := h.tournamentView(ctx, id)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		moved := 0
		for _, tid := range v.TableIDs {
			s, err := st.LoadTable(ctx, tid)
			require.NoError(t, err)
			var o tableOptions
			require.NoError(t, json.Unmarshal(s.Options, &o))
			if o.Tour != nil && o.Tour.Round == 1 {
				moved++
			}
		}
		return moved+int(h.journal.awaiting.Load()) == engine.TournamentTables
	}, 20*time.Second, 5*time.Millisecond, "each table has moved on, or waits to")

	// The node is killed here: a new one starts on the same database.
	h2 := journalHub(t, st, nil)
	n, err := h2.Restore(ctx)
	require.NoError(t, err)
	require.Equal(t, engine.TournamentTables, n)
	require.NoError(t, h2.Shutdown(ctx)) // (its recorder writes what it has)
	require.Equal(t, int64(engine.TournamentTables), h2.HistoryStats().Recorded, "both games of the round are recorded")
}
