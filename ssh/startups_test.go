package ssh

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func startupsDoor(s Startups, random float64) *door {
	d, _ := startupsDoorClock(s, random)
	return d
}

func startupsDoorClock(s Startups, random float64) (*door, *fakeClock) {
	d, clock := testDoor(Config{Startups: s, ConnBurst: -1, MaxSessionsPerIP: -1}.withDefaults().limits())
	d.random = func() float64 { return random }
	return d, clock
}

func handshake(t *testing.T, d *door, ip string) (*gateConn, *gateConn, error) {
	t.Helper()
	c := &gateConn{door: d, ip: ip}
	victim, err := d.startHandshake(c)
	return c, victim, err
}

func TestStartupsCapPerAddress(t *testing.T) {
	d := startupsDoor(Startups{Start: 100, Rate: 30, Full: 200, PerIP: 2}, 0)
	a, _, err := handshake(t, d, "10.0.0.1")
	require.NoError(t, err)
	_, _, err = handshake(t, d, "10.0.0.1")
	require.NoError(t, err)
	_, _, err = handshake(t, d, "10.0.0.1")
	assert.ErrorIs(t, err, ErrStartupsIP)
	_, _, err = handshake(t, d, "10.0.0.2")
	assert.NoError(t, err, "another address has its own count")

	d.authenticated(a)
	d.authenticated(a) // twice is harmless
	assert.Equal(t, 2, d.handshakes())
	_, _, err = handshake(t, d, "10.0.0.1")
	assert.NoError(t, err, "a logged-in connection no longer counts")
}

func TestStartupsDropAtRandomPastStart(t *testing.T) {
	s := Startups{Start: 2, Rate: 50, Full: 6, PerIP: 10}
	tests := []struct {
		random float64
		want   error
	}{
		{0.49, ErrStartupsFull}, // 50% drop at Start
		{0.51, nil},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.random), func(t *testing.T) {
			d := startupsDoor(s, tc.random)
			for range s.Start {
				_, _, err := handshake(t, d, "10.0.0.1")
				require.NoError(t, err)
			}
			_, _, err := handshake(t, d, "10.0.0.1")
			assert.Equal(t, tc.want, err)
			_, _, err = handshake(t, d, "10.0.0.9")
			assert.NoError(t, err, "an address with no login in progress is never dropped at random")
		})
	}
	assert.InDelta(t, 0.5, dropChance(s, 2), 1e-9)
	assert.InDelta(t, 0.75, dropChance(s, 4), 1e-9)
	assert.InDelta(t, 1, dropChance(s, 6), 1e-9)
}

func TestStartupsFullDropsTheOldestForANewAddress(t *testing.T) {
	s := Startups{Start: 3, Rate: 100, Full: 3, PerIP: 10}
	d := startupsDoor(s, 0)
	var flood []*gateConn
	for range 3 {
		c, _, err := handshake(t, d, "10.0.0.1")
		require.NoError(t, err)
		flood = append(flood, c)
	}
	_, _, err := handshake(t, d, "10.0.0.1")
	assert.ErrorIs(t, err, ErrStartupsFull, "an address already logging in waits")

	fresh, victim, err := handshake(t, d, "10.0.0.2")
	require.NoError(t, err)
	assert.Same(t, flood[0], victim, "the oldest handshake makes room")
	assert.Equal(t, 3, d.handshakes())
	d.releaseConn(victim) // closing it does not count it twice
	assert.Equal(t, 3, d.handshakes())
	assert.True(t, fresh.pending)
}

// In a reconnect storm thousands of real clients log in at once: cutting
// the oldest handshake for each newcomer cut every login before it could
// finish. A handshake whose client is talking keeps its slot (the newcomer
// is refused and tries again) until it has gone on for cutAfter.
func TestStartupsFullSparesATalkingHandshake(t *testing.T) {
	s := Startups{Start: 3, Rate: 100, Full: 3, PerIP: 10}
	d, clock := startupsDoorClock(s, 0)
	var talking []*gateConn
	for range 3 {
		c, _, err := handshake(t, d, "10.0.0.1")
		require.NoError(t, err)
		c.heard.Store(true)
		talking = append(talking, c)
		clock.advance(time.Second)
	}
	_, victim, err := handshake(t, d, "10.0.0.2")
	assert.ErrorIs(t, err, ErrStartupsFull, "no handshake is silent or slow: the newcomer waits")
	assert.Nil(t, victim)
	assert.Equal(t, 3, d.handshakes())
	for _, c := range talking {
		assert.True(t, c.pending, "every login in progress goes on")
	}

	// The oldest finishes: the next is the oldest now, and once it has
	// gone on for cutAfter it makes room, talking or not.
	d.authenticated(talking[0])
	fresh, _, err := handshake(t, d, "10.0.0.3")
	require.NoError(t, err)
	fresh.heard.Store(true)
	clock.advance(cutAfter - 3*time.Second)
	_, _, err = handshake(t, d, "10.0.0.4")
	assert.ErrorIs(t, err, ErrStartupsFull, "the oldest has gone on for less than cutAfter")
	clock.advance(time.Second)
	_, victim, err = handshake(t, d, "10.0.0.4")
	require.NoError(t, err)
	assert.Same(t, talking[1], victim, "the oldest, slow, makes room")
	_, _, err = handshake(t, d, "10.0.0.5")
	assert.ErrorIs(t, err, ErrStartupsFull, "the next oldest is a second younger")
	clock.advance(time.Second)
	_, victim, err = handshake(t, d, "10.0.0.5")
	require.NoError(t, err)
	assert.Same(t, talking[2], victim, "then it makes room too")
	assert.Equal(t, 3, d.handshakes())
}

func TestParseStartups(t *testing.T) {
	keep := Startups{PerIP: 7}
	tests := []struct {
		in   string
		want Startups
		ok   bool
	}{
		{"10:30:100", Startups{10, 30, 100, 7}, true},
		{"50", Startups{50, 100, 50, 7}, true},
		{"10:30", Startups{}, false},
		{"100:30:10", Startups{}, false},
		{"10:130:100", Startups{}, false},
		{"a:b:c", Startups{}, false},
		{"-1:30:100", Startups{}, false},
		{"0", Startups{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseStartups(tc.in, keep)
			if !tc.ok {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.in == "10:30:100", got.String() == tc.in)
		})
	}
}
