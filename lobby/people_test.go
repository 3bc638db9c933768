package lobby

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// fakeOthers is the other nodes as a test plays them: a service where
// "zoe" is held elsewhere and five players are online.
type fakeOthers struct {
	mu       sync.Mutex
	online   int // said by this node
	claimed  []string
	released []string
	missed   [][2]string
	invited  []RemoteInvitation
}

func (f *fakeOthers) SetOnline(n int)   { f.mu.Lock(); f.online = n; f.mu.Unlock() }
func (f *fakeOthers) OthersOnline() int { return 5 }
func (f *fakeOthers) ClaimNick(_ context.Context, key string, _ NickHolder) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if key == nickKey("zoe") {
		return ErrNickTaken
	}
	f.claimed = append(f.claimed, key)
	return nil
}
func (f *fakeOthers) HoldNick(key string, _ NickHolder) {}
func (f *fakeOthers) ReleaseNick(key, _ string) {
	f.mu.Lock()
	f.released = append(f.released, key)
	f.mu.Unlock()
}
func (f *fakeOthers) Who(context.Context) ([]OnlinePlayer, error) {
	return []OnlinePlayer{{Nick: "zoe", Table: "far-table"}}, nil
}
func (f *fakeOthers) Invite(_ context.Context, _, nick string, inv RemoteInvitation) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.invited = append(f.invited, inv)
	return nil
}
func (f *fakeOthers) GuessMissed(identity, addr string) {
	f.mu.Lock()
	f.missed = append(f.missed, [2]string{identity, addr})
	f.mu.Unlock()
}
func (f *fakeOthers) AccountMade(string)      {}
func (f *fakeOthers) SignedIn(string, string) {}

// The hub's side of the seam: what a node tells the others and what it
// shows of them.
func TestAHubAmongOtherNodes(t *testing.T) {
	others := &fakeOthers{}
	cfg := testConfig()
	cfg.People = others
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())

	ana := connect(t, h, "ana")
	require.Equal(t, 6, waitScreen(t, ana, func(s Screen) bool { return s.Online == 6 }).Online,
		"the whole service's number online")
	require.ErrorIs(t, ana.SetNick("Zoe"), ErrNickTaken, "a name held on another node")
	require.Equal(t, "ana", ana.Screen().Nick)

	who, err := ana.Who()
	require.NoError(t, err)
	require.Equal(t, []OnlinePlayer{{Nick: "ana"}, {Nick: "zoe", Table: "far-table"}}, who)

	require.NoError(t, ana.Create(TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 2}}))
	waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })
	require.NoError(t, ana.Invite("zoe"))
	require.Len(t, others.invited, 1, "an invitation to a player not here goes to the others")
	require.Equal(t, "ana", others.invited[0].From)

	guest := h.ConnectFrom("10.0.0.1:5000", "sess-g", "guest:sess-g", true)
	require.ErrorIs(t, guest.Join("QQQQ-QQQQ-QQQQ"), ErrNoSuchTable)
	require.Equal(t, [][2]string{{"", "10.0.0.1"}}, others.missed, "a guest's identity is this node's alone")

	ana.Disconnect()
	others.mu.Lock()
	defer others.mu.Unlock()
	require.Equal(t, []string{nickKey("ana")}, others.claimed)
	require.Equal(t, []string{nickKey("ana")}, others.released, "her name is freed as she leaves")
}
