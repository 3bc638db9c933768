package store

import (
	"errors"
	"sync"
	"testing"

	"github.com/unossh/unossh/engine"
)

func TestClaimTableFencesOffTheFormerWriter(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, st *DB, _ *clock) {
		s := engine.Settings{Edition: engine.Classic2001, Players: 2}
		must0(t, st.CreateTable(ctx, Table{ID: "t1", Settings: s, Seed: 1}))
		// Before any claim, fence 0 writes (a table made by an older binary).
		must0(t, st.Append(ctx, "t1", 0, 0, deal))
		a := must[int64](t)(st.ClaimTable(ctx, "t1", "node-a"))
		must0(t, st.Append(ctx, "t1", a, 1, deal))
		b := must[int64](t)(st.ClaimTable(ctx, "t1", "node-b"))
		if b <= a || a <= 0 {
			t.Fatalf("fences %d then %d", a, b)
		}
		// The former writer is refused, even for an entry it wrote before.
		for seq := range 3 {
			if err := st.Append(ctx, "t1", a, seq, deal); !errors.Is(err, ErrFenced) {
				t.Errorf("stale writer, entry %d: %v", seq, err)
			}
		}
		must0(t, st.Append(ctx, "t1", b, 2, deal))
		if err := st.Append(ctx, "t1", b-1, 3, deal); !errors.Is(err, ErrFenced) {
			t.Errorf("stale writer after the new one: %v", err)
		}
		got := must[SavedTable](t)(st.LoadTable(ctx, "t1"))
		if got.Owner != "node-b" || got.Fence != b || len(got.Journal.Actions) != 3 || got.Lost != 0 {
			t.Fatalf("loaded %+v", got)
		}
		all := must[[]SavedTable](t)(st.UnfinishedTables(ctx))
		if len(all) != 1 || all[0].Owner != "node-b" || all[0].Fence != b {
			t.Fatalf("unfinished %+v", all)
		}
		// A fence outlives the game: the next game at the table goes on
		// from it.
		must0(t, st.FinishTable(ctx, "t1"))
		if _, err := st.ClaimTable(ctx, "t1", "node-a"); !errors.Is(err, ErrUnknownTable) {
			t.Errorf("claim of a finished table: %v", err)
		}
		if _, err := st.LoadTable(ctx, "t1"); !errors.Is(err, ErrUnknownTable) {
			t.Errorf("load of a finished table: %v", err)
		}
		must0(t, st.CreateTable(ctx, Table{ID: "t1", Settings: s, Seed: 2}))
		if c := must[int64](t)(st.ClaimTable(ctx, "t1", "node-a")); c <= b {
			t.Errorf("fence %d after %d", c, b)
		}
		if _, err := st.ClaimTable(ctx, "nope", "node-a"); !errors.Is(err, ErrUnknownTable) {
			t.Errorf("claim of no table: %v", err)
		}
		if _, err := st.LoadTable(ctx, "nope"); !errors.Is(err, ErrUnknownTable) {
			t.Errorf("load of no table: %v", err)
		}
	})
}

func TestConcurrentClaimsEachGetTheirOwnFence(t *testing.T) {
	conform(t, Options{}, func(t *testing.T, st *DB, _ *clock) {
		s := engine.Settings{Edition: engine.Classic2001, Players: 2}
		must0(t, st.CreateTable(ctx, Table{ID: "t1", Settings: s, Seed: 1}))
		const nodes = 8
		fences := make([]int64, nodes)
		errs := make([]error, nodes)
		var wg sync.WaitGroup
		for i := range nodes {
			wg.Go(func() { fences[i], errs[i] = st.ClaimTable(ctx, "t1", string(rune('a'+i))) })
		}
		wg.Wait()
		seen := map[int64]bool{}
		var last int64
		for i, f := range fences {
			must0(t, errs[i])
			if seen[f] {
				t.Fatalf("fence %d returned twice: %v", f, fences)
			}
			seen[f], last = true, max(last, f)
		}
		// Only the last claim writes; every other is fenced off.
		for i, f := range fences {
			err := st.Append(ctx, "t1", f, 0, deal)
			if f == last && err != nil || f != last && !errors.Is(err, ErrFenced) {
				t.Errorf("claim %d (fence %d of %d): %v", i, f, last, err)
			}
		}
		if got := must[SavedTable](t)(st.LoadTable(ctx, "t1")); got.Fence != last {
			t.Errorf("fence %d, want %d", got.Fence, last)
		}
	})
}
