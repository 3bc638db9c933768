package bot

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// position is a moment a hard bot had to choose a move: its view, and its
// memory then.
type position struct {
	v   engine.View
	mem memory
}

// positions collects the positions a hard bot faced on its own turn with
// more than one move worth searching, over seeded hands against
// first-legal players.
func positions(e engine.Edition, players, hands int) []position {
	var out []position
	for h := range hands {
		hb := &recorder{Bot: New(Hard, uint64(h))}
		ps := []player{hb}
		for len(ps) < players {
			ps = append(ps, firstLegal{})
		}
		playHand(engine.Settings{Edition: e}, uint64(h), ps)
		out = append(out, hb.seen...)
	}
	return out
}

// recorder is a hard bot that keeps the positions it searched.
type recorder struct {
	*Bot
	seen []position
}

func (r *recorder) Choose(v engine.View) (engine.Action, bool) {
	if (v.Phase == engine.PhaseTurn || v.Phase == engine.PhaseDrawn) && len(r.search.candidates(v)) > 1 {
		m := r.mem
		m.discard = slices.Clone(m.discard)
		r.seen = append(r.seen, position{v: v, mem: m})
	}
	return r.Bot.Choose(v)
}

// BenchmarkHardMove is the hard bot's thinking per searched move (the moves
// with a real choice), over positions from real hands, Classic and Minions,
// 2 and 4 players: cpu-ms is the mean CPU time of a move on the benchmark's
// thread, max-cpu-ms the most any move took (ns/op is wall time, which a busy
// machine inflates).
func BenchmarkHardMove(b *testing.B) {
	for _, c := range []struct {
		e engine.Edition
		n int
	}{{engine.Classic2001, 2}, {engine.Classic2001, 4}, {engine.Minions2016, 2}, {engine.Minions2016, 4}} {
		n := c.n
		b.Run(c.e.String()+"/"+map[int]string{2: "2_players", 4: "4_players"}[n], func(b *testing.B) {
			ps := positions(c.e, n, 20)
			bot := New(Hard, 1)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var slowest, total time.Duration
			i := 0
			for b.Loop() {
				p := &ps[i%len(ps)]
				bot.mem = p.mem
				start := threadCPU()
				bot.Choose(p.v)
				took := threadCPU() - start
				slowest, total = max(slowest, took), total+took
				i++
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(i), "cpu-ms")
			b.ReportMetric(float64(slowest.Microseconds())/1000, "max-cpu-ms")
		})
	}
}
