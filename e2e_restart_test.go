package main

import (
	"fmt"
	"regexp"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
)

// This test proves that live tables outlive the process (issue 11): it
// builds the real binary, plays three tables over real SSH, kills the
// server with SIGKILL mid-hand, starts it again on the same data directory,
// and checks that every table, seat, hand, nickname and code is back; then
// the same after an orderly SIGTERM; then the games are played to the end.

// openPublic signs nick in with `ssh host new` and opens a public table of
// one hand with seats seats and bots bots; the table is full, so it starts.
func openPublic(t *testing.T, addr string, p *person, seats, bots string) {
	t.Helper()
	p.c = signIn(t, addr, p.nick, sshtest.Command("new"), sshtest.WithKey(p.key), big)
	p.c.WaitFor(t, "Create a table", wait)
	setField(t, p.c, "visibility", "public")
	setField(t, p.c, "mode", "single hand")
	setField(t, p.c, "seats", seats)
	setField(t, p.c, "bots", bots)
	require.NoError(t, p.c.Press("enter"))
	p.c.WaitUntil(t, inGame, wait)
}

func TestRestartBringsEveryTableBack(t *testing.T) {
	// Not beside the other tests: hal's game, which bots play on at full
	// speed once he leaves, must outlast the games people play to their
	// ends, which other tests' load would slow.
	if testing.Short() {
		t.Skip("builds the binary and restarts it twice: not with -short")
	}
	bin := serverBinary(t)
	data, keys := t.TempDir(), t.TempDir()
	srv := startBinary(t, bin, data, keys)

	// Three tables: a private one (ana hosts, bo joins by the code, a bot),
	// and two public ones, each a player with bots.
	people := map[string]*person{}
	for _, nick := range []string{"ana", "bo", "cy", "dee"} {
		people[nick] = &person{nick: nick, key: sshtest.NewKey(t)}
	}
	ana, bo, cy, dee := people["ana"], people["bo"], people["cy"], people["dee"]
	var code string
	ana.c, code = hostPrivate(t, srv.addr, "ana", []string{"mode", "single hand", "seats", "3", "turn timer", "off"},
		sshtest.WithKey(ana.key))
	bo.c = joinPrivate(t, srv.addr, "bo", code, ana.c, sshtest.WithKey(bo.key))
	addBots(t, ana.c, 1, "3/3 taken")
	startGame(t, ana.c, bo.c)
	openPublic(t, srv.addr, cy, "3", "2")
	openPublic(t, srv.addr, dee, "3", "2")
	// A fourth table waits for its game: eve hosts it, with a bot.
	eve := &person{nick: "eve", key: sshtest.NewKey(t)}
	var waitingCode string
	eve.c, waitingCode = hostPrivate(t, srv.addr, "eve", []string{"seats", "3"}, sshtest.WithKey(eve.key))
	addBots(t, eve.c, 1, "2/3 taken")
	// Its short name, which players give each other, beside the host's name
	// for it.
	var eveShort string
	eve.c.WaitUntil(t, func(s string) bool {
		m := regexp.MustCompile(`([a-z]+-[a-z]+) · eve's table`).FindStringSubmatch(s)
		if m != nil {
			eveShort = m[1]
		}
		return m != nil
	}, wait)
	// A fifth table never stops: hal plays against a bot, a key as soon as
	// his screen asks for one, so each stop comes while his moves and the
	// bot's are being written.
	hal := &person{nick: "hal", key: sshtest.NewKey(t)}
	hal.c, _ = hostPrivate(t, srv.addr, "hal", []string{"seats", "2", "turn timer", "off"}, sshtest.WithKey(hal.key))
	addBots(t, hal.c, 1, "2/2 taken")
	startGame(t, hal.c)
	halPlays := &player{c: hal.c, name: "hal"}

	// Everyone plays for a while, so that each hand is well under way when
	// the server stops (no hand of three can end within ten actions: the
	// deal, the seven cards of the one who goes out, and at least one move
	// of another between two of theirs).
	// Each plays only while their own table is short of ten.
	seated := func(nick string) lobby.TableSnapshot {
		for _, s := range srv.tables(t) {
			if slices.ContainsFunc(s.Seats, func(x lobby.SeatSnapshot) bool { return x.Nick == nick }) {
				return s
			}
		}
		t.Fatalf("%s sits nowhere", nick)
		return lobby.TableSnapshot{}
	}
	plays := map[string]*player{}
	for _, p := range []*person{ana, bo, cy, dee} {
		plays[p.nick] = &player{c: p.c, name: p.nick}
	}
	untilFor(t, "every hand is ten actions in", gameWait, func() bool {
		short := false
		for nick, pl := range plays {
			if seated(nick).Actions < 10 {
				short = true
				step(t, pl)
			}
		}
		step(t, halPlays)
		return !short
	})
	tableOf := map[string][]*person{} // by table id, filled from the first snapshot
	var ids []string                  // the tables playing

	for round, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		// The bots play until each table waits for one of its players.
		var before map[string]lobby.TableSnapshot
		until(t, "every table waits for a player", func() bool {
			step(t, halPlays)
			for _, pl := range plays { // questions still open are answered
				if asked(pl.c.Screen()) {
					step(t, pl)
				}
			}
			before = srv.tables(t)
			if len(before) != 5 {
				return false
			}
			for _, s := range before {
				if s.Unwritten != 0 {
					return false
				}
			}
			if len(tableOf) == 0 {
				for id, s := range before {
					if s.Status != "playing" || s.Seats[0].Nick == "hal" {
						continue
					}
					ids = append(ids, id)
					for _, seat := range s.Seats {
						if p := people[seat.Nick]; p != nil {
							tableOf[id] = append(tableOf[id], p)
						}
					}
				}
				slices.Sort(ids)
			}
			for _, id := range ids {
				if !slices.ContainsFunc(tableOf[id], func(p *person) bool { return waitsForMe(p.c) }) {
					return false
				}
			}
			step(t, halPlays)
			before = srv.tables(t) // as the screens now show them
			return true
		})
		require.Len(t, tableOf, 3, "each table has its players")
		for id, ps := range tableOf {
			for _, p := range ps {
				p.table = id
			}
		}
		for _, p := range people {
			s := p.c.Screen()
			p.seat = mySeat(s)
			p.hand, _ = hand(p.c.Lines())
			require.GreaterOrEqual(t, p.seat, 0, "%s is seated:\n%s", p.nick, s)
			require.NotEmpty(t, p.hand, "%s sees a hand:\n%s", p.nick, s)
		}

		srv.stop(t, sig)
		for _, s := range before {
			if i := slices.IndexFunc(s.Seats, func(x lobby.SeatSnapshot) bool { return x.Nick == "hal" }); i >= 0 {
				hal.seat = i
			}
		}
		for _, p := range append([]*person{eve, hal}, ana, bo, cy, dee) {
			p.c.Wait(t, wait)
		}

		// What everyone saw is in the journal, and the journal replays.
		saved := journals(t, data)
		require.Len(t, saved, 5, "round %d (%s): every table is kept", round, sig)
		replayed := map[string]string{}
		for id, b := range before {
			s, ok := saved[id]
			require.True(t, ok, "table %s kept", id)
			for i, seat := range b.Seats {
				require.Equal(t, seat.Nick, s.Seats[i].Name)
			}
			if b.Status == "waiting" {
				require.Empty(t, s.Journal.Actions)
				continue
			}
			require.GreaterOrEqual(t, len(s.Journal.Actions), b.Actions)
			t.Logf("%s, table %s: %d actions seen before the stop, %d in the journal", sig, id, b.Actions, len(s.Journal.Actions))
			require.Equal(t, b.Hash, hashAt(t, s.Journal, b.Actions), "table %s: the journal holds what was shown", id)
			replayed[id] = hashAt(t, s.Journal, len(s.Journal.Actions))
			for i, seat := range b.Seats {
				require.Equal(t, seat.Nick, s.Seats[i].Name)
			}
		}

		// Started again on the same directory: every table is back, in
		// the state its journal replays to.
		srv = startBinary(t, bin, data, keys)
		after := srv.tables(t)
		require.Len(t, after, 5)
		for id, b := range before {
			a := after[id]
			require.Equal(t, b.Status, a.Status)
			require.Equal(t, replayed[id], a.RestoredHash, "table %s rebuilt to the journal's state", id)
			require.Equal(t, len(saved[id].Journal.Actions), a.RestoredActions)
			require.Equal(t, b.Private, a.Private)
			for i, seat := range a.Seats {
				require.Equal(t, b.Seats[i].Nick, seat.Nick)
				require.Equal(t, seat.Nick != "" && !seat.Bot, seat.Away, "every player is away until they return")
			}
		}

		// Each player comes back with their key: no nickname asked, the
		// same seat, the same hand.
		for _, p := range people {
			p.c = sshtest.Dial(t, srv.addr, sshtest.User(p.nick), sshtest.WithKey(p.key), big)
			p.c.WaitUntil(t, func(s string) bool { return inGame(s) && len(p.hand) > 0 && handCount(s) >= 0 }, wait)
			p.c.WaitUntil(t, func(s string) bool { h, _ := hand(p.c.Lines()); return len(h) > 0 }, wait)
			s := p.c.Screen()
			require.NotContains(t, string(p.c.Raw()), "Choose a nickname", "%s is not asked for a nickname", p.nick)
			require.Equal(t, p.seat, mySeat(s), "%s is in their seat:\n%s", p.nick, s)
			row, _ := seatRow(s, p.nick)
			require.Equal(t, p.seat, row, "%s's row shows their nickname", p.nick)
			// The same hand: the one the journal gives their seat, which
			// the screen showed before the stop (as much as its window
			// held) and shows again (the window starts at the first card).
			want := seatHand(t, saved[p.table].Journal, p.seat)
			requireHolds(t, p.nick, p.c.Lines(), want)
			requireAllIn(t, p.nick+" (before the stop)", p.hand, want)
			plays[p.nick] = &player{c: p.c, name: p.nick}
		}

		// hal is back in his seat too (his last move may not have reached
		// his screen before the stop: his hand is not compared).
		hal.c = sshtest.Dial(t, srv.addr, sshtest.User("hal"), sshtest.WithKey(hal.key), big)
		hal.c.WaitUntil(t, func(s string) bool { return inGame(s) && mySeat(s) >= 0 }, wait)
		require.Equal(t, hal.seat, mySeat(hal.c.Screen()))
		require.NotContains(t, string(hal.c.Raw()), "Choose a nickname")
		halPlays = &player{c: hal.c, name: "hal"}

		// The private code still finds the table: a newcomer watches it.
		fay := signIn(t, srv.addr, fmt.Sprintf("fay%d", round), sshtest.Command("join "+code), big) // (a nickname is kept for its key: a new one each round)
		fay.WaitFor(t, "WATCHING", wait)
		ana.c.WaitFor(t, "1 watching", wait)
		fay.Close()
		fay.Wait(t, wait)

		// eve is back in her waiting room, with its code, and a newcomer
		// sits down by it.
		eve.c = sshtest.Dial(t, srv.addr, sshtest.User("eve"), sshtest.WithKey(eve.key), big)
		require.Equal(t, waitingCode, readCode(t, eve.c))
		eve.c.WaitFor(t, eveShort+" · eve's table", wait)
		eve.c.WaitFor(t, "2/3 taken", wait)
		require.NotContains(t, string(eve.c.Raw()), "Choose a nickname")
		gus := signIn(t, srv.addr, fmt.Sprintf("gus%d", round), sshtest.Command("join "+waitingCode), big)
		eve.c.WaitFor(t, fmt.Sprintf("gus%d sat down", round), wait)
		gus.Close()
		gus.Wait(t, wait)
		eve.c.WaitFor(t, "2/3 taken", wait)
	}

	// hal leaves his endless game: his seat is kept for him (the lobby
	// offers it back) while bots play on. The others play on to their ends.
	halTable := ""
	for _, s := range srv.tables(t) {
		if slices.ContainsFunc(s.Seats, func(x lobby.SeatSnapshot) bool { return x.Nick == "hal" }) {
			halTable = s.ID
		}
	}
	require.NotEmpty(t, halTable)
	require.NoError(t, hal.c.Press("q", "y"))
	hal.c.WaitFor(t, "Back to your table", wait)
	gone := func(nick string) func() bool {
		return func() bool {
			for _, s := range srv.tables(t) {
				if slices.ContainsFunc(s.Seats, func(x lobby.SeatSnapshot) bool { return x.Nick == nick }) {
					return false
				}
			}
			return true
		}
	}
	var players []*player
	for _, nick := range []string{"ana", "bo", "cy", "dee"} {
		players = append(players, &player{c: people[nick].c, name: nick})
	}
	// Done when the server says so: a key pressed just as a game ends may
	// take its player from the result back to the lobby before their
	// screen is read.
	drive(t, gameWait, func() bool {
		for _, s := range srv.tables(t) {
			if s.Status == "playing" && s.ID != halTable {
				return false
			}
		}
		return true
	}, players...)
	for _, s := range srv.tables(t) {
		if s.ID != halTable {
			require.Contains(t, []string{"finished", "waiting"}, s.Status, "table %s", s.ID)
		}
	}
	require.NoError(t, eve.c.Press("l")) // the waiting table closes
	until(t, "eve's table is closed", gone("eve"))
	srv.stop(t, syscall.SIGTERM)
	left := journals(t, data)
	require.Len(t, left, 1, "finished tables are not kept for a restart")
	require.Contains(t, left, halTable, "hal's table, his seat kept for him, is")
	// The games that ended after the restarts are logged with how long they
	// took since they began, not since the zero time (2562047h47m16s).
	finished := regexp.MustCompile(`(?:table|game) finished.* duration=(\S+)`).FindAllStringSubmatch(srv.logs.String(), -1)
	require.NotEmpty(t, finished)
	for _, m := range finished {
		took, err := time.ParseDuration(m[1])
		require.NoError(t, err)
		require.Less(t, took, time.Hour, m[0])
	}
}
