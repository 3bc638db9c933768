package cluster

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The beat's bookkeeping, without NATS: what a node makes of the beats it
// hears, lost ones included.
func TestBeatsKeepTheOthersCounts(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	var s shared
	s.init()
	apply := func(b beat) { s.applyLocked(&b, now) }

	apply(beat{Node: "b", Boot: "1", Seq: 1, Online: 3, Hello: true, Sessions: map[string]int{"10.0.0.1": 2}})
	require.Equal(t, 3, s.others)
	require.Equal(t, 2, s.otherSess["10.0.0.1"])
	require.True(t, s.full, "a new node is sent everything")
	require.True(t, s.hello, "and asked for everything, unless it sent it")

	out := s.beatLocked("a", "x")
	require.True(t, out.Full && out.Hello)
	require.False(t, s.full || s.hello, "said once")

	apply(beat{Node: "b", Boot: "1", Seq: 2, Online: 4, Sessions: map[string]int{"10.0.0.1": 0, "10.0.0.2": 1}})
	require.Equal(t, 4, s.others)
	require.Equal(t, map[string]int{"10.0.0.2": 1}, s.otherSess)
	require.False(t, s.hello)

	apply(beat{Node: "b", Boot: "1", Seq: 4, Online: 4})
	require.True(t, s.hello, "a lost beat: everything again")
	s.beatLocked("a", "x")
	apply(beat{Node: "b", Boot: "1", Seq: 5, Online: 4, Full: true, Sessions: map[string]int{"10.0.0.3": 5}})
	require.Equal(t, map[string]int{"10.0.0.3": 5}, s.otherSess, "a full beat replaces what was known")

	apply(beat{Node: "c", Boot: "1", Seq: 1, Online: 1, Full: true, Sessions: map[string]int{"10.0.0.3": 1}})
	require.Equal(t, 5, s.others)
	require.Equal(t, 6, s.otherSess["10.0.0.3"], "summed over the nodes")

	apply(beat{Node: "b", Boot: "2", Seq: 1, Online: 0, Full: true})
	require.Equal(t, 1, s.others, "a node that restarted had nobody left")
	require.Equal(t, 1, s.otherSess["10.0.0.3"])

	require.True(t, s.pruneLocked(now.Add(time.Second)), "nodes unheard of are forgotten")
	require.Zero(t, s.others)
	require.Empty(t, s.otherSess)
	require.Empty(t, s.peers)
}

func TestABeatCarriesWhatChangedOnce(t *testing.T) {
	t.Parallel()
	var s shared
	s.init()
	s.sessions["10.0.0.1"], s.dirty["10.0.0.1"] = 2, struct{}{}
	s.conns["10.0.0.1"] = 3
	s.misses[miss{Identity: "k", Addr: "10.0.0.1"}] = 2
	s.accounts["10.0.0.1"] = 1
	b := s.beatLocked("a", "x")
	require.Equal(t, map[string]int{"10.0.0.1": 2}, b.Sessions)
	require.Equal(t, map[string]int{"10.0.0.1": 3}, b.Conns)
	require.Equal(t, []miss{{Identity: "k", Addr: "10.0.0.1", N: 2}}, b.Misses)
	require.Equal(t, map[string]int{"10.0.0.1": 1}, b.Accounts)

	b = s.beatLocked("a", "x")
	require.Nil(t, b.Sessions)
	require.Nil(t, b.Conns)
	require.Nil(t, b.Misses)
	require.Nil(t, b.Accounts)
	require.Equal(t, uint64(2), b.Seq)
}

func TestAFullStateGoesAPartABeat(t *testing.T) {
	t.Parallel()
	var s shared
	s.init()
	for i := range maxKeysPerBeat + 10 {
		s.sessions[string(rune(0x4e00+i))] = 1
	}
	s.full = true
	first := s.beatLocked("a", "x")
	require.True(t, first.Full)
	require.Len(t, first.Sessions, maxKeysPerBeat)
	rest := s.beatLocked("a", "x")
	require.False(t, rest.Full)
	require.Len(t, rest.Sessions, 10)

	var r shared
	r.init()
	now := time.Unix(1000, 0)
	r.applyLocked(first, now)
	r.applyLocked(rest, now)
	require.Len(t, r.otherSess, maxKeysPerBeat+10, "the receiver has it all")
}
