package engine

import (
	"fmt"
	"reflect"
	"testing"
)

// houseCases are the house rules the property tests play: each rule alone,
// and the presets.
var houseCases = []struct {
	name string
	h    HouseRules
}{
	{"stack_twos", HouseRules{Stacking: StackTwos}},
	{"stack_fours", HouseRules{Stacking: StackFours}},
	{"stack_same", HouseRules{Stacking: StackSame}},
	{"stack_mixed", HouseRules{Stacking: StackMixed}},
	{"seven_o", HouseRules{SevenO: true}},
	{"jump_in", HouseRules{JumpIn: true}},
	{"draw_to_match", HouseRules{DrawToMatch: true}},
	{"force_play", HouseRules{ForcePlay: true}},
	{"no_bluff", HouseRules{NoBluff: true}},
	{"uno_penalty", HouseRules{UNOPenalty: 7}},
	{"auto_uno", HouseRules{AutoUNO: true}},
	{"party", PresetParty.Rules()},
	{"chaos", PresetChaos.Rules()},
	{"everything", HouseRules{Stacking: StackMixed, SevenO: true, JumpIn: true, DrawToMatch: true,
		ForcePlay: true, NoBluff: true, UNOPenalty: 1, AutoUNO: true}},
}

// houseMaxMoves bounds a game with house rules. Random players under draw
// until you can play and stacking (and the Power of Greyskull) can hold
// nearly the whole deck between them for a long while: such a hand is a long
// random walk before someone goes out, not a stall (there is always a move).
const houseMaxMoves = 2000000

// houseGames is how many games TestHouseProperties plays per rule and
// edition in the full run (UNOSSH_PROPERTY_FULL=1, as for TestProperties);
// a default run plays the first quickHouseGames of the same seeds, so every
// rule in every edition and mode is still played, and a default run is a
// prefix of the full one.
const (
	houseGames      = 250
	quickHouseGames = 50
)

// houseGamesNow is how many games each rule and edition plays in this run.
func houseGamesNow() int { return gamesThisRun(quickHouseGames, houseGames) }

// TestHouseProperties plays seeded random games (houseGamesNow) with each
// house rule on, in every edition and mode, with the checks of
// TestProperties (no card created or lost, listed moves allowed by check and
// by the oracle, refused moves change nothing, every game ends, replay and
// JSON round trip), and players jumping in out of turn whenever a rule lets
// them.
func TestHouseProperties(t *testing.T) {
	for ci, hc := range houseCases {
		for _, e := range Editions {
			t.Run(hc.name+"/"+name(e), func(t *testing.T) {
				t.Parallel()
				p := newProver(uint64(ci)<<16 | uint64(e)<<8 | 0xab)
				games := houseGamesNow()
				for i := range games {
					seed := uint64(ci)<<48 | uint64(e)<<40 | uint64(i)
					s := randomSettings(e, Modes[i%len(Modes)], seed)
					s.House = hc.h
					if err := p.houseGame(s, seed); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
			})
		}
	}
}

// houseGame is prover.game with jump-ins: now and then a seat other than the
// current one makes a play it is allowed out of turn.
func (p *prover) houseGame(s Settings, seed uint64) error {
	g, err := New(s, seed)
	if err != nil {
		return err
	}
	p.j = g.NewJournal()
	for moves := 0; !g.Over(); moves++ {
		if moves > houseMaxMoves {
			return fmt.Errorf("%v: no end after %d moves", s, moves)
		}
		r := p.roll()
		switch {
		case r%4 == 0:
			if err := p.tryRandom(g); err != nil {
				return fmt.Errorf("%v, move %d: %w", s, moves, err)
			}
			continue
		case r>>8%3 == 0 && g.phase != PhaseDeal:
			if a, ok := p.jumpIn(g, int(r>>16%uint64(len(g.hands)))); ok {
				if err := p.apply(g, a); err != nil {
					return fmt.Errorf("%v, move %d: %w", s, moves, err)
				}
				continue
			}
		}
		var i int
		p.legal, i = p.bot.move(g, p.legal)
		if err := p.apply(g, p.legal[i]); err != nil {
			return fmt.Errorf("%v, move %d: %w", s, moves, err)
		}
	}
	rg, err := Replay(p.j)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if !reflect.DeepEqual(g.State(), rg.State()) {
		return fmt.Errorf("replay: the state differs")
	}
	if seed%13 == 0 {
		return p.roundTrip(g)
	}
	return nil
}

// jumpIn is a play seat may make out of turn, if any.
func (p *prover) jumpIn(g *Game, seat int) (Action, bool) {
	if seat == g.current {
		return Action{}, false
	}
	p.check = g.AppendLegal(p.check[:0], seat)
	for _, a := range p.check {
		if a.Kind == Play {
			return a, true
		}
	}
	return Action{}, false
}
