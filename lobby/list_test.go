package lobby

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Every session shows the same listing: one list, not a copy per session.
func TestTheListIsOneSharedSnapshot(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	require.NoError(t, a.Create(TableOptions{Public: true, Settings: defaultSettings(4)}))
	sb := waitScreen(t, b, func(s Screen) bool { return len(s.Tables) == 1 })
	sa := a.Screen()
	require.Len(t, sa.Tables, 1)
	require.Same(t, &sa.Tables[0], &sb.Tables[0], "each session got its own copy of the list")
}

// A burst of arrivals is merged: the lobbies hear of it once the interval
// is up, not once per arrival.
func TestBurstsAreMerged(t *testing.T) {
	cfg := testConfig()
	cfg.ListEvery = 250 * time.Millisecond
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	ana := connect(t, h, "ana") // the first change goes out at once
	require.Equal(t, 1, ana.Screen().Online)
	for i := range 40 {
		connect(t, h, fmt.Sprintf("p%02d", i))
	}
	// SetNick answers once the hub has handled the arrival, so all forty
	// are known; none has gone out yet, the interval not being up.
	require.Equal(t, 1, ana.Screen().Online)
	require.Equal(t, 41, h.Online())
	clockOf(h).Advance(250 * time.Millisecond)
	waitScreen(t, ana, func(s Screen) bool { return s.Online == 41 })
}

// A player at a game in progress is not woken when someone arrives: the
// table screen does not show the lobby.
func TestArrivalsDoNotWakePlayersAtGames(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	require.NoError(t, a.Create(TableOptions{Public: true, Settings: defaultSettings(4)}))
	waitScreen(t, a, func(s Screen) bool { return s.Table != nil })
	a.Do(Intent{Kind: Start})
	waitScreen(t, a, func(s Screen) bool { return s.Table.Status == Playing })
	lobbyist := connect(t, h, "bo")
	// The table sets its timer once it has sent everything of the start.
	for !clockOf(h).waitArmed(t, a) {
	}
	drain(a)
	drain(lobbyist)
	connect(t, h, "cy")
	select {
	case <-a.Updates():
		t.Fatal("a player at a game was woken by an arrival in the lobby")
	default:
	}
	select {
	case <-lobbyist.Updates():
	default:
		t.Fatal("a player in the lobby did not hear of the arrival")
	}
	require.Equal(t, 3, lobbyist.Screen().Online)
}

func drain(c *Client) {
	for {
		select {
		case <-c.Updates():
		default:
			return
		}
	}
}
