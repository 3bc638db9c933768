package tui

import (
	"runtime"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/unossh/unossh/lobby"
)

// BenchmarkModelMemory is the heap a session's model keeps between frames,
// in bytes per model (B/model): models are built in the thousands, each
// draws its frames, and what is still live after a collection is divided
// among them. The lines of each model's last frame are kept beside it, as
// the session's painter keeps them.
//
// All models show the same Screen, as sessions share the lobby's public
// list: the figure is the tui's own share, not the lobby's. Sets of styles
// and their caches are shared by every session of a kind of terminal and
// are warmed before measuring. The figures vary with the Go version and the
// machine, so they are reported, never asserted.
//
//	go test -run '^$' -bench BenchmarkModelMemory ./tui
func BenchmarkModelMemory(b *testing.B) {
	cases := []struct {
		name   string
		screen func() lobby.Screen
		w, h   int
	}{
		{"lobby", lobbyScreen, 80, 24},
		{"waiting", waitingRoom, 80, 24},
		{"table", midGame, 80, 24},
		{"table-120x40", midGame, 120, 40},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			const n = 1000
			f := newFake(c.screen())
			r := renderer(termenv.ANSI256)
			build := func() (*model, []string) {
				m := New(Options{Client: f, Renderer: r, Width: c.w, Height: c.h,
					Now: func() time.Time { return fixedNow }}).(*model)
				m.Update(screenMsg(f.Screen())) // the screen arrives, as from the pump
				m.Lines()
				m.Update(screenMsg(f.Screen())) // then a move
				m.Lines()
				m.Update(tickMsg(fixedNow.Add(time.Second))) // and a clock tick
				return m, m.Lines()
			}
			build() // warm the shared styles and their caches
			models := make([]*model, n)
			shown := make([][]string, n)
			var total float64
			for b.Loop() {
				clear(models)
				clear(shown)
				before := liveHeap()
				for i := range models {
					models[i], shown[i] = build()
				}
				after := liveHeap()
				runtime.KeepAlive(models)
				runtime.KeepAlive(shown)
				total += float64(after-before) / n
			}
			b.ReportMetric(total/float64(b.N), "B/model")
		})
	}
}

// liveHeap is the heap in use after a full collection.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC() // a second cycle frees what the first one's finalizers left
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}
