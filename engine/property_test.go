package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"
)

// gamesPerCase is how many seeded random games TestProperties plays for each
// edition in each mode in the full run: 10,000 for every pair, 250,000 in all
// (a tenth of that under the race detector: race_test.go). The full run takes
// minutes, so it runs when UNOSSH_PROPERTY_FULL=1 (CI sets it: .ci/run); by
// default each pair plays quickGamesPerCase games, the first seeds of the
// same seeded sequence, so a default run is a prefix of the full one.
const (
	gamesPerCase      = 10000
	quickGamesPerCase = 400
)

// propertyGames is how many games each pair plays in this run.
func propertyGames() int { return gamesThisRun(quickGamesPerCase, gamesPerCase) }

// gamesThisRun is quick games by default, full with UNOSSH_PROPERTY_FULL=1,
// and a tenth of either under the race detector (at least one).
func gamesThisRun(quick, full int) int {
	games := quick
	if os.Getenv("UNOSSH_PROPERTY_FULL") == "1" {
		games = full
	}
	if raceDetector {
		games = max(games/10, 1)
	}
	return games
}

// maxMoves bounds a game: one that has not ended by then never will.
const maxMoves = 50000

// TestProperties plays propertyGames() seeded random games for every edition
// in every mode (300,000 games in the full run), with random tables (2 to 10 players, Partners and rotating partners 4; every
// Blank rule in Classic; the foil Army in MotU 2023) and random targets (15
// games in 16 end with the first hand that scores; the others play to a
// target up to 500), mixing in random moves, most of them illegal. It checks that:
//
//   - no card is ever created or lost, and the bookkeeping holds (Audit
//     after every move);
//   - every move AppendLegal lists is allowed, by check and by the
//     independent statement of the rules in allowed, and every move Apply
//     accepts was listed; every move refused is refused with a *RuleError
//     and changes nothing;
//   - every game ends within maxMoves;
//   - the journal replays to exactly the final State;
//   - now and then, the journal and its events survive a JSON round trip.
func TestProperties(t *testing.T) {
	for _, e := range Editions {
		for _, m := range Modes {
			t.Run(name(e)+"/"+m.String(), func(t *testing.T) {
				t.Parallel()
				p := newProver(uint64(e)<<8 | uint64(m))
				games := propertyGames()
				for i := range games {
					seed := uint64(e)<<40 | uint64(m)<<32 | uint64(i)
					if err := p.game(randomSettings(e, m, seed), seed); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
			})
		}
	}
}

// randomSettings are the settings of the seed's game.
func randomSettings(e Edition, m Mode, seed uint64) Settings {
	r := seed * 0x9e3779b97f4a7c15
	s := Settings{Edition: e, Mode: m, Players: 2 + int(r>>8%9), Blanks: BlankRule(r >> 16 % 4), Foil: r>>20&1 == 1,
		BlankPoints: BlankScore(r >> 36 % 3)}
	if m == Partners || m == RotatingPartners {
		s.Players = 4
	}
	switch {
	case r>>24%16 != 0:
		s.Target = 1 // most games: the first hand that scores ends it
	case r>>28%4 == 0:
		s.Target = 0 // the rulebooks' 500
	default:
		s.Target = 1 + int(r>>32%500)
	}
	return s
}

// prover plays games and checks them, reusing its buffers.
type prover struct {
	bot    randomTable
	r      uint64
	legal  []Action
	check  []Action
	events []Event
	j      Journal
}

func newProver(seed uint64) *prover {
	return &prover{bot: newRandomTable(seed), r: seed, legal: make([]Action, 0, 256), check: make([]Action, 0, 256)}
}

func (p *prover) roll() uint64 { return p.bot.roll() }

// game plays one game and reports the first property it breaks.
func (p *prover) game(s Settings, seed uint64) error {
	g, err := New(s, seed)
	if err != nil {
		return err
	}
	p.j = g.NewJournal()
	for moves := 0; !g.Over(); moves++ {
		if moves > maxMoves {
			return fmt.Errorf("%v: no end after %d moves", s, moves)
		}
		if p.roll()%4 == 0 {
			if err := p.tryRandom(g); err != nil {
				return fmt.Errorf("%v, move %d: %w", s, moves, err)
			}
			continue
		}
		var i int
		p.legal, i = p.bot.move(g, p.legal)
		if err := p.apply(g, p.legal[i]); err != nil {
			return fmt.Errorf("%v, move %d: %w", s, moves, err)
		}
	}
	r, err := Replay(p.j)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if want, got := g.State(), r.State(); !reflect.DeepEqual(want, got) {
		return fmt.Errorf("replay: the state differs")
	}
	if seed%97 == 0 {
		return p.roundTrip(g)
	}
	return nil
}

// apply applies a move that must be allowed, and audits the game.
func (p *prover) apply(g *Game, a Action) error {
	if !allowed(g, a) {
		return fmt.Errorf("%s is listed but the rules do not allow it", a)
	}
	if g.check(&a) != nil {
		return fmt.Errorf("%s is listed but check refuses it: %v", a, g.check(&a))
	}
	var err error
	if p.events, err = g.AppendApply(p.events[:0], a); err != nil {
		return fmt.Errorf("%s refused: %v", a, err)
	}
	p.j.Actions = append(p.j.Actions, a)
	if err := g.Audit(); err != nil {
		return fmt.Errorf("after %s: %w", a, err)
	}
	return nil
}

// tryRandom makes a random move, legal or (mostly) not. A legal one must be
// listed by AppendLegal and allowed by the rules, and is applied; an illegal
// one must be refused with a *RuleError, and change nothing.
func (p *prover) tryRandom(g *Game) error {
	return p.tryMove(g, p.randomAction(g))
}

// randomAction makes a move that is legal now and then, and otherwise wrong
// in one detail or in all of them.
func (p *prover) randomAction(g *Game) Action {
	r := p.roll()
	n := len(g.hands)
	seat := int(r%uint64(n+3)) - 1 // -1 (the table) to n+1
	if r>>8%2 == 0 {
		seat = g.current
	}
	randomCard := func(x uint64) Card {
		switch x % 4 {
		case 0: // a card of the deck
			return g.deck[x>>8%uint64(len(g.deck))]
		case 1: // a card of the seat's, or of the current player's
			h := g.hands[g.current]
			if seat >= 0 && seat < n {
				h = g.hands[seat]
			}
			if len(h) > 0 {
				return h[x>>8%uint64(len(h))]
			}
		case 2: // anything at all
			return Card{Color: Color(x >> 8 % 9), Kind: Kind(x >> 12 % 12), Value: uint8(x >> 16 % 11)}
		}
		return Card{}
	}
	if r>>9%2 == 0 && seat >= SystemSeat && seat < n {
		// A legal move, or one with a detail changed.
		p.check = g.AppendLegal(p.check[:0], seat)
		if len(p.check) > 0 {
			a := p.check[r>>10%uint64(len(p.check))]
			switch r >> 16 % 8 {
			case 0:
				a.Color = Color(r >> 20 % 9)
			case 1:
				a.Card = randomCard(r >> 24)
			case 2:
				a.UNO = !a.UNO
			case 3:
				a.Target = int(r>>24%uint64(n+2)) - 1
			case 4:
				a.Give = randomCard(r >> 24)
			case 5:
				a.Seat = int(r>>24%uint64(n+2)) - 1
			}
			return a
		}
	}
	s := p.roll()
	a := Action{Kind: ActionKind(s % 15), Seat: seat}
	if s>>4%2 == 0 {
		a.Card = randomCard(s >> 8)
	}
	if s>>5%3 == 0 {
		a.Color = Color(s >> 40 % 9)
	}
	a.UNO = s>>6%5 == 0
	if s>>7%2 == 0 {
		a.Target = int(s>>44%uint64(n+2)) - 1
	}
	if s>>50%5 == 0 {
		a.Give = randomCard(s >> 52)
	}
	return a
}

// roundTrip checks that the game's journal survives JSON, and replays from
// it, and that the last move's events do too.
func (p *prover) roundTrip(g *Game) error {
	b, err := json.Marshal(p.j)
	if err != nil {
		return err
	}
	var j Journal
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if !reflect.DeepEqual(j, p.j) {
		return fmt.Errorf("the journal changed in JSON")
	}
	r, err := Replay(j)
	if err != nil || !reflect.DeepEqual(r.State(), g.State()) {
		return fmt.Errorf("the journal read from JSON replays differently: %v", err)
	}
	for _, ev := range p.events {
		b, _ := json.Marshal(ev)
		var back Event
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, ev) {
			return fmt.Errorf("event %+v came back from JSON as %+v (%v)", ev, back, err)
		}
	}
	return nil
}
