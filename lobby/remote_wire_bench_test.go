package lobby

import (
	"math/rand/v2"
	"testing"
)

// wireScreensForBench is a table's screens as the outbox sends them: a
// seated player's, mid-game, with a log.
func wireScreensForBench(b *testing.B) []byte {
	h := NewHub(testConfig())
	b.Cleanup(func() { h.Shutdown(b.Context()) })
	ana, bo := connect(b, h, "ana"), connect(b, h, "bo")
	if err := ana.Create(TableOptions{Settings: defaultSettings(3), Bots: 1}); err != nil {
		b.Fatal(err)
	}
	code := ana.Screen().Table.Code
	if err := bo.Join(code); err != nil {
		b.Fatal(err)
	}
	ana.Do(Intent{Kind: Start})
	r := rand.New(rand.NewPCG(3, 4))
	for range 12 {
		for _, c := range []*Client{ana, bo} {
			if g := c.Screen().Table.Game; g != nil && len(g.Legal) > 0 {
				if a, ok := chooseMove(*g, r); ok {
					c.Do(Intent{Kind: Move, Action: a})
				}
			}
		}
	}
	s := ana.Screen()
	in := &wireScreen{Table: s.Table.ID, Session: ana.id, Node: "b", Born: 1, Ver: 2, At: true, View: s.Table}
	return wireEncode(&wireScreens{Screens: []*wireScreen{in.seal()}})
}

// BenchmarkRemoteWireScreens is the cost of one screen across nodes: the
// owner's encoding and the session's node's decoding.
func BenchmarkRemoteWireScreens(b *testing.B) {
	msg := wireScreensForBench(b)
	var m wireScreens
	if err := wireDecode(msg, &m); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		out := wireEncode(&m)
		var back wireScreens
		if err := wireDecode(out, &back); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(msg)), "bytes/msg")
}
