package main

import (
	"context"
	"io"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster"
	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// These tests run two nodes of one service in the test's process, each as
// main wires it (joinPeople, attachPeople), on one NATS, with real SSH
// clients: what a player and an attacker see of the whole service from
// either node.

// peopleNode is one node: its SSH address, its people half and what its
// door heard from the other nodes.
type peopleNode struct {
	addr  string
	p     *cluster.People
	heard *heardDoor
}

// heardDoor counts the connections the other nodes told the door of.
type heardDoor struct {
	cluster.Door
	conns atomic.Int64
}

func (d *heardDoor) OthersConnected(ip string, n int) {
	d.Door.OthersConnected(ip, n)
	d.conns.Add(int64(n))
}

func startPeopleNode(t *testing.T, ns *natstest.Server, name string, door ssh.Config) *peopleNode {
	t.Helper()
	ctx := context.Background()
	cc, err := cluster.Connect(ctx, cluster.Options{URL: ns.URL(), Node: name, Logger: log.New(testWriter{t})})
	require.NoError(t, err)
	lcfg := fastLobby()
	p, err := joinPeople(ctx, cc, &lcfg, &door)
	require.NoError(t, err)
	hub := lobby.NewHub(lcfg)
	door.NewModel = modelMaker(hub, "ssh -p 23234 localhost", nil)
	srv, addr := sshtest.Serve(t, door)
	attachPeople(p, hub, srv)
	heard := &heardDoor{Door: srv}
	p.AttachDoor(heard)
	t.Cleanup(func() {
		_ = hub.Shutdown(ctx)
		p.Close()
		cc.NC.Close()
	})
	return &peopleNode{addr: addr, p: p, heard: heard}
}

func TestClusterSessionsPerAddressAreCountedAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	door := ssh.Config{MaxSessionsPerIP: 2}
	a, b := startPeopleNode(t, ns, "a", door), startPeopleNode(t, ns, "b", door)

	first := sshtest.Dial(t, a.addr)
	first.WaitFor(t, "nickname", wait)
	second := sshtest.Dial(t, b.addr)
	second.WaitFor(t, "nickname", wait)
	require.Eventually(t, func() bool {
		return a.p.OtherSessions("127.0.0.1") == 1 && b.p.OtherSessions("127.0.0.1") == 1
	}, wait, 5*time.Millisecond)

	for _, n := range []*peopleNode{a, b} {
		third := sshtest.Dial(t, n.addr)
		third.WaitFor(t, "too many sessions from your address", wait)
		require.Equal(t, 1, third.Wait(t, wait))
	}

	first.Close()
	require.Eventually(t, func() bool { return b.p.OtherSessions("127.0.0.1") == 0 }, wait, 5*time.Millisecond)
	sshtest.Dial(t, b.addr).WaitFor(t, "nickname", wait)
}

func TestClusterNewConnectionsAreRateLimitedAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	door := ssh.Config{ConnBurst: 3, ConnEvery: time.Hour}
	a, b := startPeopleNode(t, ns, "a", door), startPeopleNode(t, ns, "b", door)

	sshtest.Dial(t, a.addr).WaitFor(t, "nickname", wait)
	sshtest.Dial(t, a.addr).WaitFor(t, "nickname", wait)
	sshtest.Dial(t, b.addr).WaitFor(t, "nickname", wait)
	require.Eventually(t, func() bool { return a.heard.conns.Load() == 1 && b.heard.conns.Load() == 2 }, wait, 5*time.Millisecond)

	for _, n := range []*peopleNode{a, b} {
		_, err := sshtest.TryDial(t, n.addr)
		require.Error(t, err, "the address spent its burst on the two nodes together")
	}
}

// TestClusterLobbyOverSSH: ana on node a, bo on node b. Bo cannot take her
// name; each lobby counts both; bo's Who's online lists her, at her table;
// and her invitation by nickname reaches his lobby on the other node.
func TestClusterLobbyOverSSH(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startPeopleNode(t, ns, "a", ssh.Config{}), startPeopleNode(t, ns, "b", ssh.Config{})
	ana, _ := hostPrivate(t, a.addr, "ana", nil)

	bo := sshtest.Dial(t, b.addr, sshtest.User("bo"))
	bo.WaitFor(t, "nickname", wait)
	typeNick(t, bo, "Ana")
	bo.WaitFor(t, "taken", wait)
	for range 3 {
		require.NoError(t, bo.Press("backspace"))
	}
	typeNick(t, bo, "bo")
	bo.WaitFor(t, "Who's online", wait)
	bo.WaitFor(t, "2 online", wait)

	require.NoError(t, bo.Press("7"))
	bo.WaitFor(t, "Players online", wait)
	bo.WaitUntil(t, regexp.MustCompile(`ana\s+at [a-z]+-[a-z]+`).MatchString, wait)
	require.NoError(t, bo.Press("esc"))
	bo.WaitFor(t, "Quick play", wait)

	require.NoError(t, ana.Press("i"))
	ana.WaitFor(t, "invite a player online by nickname", wait)
	require.NoError(t, ana.Press("b", "o", "enter"))
	ana.WaitFor(t, "invitation sent to bo", wait)
	bo.WaitFor(t, "ana invites you to", wait)
}

// While NATS is away a node's door lets players in on its own counts, at
// once; when NATS is back the counts are the whole service's again.
func TestClusterDoorWhileNATSIsAway(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
	ns := natstest.Start(t)
	door := ssh.Config{MaxSessionsPerIP: 2}
	a, b := startPeopleNode(t, ns, "a", door), startPeopleNode(t, ns, "b", door)
	sshtest.Dial(t, a.addr).WaitFor(t, "nickname", wait)
	sshtest.Dial(t, b.addr).WaitFor(t, "nickname", wait)
	require.Eventually(t, func() bool { return a.p.OtherSessions("127.0.0.1") == 1 }, wait, 5*time.Millisecond)

	ns.Stop()
	require.Eventually(t, func() bool { return a.p.OtherSessions("127.0.0.1") == 0 }, wait, 5*time.Millisecond,
		"the other node's count fades")
	sshtest.Dial(t, a.addr).WaitFor(t, "nickname", wait) // this node's own limit: two

	ns.Resume(t)
	require.Eventually(t, func() bool {
		return a.p.OtherSessions("127.0.0.1") == 1 && b.p.OtherSessions("127.0.0.1") == 2
	}, wait, 5*time.Millisecond, "rebuilt when NATS is back")
	third := sshtest.Dial(t, b.addr)
	third.WaitFor(t, "too many sessions from your address", wait)
}

// run with -nats joins the people of the service: its beat is heard on
// NATS, and it leaves with a last one when it stops. It is stopped once it
// serves: its first beat goes out as soon as it has joined the people,
// before it has made the lobby's buckets, and a stop asked then (as a busy
// NATS makes those take longer) is a stop of a start, not of a node.
func TestRunJoinsThePeopleOfTheService(t *testing.T) {
	ns := natstest.Start(t)
	nc, err := nats.Connect(ns.URL())
	require.NoError(t, err)
	defer nc.Close()
	beats, err := nc.SubscribeSync("unossh.people.beat")
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	logs := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-hostkey-dir", t.TempDir(), "-data", t.TempDir(),
			"-nats", ns.URL(), "-node", "n1", "-host-key", sharedHostKey(t)}, func(string) string { return "" },
			log.New(io.MultiWriter(logs, testWriter{t})))
	}()
	heard := func(what string) {
		t.Helper()
		for {
			m, err := beats.NextMsg(wait)
			require.NoError(t, err, "waiting for n1's %s", what)
			if strings.Contains(string(m.Data), `"n":"n1"`) && strings.Contains(string(m.Data), what) {
				return
			}
		}
	}
	heard(`"h":true`) // a node that starts asks the others for what they have
	until(t, "n1 serves", func() bool { return sshLine.MatchString(logs.String()) })
	cancel()
	heard(`"x":true`) // and says when it leaves
	require.NoError(t, <-done)
}
