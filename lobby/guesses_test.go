package lobby

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var guessStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// guessUntilRefused makes wrong guesses from whoever next returns, at
// time at, until one is refused; it returns how many were let through and
// the refusal.
func guessUntilRefused(t *testing.T, g *guessLimiter, at time.Time, next func(i int) guesser) (int, error) {
	t.Helper()
	for i := range 1000 {
		who := next(i)
		if err := g.allow(at, who); err != nil {
			return i, err
		}
		g.miss(at, who)
	}
	t.Fatal("never refused")
	return 0, nil
}

func TestGuessesAreLimitedInEveryScope(t *testing.T) {
	tests := []struct {
		name  string
		next  func(i int) guesser
		limit int
		scope string
	}{
		{"one identity", func(int) guesser { return guesserOf("key:ana", "10.0.0.1:4000") }, guessBurstIdentity, ""},
		{"one connection, a new guest session each time", func(i int) guesser {
			return guesserOf(fmt.Sprintf("guest:%d", i), "10.0.0.1:4000")
		}, guessBurstConn, "on this connection"},
		{"one address, a new key and connection each time", func(i int) guesser {
			return guesserOf(fmt.Sprintf("key:%d", i), fmt.Sprintf("10.0.0.1:%d", 4000+i))
		}, guessBurstAddr, "from your network"},
		{"one IPv6 /64, a new address each time", func(i int) guesser {
			return guesserOf(fmt.Sprintf("key:%d", i), fmt.Sprintf("[2001:db8::%x]:4000", i))
		}, guessBurstAddr, "from your network"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGuessLimiter(nil)
			n, err := guessUntilRefused(t, g, guessStart, tc.next)
			assert.Equal(t, tc.limit, n)
			assert.ErrorIs(t, err, ErrTooManyCodes)
			assert.Contains(t, err.Error(), tc.scope)
		})
	}
}

func TestGuessesRefillAndAreForgotten(t *testing.T) {
	g := newGuessLimiter(nil)
	ana := guesserOf("key:ana", "10.0.0.1:4000")
	n, _ := guessUntilRefused(t, g, guessStart, func(int) guesser { return ana })
	require.Equal(t, guessBurstIdentity, n)

	assert.Error(t, g.allow(guessStart.Add(guessRefillIdentity-time.Second), ana))
	assert.NoError(t, g.allow(guessStart.Add(guessRefillIdentity), ana), "one more guess after the refill")
	assert.NoError(t, g.allow(guessStart, guesserOf("key:bo", "10.0.0.2:4000")), "others are not held back")

	// Misses from a thousand guests on a thousand addresses, then quiet:
	// once every bucket is full again, the record is empty.
	for i := range 1000 {
		g.miss(guessStart, guesserOf(fmt.Sprintf("guest:%d", i), fmt.Sprintf("10.1.%d.%d:1", i/256, i%256)))
	}
	assert.Equal(t, 3+3*1000, g.size())
	require.NoError(t, g.allow(guessStart.Add(guessBurstAddr*guessRefillAddr+guessSweepEvery), ana))
	assert.Zero(t, g.size(), "refilled buckets are pruned")
}

// A flood of wrong guesses from one address, at the rate the limits let
// through, keeps a record that does not grow with the flood.
func TestGuessRecordIsBounded(t *testing.T) {
	g := newGuessLimiter(nil)
	at, refused, peak := guessStart, 0, 0
	for i := range 20000 {
		at = at.Add(time.Second)
		who := guesserOf(fmt.Sprintf("guest:%d", i), fmt.Sprintf("10.0.0.1:%d", 1024+i%5000))
		if g.allow(at, who) != nil {
			refused++
			continue
		}
		g.miss(at, who)
		peak = max(peak, g.size())
	}
	t.Logf("20000 guesses a second apart from one address: %d refused, at most %d counts kept", refused, peak)
	assert.Greater(t, refused, 19000)
	assert.Less(t, peak, 200)
}

func TestAddressOf(t *testing.T) {
	for in, want := range map[string]string{
		"10.0.0.1:4000":           "10.0.0.1",
		"[2001:db8::1]:22":        "2001:db8::/64",
		"[2001:db8:0:0:ffff::]:1": "2001:db8::/64",
		"":                        "",
		"pipe":                    "pipe",
	} {
		assert.Equal(t, want, addressOf(in), in)
	}
}

// Through the hub: one guest connection that opens session after session
// (a new identity each time) is refused past the connection's limit, and
// the refusal is what the player reads.
func TestHubLimitsGuessesPerConnection(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	var err error
	n := 0
	for ; n < 100; n++ {
		c := h.ConnectFrom("10.0.0.1:4000", fmt.Sprintf("s%d", n), fmt.Sprintf("guest:s%d", n), true)
		err = c.Join("QQQQ-QQQQ-QQQQ")
		c.Disconnect()
		if !errors.Is(err, ErrNoSuchTable) {
			break
		}
	}
	assert.Equal(t, guessBurstConn, n)
	assert.ErrorIs(t, err, ErrTooManyCodes)
	assert.Equal(t, "too many wrong codes on this connection; wait a few minutes before trying again", err.Error())
}
