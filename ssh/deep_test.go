package ssh

import (
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
			onDrawer(func() { got[i] = i * i })
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
		onDrawer(func() { explodeWhileDrawing() })
		return nil
	}()
	p, ok := caught.(*drawPanic)
	require.True(t, ok, "caught %v", caught)
	require.Equal(t, "boom", p.value)
	require.Contains(t, p.Error(), "explodeWhileDrawing", "the drawer's stack says where")
	ran := false
	onDrawer(func() { ran = true })
	require.True(t, ran)
}

func explodeWhileDrawing() { panic("boom") }
