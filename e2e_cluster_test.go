package main

import (
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/store/pgtest"
)

// These tests run the service as an operator would: three unossh binaries
// with one PostgreSQL and one NATS (natstest, in the test's process), the
// same host key on each, and real SSH clients on every node.

// service is the three nodes of a test.
type service struct {
	t    *testing.T
	bin  string
	keys string
	db   string
	nats string
	// hostKey is the one host key every node is given (-host-key).
	hostKey string
	nodes   map[string]*binary
	people  map[string]*person
	paused  map[string]bool // nodes not to be asked: stopped, or paused with SIGSTOP
}

func startService(t *testing.T) *service {
	t.Helper()
	s := &service{t: t, db: pgtest.New(t), nats: natstest.Start(t).URL(), keys: t.TempDir(), hostKey: sharedHostKey(t),
		nodes: map[string]*binary{}, people: map[string]*person{}, paused: map[string]bool{}}
	s.bin = serverBinary(t)
	for _, name := range []string{"a", "b", "c"} {
		s.start(name)
	}
	return s
}

// start starts node name (again).
func (s *service) start(name string) *binary {
	s.t.Helper()
	b := startBinary(s.t, s.bin, s.t.TempDir(), s.keys, "-database", s.db, "-nats", s.nats, "-node", name, "-host-key", s.hostKey,
		"-start-countdown", "10m", "-grace", "5m")
	s.nodes[name] = b
	return b
}

// owner is the node that plays table id now, and how it stands there.
func (s *service) owner(id string) (string, lobby.TableSnapshot, bool) {
	s.t.Helper()
	for name, b := range s.nodes {
		if b.cmd.ProcessState != nil || s.paused[name] {
			continue // stopped
		}
		if snap, ok := b.tables(s.t)[id]; ok {
			return name, snap, true
		}
	}
	return "", lobby.TableSnapshot{}, false
}

// journal is table id's journal in the service's database.
func (s *service) journal(id string) engine.Journal {
	s.t.Helper()
	st, err := store.OpenPostgres(s.t.Context(), s.db, store.Options{Logger: log.New(io.Discard)})
	require.NoError(s.t, err)
	defer st.Close()
	saved, err := st.LoadTable(s.t.Context(), id)
	require.NoError(s.t, err)
	return saved.Journal
}

// person makes a keyed player.
func (s *service) person(nick string) *person {
	p := &person{nick: nick, key: sshtest.NewKey(s.t)}
	s.people[nick] = p
	return p
}

// backOn has p ssh in again, to node, and waits until they are back at
// their table, in their seat (from the lobby's "back to your table" if the
// node shows it first).
func (s *service) backOn(p *person, node string) {
	s.t.Helper()
	p.c = sshtest.Dial(s.t, s.nodes[node].addr, sshtest.User(p.nick), sshtest.WithKey(p.key), big)
	p.c.WaitUntil(s.t, func(sc string) bool {
		return (inGame(sc) && mySeat(sc) >= 0) || strings.Contains(sc, "back to your table") || strings.Contains(sc, "Back to your table")
	}, wait)
	if !inGame(p.c.Screen()) {
		require.NoError(s.t, p.c.Press("enter"))
		p.c.WaitUntil(s.t, func(sc string) bool { return inGame(sc) && mySeat(sc) >= 0 }, wait)
	}
}

// quiet waits until every table waits for one of its players, with
// everything written, and returns the tables as their owners see them.
func (s *service) quiet(ids []string, players ...*player) map[string]lobby.TableSnapshot {
	s.t.Helper()
	var out map[string]lobby.TableSnapshot
	defer func() {
		if s.t.Failed() {
			for _, pl := range players {
				s.t.Logf("%s's screen:\n%s", pl.name, pl.c.Screen())
			}
			s.t.Logf("tables: %+v", out)
		}
	}()
	until(s.t, "every table waits for a player, all written", func() bool {
		for _, pl := range players {
			if asked(pl.c.Screen()) {
				step(s.t, pl)
			}
		}
		out = map[string]lobby.TableSnapshot{}
		for _, id := range ids {
			_, snap, ok := s.owner(id)
			if !ok || snap.Unwritten != 0 {
				return false
			}
			out[id] = snap
		}
		for _, id := range ids {
			mine := false
			for _, pl := range players {
				if waitsForMe(pl.c) && s.seatedAt(pl.name, out[id]) {
					mine = true
				}
			}
			if !mine {
				return false
			}
		}
		return true
	})
	return out
}

func (s *service) seatedAt(nick string, snap lobby.TableSnapshot) bool {
	for _, seat := range snap.Seats {
		if seat.Nick == nick {
			return true
		}
	}
	return false
}

// TestClusterPlaysOnWhenANodeDies: a private table opened on node b is
// joined by its code from a and from c; a public table gathers players
// of all three nodes. Node b is killed (SIGKILL) mid-hand: another node
// takes its table over with the very game b had stored (the engine's
// state hash), a's and c's players play on without reconnecting, and b's
// players ssh in to a and find their seats. Both games play to the end.
func TestClusterPlaysOnWhenANodeDies(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes: not with -short")
	}
	s := startService(t)
	a, b, c := s.nodes["a"], s.nodes["b"], s.nodes["c"]

	ana, bo, cy := s.person("ana"), s.person("bo"), s.person("cy")
	var code string
	ana.c, code = hostPrivate(t, b.addr, "ana", []string{"mode", "single hand", "seats", "4", "turn timer", "off"},
		sshtest.WithKey(ana.key))
	bo.c = joinPrivate(t, a.addr, "bo", code, ana.c, sshtest.WithKey(bo.key))
	cy.c = joinPrivate(t, c.addr, "cy", code, ana.c, sshtest.WithKey(cy.key))
	addBots(t, ana.c, 1, "4/4 taken") // a bot catches whoever forgets UNO, as at any table
	startGame(t, ana.c, bo.c, cy.c)

	// The public table: dee opens it on a; eve (b), fay (c) and gus (a)
	// choose Quick play, which finds it across the nodes; full, it starts.
	dee, eve, fay, gus := s.person("dee"), s.person("eve"), s.person("fay"), s.person("gus")
	dee.c = signIn(t, a.addr, "dee", sshtest.Command("new"), sshtest.WithKey(dee.key), big)
	dee.c.WaitFor(t, "Create a table", wait)
	setField(t, dee.c, "visibility", "public")
	setField(t, dee.c, "mode", "single hand")
	setField(t, dee.c, "seats", "5")
	require.NoError(t, dee.c.Press("enter"))
	dee.c.WaitFor(t, "1/5 taken", wait)
	for i, p := range []*person{eve, fay, gus} {
		p.c = signIn(t, s.nodes[[]string{"b", "c", "a"}[i]].addr, p.nick, sshtest.WithKey(p.key), big)
		p.c.WaitFor(t, fmt.Sprintf("%d/5  waiting", i+1), wait) // the lobby lists dee's table, wherever it lives
		p.c.WaitFor(t, "Quick play", wait)
		require.NoError(t, p.c.Press("enter"))
		dee.c.WaitFor(t, p.nick+" sat down", wait)
	}
	addBots(t, dee.c, 1, "5/5 taken")
	startGame(t, dee.c, eve.c, fay.c, gus.c)

	plays := map[string]*player{}
	for _, p := range s.people {
		plays[p.nick] = &player{c: p.c, name: p.nick}
	}
	all := func() []*player {
		var out []*player
		for _, pl := range plays {
			out = append(out, pl)
		}
		return out
	}
	var priv, pub string
	for id, snap := range b.tables(t) {
		if s.seatedAt("ana", snap) {
			priv = id
		}
	}
	for id, snap := range a.tables(t) {
		if s.seatedAt("dee", snap) {
			pub = id
		}
	}
	require.NotEmpty(t, priv, "b plays the private table")
	require.NotEmpty(t, pub, "a plays the public table")
	untilFor(t, "both hands are ten actions in", gameWait, func() bool {
		_, p1, _ := s.owner(priv)
		_, p2, _ := s.owner(pub)
		for _, pl := range all() {
			step(t, pl)
		}
		return p1.Actions >= 10 && p2.Actions >= 10
	})

	before := s.quiet([]string{priv, pub}, all()...)
	killed := time.Now()
	b.stop(t, syscall.SIGKILL)
	ana.c.Wait(t, wait)
	eve.c.Wait(t, wait)

	var now string
	var after lobby.TableSnapshot
	until(t, "another node plays b's table", func() bool {
		var ok bool
		now, after, ok = s.owner(priv)
		return ok && after.RestoredHash != ""
	})
	require.NotEqual(t, "b", now)
	t.Logf("figure: b's table plays again on %s %v after the SIGKILL", now, time.Since(killed))
	// What b showed is what it stored, and the new owner plays on from
	// the very state its journal replays to.
	j := s.journal(priv)
	require.GreaterOrEqual(t, after.RestoredActions, before[priv].Actions)
	require.Equal(t, before[priv].Hash, hashAt(t, j, before[priv].Actions), "the journal holds what b showed")
	require.Equal(t, hashAt(t, j, after.RestoredActions), after.RestoredHash, "the game goes on from the very state b had")
	t.Logf("b's table %s plays on at %s", priv, now)

	// a's and c's players never left: their screens say it in one line.
	for _, p := range []*person{bo, cy} {
		p.c.WaitFor(t, "moved to another server", wait)
		require.True(t, inGame(p.c.Screen()))
	}
	// b's players come back through a, to their seats.
	s.backOn(ana, "a")
	s.backOn(eve, "a")
	plays["ana"] = &player{c: ana.c, name: "ana"}
	plays["eve"] = &player{c: eve.c, name: "eve"}

	drive(t, gameWait, func() bool {
		_, p1, ok1 := s.owner(priv)
		_, p2, ok2 := s.owner(pub)
		return (!ok1 || p1.Status != "playing") && (!ok2 || p2.Status != "playing")
	}, all()...)
	for _, p := range []*person{ana, bo, cy, dee, eve, fay, gus} {
		p.c.WaitFor(t, "GAME OVER", wait)
	}
}

// stopped marks node name as not to be asked anything (killed, stopped
// for good, or paused with SIGSTOP).
func (s *service) stopped(name string) { s.paused[name] = true }

// tablesAt are the tables node name plays, as its operator's page lists
// them.
func (s *service) tablesAt(name string) map[string]lobby.TableSnapshot {
	return s.nodes[name].tables(s.t)
}

// handedOver checks that table id, which was as before when its node
// stopped, plays on elsewhere from exactly what was stored: nothing lost.
func (s *service) handedOver(id string, before lobby.TableSnapshot, from string) string {
	s.t.Helper()
	var now string
	var after lobby.TableSnapshot
	until(s.t, "another node plays table "+id, func() bool {
		var ok bool
		now, after, ok = s.owner(id)
		return ok && now != from && after.RestoredHash != ""
	})
	j := s.journal(id)
	require.GreaterOrEqual(s.t, after.RestoredActions, before.Actions, "no move lost")
	require.Equal(s.t, before.Hash, hashAt(s.t, j, before.Actions), "the journal holds what was shown")
	require.Equal(s.t, hashAt(s.t, j, after.RestoredActions), after.RestoredHash)
	return now
}

// TestClusterRollingRestartAndFencing: two tables mixing players of the
// three nodes play on while each node in turn is stopped with SIGTERM
// (it drains: its tables go to the others with every move, and only then
// are its players told where to connect) and started again; players on
// the other nodes never reconnect. Then the node that plays a table is
// paused (SIGSTOP) past its lease: another node takes the table over and
// play goes on; resumed (SIGCONT), the old node stops the table at once
// and the journal holds no write of its.
func TestClusterRollingRestartAndFencing(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes: not with -short")
	}
	s := startService(t)
	ana, bo, cy := s.person("ana"), s.person("bo"), s.person("cy")
	dee, eve, fay := s.person("dee"), s.person("eve"), s.person("fay")
	home := map[*person]string{ana: "a", bo: "b", cy: "c", dee: "b", eve: "c", fay: "a"}
	var code string
	// Games of several hands (first to 500), so that both play on through
	// everything below.
	ana.c, code = hostPrivate(t, s.nodes["a"].addr, "ana", []string{"seats", "4", "turn timer", "off"},
		sshtest.WithKey(ana.key))
	bo.c = joinPrivate(t, s.nodes["b"].addr, "bo", code, ana.c, sshtest.WithKey(bo.key))
	cy.c = joinPrivate(t, s.nodes["c"].addr, "cy", code, ana.c, sshtest.WithKey(cy.key))
	addBots(t, ana.c, 1, "4/4 taken")
	startGame(t, ana.c, bo.c, cy.c)
	dee.c, code = hostPrivate(t, s.nodes["b"].addr, "dee", []string{"seats", "4", "turn timer", "off"},
		sshtest.WithKey(dee.key))
	eve.c = joinPrivate(t, s.nodes["c"].addr, "eve", code, dee.c, sshtest.WithKey(eve.key))
	fay.c = joinPrivate(t, s.nodes["a"].addr, "fay", code, dee.c, sshtest.WithKey(fay.key))
	addBots(t, dee.c, 1, "4/4 taken")
	startGame(t, dee.c, eve.c, fay.c)
	var ids []string
	for _, name := range []string{"a", "b"} {
		for id := range s.tablesAt(name) {
			ids = append(ids, id)
		}
	}
	require.Len(t, ids, 2)
	players := func() []*player {
		var out []*player
		for _, p := range []*person{ana, bo, cy, dee, eve, fay} {
			out = append(out, &player{c: p.c, name: p.nick})
		}
		return out
	}
	playSome := func(n int) {
		start := map[string]int{}
		for _, id := range ids {
			_, snap, _ := s.owner(id)
			start[id] = snap.Actions
		}
		pl := players()
		untilFor(t, "every table plays on", gameWait, func() bool {
			for _, p := range pl {
				step(t, p)
			}
			for _, id := range ids {
				_, snap, ok := s.owner(id)
				if !ok || (snap.Status == "playing" && snap.Actions < start[id]+n) {
					return false
				}
			}
			return true
		})
	}
	playSome(10)

	// The rolling restart.
	for i, name := range []string{"a", "b", "c"} {
		before := s.quiet(ids, players()...)
		owned := s.tablesAt(name)
		s.nodes[name].stop(t, syscall.SIGTERM)
		s.stopped(name)
		var moved []*person
		for p, h := range home {
			if h == name {
				p.c.Wait(t, wait)
				require.Contains(t, string(p.c.Raw()), "this server is restarting", "%s is told where to go", p.nick)
				moved = append(moved, p)
			}
		}
		for id := range owned {
			s.handedOver(id, before[id], name)
		}
		s.start(name)
		delete(s.paused, name)
		next := []string{"b", "c", "a"}[i]
		for _, p := range moved {
			s.backOn(p, next)
			home[p] = next
		}
		playSome(6)
	}

	// The fencing test: the owner of the first table is paused past its
	// lease.
	id := ids[0]
	owner, _, _ := s.owner(id)
	before := s.quiet(ids, players()...)
	frozen := s.nodes[owner]
	require.NoError(t, frozen.cmd.Process.Signal(syscall.SIGSTOP))
	s.stopped(owner)
	taker := s.handedOver(id, before[id], owner)
	t.Logf("table %s: %s paused, %s took it over", id, owner, taker)
	for p, h := range home {
		if h == owner {
			s.backOn(p, taker)
			home[p] = taker
		}
	}
	playSome(6)
	require.NoError(t, frozen.cmd.Process.Signal(syscall.SIGCONT))
	delete(s.paused, owner)
	until(t, "the resumed node has stopped the table", func() bool {
		_, still := s.tablesAt(owner)[id]
		return !still
	})
	// The journal is the new owner's alone: it replays to the game the
	// new owner plays (unless the hand has just ended, and the table with
	// it).
	var now lobby.TableSnapshot
	var plays bool
	until(t, "the new owner has written all it shows", func() bool {
		_, now, plays = s.owner(id)
		return !plays || now.Status != "playing" || now.Unwritten == 0
	})
	if plays && now.Status == "playing" {
		j := s.journal(id)
		require.GreaterOrEqual(t, len(j.Actions), now.Actions)
		require.Equal(t, now.Hash, hashAt(t, j, now.Actions), "the journal replays to the new owner's game")
	}
	playSome(10) // (TestClusterPlaysOnWhenANodeDies plays its games to the end)
}
