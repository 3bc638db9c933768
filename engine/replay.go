package engine

import (
	"fmt"
)

// Journal is everything needed to rebuild a game: its settings, its seed,
// the stacked first deal of a test game (NewStacked), and the actions applied
// to it, in order. It encodes to and from JSON.
type Journal struct {
	Settings Settings `json:"settings"`
	Seed     uint64   `json:"seed"`
	// Stack is the fixed first deal of a test game; nil for every real game.
	Stack   *Stack   `json:"stack,omitempty"`
	Actions []Action `json:"actions"`
}

// Replay rebuilds a game from its journal. It fails on the first action the
// rules refuse, naming it.
func Replay(j Journal) (*Game, error) {
	var g *Game
	var err error
	if j.Stack != nil {
		g, err = NewStacked(j.Settings, j.Seed, *j.Stack)
	} else {
		g, err = New(j.Settings, j.Seed)
	}
	if err != nil {
		return nil, err
	}
	var buf []Event
	for i, a := range j.Actions {
		if buf, err = g.AppendApply(buf[:0], a); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", i, a, err)
		}
	}
	return g, nil
}
