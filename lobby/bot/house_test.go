package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/unossh/unossh/engine"
)

// everyRule is each house rule alone, the presets and all of them at once:
// the cases of the engine's own property games (engine/house_property_test.go).
var everyRule = []struct {
	name string
	h    engine.HouseRules
}{
	{"stack_twos", engine.HouseRules{Stacking: engine.StackTwos}},
	{"stack_fours", engine.HouseRules{Stacking: engine.StackFours}},
	{"stack_same", engine.HouseRules{Stacking: engine.StackSame}},
	{"stack_mixed", engine.HouseRules{Stacking: engine.StackMixed}},
	{"seven_o", engine.HouseRules{SevenO: true}},
	{"jump_in", engine.HouseRules{JumpIn: true}},
	{"draw_to_match", engine.HouseRules{DrawToMatch: true}},
	{"force_play", engine.HouseRules{ForcePlay: true}},
	{"no_bluff", engine.HouseRules{NoBluff: true}},
	{"uno_penalty", engine.HouseRules{UNOPenalty: 7}},
	{"auto_uno", engine.HouseRules{AutoUNO: true}},
	{"party", engine.PresetParty.Rules()},
	{"chaos", engine.PresetChaos.Rules()},
	{"everything", engine.HouseRules{Stacking: engine.StackMixed, SevenO: true, JumpIn: true, DrawToMatch: true,
		ForcePlay: true, NoBluff: true, UNOPenalty: 1, AutoUNO: true}},
}

// TestBotsPlayEveryHouseRule plays property games: seeded hands with each
// house rule on, in every edition and mode, at tables of bots of every
// level below hard sitting together (and, in Classic and Minions, a hard
// bot against them under each rule alone). The bots jump in where the
// rules allow it and their level takes the chance (Bot.JumpIn), and now and
// then a seat jumps in at random, as a person may, so the bots meet every
// position the rule makes. Every move a bot chooses must be accepted by the
// engine, every catch and jump-in it makes too, the game must pass its
// audit after every move, and every hand must end. UNOSSH_PROPERTY_FULL=1 plays 25 times as many.
func TestBotsPlayEveryHouseRule(t *testing.T) {
	hands := 4
	if os.Getenv("UNOSSH_PROPERTY_FULL") == "1" {
		hands = 100
	}
	if raceDetector {
		hands = 1
	}
	for ci, rc := range everyRule {
		for _, e := range engine.Editions {
			t.Run(rc.name+"/"+e.String(), func(t *testing.T) {
				for i := range hands {
					seed := uint64(ci)<<40 | uint64(e)<<32 | uint64(i)
					players := 2 + i%5
					levels := []Level{Beginner, Easy, Normal}
					if i == 0 && !raceDetector && rc.h.Preset() == engine.PresetCustom && rc.name != "everything" &&
						(e == engine.Classic2001 || e == engine.Minions2016) {
						// The hard bot's search, once per rule alone (TestLevelsPlayEveryRule plays it under the presets).
						levels = []Level{Hard, Normal, Easy}
						players = 2 + ci%3
					}
					s := engine.Settings{Edition: e, Mode: engine.Modes[i%len(engine.Modes)], Players: players,
						House: rc.h, Blanks: engine.BlankRule(i % len(engine.BlankRules))}
					if (s.Mode == engine.Partners || s.Mode == engine.RotatingPartners) && players != 4 {
						s.Mode = engine.SingleHand
					}
					if err := houseHand(s, seed, levels); err != nil {
						t.Fatalf("seed %d, %d players: %v", seed, players, err)
					}
				}
			})
		}
	}
}

// houseHand plays one hand (the first of a game in any mode) with bots of
// the levels round the table: their own jump-ins, and out-of-turn jump-ins
// at random now and then.
func houseHand(s engine.Settings, seed uint64, levels []Level) error {
	g, err := engine.New(s, seed)
	if err != nil {
		return err
	}
	bots := make([]*Bot, s.Players)
	for i := range bots {
		bots[i] = New(levels[i%len(levels)], seed^uint64(i+1)*0x9e3779b97f4a7c15)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	var events, seen []engine.Event
	handOver := false
	apply := func(who string, a engine.Action) error {
		var err error
		if events, err = g.AppendApply(events[:0], a); err != nil {
			return fmt.Errorf("%s: %s refused: %w", who, a, err)
		}
		if err := g.Audit(); err != nil {
			return fmt.Errorf("after %s's %s: %w", who, a, err)
		}
		for _, e := range events {
			handOver = handOver || e.Kind == engine.EvHandOver
		}
		for seat, b := range bots {
			seen = seen[:0]
			for _, e := range events {
				seen = append(seen, e.VisibleTo(seat))
			}
			b.Observe(seen)
		}
		return nil
	}
	var waiting []int
	for moves := 0; !handOver; moves++ {
		if moves > maxHandMoves {
			return fmt.Errorf("a hand of %d moves", moves)
		}
		waiting = g.AppendWaiting(waiting[:0])
		seat := waiting[0]
		if seat == engine.SystemSeat {
			k := engine.Deal
			if g.Phase() == engine.PhaseRace {
				k = engine.CloseRace
			}
			if err := apply("the table", engine.Action{Kind: k, Seat: engine.SystemSeat}); err != nil {
				return err
			}
			continue
		}
		if j, a, ok := botJumpIn(g, bots, r); ok {
			if err := apply(fmt.Sprintf("the %s bot in seat %d jumping in", bots[j].Level(), j), a); err != nil {
				return err
			}
			continue
		}
		if j, a, ok := jumpIn(g, r); ok && r.IntN(3) == 0 {
			if err := apply(fmt.Sprintf("seat %d jumping in", j), a); err != nil {
				return err
			}
			continue
		}
		a, ok := bots[seat].Choose(g.View(seat))
		if !ok {
			return fmt.Errorf("the %s bot in seat %d has no move in phase %s", bots[seat].Level(), seat, g.Phase())
		}
		if err := apply(fmt.Sprintf("the %s bot in seat %d", bots[seat].Level(), seat), a); err != nil {
			return err
		}
		for i, b := range bots { // anyone may catch a missed call
			if c, ok := b.Catch(g.View(i)); ok {
				if err := apply(fmt.Sprintf("the %s bot in seat %d catching", b.Level(), i), c); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// botJumpIn is the jump-in of the first bot, from a seat at random, that
// takes one on the card on top (Bot.JumpIn), if any.
func botJumpIn(g *engine.Game, bots []*Bot, r *rand.Rand) (int, engine.Action, bool) {
	from := r.IntN(len(bots))
	for k := range bots {
		seat := (from + k) % len(bots)
		if seat == g.Current() {
			continue
		}
		if a, ok := bots[seat].JumpIn(g.View(seat)); ok {
			return seat, a, true
		}
	}
	return -1, engine.Action{}, false
}

// jumpIn is a seat other than the current one with a play out of turn, if any.
func jumpIn(g *engine.Game, r *rand.Rand) (int, engine.Action, bool) {
	n := len(g.Scores())
	from := r.IntN(n)
	for k := range n {
		seat := (from + k) % n
		if seat == g.Current() {
			continue
		}
		for _, a := range g.Legal(seat) {
			if a.Kind == engine.Play && a.Seat == seat {
				return seat, a, true
			}
		}
	}
	return -1, engine.Action{}, false
}
