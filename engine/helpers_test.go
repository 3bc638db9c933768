package engine

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// name is how a test names an edition: classic_2001, minions_2016,
// motu_2020, office_2020, motu_2023.
func name(e Edition) string { return strings.ReplaceAll(e.String(), "-", "_") }

// cards reads card codes separated by spaces ("R7 B+2 W W+4 WA").
func cards(t testing.TB, codes string) []Card {
	t.Helper()
	var cs []Card
	for _, f := range strings.Fields(codes) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

func card(t testing.TB, code string) Card {
	t.Helper()
	return cards(t, code)[0]
}

// inEdition rewrites the colours of Classic card codes into the edition's
// own: R, B, G, Y are the edition's first, second, third and fourth colours.
func inEdition(e Edition, codes string) string {
	cols := e.Colors()
	r := strings.NewReplacer("R", string(colorCodes[cols[0]]), "B", string(colorCodes[cols[1]]),
		"G", string(colorCodes[cols[2]]), "Y", string(colorCodes[cols[3]]))
	var out []string
	for _, f := range strings.Fields(codes) {
		if f[0] != 'W' {
			f = r.Replace(f[:1]) + f[1:]
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

// deal lays out a stacked first deal: hands[s] is seat s's hand (at most 7
// codes; the rest is filled with number cards left in the deck, in deck
// order), then the first card, then the top of the draw pile.
type deal struct {
	dealer int
	hands  []string
	first  string
	draw   string
}

// stack turns the layout into the Stack that deals it (see Stack's order).
func (d deal) stack(t testing.TB, s Settings) Stack {
	t.Helper()
	n := s.Players
	hands := make([][]Card, n)
	var used []Card
	for i := range hands {
		if i < len(d.hands) {
			hands[i] = cards(t, d.hands[i])
		}
		used = append(used, hands[i]...)
	}
	first := cards(t, d.first)
	draw := cards(t, d.draw)
	used = append(append(used, first...), draw...)
	// Filler: number cards of the deck not used above, in deck order.
	var filler []Card
	rest := s.Deck()
	for _, c := range used {
		if i := slices.Index(rest, c); i >= 0 {
			rest = slices.Delete(rest, i, i+1)
		}
	}
	for _, c := range rest {
		if c.Kind == Number {
			filler = append(filler, c)
		}
	}
	var st Stack
	st.Dealer = d.dealer
	for i := 0; i < HandSize*n; i++ {
		seat := (d.dealer + 1 + i) % n
		k := i / n
		if k < len(hands[seat]) {
			st.Cards = append(st.Cards, hands[seat][k])
			continue
		}
		st.Cards = append(st.Cards, filler[0])
		filler = filler[1:]
	}
	st.Cards = append(append(st.Cards, first...), draw...)
	return st
}

// scene is a stacked game under test: every move is applied, audited and
// journaled, and at the end of the test the journal must replay to the same
// state.
type scene struct {
	t      *testing.T
	g      *Game
	j      Journal
	events []Event // the events of the last move
}

func newScene(t *testing.T, s Settings, d deal) *scene {
	t.Helper()
	g, err := NewStacked(s, 1, d.stack(t, s))
	if err != nil {
		t.Fatal(err)
	}
	sc := &scene{t: t, g: g, j: g.NewJournal()}
	t.Cleanup(sc.checkReplay)
	sc.do(Action{Kind: Deal, Seat: SystemSeat})
	return sc
}

func (sc *scene) checkReplay() {
	sc.t.Helper()
	if sc.t.Failed() {
		return
	}
	r, err := Replay(sc.j)
	if err != nil {
		sc.t.Fatalf("replay: %v", err)
	}
	if want, got := sc.g.State(), r.State(); !reflect.DeepEqual(want, got) {
		sc.t.Fatalf("replay: state differs:\n%+v\n%+v", want, got)
	}
}

// do applies a move the rules must allow.
func (sc *scene) do(a Action) []Event {
	sc.t.Helper()
	evs, err := sc.g.Apply(a)
	if err != nil {
		sc.t.Fatalf("%s: %v (phase %s, current %d, top %s %s, hand %v)", a, err,
			sc.g.phase, sc.g.current, sc.g.top(), sc.g.color, sc.g.hands[max(a.Seat, 0)])
	}
	if err := sc.g.Audit(); err != nil {
		sc.t.Fatalf("after %s: %v", a, err)
	}
	sc.j.Actions = append(sc.j.Actions, a)
	sc.events = evs
	return evs
}

// refuse applies a move the rules must refuse with want, changing nothing.
func (sc *scene) refuse(a Action, want error) {
	sc.t.Helper()
	before := sc.g.State()
	_, err := sc.g.Apply(a)
	var re *RuleError
	if !errors.Is(err, want) || !errors.As(err, &re) {
		sc.t.Fatalf("%s: got error %v, want %v", a, err, want)
	}
	if !reflect.DeepEqual(before, sc.g.State()) {
		sc.t.Fatalf("%s was refused but changed the game", a)
	}
}

// The moves, by seat.
func (sc *scene) play(seat int, code string) []Event {
	sc.t.Helper()
	return sc.do(Action{Kind: Play, Seat: seat, Card: card(sc.t, code)})
}
func (sc *scene) playUNO(seat int, code string) []Event {
	sc.t.Helper()
	return sc.do(Action{Kind: Play, Seat: seat, Card: card(sc.t, code), UNO: true})
}
func (sc *scene) wild(seat int, code string, c Color) []Event {
	sc.t.Helper()
	return sc.do(Action{Kind: Play, Seat: seat, Card: card(sc.t, code), Color: c})
}
func (sc *scene) draw(seat int) []Event {
	sc.t.Helper()
	return sc.do(Action{Kind: Draw, Seat: seat})
}
func (sc *scene) pass(seat int) []Event {
	sc.t.Helper()
	return sc.do(Action{Kind: Pass, Seat: seat})
}
func (sc *scene) seat(s int) *scene {
	sc.t.Helper()
	if sc.g.current != s {
		sc.t.Fatalf("it is seat %d's turn, not seat %d's (phase %s)", sc.g.current, s, sc.g.phase)
	}
	return sc
}

// until makes the others draw (and keep what they draw) until it is seat's turn.
func (sc *scene) until(seat int) {
	sc.t.Helper()
	for i := 0; sc.g.current != seat || sc.g.phase != PhaseTurn; i++ {
		if i > 100 {
			sc.t.Fatalf("seat %d never gets a turn", seat)
		}
		switch sc.g.phase {
		case PhaseTurn:
			sc.draw(sc.g.current)
		case PhaseDrawn:
			sc.pass(sc.g.current)
		case PhaseChallenge:
			sc.do(Action{Kind: Accept, Seat: sc.g.current})
		default:
			sc.t.Fatalf("until: phase %s", sc.g.phase)
		}
	}
}

// hand is seat's hand as sorted codes, for comparing.
func (sc *scene) hand(seat int) string {
	var cs []string
	for _, c := range sc.g.hands[seat] {
		cs = append(cs, c.Code())
	}
	slices.Sort(cs)
	return strings.Join(cs, " ")
}

func sorted(t testing.TB, codes string) string {
	cs := strings.Fields(codes)
	slices.Sort(cs)
	return strings.Join(cs, " ")
}

// count is how many events of kind k the last move caused.
func (sc *scene) count(k EventKind) int {
	n := 0
	for _, e := range sc.events {
		if e.Kind == k {
			n++
		}
	}
	return n
}

// want checks a condition and reports it by name.
func (sc *scene) want(ok bool, what string, args ...any) {
	sc.t.Helper()
	if !ok {
		sc.t.Fatalf("want "+what, args...)
	}
}

// turn checks whose turn it is, in which phase.
func (sc *scene) turn(seat int, p Phase) {
	sc.t.Helper()
	if sc.g.current != seat || sc.g.phase != p {
		sc.t.Fatalf("want seat %d in %s, have seat %d in %s", seat, p, sc.g.current, sc.g.phase)
	}
}

// sizes checks every seat's number of cards.
func (sc *scene) sizes(want ...int) {
	sc.t.Helper()
	var got []int
	for _, h := range sc.g.hands {
		got = append(got, len(h))
	}
	if !slices.Equal(got, want) {
		sc.t.Fatalf("hand sizes %v, want %v", got, want)
	}
}
