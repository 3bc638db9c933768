package main

import (
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestClusterTournamentPlaysOnWhenItsNodeDies: ana opens a private
// tournament on node a; bo signs up with its code on b, cy on c; bots take
// the five places left. Mid-round, node a is killed (SIGKILL): another node
// takes the tournament over, both its tables from the very games a had
// stored (the engine's state hash), bo and cy play on without
// reconnecting, and ana sshes in to b and finds her seat. The tournament
// plays its seven rounds out: every player reads the same final standings,
// which are the result recorded once in the database, and the sum of each
// player's points in the fourteen games its tables recorded, round by
// round, whichever node played them.
func TestClusterTournamentPlaysOnWhenItsNodeDies(t *testing.T) {
	t.Parallel() // it waits on its own servers' timers: others run meanwhile
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes: not with -short")
	}
	s := startService(t)
	a := s.nodes["a"]

	ana, bo, cy := s.person("ana"), s.person("bo"), s.person("cy")
	ana.c = signIn(t, a.addr, "ana", sshtest.WithKey(ana.key), big)
	ana.c.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.c.Press("6"))
	ana.c.WaitFor(t, "Tournaments", wait)
	require.NoError(t, ana.c.Press("p"))
	ana.c.WaitFor(t, "private tournament", wait)
	code := readCode(t, ana.c)
	for i, p := range []*person{bo, cy} {
		p.c = signIn(t, s.nodes[[]string{"b", "c"}[i]].addr, p.nick, sshtest.Command("join "+code), sshtest.WithKey(p.key), big)
		p.c.WaitFor(t, "it begins when all eight have signed up", wait)
	}
	ana.c.WaitFor(t, "3/8 taken", wait)
	require.NoError(t, ana.c.Press("s"))
	round := regexp.MustCompile(`tournament · round (\d) of 7`)
	for _, p := range []*person{ana, bo, cy} {
		p.c.WaitUntil(t, round.MatchString, wait)
	}

	tables := a.tables(t)
	require.Len(t, tables, 2, "a plays both tables of the tournament")
	ids := slices.Sorted(maps.Keys(tables))
	st := s.pgStore()
	saved, err := st.LoadTable(t.Context(), ids[0])
	require.NoError(t, err)
	tourID := saved.Tournament
	require.NotEmpty(t, tourID)

	plays := map[string]*player{}
	all := func() []*player {
		var out []*player
		for _, p := range []*person{ana, bo, cy} {
			if plays[p.nick] == nil || plays[p.nick].c != p.c {
				plays[p.nick] = &player{c: p.c, name: p.nick}
			}
			out = append(out, plays[p.nick])
		}
		return out
	}
	// Into the second round, so that a has recorded a round's games and
	// the tournament's record has moved on.
	untilFor(t, "the second round is under way", gameWait, func() bool {
		for _, pl := range all() {
			step(t, pl)
		}
		m := round.FindStringSubmatch(ana.c.Screen())
		return m != nil && m[1] >= "2"
	})

	// Mid-round: both tables play, each waits for one of the humans, with
	// everything written; the games of the rounds before may not all be
	// recorded yet (a game's record is written a moment after it ends): the
	// node that takes over records what a left unwritten, from the journals
	// the next round's records wait for.
	db, err := pgx.Connect(t.Context(), s.db)
	require.NoError(t, err)
	defer db.Close(t.Context())
	games := func() int {
		var n int
		require.NoError(t, db.QueryRow(t.Context(), `SELECT count(*) FROM games WHERE tournament = $1`, tourID).Scan(&n))
		return n
	}
	var before map[string]lobby.TableSnapshot
	quiet := func() bool {
		if !round.MatchString(ana.c.Screen()) {
			return false
		}
		before = a.tables(t)
		if len(before) != 2 {
			return false
		}
		for _, snap := range before {
			if snap.Unwritten != 0 || snap.Status != "playing" {
				return false
			}
			waits := false
			for _, p := range []*person{ana, bo, cy} {
				waits = waits || (s.seatedAt(p.nick, snap) && waitsForMe(p.c))
			}
			if !waits {
				return false
			}
		}
		return true
	}
	untilFor(t, "both tables wait mid-round, all written", gameWait, func() bool {
		if quiet() {
			return true
		}
		for _, pl := range all() {
			step(t, pl)
		}
		return false
	})
	a.stop(t, syscall.SIGKILL)
	s.stopped("a")
	ana.c.Wait(t, wait)

	var now string
	for _, id := range ids {
		if before[id].Status == "playing" {
			now = s.handedOver(id, before[id], "a")
		}
	}
	require.NotEmpty(t, now, "a table was in play")
	t.Logf("the tournament plays on at %s", now)
	for _, p := range []*person{bo, cy} {
		p.c.WaitFor(t, "moved to another server", wait)
	}
	s.backOn(ana, "b")
	require.Regexp(t, round, ana.c.Screen())

	over := func() bool {
		for _, p := range []*person{ana, bo, cy} {
			if !strings.Contains(p.c.Screen(), "TOURNAMENT OVER") {
				return false
			}
		}
		return true
	}
	drive(t, gameWait, over, all()...)

	// What every player reads is what was recorded, once; and it is the
	// sum of the points of each player's games, round by round.
	final := regexp.MustCompile(`(\w+) wins the tournament with (\d+) points|A tie at (\d+) points`)
	var standings []string
	for _, p := range []*person{ana, bo, cy} {
		p.c.WaitUntil(t, final.MatchString, wait)
		sc := p.c.Screen()
		require.Contains(t, sc, "tournament · final standings")
		standings = append(standings, final.FindString(sc))
	}
	require.Equal(t, standings[0], standings[1])
	require.Equal(t, standings[0], standings[2])

	// (The last round's games and the result are written a moment after
	// the players read them.)
	var results int
	until(t, "every round's game at both tables, and the result, are recorded", func() bool {
		require.NoError(t, db.QueryRow(t.Context(), `SELECT count(*) FROM tournament_results WHERE tournament_id = $1`, tourID).Scan(&results))
		return games() >= engine.TournamentRounds*engine.TournamentTables && results >= 1
	})
	require.Equal(t, engine.TournamentRounds*engine.TournamentTables, games(), "every round's game at both tables, once")
	require.Equal(t, 1, results, "the result is recorded once")
	sums := map[string]int{}
	rows, err := db.Query(t.Context(), `SELECT s.name, s.points FROM game_seats s JOIN games g ON g.id = s.game_id
		WHERE g.tournament = $1`, tourID)
	require.NoError(t, err)
	for rows.Next() {
		var name string
		var points int
		require.NoError(t, rows.Scan(&name, &points))
		sums[name] += points
	}
	require.NoError(t, rows.Err())
	recorded := map[string]int{}
	best, winners := -1, []string{}
	rows, err = db.Query(t.Context(), `SELECT p.name, p.points, p.place FROM tournament_places p
		JOIN tournament_results r ON r.id = p.result_id WHERE r.tournament_id = $1`, tourID)
	require.NoError(t, err)
	for rows.Next() {
		var name string
		var points, place int
		require.NoError(t, rows.Scan(&name, &points, &place))
		recorded[name] = points
		if place == 1 {
			best, winners = points, append(winners, name)
		}
	}
	require.NoError(t, rows.Err())
	require.Len(t, recorded, engine.TournamentPlayers)
	require.Equal(t, sums, recorded, "each player's points are those of their games")
	m := final.FindStringSubmatch(standings[0])
	if m[1] != "" {
		require.Equal(t, []string{m[1]}, winners)
		require.Equal(t, m[2], strconv.Itoa(best))
	} else {
		require.Greater(t, len(winners), 1)
		require.Equal(t, m[3], strconv.Itoa(best))
	}
}

// pgStore opens the service's database as a store, for the test to read.
func (s *service) pgStore() store.Store {
	s.t.Helper()
	st, err := store.OpenPostgres(s.t.Context(), s.db, store.Options{Logger: log.New(io.Discard)})
	require.NoError(s.t, err)
	s.t.Cleanup(func() { _ = st.Close() })
	return st
}
