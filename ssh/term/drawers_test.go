package term

import (
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// A drawer runs the work it is given and returns when it is done; many
// sessions at once all get theirs.
func TestDrawersRunEveryJob(t *testing.T) {
	d := StartDrawers(4)
	defer d.Stop()
	var wg sync.WaitGroup
	got := make([]int, 200)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.do(func() { got[i] = i * i }, i%3 == 0)
		}()
	}
	wg.Wait()
	for i, v := range got {
		require.Equal(t, i*i, v)
	}
}

// A panic while drawing is raised again on the session's goroutine, where
// its recovery ends that session only, with where the panic happened; the
// drawers go on drawing for the others.
func TestDrawersRaiseAPanicAtTheCaller(t *testing.T) {
	d := StartDrawers(2)
	defer d.Stop()
	caught := func() (r any) {
		defer func() { r = recover() }()
		d.do(func() { explodeWhileDrawing() }, false)
		return nil
	}()
	p, ok := caught.(*drawPanic)
	require.True(t, ok, "caught %v", caught)
	require.Equal(t, "boom", p.value)
	require.Contains(t, p.Error(), "explodeWhileDrawing", "the drawer's stack says where")
	ran := false
	d.do(func() { ran = true }, true)
	require.True(t, ran)
}

func explodeWhileDrawing() { panic("boom") }

// A drawer that comes free takes a frame someone waits for (a game's)
// before the lobby's news, whichever was queued first.
func TestDrawersTakeGamesFirst(t *testing.T) {
	n := 2 * runtime.GOMAXPROCS(0)
	d := StartDrawers(n)
	defer d.Stop()
	var busy, all sync.WaitGroup
	release := make([]chan struct{}, n)
	for i := range release {
		release[i] = make(chan struct{})
		busy.Add(1)
		all.Add(1)
		go func() {
			defer all.Done()
			d.do(func() { busy.Done(); <-release[i] }, false)
		}()
	}
	freed := 0
	defer func() { // even when the test fails: Stop waits for the drawers
		for _, r := range release[freed:] {
			close(r)
		}
	}()
	busy.Wait() // every drawer holds one of those
	order := make(chan string, 2)
	all.Add(2)
	go func() { defer all.Done(); d.do(func() { order <- "lobby" }, true) }()
	for len(d.later) == 0 {
		runtime.Gosched()
	}
	go func() { defer all.Done(); d.do(func() { order <- "game" }, false) }()
	for len(d.now) == 0 {
		runtime.Gosched()
	}
	close(release[0]) // one drawer comes free
	freed = 1
	first := <-order
	for _, r := range release[1:] {
		close(r)
	}
	freed = n
	require.Equal(t, "game", first)
	require.Equal(t, "lobby", <-order)
	all.Wait()
}

// Stop ends the drawers after the jobs queued; a job given after Stop
// runs on its caller's goroutine, and nothing waits for ever.
func TestDrawersStop(t *testing.T) {
	d := StartDrawers(1)
	release := make(chan struct{})
	held := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); d.do(func() { close(held); <-release }, false) }()
	<-held // the one drawer is busy
	queued := false
	go func() { defer wg.Done(); d.do(func() { queued = true }, true) }()
	for len(d.later) == 0 {
		runtime.Gosched()
	}
	stopped := make(chan struct{})
	go func() { d.Stop(); close(stopped) }()
	close(release)
	<-stopped
	wg.Wait()
	require.True(t, queued, "a job queued before Stop is run")
	ran := false
	d.do(func() { ran = true }, false)
	require.True(t, ran, "after Stop a job runs on its caller")
	d.Stop() // twice is harmless
}
