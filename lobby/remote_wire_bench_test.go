package lobby

import "testing"

// BenchmarkRemoteWireScreens is the cost of one screen across nodes with
// its view whole, as every screen went before the deltas and as a
// shadow's first still goes: the owner's encoding and the session's
// node's decoding. Each round sends one of a game's views in turn (those
// of BenchmarkRemoteWireDelta).
func BenchmarkRemoteWireScreens(b *testing.B) {
	vs := playedViews(b)["sess-ana"]
	bytes := 0
	for _, v := range vs[1:] {
		s := &wireScreen{Table: v.ID, Session: "sess-ana", Node: "b", Born: 1, Ver: 2, At: true, View: v}
		bytes += len(wireEncode(&wireScreens{Screens: []*wireScreen{s.seal()}}))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for n := range b.N {
		v := vs[1+n%(len(vs)-1)]
		s := &wireScreen{Table: v.ID, Session: "sess-ana", Node: "b", Born: 1, Ver: 2, At: true, View: v}
		out := wireEncode(&wireScreens{Screens: []*wireScreen{s.seal()}})
		var back wireScreens
		if err := wireDecode(out, &back); err != nil {
			b.Fatal(err)
		}
		back.Screens[0].unseal()
	}
	b.ReportMetric(float64(bytes)/float64(len(vs)-1), "bytes/msg")
}

// BenchmarkRemoteWireDelta is the cost of the same screens as
// BenchmarkRemoteWireScreens sent as the wire sends them after the first:
// what changed since the screen before, encoded by the owner, decoded and
// applied by the session's node on the view it built before. Each round
// sends one of a game's views in turn, as its deltas follow one another.
func BenchmarkRemoteWireDelta(b *testing.B) {
	vs := playedViews(b)["sess-ana"]
	deltas := make([][]byte, len(vs)-1)
	bytes := 0
	for i := 1; i < len(vs); i++ {
		s := &wireScreen{Table: vs[i].ID, Session: "sess-ana", Node: "b", Born: 1, Ver: uint64(i + 1), At: true,
			Delta: diffView(vs[i-1], vs[i], uint64(i))}
		deltas[i-1] = wireEncode(&wireScreens{Screens: []*wireScreen{s.seal()}})
		bytes += len(deltas[i-1])
	}
	built := vs[0] // as the session's node builds them, each on the one before
	var lines []LogLine
	b.ReportAllocs()
	b.ResetTimer()
	for n := range b.N {
		i := 1 + n%(len(vs)-1)
		if i == 1 {
			built, lines = vs[0], nil
		}
		s := &wireScreen{Table: vs[i].ID, Session: "sess-ana", Node: "b", Born: 1, Ver: uint64(i + 1), At: true,
			Delta: diffView(vs[i-1], vs[i], uint64(i))}
		out := wireEncode(&wireScreens{Screens: []*wireScreen{s.seal()}})
		var back wireScreens
		if err := wireDecode(out, &back); err != nil {
			b.Fatal(err)
		}
		back.Screens[0].unseal()
		built, lines = back.Screens[0].Delta.applyOn(built, lines)
	}
	b.ReportMetric(float64(bytes)/float64(len(deltas)), "bytes/msg")
}
