package cluster

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/names"
	"github.com/unossh/unossh/store"
)

// testPeople are short enough for a test to see a node die and a name
// lapse, long enough that a loaded machine never drops a live node.
var testPeople = PeopleOptions{Every: 20 * time.Millisecond, DeadAfter: 2 * time.Second,
	NickTTL: 2 * time.Second, Wait: 5 * time.Second}

const wait = 15 * time.Second

// testNode is one node of a service in the test's process: its NATS
// connection, its people half and its lobby.
type testNode struct {
	cc   *Conn
	p    *People
	hub  *lobby.Hub
	seen *seenLobby
	log  *syncBuffer
}

// seenLobby counts what the other nodes told the lobby to count.
type seenLobby struct {
	PeopleLobby
	misses, accounts atomic.Int64
}

func (s *seenLobby) OthersMissed(identity, addr string) {
	s.PeopleLobby.OthersMissed(identity, addr)
	s.misses.Add(1)
}

func (s *seenLobby) OthersMadeAccount(addr string) {
	s.PeopleLobby.OthersMadeAccount(addr)
	s.accounts.Add(1)
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func startNode(t *testing.T, ns *natstest.Server, name string, cfg lobby.Config) *testNode {
	t.Helper()
	buf := &syncBuffer{}
	lg := log.New(buf)
	cc, err := Connect(context.Background(), Options{URL: ns.URL(), Node: name, Logger: lg})
	require.NoError(t, err)
	p, err := NewPeople(context.Background(), cc, testPeople)
	require.NoError(t, err)
	cfg.People = p
	hub := lobby.NewHub(cfg)
	seen := &seenLobby{PeopleLobby: hub}
	p.AttachLobby(seen)
	t.Cleanup(func() {
		_ = hub.Shutdown(context.Background())
		p.Close()
		cc.NC.Close()
	})
	return &testNode{cc: cc, p: p, hub: hub, seen: seen, log: buf}
}

// kill is the node dying: its connection to NATS is cut, with no word to
// the other nodes.
func (n *testNode) kill() { n.cc.NC.Close() }

// meet waits until every node counts every other.
func meet(t *testing.T, nodes ...*testNode) {
	t.Helper()
	require.Eventually(t, func() bool {
		for _, n := range nodes {
			n.p.mu.Lock()
			k := n.p.st.peersLocked()
			n.p.mu.Unlock()
			if k != len(nodes)-1 {
				return false
			}
		}
		return true
	}, wait, 5*time.Millisecond)
}

func guest(t *testing.T, n *testNode, id, nick string) *lobby.Client {
	t.Helper()
	c := n.hub.Connect(id, "guest:"+id, true)
	if nick != "" {
		require.NoError(t, c.SetNick(nick))
	}
	return c
}

func TestOnlineIsTheWholeServicesAndForgetsADeadNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	ana := guest(t, a, "s1", "ana")
	bo := guest(t, b, "s2", "bo")
	guest(t, b, "s3", "cy")
	require.Eventually(t, func() bool { return ana.Screen().Online == 3 && bo.Screen().Online == 3 }, wait, 5*time.Millisecond)

	b.kill()
	require.Eventually(t, func() bool { return ana.Screen().Online == 1 }, wait, 5*time.Millisecond,
		"a node that died stops counting")
}

func TestGuestsCannotShareANicknameAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	ana := guest(t, a, "s1", "ana")
	bo := guest(t, b, "s2", "")
	for _, look := range []string{"ana", "ANA", "Ana"} {
		require.ErrorIs(t, bo.SetNick(look), lobby.ErrNickTaken, look)
	}
	require.NoError(t, bo.SetNick("bo"))
	require.ErrorIs(t, ana.SetNick("BO"), lobby.ErrNickTaken)
	require.Equal(t, "ana", ana.Screen().Nick, "a refused rename keeps the name")

	ana.Disconnect()
	cy := guest(t, b, "s3", "")
	require.Eventually(t, func() bool { return cy.SetNick("ana") == nil }, wait, 5*time.Millisecond,
		"a name is free once its player has left")
	require.NoError(t, bo.SetNick("Bo"), "a new letter case of one's own name")
	require.ErrorIs(t, guest(t, a, "s4", "").SetNick("bo"), lobby.ErrNickTaken, "the claim stayed with bo")
}

func TestANameLapsesWhenItsNodeDies(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	guest(t, a, "s1", "ana")
	bo := guest(t, b, "s2", "")
	require.ErrorIs(t, bo.SetNick("ana"), lobby.ErrNickTaken)

	a.kill()
	require.Eventually(t, func() bool { return bo.SetNick("ana") == nil }, wait, 20*time.Millisecond,
		"the claim of a node that died lapses by itself")
}

// A guest whose node died comes back through another with their rejoin
// code, as the same player (the same key): their name is theirs again at
// once, not after the dead node's claim lapses; anyone else is still
// refused it.
func TestTheSamePlayerTakesTheirNameBackOnAnotherNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	ctx := t.Context()
	key := names.Key("ana")
	require.NoError(t, a.p.ClaimNick(ctx, key, lobby.NickHolder{Session: "s1", Key: "guest:s1"}))
	a.kill()
	require.ErrorIs(t, b.p.ClaimNick(ctx, key, lobby.NickHolder{Session: "s2", Key: "guest:s2"}), lobby.ErrNickTaken)
	require.NoError(t, b.p.ClaimNick(ctx, key, lobby.NickHolder{Session: "s3", Key: "guest:s1"}), "the same player, back")
	require.ErrorIs(t, b.p.ClaimNick(ctx, key, lobby.NickHolder{Session: "s4", Key: "guest:s4"}), lobby.ErrNickTaken)
}

func TestWhoListsThePlayersOfEveryNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b, c := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{}), startNode(t, ns, "c", lobby.Config{})
	meet(t, a, b, c)
	ana := guest(t, a, "s1", "ana")
	guest(t, b, "s2", "bo")
	guest(t, c, "s3", "cy")
	who, err := ana.Who()
	require.NoError(t, err)
	require.Equal(t, []lobby.OnlinePlayer{{Nick: "ana", Guest: true}, {Nick: "bo", Guest: true}, {Nick: "cy", Guest: true}}, who)
}

func TestAnInvitationReachesAPlayerOnAnotherNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	ana := guest(t, a, "s1", "ana")
	bo := guest(t, b, "s2", "bo")
	cy := guest(t, b, "s3", "cy")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: engine.Settings{Edition: engine.Minions2016, Players: 3}}))
	var table *lobby.TableView
	require.Eventually(t, func() bool { table = ana.Screen().Table; return table != nil }, wait, 5*time.Millisecond)

	require.NoError(t, ana.Invite("BO"))
	require.Eventually(t, func() bool { return bo.Screen().Invitation != nil }, wait, 5*time.Millisecond)
	inv := bo.Screen().Invitation
	require.Equal(t, "ana", inv.From)
	require.Equal(t, table.Code, inv.Code, "the code lets him in")
	require.Equal(t, "Minions 2016", inv.Edition)

	cy.SetInvitations(false)
	require.EqualError(t, ana.Invite("cy"), "cy is not taking invitations")
	require.EqualError(t, ana.Invite("zed"), "nobody called zed is online")
	for range 2 {
		require.NoError(t, ana.Invite("bo"))
	}
	require.EqualError(t, ana.Invite("bo"), "too many invitations: wait a minute before sending more",
		"the inviter's limit holds, wherever the invited are")
}

func TestWrongCodesAreCountedAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	meet(t, a, b)
	// Six fresh keys on six connections from one address, five wrong codes
	// each, on node a: the address has spent its thirty.
	const keys, each = 6, 5
	for i := range keys {
		c := a.hub.ConnectFrom("10.0.0.7:"+string(rune('1'+i))+"000", "a"+string(rune('1'+i)), "key-a"+string(rune('1'+i)), false)
		require.NoError(t, c.SetNick("p"+string(rune('1'+i))))
		for range each {
			require.ErrorIs(t, c.Join("QQQQ-QQQQ-QQQQ"), lobby.ErrNoSuchTable)
		}
	}
	require.Eventually(t, func() bool { return b.seen.misses.Load() >= keys*each }, wait, 5*time.Millisecond)

	// On node b, a fresh key on a fresh connection from the same address.
	c := b.hub.ConnectFrom("10.0.0.7:9000", "b1", "key-b1", false)
	require.NoError(t, c.SetNick("fresh"))
	err := c.Join("QQQQ-QQQQ-QQQQ")
	require.ErrorIs(t, err, lobby.ErrTooManyCodes)
	require.Contains(t, err.Error(), "from your network")
	// Another address is not concerned.
	d := b.hub.ConnectFrom("10.0.0.8:9000", "b2", "key-b2", false)
	require.NoError(t, d.SetNick("other"))
	require.ErrorIs(t, d.Join("QQQQ-QQQQ-QQQQ"), lobby.ErrNoSuchTable)
}

func TestNewAccountsAreCountedAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st, err := store.Open(store.Options{Dir: t.TempDir(), Logger: log.New(&bytes.Buffer{})})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	cfg := lobby.Config{Store: st, AccountsPerAddr: 2, AccountsEvery: time.Hour}
	a, b := startNode(t, ns, "a", cfg), startNode(t, ns, "b", cfg)
	meet(t, a, b)
	for i, nick := range []string{"anna", "bert"} {
		c := a.hub.ConnectFrom("10.0.0.9:100"+string(rune('0'+i)), "a"+nick, "key-"+nick, false)
		require.NoError(t, c.SetNick(nick))
		require.True(t, c.Screen().Account.Kept)
	}
	require.Eventually(t, func() bool { return b.seen.accounts.Load() >= 2 }, wait, 5*time.Millisecond)

	c := b.hub.ConnectFrom("10.0.0.9:2000", "bcarl", "key-carl", false)
	require.NoError(t, c.SetNick("carl"), "past the limit a key plays as a guest")
	s := c.Screen()
	require.False(t, s.Account.Kept, "no third account from the address, on any node")
	require.NotEmpty(t, s.Account.NoAccountUntil)
}

func TestNATSAwayKeepsLoginsAndRebuildsWhenBack(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	ana := guest(t, a, "s1", "ana")
	bo := guest(t, b, "s2", "bo")
	require.Eventually(t, func() bool { return ana.Screen().Online == 2 }, wait, 5*time.Millisecond)

	ns.Stop()
	require.Eventually(t, func() bool { return ana.Screen().Online == 1 }, wait, 5*time.Millisecond,
		"the other node is no longer counted")
	require.Eventually(t, func() bool { return bytes.Contains([]byte(a.log.String()), []byte("NATS is away")) }, wait, 5*time.Millisecond)
	cy := guest(t, a, "s3", "cy") // a name is given on this node's word, at once
	require.Equal(t, "cy", cy.Screen().Nick)
	who, err := ana.Who()
	require.NoError(t, err)
	require.Len(t, who, 2, "this node's players, without waiting for the others")

	ns.Resume(t)
	require.Eventually(t, func() bool { return ana.Screen().Online == 3 && bo.Screen().Online == 3 }, wait, 5*time.Millisecond)
	for _, nick := range []string{"ana", "cy"} {
		require.Eventually(t, func() bool {
			v, _, err := b.p.nicks.holderOf(context.Background(), names.Key(nick))
			return err == nil && v.Node == "a"
		}, wait, 20*time.Millisecond, "the claims are made again when NATS is back")
	}
	require.ErrorIs(t, bo.SetNick("cy"), lobby.ErrNickTaken, "a name given while NATS was away")
	require.ErrorIs(t, bo.SetNick("ana"), lobby.ErrNickTaken)
	require.Contains(t, a.log.String(), "NATS is back")
}

func TestANameIsKeptPastItsTTLWhileItsPlayerStays(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	guest(t, a, "s1", "ana")
	_, first, err := b.p.nicks.holderOf(context.Background(), names.Key("ana"))
	require.NoError(t, err)
	// Four renewals are more than the claim's TTL: without them it lapses.
	require.Eventually(t, func() bool {
		_, rev, err := b.p.nicks.holderOf(context.Background(), names.Key("ana"))
		return err == nil && rev >= first+4
	}, wait, 20*time.Millisecond)
	require.ErrorIs(t, guest(t, b, "s2", "").SetNick("ana"), lobby.ErrNickTaken)
}

// A key with no account gets back at connect the name it used earlier on
// its node; if a player on another node took it meanwhile, it chooses
// again, and is told why.
func TestANameGivenBackAtConnectIsClaimedAcrossNodes(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	a, b := startNode(t, ns, "a", lobby.Config{}), startNode(t, ns, "b", lobby.Config{})
	ana := a.hub.Connect("s1", "key-ana", false)
	require.NoError(t, ana.SetNick("ana"))
	ana.Disconnect()
	bo := guest(t, b, "s2", "")
	require.Eventually(t, func() bool { return bo.SetNick("ana") == nil }, wait, 5*time.Millisecond)

	back := a.hub.Connect("s3", "key-ana", false)
	require.Eventually(t, func() bool { return back.Screen().Nick == "" }, wait, 5*time.Millisecond)
	require.Contains(t, back.Screen().Notice.Text, "took that nickname meanwhile")
}

// An account's name comes back at connect without waiting on NATS, and
// its player can still be found from another node; it is freed when they
// leave.
func TestAnAccountsNameIsFoundFromAnotherNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st, err := store.Open(store.Options{Dir: t.TempDir(), Logger: log.New(&bytes.Buffer{})})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	cfg := lobby.Config{Store: st}
	a, b := startNode(t, ns, "a", cfg), startNode(t, ns, "b", cfg)
	first := a.hub.Connect("s1", "key-anna", false)
	require.NoError(t, first.SetNick("anna"))
	first.Disconnect()
	require.Eventually(t, func() bool {
		_, _, err := b.p.nicks.holderOf(context.Background(), names.Key("anna"))
		return err != nil
	}, wait, 5*time.Millisecond, "freed when she left")

	anna := a.hub.Connect("s2", "key-anna", false)
	require.Equal(t, "anna", anna.Screen().Nick, "her account's name, at once")
	bo := guest(t, b, "s3", "bo")
	require.NoError(t, bo.Create(lobby.TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 2}}))
	require.Eventually(t, func() bool {
		v, _, err := b.p.nicks.holderOf(context.Background(), names.Key("anna"))
		return err == nil && v.Node == "a"
	}, wait, 5*time.Millisecond, "her name's claim, sent in the background")
	require.NoError(t, bo.Invite("anna"))
	require.Eventually(t, func() bool { return anna.Screen().Invitation != nil }, wait, 5*time.Millisecond)
	require.ErrorIs(t, guest(t, b, "s4", "").SetNick("ANNA"), store.ErrNameTaken, "the store keeps it hers")
}
