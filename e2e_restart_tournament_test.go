package main

import (
	"io"
	"slices"
	"syscall"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestRestartBringsATournamentBack: ana opens a private tournament over SSH
// and starts it with seven bots; its two tables play (the bots' table runs
// its round out and waits for hers). The real server is killed with SIGKILL
// mid-hand, then stopped with SIGTERM, each time started again on the same
// data directory: both tables come back in the state their journals replay
// to, ana is back in her seat with her hand and her nickname, the code still
// finds the tournament's room, and the game plays on. (The lobby's tests
// play a restored tournament to its final standings.)
func TestRestartBringsATournamentBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and restarts it twice: not with -short")
	}
	t.Parallel()
	bin := serverBinary(t)
	data, keys := t.TempDir(), t.TempDir()
	srv := startBinary(t, bin, data, keys)

	ana := &person{nick: "ana", key: sshtest.NewKey(t)}
	ana.c = signIn(t, srv.addr, "ana", sshtest.WithKey(ana.key), big)
	ana.c.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.c.Press("6"))
	ana.c.WaitFor(t, "Tournaments", wait)
	require.NoError(t, ana.c.Press("p"))
	ana.c.WaitFor(t, "private tournament", wait)
	code := readCode(t, ana.c)
	require.NoError(t, ana.c.Press("s"))
	ana.c.WaitFor(t, "tournament · round 1 of 7", wait)

	// mine is ana's table in a snapshot of the tables.
	mine := func(tables map[string]lobby.TableSnapshot) lobby.TableSnapshot {
		for _, s := range tables {
			if slices.ContainsFunc(s.Seats, func(x lobby.SeatSnapshot) bool { return x.Nick == "ana" }) {
				return s
			}
		}
		t.Fatalf("ana sits nowhere: %+v", tables)
		return lobby.TableSnapshot{}
	}
	pl := &player{c: ana.c, name: "ana"}
	untilFor(t, "ana's hand is ten actions in", gameWait, func() bool {
		step(t, pl)
		return mine(srv.tables(t)).Actions >= 10
	})

	for round, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		// ana's table waits for her, and everything shown is written.
		var before map[string]lobby.TableSnapshot
		until(t, "ana's table waits for her", func() bool {
			if s := ana.c.Screen(); asked(s) {
				step(t, pl)
			}
			before = srv.tables(t)
			if len(before) != 2 || !waitsForMe(ana.c) {
				return false
			}
			for _, s := range before {
				if s.Unwritten != 0 {
					return false
				}
			}
			return true
		})
		ana.seat = mySeat(ana.c.Screen())
		ana.hand, _ = hand(ana.c.Lines())
		require.GreaterOrEqual(t, ana.seat, 0, "ana is seated:\n%s", ana.c.Screen())
		require.NotEmpty(t, ana.hand)
		myTable := mine(before).ID

		srv.stop(t, sig)
		ana.c.Wait(t, wait)

		// Both tables are in the journal, naming the tournament, which
		// is kept too; what was shown replays.
		saved := journals(t, data)
		require.Len(t, saved, 2, "round %d (%s): both tables are kept", round, sig)
		replayed := map[string]string{}
		for id, b := range before {
			s, ok := saved[id]
			require.True(t, ok, "table %s kept", id)
			require.NotEmpty(t, s.Tournament)
			require.GreaterOrEqual(t, len(s.Journal.Actions), b.Actions)
			require.Equal(t, b.Hash, hashAt(t, s.Journal, b.Actions), "table %s: the journal holds what was shown", id)
			replayed[id] = hashAt(t, s.Journal, len(s.Journal.Actions))
		}
		require.Len(t, liveTournaments(t, data), 1)

		srv = startBinary(t, bin, data, keys)
		after := srv.tables(t)
		require.Len(t, after, 2)
		for id, b := range before {
			a := after[id]
			require.Equal(t, replayed[id], a.RestoredHash, "table %s rebuilt to the journal's state", id)
			require.Equal(t, len(saved[id].Journal.Actions), a.RestoredActions)
			require.True(t, a.Private)
			for i, seat := range a.Seats {
				require.Equal(t, b.Seats[i].Nick, seat.Nick)
				require.Equal(t, !seat.Bot, seat.Away, "every player is away until they return")
			}
		}

		// ana comes back with her key: no nickname asked, her seat, her hand.
		ana.c = sshtest.Dial(t, srv.addr, sshtest.User("ana"), sshtest.WithKey(ana.key), big)
		ana.c.WaitUntil(t, func(s string) bool { h, _ := hand(ana.c.Lines()); return mySeat(s) >= 0 && len(h) > 0 }, wait)
		s := ana.c.Screen()
		require.NotContains(t, string(ana.c.Raw()), "Choose a nickname")
		require.Regexp(t, `tournament · round \d of 7`, s)
		require.Equal(t, ana.seat, mySeat(s), "ana is in her seat:\n%s", s)
		lines := ana.c.Lines()
		// Her hand is the one the journal gives her seat, which is the one
		// she left unless her screen was a move behind when it was read
		// (the table snapshot and the screen are read one after the
		// other); checked while nothing has been played since the restart.
		now := mine(srv.tables(t))
		if now.Actions == after[myTable].RestoredActions {
			seat := slices.IndexFunc(before[myTable].Seats, func(x lobby.SeatSnapshot) bool { return x.Nick == "ana" })
			want := seatHand(t, saved[myTable].Journal, seat)
			requireHolds(t, "ana", lines, want)
		}
		require.Equal(t, myTable, now.ID)

		// The code still finds the tournament's room.
		cy := signIn(t, srv.addr, "cy"+string(rune('0'+round)), sshtest.Command("join "+code), big)
		cy.WaitFor(t, "1/2 watch a table", wait)
		cy.Close()
		cy.Wait(t, wait)

		// The game plays on.
		pl = &player{c: ana.c, name: "ana"}
		from := mine(srv.tables(t)).Actions
		untilFor(t, "ana's table plays on", gameWait, func() bool {
			step(t, pl)
			return mine(srv.tables(t)).Actions >= from+6
		})
	}
}

// liveTournaments reads the tournaments a stopped server kept.
func liveTournaments(t *testing.T, data string) []store.Tournament {
	t.Helper()
	st, err := store.Open(store.Options{Dir: data, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	defer st.Close()
	tours, err := st.UnfinishedTournaments(t.Context())
	require.NoError(t, err)
	return tours
}
