package bot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/unossh/unossh/engine"
)

// houseSets are house rules the bots must play legally.
var houseSets = map[string]engine.HouseRules{
	"classic":     {},
	"party":       engine.PresetParty.Rules(),
	"chaos":       engine.PresetChaos.Rules(),
	"stack_twos":  {Stacking: engine.StackTwos},
	"stack_fours": {Stacking: engine.StackFours},
	"seven_o":     {SevenO: true},
	"force_play":  {ForcePlay: true, DrawToMatch: true},
	"auto_uno":    {AutoUNO: true, UNOPenalty: 1},
}

// TestLevelsPlayEveryRule plays seeded hands with every seat a bot of one
// level, under every edition and each house rule set: a move a bot chooses
// that the engine refuses fails the test (playHand panics), and so does a
// hand that never ends or a bot with no move.
func TestLevelsPlayEveryRule(t *testing.T) {
	for _, l := range Levels {
		if l == Hard && raceDetector {
			continue // its search is ten times slower under the detector; TestHardBeatsFirstLegal runs it
		}
		hands := 1 // each hand of the property games is another seed: one per case keeps the suite quick
		for name, h := range houseSets {
			if l == Hard && h.Preset() == engine.PresetCustom {
				continue // the hard bot thinks slowly: the presets only
			}
			if l == Hard && h.Preset() == engine.PresetChaos && os.Getenv("UNOSSH_PROPERTY_FULL") != "1" {
				// Its one hand runs 40 s of the hard bot's search (chaos
				// hands are long): with every property game, as CI plays
				// them. TestBotsPlayEveryHouseRule plays the hard bot under
				// each rule every time.
				continue
			}
			for _, e := range engine.Editions {
				if l == Hard && e != engine.Classic2001 {
					continue
				}
				t.Run(fmt.Sprintf("%s/%s/%s", l, name, e), func(t *testing.T) {
					for i := range hands {
						seed := uint64(i)*7919 + uint64(e)
						players := 2 + i%3
						if l == Hard {
							players = 2
						}
						ps := make([]player, players)
						for s := range ps {
							ps[s] = New(l, seed+uint64(s))
						}
						s := engine.Settings{Edition: e, House: h, Blanks: engine.BlankRule(i % 4)}
						func() {
							defer func() {
								if r := recover(); r != nil {
									t.Fatalf("hand %d: %v", i, r)
								}
							}()
							playHand(s, seed, ps)
						}()
					}
				})
			}
		}
	}
}

// TestHardBeatsFirstLegal is a small, seeded run of the strength benchmark
// for the normal suite: the hard bot against the first-legal player, two
// players, Classic. Its seeds are fixed, so the count is always the same;
// the bound is far below what the full benchmark measures (about 65%).
func TestHardBeatsFirstLegal(t *testing.T) {
	hands := 100
	if raceDetector {
		hands = 10
	}
	won := line{edition: engine.Classic2001, players: 2, level: Hard}.wins(hands, 77)
	if won*100 < hands*53 {
		t.Fatalf("hard won %d of %d hands against first-legal", won, hands)
	}
	t.Logf("hard won %d of %d", won, hands)
}

// TestCatchRates: each level notices a missed UNO call at its own rate,
// judges each missed call once, and the beginner never catches.
func TestCatchRates(t *testing.T) {
	v := engine.View{HandNo: 1, Legal: []engine.Action{{Kind: engine.Catch, Seat: 0, Target: 1}}}
	for _, l := range Levels {
		b := New(l, 3)
		caught := 0
		const n = 2000
		for i := range n {
			v.Discards = i
			_, ok := b.Catch(v)
			_, again := b.Catch(v)
			if ok != again {
				t.Fatalf("%s changed its mind about one missed call", l)
			}
			if ok {
				caught++
			}
		}
		rate := float64(caught) / n
		if want := l.catchRate(); rate < want-0.05 || rate > want+0.05 {
			t.Errorf("%s caught %.2f of missed calls, want about %.2f", l, rate, want)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("%s read back as %v, %v", l, got, err)
		}
		b, _ := l.MarshalText()
		var back Level
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Errorf("%s: text round trip gave %v, %v", l, back, err)
		}
	}
	if _, err := ParseLevel("expert"); err == nil {
		t.Error("an unknown level is refused")
	}
}

// TestMemory: a seat that draws on a colour is known to hold none of it,
// until it draws again; a new hand forgets everything.
func TestMemory(t *testing.T) {
	var m memory
	m.reset()
	m.observe(engine.Event{Kind: engine.EvDealer, Seat: 0})
	m.observe(engine.Event{Kind: engine.EvFirstCard, Card: engine.Card{Color: engine.Red, Value: 5}, Color: engine.Red})
	m.observe(engine.Event{Kind: engine.EvDraw, Seat: 2, Count: 1, Reason: engine.DrawTurn})
	if m.limit[2][engine.Red] != 0 {
		t.Fatalf("seat 2 drew on red: limit %d", m.limit[2][engine.Red])
	}
	m.observe(engine.Event{Kind: engine.EvDraw, Seat: 2, Count: 2, Reason: engine.DrawPenalty})
	if m.limit[2][engine.Red] != 2 {
		t.Fatalf("after drawing two more, at most two red: %d", m.limit[2][engine.Red])
	}
	m.observe(engine.Event{Kind: engine.EvSwapHands, Seat: 2, Target: 3})
	if m.limit[3][engine.Red] != 2 || m.limit[2][engine.Red] != -1 {
		t.Fatal("the limits go with the hands swapped")
	}
	m.observe(engine.Event{Kind: engine.EvReshuffle})
	if len(m.discard) != 1 {
		t.Fatalf("after a reshuffle only the top is known: %v", m.discard)
	}
	m.observe(engine.Event{Kind: engine.EvDealer, Seat: 1})
	if m.limit[3][engine.Red] != -1 || len(m.discard) != 0 {
		t.Fatal("a new hand forgets")
	}
}

// TestMoveStateless: Move plays the memoryless levels for a caller with its
// own dice, and never errs on a view with no legal move.
func TestMoveStateless(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	if _, ok := Move(Normal, engine.View{}, r); ok {
		t.Fatal("a move with nothing legal")
	}
	g, _ := engine.New(engine.Settings{Edition: engine.Classic2001, Players: 3}, 4)
	g.Apply(engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat})
	for _, l := range Levels {
		v := g.View(g.Current())
		a, ok := Move(l, v, r)
		if !ok {
			t.Fatalf("%s: no move", l)
		}
		c, _ := engine.FromState(g.State())
		if _, err := c.Apply(a); err != nil && !errors.Is(err, engine.ErrNotYourTurn) {
			t.Fatalf("%s: %s refused: %v", l, a, err)
		}
	}
}
