package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// FuzzActions reads arbitrary bytes as a table's settings and a series of
// moves, and checks that nothing panics and no invariant breaks: every move
// is either applied (and then allowed by the rules, and the game audits
// clean) or refused with a *RuleError that changes nothing; the journal
// replays to the same state and survives JSON.
//
// The bytes: [edition, mode, players, target/4, blanks, flags, seed lo, seed
// hi], then four bytes per move [op, a, b, c]:
//
//	op&3 == 0: a raw move: kind op>>2, seat a, a card from b, colour, UNO,
//	           target and a card given from c;
//	op&3 == 1: the legal move number a of seat b;
//	op&3 == 2: a of the legal moves with one detail changed by b and c;
//	op&3 == 3: the bots make a%32 moves, rolling dice seeded by b and c.
//
// flags&1 puts the foil Army in the deck; flags&2 stacks the first deal from
// the move bytes that follow (dealer flags>>2, a card per byte).
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 0, 4, 0, 1, 0, 1, 0, 3, 31, 1, 2, 3, 31, 3, 4})
	f.Add([]byte{3, 1, 5, 10, 0, 0, 7, 0, 3, 31, 9, 9, 1, 0, 0, 0, 0, 4, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzGame(t, data)
	})
}

// maxFuzzInput bounds the bytes read (512 moves): longer inputs only make
// longer games, and slow the fuzzer down.
const maxFuzzInput = 2048

func fuzzGame(t *testing.T, data []byte) {
	if len(data) < 8 {
		return
	}
	data = data[:min(len(data), maxFuzzInput)]
	s := Settings{Edition: Edition(data[0] % 6), Mode: Mode(data[1] % 6), Players: int(data[2] % 12),
		Target: int(data[3]) * 4, Blanks: BlankRule(data[4] % 5), Foil: data[5]&1 == 1}
	flags, seed := data[5], uint64(data[6])|uint64(data[7])<<8
	data = data[8:]
	g, err := New(s, seed)
	if err != nil {
		if !errors.Is(err, ErrBadSettings) || s.Validate() == nil {
			t.Fatalf("New(%+v): %v", s, err)
		}
		return
	}
	if flags&2 != 0 && len(data) > 0 {
		// A stacked first deal: data[0] cards (at most 80), each taken from
		// what is left of the deck.
		k := min(int(data[0]%81), len(data)-1)
		deck := s.Deck()
		st := Stack{Dealer: int(flags>>2) % s.Players}
		for _, b := range data[1 : 1+k] {
			i := int(b) % len(deck)
			st.Cards = append(st.Cards, deck[i])
			deck = append(deck[:i], deck[i+1:]...)
		}
		data = data[1+k:]
		if g, err = NewStacked(s, seed, st); err != nil {
			t.Fatalf("NewStacked: %v", err)
		}
	}
	p := newProver(seed)
	p.j = g.NewJournal()
	for ; len(data) >= 4; data = data[4:] {
		if g.Over() {
			break
		}
		op, a, b, c := data[0], data[1], data[2], data[3]
		switch op & 3 {
		case 0:
			err = p.tryMove(g, rawAction(g, op>>2, a, b, c))
		case 1, 2:
			seat := int(b)%(len(g.hands)+1) - 1
			legal := g.Legal(seat)
			if len(legal) == 0 {
				continue
			}
			m := legal[int(a)%len(legal)]
			if op&3 == 2 {
				m = changeDetail(g, m, b, c)
			}
			err = p.tryMove(g, m)
		case 3:
			p.bot.rng = uint64(b) | uint64(c)<<8
			for k := 0; k < int(a%32) && !g.Over(); k++ {
				var i int
				p.legal, i = p.bot.move(g, p.legal)
				if err = p.apply(g, p.legal[i]); err != nil {
					break
				}
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	r, err := Replay(p.j)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if !reflect.DeepEqual(r.State(), g.State()) {
		t.Fatal("replay: the state differs")
	}
	if err := p.roundTrip(g); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(g.View(0))
	if err != nil {
		t.Fatal(err)
	}
	var v View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("view JSON: %v", err)
	}
}

// rawAction makes any move at all from four bytes.
func rawAction(g *Game, kind, a, b, c byte) Action {
	n := len(g.hands)
	act := Action{Kind: ActionKind(kind % 16), Seat: int(a)%(n+3) - 1}
	switch {
	case b < 128:
		act.Card = g.deck[int(b)%len(g.deck)]
	case b < 200 && act.Seat >= 0 && act.Seat < n && len(g.hands[act.Seat]) > 0:
		act.Card = g.hands[act.Seat][int(b)%len(g.hands[act.Seat])]
	case b >= 240:
		act.Card = Card{Color: Color(b % 9), Kind: Kind(b % 13), Value: b % 12}
	}
	act.Color = Color(c % 9)
	if c&0x10 == 0 {
		act.Color = NoColor
	}
	act.UNO = c&0x20 != 0
	if c&0x40 != 0 {
		act.Target = int(c>>2)%(n+2) - 1
	}
	if c&0x80 != 0 {
		act.Give = g.deck[int(c)%len(g.deck)]
	}
	return act
}

// changeDetail changes one detail of a move.
func changeDetail(g *Game, a Action, b, c byte) Action {
	n := len(g.hands)
	switch b % 6 {
	case 0:
		a.Color = Color(c % 9)
	case 1:
		a.Card = g.deck[int(c)%len(g.deck)]
	case 2:
		a.UNO = !a.UNO
	case 3:
		a.Target = int(c)%(n+2) - 1
	case 4:
		a.Give = g.deck[int(c)%len(g.deck)]
	case 5:
		a.Seat = int(c)%(n+2) - 1
	}
	return a
}

// tryMove applies a move if the rules allow it, and checks a refusal
// otherwise (prover.tryRandom's checks, for a given move).
func (p *prover) tryMove(g *Game, a Action) error {
	listed := false
	if a.Seat >= SystemSeat && a.Seat < len(g.hands) {
		p.check = g.AppendLegal(p.check[:0], a.Seat)
		for _, l := range p.check {
			listed = listed || l == a
			if !allowed(g, l) {
				return fmt.Errorf("%s is listed but the rules do not allow it", l)
			}
		}
	}
	if ok := allowed(g, a); ok != listed {
		return fmt.Errorf("%s: allowed %v, listed %v", a, ok, listed)
	}
	if listed {
		return p.apply(g, a)
	}
	before := digest(g)
	_, err := g.AppendApply(p.events[:0], a)
	var re *RuleError
	if !errors.As(err, &re) {
		return fmt.Errorf("%s: accepted or refused without a RuleError: %v", a, err)
	}
	if digest(g) != before {
		return fmt.Errorf("%s was refused (%v) but changed the game", a, err)
	}
	return nil
}
