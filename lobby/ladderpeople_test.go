package lobby

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// TestLadderPairsAPersonWithABot: a person with an account who seeks the
// ladder waits at a ladder table (no validation game: people finish
// games), the next API bot that seeks it sits there, the game is rated on
// both ladder ratings, and the board marks the person as one.
func TestLadderPairsAPersonWithABot(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	robo := ladderBot(t, h, st, "robo")
	require.NoError(t, ana.SeekLadder())
	sa := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })
	require.True(t, sa.Table.Ladder)
	require.Equal(t, Waiting, sa.Table.Status, "a person waits for a partner, with no validation game")
	require.NoError(t, robo.SeekLadder())
	sr := waitScreen(t, robo, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, sa.Table.ID, sr.Table.ID)
	require.True(t, playOut(t, ana, robo).LastHand.GameOver)

	day := clockOf(h).Now().Add(-time.Hour)
	require.Eventually(t, func() bool {
		s, err := st.LadderStanding(t.Context(), ana.accountOf().id, day)
		return err == nil && s.Games == 1 && s.Today == 1
	}, 10*time.Second, 5*time.Millisecond, "the person's ladder rating moved")
	s, err := st.LadderStanding(t.Context(), robo.accountOf().id, day)
	require.NoError(t, err)
	require.Equal(t, 2, s.Games, "the bot's validation game and this one")
	board, err := st.LadderBoard(t.Context(), 0)
	require.NoError(t, err)
	people := map[string]bool{}
	for _, e := range board {
		people[e.Name] = e.Person
	}
	require.Equal(t, map[string]bool{"ana": true, "robo": false, "beginner": false, "easy": false, "normal": false, "hard": false}, people)
}

// TestLadderTableTakesNoHostChanges: the person who waits on the ladder is
// its table's host, but may not choose its opponent, its rules or its
// start: each is refused, and the table still waits for a ladder partner.
func TestLadderTableTakesNoHostChanges(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	require.NoError(t, ana.SeekLadder())
	waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })
	for _, in := range []Intent{{Kind: BotLevel, Level: bot.Beginner}, {Kind: AddBot}, {Kind: Start}, {Kind: EditRules},
		{Kind: Configure, Settings: ladderSettings()}} {
		before := ana.Screen().Notice.Seq
		ana.Do(in)
		s := waitScreen(t, ana, func(s Screen) bool { return s.Notice.Seq > before })
		require.True(t, s.Notice.Error, "%v", in.Kind)
		require.Equal(t, errLadderAlike.Error(), s.Notice.Text, "%v", in.Kind)
	}
	s := ana.Screen()
	require.Equal(t, Waiting, s.Table.Status)
	require.Equal(t, 1, s.Table.Taken)
}

// TestLadderRefusesGuests: a guest's games are not rated, so the ladder
// says so rather than seat them.
func TestLadderRefusesGuests(t *testing.T) {
	h := journalHub(t, openJournalStore(t, t.TempDir()), nil)
	g := h.Connect("sess-guest", "guest:1", true)
	require.NoError(t, g.SetNick("gus"))
	require.ErrorIs(t, g.SeekLadder(), ErrLadderGuests)
}

// TestLadderSeekerAloneMeetsTheNearestReference: a bot that waits alone on
// the ladder for LadderWait (on the table's clock) is told in one notice
// that it plays the built-in level whose ladder rating is nearest its own,
// and the game starts with that level in the other seat.
func TestLadderSeekerAloneMeetsTheNearestReference(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	h := journalHub(t, st, nil)
	robo := ladderBot(t, h, st, "robo") // won its validation game
	standing, ok, err := robo.Ladder()
	require.True(t, ok)
	require.NoError(t, err)
	refs, err := st.LadderReferences(t.Context())
	require.NoError(t, err)
	nearest := bot.Beginner
	for _, l := range bot.Levels {
		if math.Abs(refs[l.String()].Mu-standing.Rating.Mu) < math.Abs(refs[nearest.String()].Mu-standing.Rating.Mu) {
			nearest = l
		}
	}
	require.NoError(t, robo.SeekLadder())
	s := waitScreen(t, robo, func(s Screen) bool { return s.Table != nil && s.Table.Status == Waiting })
	require.False(t, s.Table.StartsAt.IsZero(), "the wait is counted down")
	clk := clockOf(h)
	clk.Advance(h.cfg.LadderWait - time.Second)
	require.Nil(t, robo.Screen().Table.Game, "a second before the wait is over")
	clk.Advance(time.Second)
	s = waitScreen(t, robo, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.True(t, s.Table.Seats[1].Bot)
	require.Equal(t, nearest, s.Table.Seats[1].Level, "the nearest reference to %v", standing.Rating)
	require.True(t, strings.HasPrefix(s.Notice.Text, "no one sought the ladder for 1m0s: you play "), s.Notice.Text)
	require.False(t, s.Notice.Error)
	require.True(t, playOut(t, robo).LastHand.GameOver)
	require.Eventually(t, func() bool {
		after, _, err := robo.Ladder()
		return err == nil && after.Games == 2 && after.Rating != standing.Rating
	}, 10*time.Second, 5*time.Millisecond, "the game against the reference was rated on the ladder")
}

// TestLadderLeaverUsesADailyGame: a bot that leaves its ladder game before
// the end has used one of its games of the day at once: with one a day,
// its next seek is refused with the limit.
func TestLadderLeaverUsesADailyGame(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	cfg := testConfig()
	cfg.Store, cfg.IdleMoves, cfg.LadderPerDay = st, -1, 1
	h := NewHub(cfg)
	t.Cleanup(func() { _ = h.Shutdown(t.Context()) })
	robo := h.Connect("sess-robo", "key-robo", false)
	require.NoError(t, robo.StartBot())
	require.NoError(t, robo.RegisterBot("robo"))
	require.NoError(t, robo.SeekLadder()) // its validation game, against normal
	waitScreen(t, robo, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.NoError(t, robo.Leave())
	waitScreen(t, robo, func(s Screen) bool { return s.Table == nil })
	require.Eventually(t, func() bool {
		var limit *LadderLimitError
		err := robo.SeekLadder()
		if err == nil {
			_ = robo.Leave()
		}
		return errors.As(err, &limit)
	}, 10*time.Second, 5*time.Millisecond, "the game it left counts against its day")
}

// slowRecords is a store whose finished games wait to be written until
// release is closed.
type slowRecords struct {
	*store.DB
	release chan struct{}
}

func (s slowRecords) RecordGame(ctx context.Context, g store.GameRecord) (store.GameRecord, []store.RatingChange, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
		return g, nil, ctx.Err()
	}
	return s.DB.RecordGame(ctx, g)
}

// TestLadderPairsABotJustValidated: a bot that seeks again the moment its
// validation game is over waits for a partner, though the store has not
// written that game yet: it does not play a second validation game.
func TestLadderPairsABotJustValidated(t *testing.T) {
	db := openJournalStore(t, t.TempDir())
	st := slowRecords{DB: db, release: make(chan struct{})}
	h := journalHub(t, st, nil)
	defer close(st.release)
	robo := h.Connect("sess-robo", "key-robo", false)
	require.NoError(t, robo.StartBot())
	require.NoError(t, robo.RegisterBot("robo"))
	require.NoError(t, robo.SeekLadder())
	waitScreen(t, robo, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.True(t, playOut(t, robo).LastHand.GameOver)
	s, err := db.LadderStanding(t.Context(), robo.accountOf().id, time.Time{})
	require.NoError(t, err)
	require.False(t, s.Validated, "the store has the game already: this test proves nothing")

	require.NoError(t, robo.Leave())
	require.NoError(t, robo.SeekLadder())
	tv := waitScreen(t, robo, func(s Screen) bool { return s.Table != nil && s.Table.Status != Finished }).Table
	require.Equal(t, Waiting, tv.Status, "a second validation game")
	require.Equal(t, 1, tv.Taken)
}
