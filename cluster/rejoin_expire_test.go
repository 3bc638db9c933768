package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/lobby"
)

// TestGuestsRejoinLinesGoWithTheirDeadNode: guests gus and hal have names
// on node a, so their rejoin codes are live lines of the directory; hal
// plays at ana's table on b, gus is in the lobby. Node a dies: at once both
// lines are set to expire, hal's code still finds the seat b keeps for him
// (from node c), and once no seat can be kept any longer (the grace, and
// the longest a takeover takes) gus's line is gone from the directory,
// and hal's too.
func TestGuestsRejoinLinesGoWithTheirDeadNode(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	const grace = time.Second
	nodes := startTunedNodes(t, ns, st, func(c *lobby.Config) { c.Grace = grace }, "a", "b", "c")
	a, b, c := nodes[0], nodes[1], nodes[2]
	guest := func(nick string) (*lobby.Client, string) {
		g := a.hub.Connect("sess-"+nick, "guest:sess-"+nick, true)
		require.NoError(t, g.SetNick(nick))
		return g, waitScreen(t, g, func(s lobby.Screen) bool { return s.Rejoin != "" }).Rejoin
	}
	_, gusCode := guest("gus")
	hal, halCode := guest("hal")
	ana := b.player(t, "ana")
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	require.NoError(t, hal.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, hal, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 2, ana, hal)

	seats, err := c.conn.JS.KeyValue(t.Context(), bucketSeats)
	require.NoError(t, err)
	// line reads a code's line: whether there is one, and whether it is
	// set to expire.
	line := func(code string) (there, gone bool) {
		e, err := seats.Get(t.Context(), "r-"+lobby.NormalizeCode(code))
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return false, false
		}
		require.NoError(t, err)
		var l struct {
			Gone bool `json:"gone"`
		}
		require.NoError(t, json.Unmarshal(e.Value(), &l))
		return true, l.Gone
	}
	for _, code := range []string{gusCode, halCode} {
		require.Eventually(t, func() bool { there, gone := line(code); return there && !gone }, 10*time.Second,
			10*time.Millisecond, "a writes the live line of %s", code)
	}

	cutOff(a)
	for _, code := range []string{gusCode, halCode} {
		require.Eventually(t, func() bool { there, gone := line(code); return there && gone }, 15*time.Second,
			20*time.Millisecond, "the line of %s is set to expire once a is gone", code)
	}
	tries := 0
	require.Eventually(t, func() bool {
		tries++
		_, err := c.hub.RejoinKey(halCode, fmt.Sprintf("sess-hal-%d", tries), "")
		return err == nil
	}, 10*time.Second, 50*time.Millisecond, "hal's code finds the seat b keeps for him")
	for _, code := range []string{gusCode, halCode} {
		require.Eventually(t, func() bool { there, _ := line(code); return !there }, grace+30*time.Second,
			100*time.Millisecond, "the line of %s is gone", code)
	}
}

// TestGuestsKeptSeatLineGoesAfterItsGrace: guest gus, on node a, plays at
// ana's table on b; his connection drops, b keeps his seat, and a writes
// his rejoin code's line for that seat. Nobody uses the code: once no seat
// can be kept for him any longer (the grace, and, had b died at its end,
// the longest a takeover takes and the grace kept from then) the bucket
// has removed the line by itself.
func TestGuestsKeptSeatLineGoesAfterItsGrace(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	const grace = time.Second
	nodes := startTunedNodes(t, ns, st, func(c *lobby.Config) { c.Grace = grace }, "a", "b")
	a, b := nodes[0], nodes[1]
	ana := b.player(t, "ana")
	gus := a.hub.Connect("sess-gus", "guest:sess-gus", true)
	require.NoError(t, gus.SetNick("gus"))
	code := lobby.NormalizeCode(waitScreen(t, gus, func(s lobby.Screen) bool { return s.Rejoin != "" }).Rejoin)
	require.NoError(t, ana.Create(lobby.TableOptions{Settings: settings(2), TurnTime: lobby.NoTurnTimer}))
	require.NoError(t, gus.Join(ana.Screen().Table.Code))
	ana.Do(lobby.Intent{Kind: lobby.Start})
	waitScreen(t, gus, func(s lobby.Screen) bool { return moves(s) >= 0 })
	playMoves(t, 2, ana, gus)
	gus.Disconnect()
	waitScreen(t, ana, func(s lobby.Screen) bool { return !s.Table.Seats[1].Connected })

	seats, err := b.conn.JS.KeyValue(t.Context(), bucketSeats)
	require.NoError(t, err)
	// table reads the table of the code's line ("" for a live line), and
	// whether there is a line.
	table := func() (string, bool) {
		e, err := seats.Get(t.Context(), "r-"+code)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return "", false
		}
		require.NoError(t, err)
		var l struct {
			Table string `json:"table"`
		}
		require.NoError(t, json.Unmarshal(e.Value(), &l))
		return l.Table, true
	}
	require.Eventually(t, func() bool { tb, there := table(); return there && tb != "" }, 10*time.Second,
		10*time.Millisecond, "a writes the line of gus's kept seat")
	require.Eventually(t, func() bool { _, there := table(); return !there }, 2*grace+35*time.Second, // (lobby.adoptWait is 15 s)
		100*time.Millisecond, "the line is gone once no seat can be kept for gus")
}
