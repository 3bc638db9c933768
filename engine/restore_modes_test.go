package engine

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// TestFromStatePlaysAsOriginal: in every mode (rotating partners from its
// fifth hand on included), a game rebuilt from its State at a random point
// offers every seat the same moves as the original, answers the same move
// with the same events, and ends in the same state, over many seeded games
// played to a target of several hands.
func TestFromStatePlaysAsOriginal(t *testing.T) {
	games := 40
	if raceDetector {
		games = 8
	}
	for _, m := range Modes {
		t.Run(m.String(), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				seed := uint64(m)<<32 | uint64(i)
				e := Editions[i%len(Editions)]
				s := Settings{Edition: e, Mode: m, Players: 2 + i%5, Target: 200}
				if m == Partners || m == RotatingPartners {
					s.Players = 4
				}
				if err := playsAsOriginal(s, seed); err != nil {
					t.Fatalf("%v, seed %d: %v", s, seed, err)
				}
			}
		})
	}
}

// playsAsOriginal plays one game, rebuilding a copy from the game's State
// now and then, and plays the copy in lockstep with the original.
func playsAsOriginal(s Settings, seed uint64) error {
	g, err := New(s, seed)
	if err != nil {
		return err
	}
	bot := newRandomTable(seed ^ 0x5eed)
	var c *Game
	var legal, other []Action
	rebuilt, lateRotation := 0, false
	for moves := 0; !g.Over(); moves++ {
		if moves > maxMoves {
			return fmt.Errorf("no end after %d moves", moves)
		}
		if g.phase != PhaseDeal && bot.roll()%40 == 0 {
			if c, err = FromState(g.State()); err != nil {
				return fmt.Errorf("move %d: %v", moves, err)
			}
			rebuilt++
			lateRotation = lateRotation || g.rot != nil && g.hand > HandsPerPartnership
		}
		if c != nil {
			for seat := range s.Players {
				legal, other = g.AppendLegal(legal[:0], seat), c.AppendLegal(other[:0], seat)
				if !slices.Equal(legal, other) {
					return fmt.Errorf("move %d, hand %d: seat %d may make %v in the original, %v in the copy", moves, g.hand, seat, legal, other)
				}
			}
		}
		var i int
		legal, i = bot.move(g, legal)
		a := legal[i]
		want, err := g.Apply(a)
		if err != nil {
			return fmt.Errorf("move %d: %s: %v", moves, a, err)
		}
		if c == nil {
			continue
		}
		got, err := c.Apply(a)
		if err != nil {
			return fmt.Errorf("move %d, hand %d: the copy refuses %s: %v", moves, g.hand, a, err)
		}
		if !reflect.DeepEqual(want, got) {
			return fmt.Errorf("move %d, hand %d: %s: events %v in the original, %v in the copy", moves, g.hand, a, want, got)
		}
	}
	if c != nil && !reflect.DeepEqual(c.State(), g.State()) {
		return fmt.Errorf("the copy ends in another state")
	}
	if s.Mode == RotatingPartners && !lateRotation {
		return fmt.Errorf("no copy made after hand %d (%d made)", HandsPerPartnership, rebuilt)
	}
	return nil
}
