package lobby

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// TestRestartRestoresTables: two tables (a private one with two keyed
// players and a bot, a public one with a player and bots) play for a while;
// the server stops in order; a new hub on the same database has both back,
// each game in the very state it was (the hash of engine.State), with its
// seats, its log and its code; each player who returns with their key has
// their nickname without being asked and sits in their seat with their
// hand; one who does not return is replaced by a bot after the grace
// period counted from the restart; the game plays on to its end, and the
// table is then finished in the store.
func TestRestartRestoresTables(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana, bo, cy := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy")
	code := startPrivate(t, ana, 1, NoTurnTimer, bo)
	private, short := ana.Screen().Table.ID, ana.Screen().Table.Short
	require.NoError(t, cy.Create(TableOptions{Public: true, Settings: engine.Settings{Edition: engine.TheOffice2020, Players: 3, Target: 200}, Bots: 2}))
	waitScreen(t, cy, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	public := cy.Screen().Table.ID

	playUntil(t, func() bool { return ana.Screen().Table.Moves >= 30 && yourTurn(ana)() }, ana, bo)
	playUntil(t, func() bool { return cy.Screen().Table.Moves >= 20 && yourTurn(cy)() }, cy)
	before := map[string]TableSnapshot{private: snapshotOf(t, h, private), public: snapshotOf(t, h, public)}
	hands := map[string][]engine.Card{}
	seats := map[string]int{}
	for _, c := range []*Client{ana, bo, cy} {
		s := c.Screen()
		hands[s.Nick], seats[s.Nick] = s.Table.Game.Hand, s.Table.You
	}
	for _, s := range before {
		require.Zero(t, s.Unwritten, "everything shown is written")
		require.Positive(t, s.Actions)
	}

	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	st2 := openJournalStore(t, dir)
	logs := &lockedBuffer{}
	h2 := journalHub(t, st2, logs)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 2, n)
	for id, b := range before {
		requireRestored(t, id, b, snapshotOf(t, h2, id), true)
	}

	// ana and cy come back with their keys: no nickname asked, same seat,
	// same hand. bo does not.
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	cy2 := h2.Connect("sess-cy-2", "key-cy", false)
	for _, c := range []*Client{ana2, cy2} {
		s := waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
		require.NotEmpty(t, s.Nick, "the nickname is back with no question")
		require.Equal(t, seats[s.Nick], s.Table.You)
		require.Equal(t, hands[s.Nick], s.Table.Game.Hand)
		var said []string
		for _, l := range s.Table.Log {
			said = append(said, l.Text)
		}
		require.Contains(t, strings.Join(said, "\n"), "the server restarted")
	}
	require.Equal(t, code, ana2.Screen().Table.Code)
	require.Equal(t, short, ana2.Screen().Table.Short, "a private table keeps its name")

	// The private code still finds the table (its game has started: to watch).
	dee := connect(t, h2, "dee")
	require.NoError(t, dee.Join(code))
	require.Equal(t, private, waitScreen(t, dee, func(s Screen) bool { return s.Table != nil }).Table.ID)

	// bo's seat is kept for the grace period from the restart, then a bot plays it.
	boSeat := seats["bo"]
	runUntil(t, ana2, func(s Screen) bool { return s.Table.Seats[boSeat].Bot || s.Table.Status == Finished })

	for _, c := range []*Client{ana2, cy2} {
		end := playOut(t, c)
		require.True(t, end.LastHand.GameOver)
	}
	require.Eventually(t, func() bool {
		left, err := st2.UnfinishedTables(t.Context())
		return err == nil && len(left) == 0
	}, 10*time.Second, 5*time.Millisecond, "both tables are finished in the store")
	// A game's duration counts from its start before the restart, not from
	// nothing (it was logged as 2562047h47m16s).
	durations := regexp.MustCompile(`(table|game) finished.* duration=(\S+)`).FindAllStringSubmatch(logs.String(), -1)
	require.Len(t, durations, 4, "%s", logs)
	for _, d := range durations {
		took, err := time.ParseDuration(d[2])
		require.NoError(t, err)
		require.Less(t, took, 24*time.Hour, d[0])
	}
}

// TestRestoreRewritesABrokenJournal: a journal whose last entry the game
// refuses (a bug, or a rule changed) comes back as far as it replays, and
// the table writes its journal again without the bad entry.
func TestRestoreRewritesABrokenJournal(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	startPrivate(t, ana, 1, NoTurnTimer)
	id := ana.Screen().Table.ID
	playUntil(t, func() bool { return ana.Screen().Table.Moves >= 8 && yourTurn(ana)() }, ana)
	before := snapshotOf(t, h, id)
	require.NoError(t, h.Shutdown(t.Context()))
	// An entry the game refuses: the bot's seat plays out of turn.
	saved, err := st.LoadTable(t.Context(), id)
	require.NoError(t, err)
	require.NoError(t, st.Append(t.Context(), id, saved.Fence, before.Actions, engine.Action{Kind: engine.Draw, Seat: 1}))
	require.NoError(t, st.Close())

	st2 := openJournalStore(t, dir)
	logs := &lockedBuffer{}
	h2 := journalHub(t, st2, logs)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Contains(t, logs.String(), "replays only in part")
	s := snapshotOf(t, h2, id)
	require.Equal(t, before.Hash, s.RestoredHash)
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil })
	require.Eventually(t, func() bool {
		left, err := st2.UnfinishedTables(t.Context())
		return err == nil && len(left) == 1 && len(left[0].Journal.Actions) == before.Actions && left[0].Lost == 0
	}, 10*time.Second, 5*time.Millisecond, "the journal is written again without the bad entry")
}

// TestRestartRestoresAWaitingTable: a private table whose game has not
// started comes back with its rules, its seats and its code; its host
// returns to the waiting room, a newcomer sits down by the code, and the
// seat of a player who does not return is given up after the grace period.
func TestRestartRestoresAWaitingTable(t *testing.T) {
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	settings := engine.Settings{Edition: engine.Minions2016, Players: 4, Target: 200}
	require.NoError(t, ana.Create(TableOptions{Name: "ana's table", Settings: settings, Bots: 1, TurnTime: NoTurnTimer}))
	code := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil && s.Table.Code != "" }).Table.Code
	require.NoError(t, bo.Join(code))
	short := waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 3 }).Table.Short
	require.NotEmpty(t, short)
	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	st2 := openJournalStore(t, dir)
	h2 := journalHub(t, st2, nil)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, n)
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	s := waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil })
	require.Equal(t, "ana", s.Nick)
	require.Equal(t, Waiting, s.Table.Status)
	require.Equal(t, code, s.Table.Code)
	require.Equal(t, short, s.Table.Short, "the name a friend was given still finds it")
	require.Equal(t, settings, s.Table.Settings)
	require.True(t, s.Table.Host)
	require.Equal(t, []string{"ana", "ada", "bo", ""}, []string{s.Table.Seats[0].Nick, s.Table.Seats[1].Nick,
		s.Table.Seats[2].Nick, s.Table.Seats[3].Nick})
	require.False(t, s.Table.Seats[2].Connected, "bo is away")

	cy := connect(t, h2, "cy")
	require.NoError(t, cy.Join(code))
	require.Equal(t, 3, waitScreen(t, cy, func(s Screen) bool { return s.Table != nil }).Table.You)

	runUntil(t, ana2, func(s Screen) bool { return s.Table.Seats[2].Nick == "" })
	ana2.Do(Intent{Kind: Start})
	waitScreen(t, ana2, func(s Screen) bool { return s.Table.Status == Playing })
	require.Eventually(t, func() bool {
		left, err := st2.UnfinishedTables(t.Context())
		return err == nil && len(left) == 1 && len(left[0].Journal.Actions) > 0 && len(left[0].Seats) == 3
	}, 10*time.Second, 5*time.Millisecond, "the game that began is journalled under the same table")
}

// TestRestoreClosesWhatHasNothingLeft: a table whose journal reaches the
// end of its game (the server stopped before it was marked finished), and
// one where only bots sat, are marked finished rather than brought back.
func TestRestoreClosesWhatHasNothingLeft(t *testing.T) {
	st := openJournalStore(t, t.TempDir())
	ctx := t.Context()
	settings := engine.Settings{Edition: engine.Classic2001, Mode: engine.SingleHand, Players: 2}
	players := []store.TableSeat{{Kind: store.SeatAccount, Name: "ana", Key: "key-ana", Host: true}, {Kind: store.SeatBot, Name: "ada"}}
	bots := []store.TableSeat{{Kind: store.SeatBot, Name: "ada"}, {Kind: store.SeatBot, Name: "bix"}}
	require.NoError(t, st.CreateTable(ctx, store.Table{ID: "t1", Settings: settings, Seed: 7, Seats: players, Options: []byte(`{"name":"over"}`)}))
	require.NoError(t, st.CreateTable(ctx, store.Table{ID: "t2", Settings: settings, Seed: 8, Seats: bots, Options: []byte(`{"name":"bots"}`)}))
	g, err := engine.New(settings, 7)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(1, 1))
	for seq := 0; !g.Over(); seq++ {
		w := g.Waiting()
		legal := g.Legal(w[r.IntN(len(w))])
		a := legal[r.IntN(len(legal))]
		_, err := g.Apply(a)
		require.NoError(t, err)
		require.NoError(t, st.Append(ctx, "t1", 0, seq, a))
	}

	h := journalHub(t, st, nil)
	n, err := h.Restore(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
	// The ended game, not recorded before the stop, is recorded from its
	// journal, and its record finishes its table.
	require.NoError(t, h.Shutdown(ctx))
	require.Equal(t, int64(1), h.HistoryStats().Recorded)
	left, err := st.UnfinishedTables(ctx)
	require.NoError(t, err)
	require.Empty(t, left)
}

// requireRestored checks that table id came back as b was: rebuilt to the
// same state, and, when still (nobody back yet), unmoved, with the same
// seats and every player away until they return.
func requireRestored(t *testing.T, id string, b, s TableSnapshot, still bool) {
	t.Helper()
	require.Equal(t, b.Hash, s.RestoredHash, "table %s rebuilt to the same state", id)
	require.Equal(t, b.Actions, s.RestoredActions)
	if !still {
		return
	}
	require.Equal(t, b.Hash, s.Hash, "nothing moved before anyone came back")
	require.Len(t, s.Seats, len(b.Seats))
	for i, seat := range s.Seats {
		require.Equal(t, b.Seats[i].Nick, seat.Nick)
		require.Equal(t, b.Seats[i].Bot, seat.Bot)
		require.Equal(t, !seat.Bot, seat.Away, "every player is away until they return")
	}
}

// TestRestartKeepsTheStandIn: ana steps away (q) from a game with a turn
// timer, and a bot plays her seat; the server restarts. The bot plays her
// seat again from the start: her turn is taken after a bot's pause, not
// after the turn timers that would stand her up. When she comes back with
// her key within the grace she has her seat again and the bot leaves it, as
// it would have without the restart.
func TestRestartKeepsTheStandIn(t *testing.T) {
	const turn = 30 * time.Second
	dir := t.TempDir()
	st := openJournalStore(t, dir)
	h := journalHub(t, st, nil)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, ana, 1, turn, bo)
	id := ana.Screen().Table.ID
	playUntil(t, func() bool { return ana.Screen().Table.Moves >= 6 && yourTurn(ana)() }, ana, bo)
	seat := ana.Screen().Table.You
	ana.Do(Intent{Kind: Leave})
	waitScreen(t, bo, func(s Screen) bool { return s.Table.Seats[seat].AutoPlay })
	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	st2 := openJournalStore(t, dir)
	saved, err := st2.UnfinishedTables(t.Context())
	require.NoError(t, err)
	require.Len(t, saved, 1)
	require.True(t, saved[0].Seats[seat].StandIn, "the record says a bot plays ana's seat")
	h2 := journalHub(t, st2, nil)
	_, err = h2.Restore(t.Context())
	require.NoError(t, err)
	clk := clockOf(h2)
	restarted := clk.Now()

	bo2 := h2.Connect("sess-bo-2", "key-bo", false)
	s := waitScreen(t, bo2, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.True(t, s.Table.Seats[seat].AutoPlay, "a bot plays ana's seat from the restart on")
	require.Equal(t, seat, s.Table.Game.Current)
	require.Equal(t, engine.PhaseTurn, s.Table.Game.Phase)
	anasTurn := func(s Screen) bool {
		g := s.Table.Game
		return g != nil && g.Phase == engine.PhaseTurn && g.Current == seat
	}
	for i := 0; anasTurn(bo2.Screen()); i++ {
		require.Less(t, i, 100, "ana's turn is never taken")
		if clk.waitArmed(t, bo2) {
			clk.advanceToNext()
		}
		require.Less(t, clk.Now().Sub(restarted), turn, "the table waited for ana's turn timer")
	}
	var said []string
	for _, l := range bo2.Screen().Table.Log {
		said = append(said, l.Text)
	}
	require.Contains(t, strings.Join(said, "\n"), "a bot plays ana's cards until they come back")

	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	s = waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil && s.Table.ID == id })
	require.Equal(t, seat, s.Table.You)
	require.False(t, s.Table.Seats[seat].AutoPlay, "the bot leaves ana's seat")
	require.Eventually(t, func() bool {
		left, err := st2.UnfinishedTables(t.Context())
		return err == nil && len(left) == 1 && !left[0].Seats[seat].StandIn
	}, 10*time.Second, 5*time.Millisecond, "the record says ana plays her seat again")
}
