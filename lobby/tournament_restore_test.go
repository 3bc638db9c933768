package lobby

import (
	"context"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// tourBefore is how a tournament stood when its server stopped.
type tourBefore struct {
	view   *TournamentView
	tables map[string]TableSnapshot
	seats  map[string]int           // each player's seat
	shorts map[string]string        // the short name of each player's table
	at     map[string]string        // each player's table
	hands  map[string][]engine.Card // each player's hand
}

// standing reads how the tournament and its tables stand, once nothing
// moves (the clock is still): each table's snapshot and the tournament's
// view with every hand reported. What a table was doing as the clock
// stopped may go on for a few steps (a hand's end reported, seats handed
// back, the next round seated), each passing through the tables' and the
// tournament's queues: it reads them in turn until two readings agree.
func standing(t *testing.T, h *Hub, id string, clients ...*Client) tourBefore {
	t.Helper()
	var b tourBefore
	for range 10 {
		prev := b
		b = tourBefore{tables: map[string]TableSnapshot{}, seats: map[string]int{}, at: map[string]string{},
			hands: map[string][]engine.Card{}, shorts: map[string]string{}}
		v, err := h.tournamentView(t.Context(), id)
		require.NoError(t, err)
		for _, tid := range v.TableIDs {
			b.tables[tid] = snapshotOf(t, h, tid)
		}
		b.view, err = h.tournamentView(t.Context(), id) // with what the tables reported meanwhile
		require.NoError(t, err)
		if prev.view != nil && reflect.DeepEqual(prev.tables, b.tables) && reflect.DeepEqual(prev.view, b.view) {
			break
		}
	}
	for _, c := range clients {
		s := c.Screen()
		b.seats[s.Nick], b.at[s.Nick], b.shorts[s.Nick] = s.Table.You, s.Table.ID, s.Table.Short
		if s.Table.Game != nil {
			b.hands[s.Nick] = s.Table.Game.Hand
		}
	}
	return b
}

// openStoredTour starts a private tournament of ana, bo and six bots on a
// hub keeping it in st; it returns its id and code.
func openStoredTour(t *testing.T, h *Hub) (id, code string, ana, bo *Client) {
	t.Helper()
	ana, bo = connect(t, h, "ana"), connect(t, h, "bo")
	code = openTour(t, ana, 5, bo)
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 7 })
	ana.Do(Intent{Kind: Start})
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil })
	return s.Table.Tournament.ID, code, ana, bo
}

// roundTwoMidHand stops tourRun in the tournament's second round, a hand
// into it at ana's table, with a turn under way there. (Not ana's turn:
// tourRun plays it before it asks whether to stop.)
func roundTwoMidHand(*Client) func(Screen) bool {
	return func(s Screen) bool {
		tv, g := s.Table.Tournament, s.Table.Game
		return tv.Round == 1 && tv.Standings.Hands[tv.Table] > engine.HandsPerPartnership && g != nil &&
			g.Phase == engine.PhaseTurn && s.Table.Status == Playing
	}
}

// requireFinalStandings checks a tournament played to its end: 28 hands at
// each table, the scores adding up, a winner.
func requireFinalStandings(t *testing.T, v *TournamentView) {
	t.Helper()
	require.True(t, v.Over)
	st := v.Standings
	require.Equal(t, [2]int{engine.TournamentHands, engine.TournamentHands}, st.Hands)
	for p := range engine.TournamentPlayers {
		sum := 0
		for q := range engine.TournamentPlayers {
			require.Equal(t, st.Tally[p][q], st.Tally[q][p])
			sum += st.Tally[p][q]
		}
		require.Equal(t, sum, st.Scores[p], "player %d", p)
	}
	require.NotEmpty(t, st.Winners)
}

// TestRestartRestoresATournamentInPlay: a tournament in its second round
// stops with the server, mid-hand (or as a table has played the round's
// hands, when the seats may be between tables); a new hub on the same
// database has it back at the same round with the same points, both
// tables' games in the very state they were (the hash of engine.State),
// every player away in their seat; each player who returns with their key
// is at their table, in their seat, with their hand, and the tournament
// plays to its final standings (28 hands at each table, the two players
// still players); then nothing of it is left live in the store.
func TestRestartRestoresATournamentInPlay(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(ana *Client) func(Screen) bool
		// between: the round may move on as soon as the tournament is
		// back, so the seats are not compared.
		between bool
	}{
		{name: "mid-hand", stop: roundTwoMidHand},
		{name: "between rounds", between: true, stop: func(*Client) func(Screen) bool {
			return func(s Screen) bool {
				tv := s.Table.Tournament
				return tv.Round >= 2 || tv.Round == 1 && tv.RoundDone[tv.Table]
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			st := openTourStore(t, dir)
			h := journalHub(t, st, nil)
			id, code, ana, bo := openStoredTour(t, h)
			tourRun(t, tc.stop(ana), func(*Client, Screen) {}, ana, bo)
			before := standing(t, h, id, ana, bo)
			t.Logf("stopped in round %d, hands %v, round played at %v", before.view.Round+1,
				before.view.Standings.Hands, before.view.RoundDone)
			require.GreaterOrEqual(t, before.view.Round, 1)
			require.False(t, before.view.Over)
			require.Greater(t, before.view.Standings.Hands[0]+before.view.Standings.Hands[1], 2*engine.HandsPerPartnership,
				"a hand of the second round is played")
			for tid, s := range before.tables {
				require.Zero(t, s.Unwritten, "table %s: everything shown is written", tid)
				require.Positive(t, s.Actions)
			}

			require.NoError(t, h.Shutdown(t.Context()))
			require.NoError(t, st.Close())

			st2 := openTourStore(t, dir)
			h2 := journalHub(t, st2, nil)
			n, err := h2.Restore(t.Context())
			require.NoError(t, err)
			require.Equal(t, 2, n, "the tournament's two tables")
			after := standing(t, h2, id)
			require.Equal(t, before.view.Standings, after.view.Standings, "the same points")
			require.Equal(t, before.view.Players, after.view.Players)
			require.Equal(t, before.view.Bots, after.view.Bots)
			require.Equal(t, before.view.TableIDs, after.view.TableIDs)
			for tid, b := range before.tables {
				requireRestored(t, tid, b, after.tables[tid], !tc.between)
			}

			ana2 := h2.Connect("sess-ana-2", "key-ana", false)
			bo2 := h2.Connect("sess-bo-2", "key-bo", false)
			for _, c := range []*Client{ana2, bo2} {
				s := waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
				require.NotEmpty(t, s.Nick, "the nickname is back with no question")
				require.NotNil(t, s.Table.Tournament)
				require.GreaterOrEqual(t, s.Table.You, 0)
				require.True(t, s.Table.Seats[s.Table.You].Connected)
				if tc.between {
					continue
				}
				require.Equal(t, before.view.Round, s.Table.Tournament.Round)
				require.Equal(t, before.at[s.Nick], s.Table.ID, "%s is at their table", s.Nick)
				require.Equal(t, before.shorts[s.Nick], s.Table.Short, "the table keeps its short name")
				require.Equal(t, before.seats[s.Nick], s.Table.You)
				require.Equal(t, before.hands[s.Nick], s.Table.Game.Hand)
			}

			// The code still finds the tournament's room.
			dee := connect(t, h2, "dee")
			require.NoError(t, dee.Join(code))
			s := waitScreen(t, dee, func(s Screen) bool { return s.Table != nil })
			require.Equal(t, id, s.Table.ID)
			require.True(t, s.Table.Tournament.Started)
			require.Equal(t, -1, s.Table.You)
			dee.Do(Intent{Kind: Leave})

			tourRun(t, nil, func(*Client, Screen) {}, ana2, bo2)
			end, err := h2.tournamentView(t.Context(), id)
			require.NoError(t, err)
			requireFinalStandings(t, end)
			require.Equal(t, end.Standings, ana2.Screen().Table.Tournament.Standings)
			require.Equal(t, before.view.Bots, end.Bots, "the players are still players, the bots bots")
			require.Eventually(t, func() bool {
				tours, err := st2.UnfinishedTournaments(t.Context())
				tables, err2 := st2.UnfinishedTables(t.Context())
				return err == nil && err2 == nil && len(tours) == 0 && len(tables) == 0
			}, 10*time.Second, 5*time.Millisecond, "the tournament and its tables are finished in the store")
			// Each player's seven rounds are on their record once: the
			// round the restart replayed neither lost nor written twice.
			// (The result is written after the last round's games.)
			for _, name := range []string{"ana", "bo"} {
				var p store.Profile
				require.Eventually(t, func() bool {
					p, err = st2.ProfileByName(t.Context(), name)
					return err == nil && p.Tournaments.Played == 1
				}, 10*time.Second, 5*time.Millisecond, "%s's tournament is recorded", name)
				require.Equal(t, engine.TournamentRounds, p.Games, name)
			}
		})
	}
}

// TestRestartSeatsARoundAfreshWhereItWasNotKept: the server stops just as a
// round begins, after the tournament kept the round and before one of its
// tables kept its game. That table is seated afresh for the round; the
// other comes back by replay; the player who does not come back is played
// by a bot after the grace period, and the tournament plays to its end with
// 28 hands at each table.
func TestRestartSeatsARoundAfreshWhereItWasNotKept(t *testing.T) {
	dir := t.TempDir()
	st := openTourStore(t, dir)
	h := journalHub(t, st, nil)
	id, _, ana, bo := openStoredTour(t, h)
	tourRun(t, roundTwoMidHand(ana), func(*Client, Screen) {}, ana, bo)
	before := standing(t, h, id, ana, bo)
	require.NoError(t, h.Shutdown(t.Context()))
	other := before.view.TableIDs[0]
	if other == before.at["ana"] {
		other = before.view.TableIDs[1]
	}
	// As if that table's game of the round had never been kept.
	require.NoError(t, st.FinishTable(t.Context(), other))
	require.NoError(t, st.Close())

	st2 := openTourStore(t, dir)
	h2 := journalHub(t, st2, nil)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 2, n)
	after := standing(t, h2, id)
	require.Equal(t, 1, after.view.Round)
	require.Equal(t, before.tables[before.at["ana"]].Hash, after.tables[before.at["ana"]].RestoredHash)
	require.Empty(t, after.tables[other].RestoredHash, "seated afresh, not replayed")
	for k, tid := range after.view.TableIDs {
		if tid == other {
			require.Equal(t, engine.HandsPerPartnership, after.view.Standings.Hands[k], "its round begins again")
		} else {
			require.Equal(t, before.view.Standings.Hands[k], after.view.Standings.Hands[k])
		}
	}
	require.Equal(t, Playing.String(), after.tables[other].Status)

	// ana comes back; bo does not, and after the grace period a bot
	// plays his place to the end.
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	s := waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, before.at["ana"], s.Table.ID)
	tourRun(t, nil, func(*Client, Screen) {}, ana2)
	end, err := h2.tournamentView(t.Context(), id)
	require.NoError(t, err)
	requireFinalStandings(t, end)
	require.True(t, end.Bots[slices.Index(end.Players, "bo")], "bo's place went to a bot")
	require.False(t, end.Bots[slices.Index(end.Players, "ana")])
}

// TestRestartRestoresATournamentsSignUps: a private tournament waiting for
// sign-ups comes back with its places, its host and its code; the host
// returns to the room; a guest's place is free (a guest never comes back);
// a newcomer signs up by the code; the place of a player who does not
// return is given up after the grace period; the host starts it.
func TestRestartRestoresATournamentsSignUps(t *testing.T) {
	dir := t.TempDir()
	st := openTourStore(t, dir)
	h := journalHub(t, st, nil)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	gus := h.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	code := openTour(t, ana, 2, bo, gus)
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 5 })
	id := s.Table.ID
	require.NoError(t, h.Shutdown(t.Context()))
	require.NoError(t, st.Close())

	st2 := openTourStore(t, dir)
	h2 := journalHub(t, st2, nil)
	n, err := h2.Restore(t.Context())
	require.NoError(t, err)
	require.Equal(t, 2, n)
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	s = waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil })
	require.Equal(t, "ana", s.Nick)
	require.Equal(t, id, s.Table.ID)
	require.Equal(t, code, s.Table.Code)
	require.NotNil(t, s.Table.Tournament)
	require.False(t, s.Table.Tournament.Started)
	require.True(t, s.Table.Host)
	require.Equal(t, 0, s.Table.You)
	var names []string
	for _, seat := range s.Table.Seats {
		names = append(names, seat.Nick)
	}
	require.Equal(t, []string{"ana", "ada", "bix", "bo", "", "", "", ""}, names, "the guest's place is free")
	require.False(t, s.Table.Seats[3].Connected, "bo is away")
	var said []string
	for _, l := range s.Table.Log {
		said = append(said, l.Text)
	}
	require.Contains(t, strings.Join(said, "\n"), "the server restarted")

	cy := connect(t, h2, "cy")
	require.NoError(t, cy.Join(code), "the private code still works")
	require.Equal(t, 4, waitScreen(t, cy, func(s Screen) bool { return s.Table != nil }).Table.You)

	runUntil(t, ana2, func(s Screen) bool { return s.Table.Seats[3].Nick == "" })
	ana2.Do(Intent{Kind: Start})
	s = waitScreen(t, ana2, func(s Screen) bool { return s.Table.Game != nil })
	require.True(t, s.Table.Tournament.Started)
	require.Eventually(t, func() bool {
		tours, err := st2.UnfinishedTournaments(t.Context())
		if err != nil || len(tours) != 1 {
			return false
		}
		var rec tourState
		return json.Unmarshal(tours[0].State, &rec) == nil && rec.Started && rec.Players[4].Name == "cy"
	}, 10*time.Second, 5*time.Millisecond, "the tournament that began is kept as begun")
}

// TestRestoreClosesABrokenTournament: a tournament whose record cannot be
// read is logged in one line and marked finished, with its tables; an
// ordinary table beside it comes back as usual.
func TestRestoreClosesABrokenTournament(t *testing.T) {
	dir := t.TempDir()
	st := openTourStore(t, dir)
	ctx := context.Background()
	h := journalHub(t, st, nil)
	ana := connect(t, h, "ana")
	startPrivate(t, ana, 1, NoTurnTimer)
	require.NoError(t, h.Shutdown(ctx))
	require.NoError(t, st.SaveTournament(ctx, store.Tournament{ID: "T90", State: json.RawMessage(`{"started":true,"round":3}`)}))
	require.NoError(t, st.CreateTable(ctx, store.Table{ID: "t91", Tournament: "T90", Seed: 1,
		Settings: engine.Settings{Edition: engine.Classic2001, Mode: engine.Partners, Players: 4}}))
	require.NoError(t, st.Close())

	st2 := openTourStore(t, dir)
	logs := &lockedBuffer{}
	h2 := journalHub(t, st2, logs)
	n, err := h2.Restore(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n, "the ordinary table only")
	require.Equal(t, 1, strings.Count(logs.String(), "a tournament cannot be rebuilt"), logs.String())
	require.Contains(t, logs.String(), "T90")
	tours, err := st2.UnfinishedTournaments(ctx)
	require.NoError(t, err)
	require.Empty(t, tours)
	tables, err := st2.UnfinishedTables(ctx)
	require.NoError(t, err)
	require.Len(t, tables, 1)
	require.Empty(t, tables[0].Tournament)
	ana2 := h2.Connect("sess-ana-2", "key-ana", false)
	waitScreen(t, ana2, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
}

// openTourStore is openJournalStore without a sync to the disk at each
// commit (what survives a power cut is not what these tests are about; a
// tournament writes thousands of actions).
func openTourStore(t *testing.T, dir string) *store.DB {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, Logger: log.New(io.Discard), SyncNormal: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}
