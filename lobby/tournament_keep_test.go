package lobby

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// toursDown fails every tournament record written while fail is set.
type toursDown struct {
	store.Store
	fail atomic.Bool
}

func (f *toursDown) SaveTournament(ctx context.Context, tr store.Tournament) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.SaveTournament(ctx, tr)
}

// TestTournamentRecordIsRetried: a tournament's record that cannot be
// written is logged and counted, and the room goes on; it is tried again
// once its pause is over (not at every command meanwhile), and written
// when the store works again.
func TestTournamentRecordIsRetried(t *testing.T) {
	st := openTourStore(t, t.TempDir())
	flaky := &toursDown{Store: st}
	flaky.fail.Store(true)
	logs := &lockedBuffer{}
	h := journalHub(t, flaky, logs)
	ana := connect(t, h, "ana")
	openTour(t, ana, 2)
	require.Contains(t, logs.String(), "a tournament's record was not written")
	failed := h.JournalStats().WriteErrors
	require.Positive(t, failed)

	ana.Do(Intent{Kind: Chat, Text: "anyone?"})
	require.Equal(t, failed, h.JournalStats().WriteErrors, "no new try before the pause is over")
	flaky.fail.Store(false)
	clockOf(h).Advance(2 * time.Second)
	ana.Do(Intent{Kind: Chat, Text: "hello"})
	tours, err := st.UnfinishedTournaments(t.Context())
	require.NoError(t, err)
	require.Len(t, tours, 1)
	var rec tourState
	require.NoError(t, json.Unmarshal(tours[0].State, &rec))
	require.Equal(t, "ana", rec.Places[0].Name)
	require.True(t, rec.Places[0].Host)
	require.Equal(t, "ada", rec.Places[1].Name)
}
