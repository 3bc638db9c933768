package ssh

import (
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// A drawer runs the work it is given and returns when it is done; many
// sessions at once all get theirs.
func TestOnDrawerRunsEveryJob(t *testing.T) {
	var wg sync.WaitGroup
	got := make([]int, 200)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			onDrawer(func() { got[i] = i * i }, i%3 == 0)
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
func TestOnDrawerRaisesAPanicAtTheCaller(t *testing.T) {
	caught := func() (r any) {
		defer func() { r = recover() }()
		onDrawer(func() { explodeWhileDrawing() }, false)
		return nil
	}()
	p, ok := caught.(*drawPanic)
	require.True(t, ok, "caught %v", caught)
	require.Equal(t, "boom", p.value)
	require.Contains(t, p.Error(), "explodeWhileDrawing", "the drawer's stack says where")
	ran := false
	onDrawer(func() { ran = true }, true)
	require.True(t, ran)
}

func explodeWhileDrawing() { panic("boom") }

// A drawer that comes free takes a frame someone waits for (a game's)
// before the lobby's news, whichever was queued first.
func TestDrawersTakeGamesFirst(t *testing.T) {
	onDrawer(func() {}, false) // the drawers are running
	n := 2 * runtime.GOMAXPROCS(0)
	var busy, all sync.WaitGroup
	release := make([]chan struct{}, n)
	for i := range release {
		release[i] = make(chan struct{})
		busy.Add(1)
		all.Add(1)
		go func() {
			defer all.Done()
			onDrawer(func() { busy.Done(); <-release[i] }, false)
		}()
	}
	freed := 0
	defer func() { // even when the test fails: the drawers serve every test
		for _, r := range release[freed:] {
			close(r)
		}
	}()
	busy.Wait() // every drawer holds one of those
	order := make(chan string, 2)
	all.Add(2)
	go func() { defer all.Done(); onDrawer(func() { order <- "lobby" }, true) }()
	for len(drawLater) == 0 {
		runtime.Gosched()
	}
	go func() { defer all.Done(); onDrawer(func() { order <- "game" }, false) }()
	for len(drawNow) == 0 {
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
