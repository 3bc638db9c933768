package ssh

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// otherNodes is the door's seam as a test drives it: what the other nodes
// last said, and what this door told them.
type otherNodes struct {
	sessions  map[string]int // on the other nodes
	told      map[string]int // this door's, as last told
	connected map[string]int
}

func newOtherNodes() *otherNodes {
	return &otherNodes{sessions: map[string]int{}, told: map[string]int{}, connected: map[string]int{}}
}

func (o *otherNodes) OtherSessions(ip string) int { return o.sessions[ip] }
func (o *otherNodes) Sessions(ip string, n int)   { o.told[ip] = n }
func (o *otherNodes) Connected(ip string)         { o.connected[ip]++ }

func TestDoorCountsTheOtherNodesSessionsPerAddress(t *testing.T) {
	d, _ := testDoor(Config{MaxSessionsPerIP: 3}.withDefaults().limits())
	others := newOtherNodes()
	d.shared = others
	others.sessions["10.0.0.1"] = 2

	a := &liveSession{id: "a", ip: "10.0.0.1"}
	require.NoError(t, d.admitSession(a))
	assert.Equal(t, 1, others.told["10.0.0.1"], "the others hear of it")
	assert.ErrorIs(t, d.admitSession(&liveSession{id: "b", ip: "10.0.0.1"}), ErrTooManyFromIP,
		"one here and two elsewhere are the address's three")
	assert.NoError(t, d.admitSession(&liveSession{id: "c", ip: "10.0.0.2"}))

	d.releaseSession(a)
	assert.Equal(t, 0, others.told["10.0.0.1"])
	others.sessions["10.0.0.1"] = 1
	assert.NoError(t, d.admitSession(&liveSession{id: "d", ip: "10.0.0.1"}))
}

func TestDoorChargesTheOtherNodesConnectionsToTheAddress(t *testing.T) {
	d, clock := testDoor(Config{ConnBurst: 3, ConnEvery: time.Second}.withDefaults().limits())
	others := newOtherNodes()
	d.shared = others

	require.NoError(t, d.admitConn("10.0.0.1"))
	assert.Equal(t, 1, others.connected["10.0.0.1"], "the others hear of it")
	d.othersConnected("10.0.0.1", 4) // the burst and one more, on other nodes
	assert.ErrorIs(t, d.admitConn("10.0.0.1"), ErrRateLimited)
	clock.advance(2 * time.Second)
	assert.ErrorIs(t, d.admitConn("10.0.0.1"), ErrRateLimited, "the debt is paid first")
	clock.advance(time.Second)
	assert.NoError(t, d.admitConn("10.0.0.1"))
	assert.NoError(t, d.admitConn("10.0.0.2"), "another address has its own bucket")
}
