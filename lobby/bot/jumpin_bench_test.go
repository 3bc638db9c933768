package bot

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
)

// jumpPositions collects the positions where a hard bot in seat 0 could
// jump in, over seeded single hands under the Party rules against
// first-legal players (who never jump in), each with the bot's memory then.
func jumpPositions(e engine.Edition, players, hands int) []position {
	var out []position
	for h := range hands {
		s := engine.Settings{Edition: e, Mode: engine.SingleHand, Players: players, House: engine.PresetParty.Rules()}
		g, err := engine.New(s, uint64(h))
		if err != nil {
			panic(err)
		}
		hb := New(Hard, uint64(h))
		var events []engine.Event
		for moves := 0; !g.Over() && moves < 5000; moves++ {
			w := g.Waiting()
			seat := w[0]
			var a engine.Action
			switch {
			case seat == engine.SystemSeat && g.Phase() == engine.PhaseDeal:
				a = engine.Action{Kind: engine.Deal, Seat: seat}
			case seat == engine.SystemSeat:
				a = engine.Action{Kind: engine.CloseRace, Seat: seat}
			case seat == 0:
				a, _ = hb.Choose(g.View(0))
			default:
				a, _ = firstLegal{}.Choose(g.View(seat))
			}
			if events, err = g.AppendApply(events[:0], a); err != nil {
				panic(err)
			}
			seen := make([]engine.Event, 0, len(events))
			for _, e := range events {
				seen = append(seen, e.VisibleTo(0))
			}
			hb.Observe(seen)
			if v := g.View(0); v.Current != 0 && slices.ContainsFunc(v.Legal, func(a engine.Action) bool { return a.Kind == engine.Play }) {
				m := hb.mem
				m.discard = slices.Clone(m.discard)
				out = append(out, position{v: v, mem: m})
			}
		}
	}
	return out
}

// BenchmarkHardMoveJumpIn is the hard bot's thinking about a jump-in (its
// search with and without it), over positions from Party hands, Classic and
// Minions, 2 and 4 players: as BenchmarkHardMove, cpu-ms is the mean CPU
// time of a decision, max-cpu-ms the most any took. It must stay within the
// same 20 ms as a move.
func BenchmarkHardMoveJumpIn(b *testing.B) {
	for _, c := range []struct {
		e engine.Edition
		n int
	}{{engine.Classic2001, 2}, {engine.Classic2001, 4}, {engine.Minions2016, 2}, {engine.Minions2016, 4}} {
		n := c.n
		b.Run(c.e.String()+"/"+map[int]string{2: "2_players", 4: "4_players"}[n], func(b *testing.B) {
			ps := jumpPositions(c.e, n, 40)
			if len(ps) == 0 {
				b.Fatal("no jump-in came up")
			}
			bot := New(Hard, 1)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var slowest, total time.Duration
			i := 0
			for b.Loop() {
				p := &ps[i%len(ps)]
				bot.mem = p.mem
				bot.jumped.hand = -1 // judge afresh
				start := threadCPU()
				bot.JumpIn(p.v)
				took := threadCPU() - start
				slowest, total = max(slowest, took), total+took
				i++
			}
			b.ReportMetric(float64(len(ps)), "positions")
			b.ReportMetric(float64(total.Microseconds())/1000/float64(i), "cpu-ms")
			b.ReportMetric(float64(slowest.Microseconds())/1000, "max-cpu-ms")
		})
	}
}
