package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// TestARaidWithNothingToTakeSaysWhy: a raid that ends at once (nobody holds
// an action card) says so, rather than "see every hand" and no hand.
func TestARaidWithNothingToTakeSaysWhy(t *testing.T) {
	names := []string{"ana", "bo", "cy"}
	rules := engine.Settings{Edition: engine.MastersOfTheUniverse2023, Players: 3}
	cases := []struct {
		name   string
		count  int
		viewer int
		want   string
	}{
		{"raider, nothing to take", 0, 0, "you raise THE ARMY OF GRAYSKULL, but nobody holds an action card: nothing to take"},
		{"another, nothing to take", 0, 1, "ana raises THE ARMY OF GRAYSKULL, but nobody holds an action card"},
		{"raider, cards to take", 2, 0, "you raise THE ARMY OF GRAYSKULL and see every hand"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := engine.Event{Kind: engine.EvRaidStart, Seat: 0, Count: c.count}
			require.Equal(t, c.want, narrate(e, names, c.viewer, rules))
		})
	}
}
