package bot

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/unossh/unossh/engine"
)

// player is a seat at a test table: a Bot, or the first-legal reference.
type player interface {
	Observe(events []engine.Event)
	Choose(v engine.View) (engine.Action, bool)
	Catch(v engine.View) (engine.Action, bool)
}

// firstLegal is the reference player of the strength benchmark: it plays
// its first legal card, names the colour it holds most of, always calls
// UNO, never challenges and never catches anyone.
type firstLegal struct{}

func (firstLegal) Observe([]engine.Event)                  {}
func (firstLegal) Catch(engine.View) (engine.Action, bool) { return engine.Action{}, false }
func (firstLegal) Choose(v engine.View) (engine.Action, bool) {
	best := BestColor(v)
	for _, a := range v.Legal {
		if a.Kind == engine.Play && a.Seat == v.Current && !mustCall(v, a) && (!a.Card.Kind.IsWild() || a.Color == best) {
			return a, true
		}
	}
	switch v.Phase {
	case engine.PhaseFirstColor:
		return pick(v.Legal, engine.ChooseColor, func(a engine.Action) bool { return a.Color == best })
	case engine.PhaseChallenge:
		return pick(v.Legal, engine.Accept, nil)
	case engine.PhaseRace:
		return pick(v.Legal, engine.Drop, nil)
	case engine.PhaseRaid:
		return pick(v.Legal, engine.EndRaid, nil)
	}
	return drawOrAny(v)
}

// honestFirstLegal is first-legal that plays a Wild Draw Four only when it
// may (holding no card of the colour in play): against it a challenge never
// pays, so its line measures a bot's strength without the free cards a
// guilty reference hands to a bot that challenges.
type honestFirstLegal struct{ firstLegal }

func (h honestFirstLegal) Choose(v engine.View) (engine.Action, bool) {
	if v.Phase == engine.PhaseTurn && guiltyFour(v) {
		v.Legal = slices.DeleteFunc(slices.Clone(v.Legal), func(a engine.Action) bool {
			return a.Kind == engine.Play && a.Card.Kind == engine.WildDrawFour
		})
	}
	return h.firstLegal.Choose(v)
}

// guiltyFour reports whether a Wild Draw Four played now would be found
// guilty: the hand, but for one Wild Draw Four, holds the colour in play.
func guiltyFour(v engine.View) bool {
	i := slices.IndexFunc(v.Hand, func(c engine.Card) bool { return c.Kind == engine.WildDrawFour })
	if i < 0 {
		return false
	}
	return held(slices.Delete(slices.Clone(v.Hand), i, i+1), v.Color, v.Settings.Edition)
}

// playHand plays one seeded single hand with players at the seats and
// returns the winner's seat. The players are told every move's events as
// their seat sees them, and any of them may catch a missed UNO call right
// after the move that missed it.
func playHand(s engine.Settings, seed uint64, players []player) int {
	s.Mode, s.Players = engine.SingleHand, len(players)
	g, err := engine.New(s, seed)
	if err != nil {
		panic(err)
	}
	var events, seen []engine.Event
	apply := func(a engine.Action) {
		var err error
		if events, err = g.AppendApply(events[:0], a); err != nil {
			panic(err)
		}
		for seat, p := range players {
			seen = seen[:0]
			for _, e := range events {
				seen = append(seen, e.VisibleTo(seat))
			}
			p.Observe(seen)
		}
	}
	var waiting []int
	for moves := 0; !g.Over(); moves++ {
		if moves > maxHandMoves {
			panic("a hand that does not end")
		}
		waiting = g.AppendWaiting(waiting[:0])
		seat := waiting[0]
		if seat == engine.SystemSeat {
			if g.Phase() == engine.PhaseDeal {
				apply(engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat})
			} else {
				apply(engine.Action{Kind: engine.CloseRace, Seat: engine.SystemSeat})
			}
			continue
		}
		a, ok := players[seat].Choose(g.View(seat))
		if !ok {
			panic("a player with no move")
		}
		apply(a)
		if a.Kind == engine.Play && !a.UNO && g.HandCount(a.Seat) == 1 {
			catches(g, players, apply) // the only move that leaves a player open to a catch
		}
	}
	return g.Winners()[0]
}

// catches lets every other player catch one who missed their UNO call.
func catches(g *engine.Game, players []player, apply func(engine.Action)) {
	for seat, p := range players {
		v := g.View(seat)
		exposed := false
		for _, s := range v.Seats {
			exposed = exposed || s.Exposed
		}
		if !exposed {
			return
		}
		if a, ok := p.Catch(v); ok {
			apply(a)
			return
		}
	}
}

// line is one line of the strength table: a level against opponents.
type line struct {
	edition engine.Edition
	players int
	level   Level
	versus  func(seed uint64) player // nil: first-legal
	against string                   // the opponents' name when versus is not the level below
}

// winRate plays hands single hands for the line, the tested bot in turn at
// each seat, and returns its wins.
func (l line) wins(hands int, seed uint64) int {
	won := 0
	for h := range hands {
		hs := seed + uint64(h)*0x9e3779b97f4a7c15
		at := h % l.players
		ps := make([]player, l.players)
		for i := range ps {
			if i == at {
				ps[i] = New(l.level, hs^uint64(i))
			} else if l.versus != nil {
				ps[i] = l.versus(hs ^ uint64(i))
			} else {
				ps[i] = firstLegal{}
			}
		}
		if playHand(engine.Settings{Edition: l.edition}, hs, ps) == at {
			won++
		}
	}
	return won
}

// wilson is the 95% Wilson score interval of wins out of n.
func wilson(wins, n int) (lo, hi float64) {
	const z = 1.959964
	p, fn := float64(wins)/float64(n), float64(n)
	mid := (p + z*z/(2*fn)) / (1 + z*z/fn)
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / (1 + z*z/fn)
	return mid - half, mid + half
}

var _ = rand.New

// maxHandMoves bounds a hand: one that has not ended by then never will.
// Random play under draw until you can play, stacking and the Power of
// Greyskull can pass most of the deck around for a long while first.
var maxHandMoves = 2000000
