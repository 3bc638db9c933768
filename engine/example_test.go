package engine_test

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
)

// codes reads card codes separated by spaces.
func codes(s string) []engine.Card {
	var cs []engine.Card
	for _, f := range strings.Fields(s) {
		c, err := engine.ParseCard(f)
		if err != nil {
			panic(err)
		}
		cs = append(cs, c)
	}
	return cs
}

// show prints events one a line, with the fields each fills.
func show(evs []engine.Event) {
	for _, e := range evs {
		line := "  " + e.Kind.String()
		switch e.Kind {
		case engine.EvFirstCard, engine.EvFirstCardReturned, engine.EvFirstCardIgnored, engine.EvReverse, engine.EvReshuffle:
		default:
			line += fmt.Sprintf(" seat %d", e.Seat)
		}
		if e.Card != (engine.Card{}) {
			line += " " + e.Card.Code()
		}
		if e.Color != engine.NoColor {
			line += " " + e.Color.String()
		}
		if e.Count != 0 {
			line += fmt.Sprintf(" count %d", e.Count)
		}
		fmt.Println(line)
	}
}

// A two-player Classic game with a stacked first deal. Seat 0 deals, so the
// cards go one at a time to seat 1, seat 0, seat 1, ...; then comes the first
// card, then the top of the draw pile.
func ExampleNewStacked() {
	one := codes("R1 R+2 B7 G3 Y4 W RS")
	zero := codes("R9 B9 G9 Y9 B2 G2 Y2")
	var deal []engine.Card
	for i := range 7 {
		deal = append(deal, one[i], zero[i])
	}
	deal = append(deal, codes("R5 B1 B3")...)
	g, err := engine.NewStacked(engine.Settings{Edition: engine.Classic2001, Players: 2}, 1,
		engine.Stack{Dealer: 0, Cards: deal})
	if err != nil {
		panic(err)
	}
	do := func(a engine.Action) {
		fmt.Println(a)
		evs, err := g.Apply(a)
		if err != nil {
			fmt.Println("  refused:", err)
			return
		}
		show(evs)
	}
	do(engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat})
	fmt.Println("seat 1 holds", g.View(1).Hand)
	do(engine.Action{Kind: engine.Play, Seat: 0, Card: codes("R9")[0]})  // not seat 0's turn
	do(engine.Action{Kind: engine.Play, Seat: 1, Card: codes("R+2")[0]}) // two players: play comes back
	do(engine.Action{Kind: engine.Play, Seat: 1, Card: codes("B7")[0]})  // no match on red
	do(engine.Action{Kind: engine.Play, Seat: 1, Card: codes("R1")[0]})
	do(engine.Action{Kind: engine.Play, Seat: 0, Card: codes("B1")[0]}) // a number match
	do(engine.Action{Kind: engine.Play, Seat: 1, Card: codes("W")[0], Color: engine.Green})
	fmt.Println("seat 0 holds", g.View(0).Hand, "and may", g.Legal(0))
	// Output:
	// the table: deal
	//   dealer seat 0 count 1
	//   dealt seat 0 count 7
	//   first-card R5 red
	//   turn seat 1
	// seat 1 holds [R1 R+2 B7 G3 Y4 W RS]
	// seat 0 plays R9
	//   refused: it is not your turn
	// seat 1 plays R+2
	//   play seat 1 R+2 red
	//   draw seat 0 count 2
	//   skip seat 0
	//   turn seat 1
	// seat 1 plays B7
	//   refused: that card does not match the colour, number or symbol in play
	// seat 1 plays R1
	//   play seat 1 R1 red
	//   turn seat 0
	// seat 0 plays B1
	//   play seat 0 B1 blue
	//   turn seat 1
	// seat 1 plays W as green
	//   play seat 1 W green
	//   turn seat 0
	// seat 0 holds [R9 B9 G9 Y9 B2 G2 Y2 B3] and may [seat 0 plays G9 seat 0 plays G2 seat 0 draw]
}

// The moves a seat may make: the same list the rules check every move against.
func ExampleGame_Legal() {
	g, _ := engine.NewStacked(engine.Settings{Edition: engine.Minions2016, Players: 3}, 7,
		engine.Stack{Dealer: 2, Cards: codes("B1 G1 O1 B2 G2 O2 WM G3 O3 Y4 G4 O4 Y5 G5 O5 Y6 G6 O6 Y7 G7 O7 B9")})
	g.Apply(engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat})
	v := g.View(0)
	fmt.Println("top", v.Top, "in", v.Color, "- seat 0 holds", v.Hand)
	for _, a := range g.Legal(0) {
		fmt.Println(a)
	}
	// Output:
	// top B9 in blue - seat 0 holds [B1 B2 WM Y4 Y5 Y6 Y7]
	// seat 0 plays B1
	// seat 0 plays B2
	// seat 0 plays WM as blue
	// seat 0 plays WM as green
	// seat 0 plays WM as orange
	// seat 0 plays WM as yellow
	// seat 0 draw
}
