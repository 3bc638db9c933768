package speech

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

func card(t *testing.T, code string) engine.Card {
	t.Helper()
	c, err := engine.ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCardsAreSaidInWordsInEveryEdition(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{"R7", "red 7"},
		{"B0", "blue 0"},
		{"GS", "green skip"},
		{"YR", "yellow reverse"},
		{"R+2", "red draw two"},
		{"W", "wild"},
		{"W+4", "wild draw four"},
		{"B?", "blue blank"},
		{"O3", "orange 3"},
		{"P5", "purple 5"},
		{"K+2", "pink draw two"},
		{"WM", "wild mutated minion"},
		{"WG", "wild power of greyskull"},
		{"WC", "wild kevin's famous chili"},
		{"WA", "wild the army of grayskull"},
		{"WA*", "foil wild the army of grayskull"},
	} {
		if got := Card(card(t, tc.code)); got != tc.want {
			t.Errorf("Card(%s) = %q, want %q", tc.code, got, tc.want)
		}
	}
}

func TestCardListsReadAsASentence(t *testing.T) {
	for _, tc := range []struct{ codes, want string }{
		{"", "no cards"},
		{"R1", "red 1"},
		{"R1 W", "red 1 and wild"},
		{"R1 B2 W+4", "red 1, blue 2 and wild draw four"},
	} {
		var cs []engine.Card
		for _, f := range strings.Fields(tc.codes) {
			cs = append(cs, card(t, f))
		}
		if got := Cards(cs); got != tc.want {
			t.Errorf("Cards(%s) = %q, want %q", tc.codes, got, tc.want)
		}
	}
}

func TestLogLinesAreOnePlainSentence(t *testing.T) {
	names := []string{"you", "bo", "ana", "RR"}
	for _, tc := range []struct {
		edition engine.Edition
		line    lobby.LogLine
		want    string
	}{
		{engine.Classic2001, lobby.LogLine{Text: "bo played R7"}, "bo played red 7."},
		{engine.Classic2001, lobby.LogLine{Text: "you played W+4: RED"}, "you played wild draw four, red."},
		{engine.Classic2001, lobby.LogLine{Text: "first card: GS"}, "first card: green skip."},
		{engine.Classic2001, lobby.LogLine{Text: "bo played Y?"}, "bo played yellow blank."},
		{engine.Classic2001, lobby.LogLine{Text: "you drew R4"}, "you drew red 4."},
		{engine.Classic2001, lobby.LogLine{Text: "bo called UNO!"}, "bo called UNO!"},
		{engine.Classic2001, lobby.LogLine{Text: "you caught bo without UNO: +4"}, "you caught bo without UNO, a penalty of 4 cards."},
		{engine.Classic2001, lobby.LogLine{Text: "bo challenged your W+4: guilty! you draw 4"}, "bo challenged your wild draw four, guilty! you draw 4."},
		{engine.Classic2001, lobby.LogLine{Text: "bo took the W+4"}, "bo took the wild draw four."},
		{engine.Classic2001, lobby.LogLine{Text: "you challenged bo's W+4: innocent, you draw 6 · bo showed you: R1 G2 W"},
			"you challenged bo's wild draw four, innocent, you draw 6, bo showed you: red 1, green 2 and wild."},
		{engine.Classic2001, lobby.LogLine{Text: "GAME OVER: bo won!"}, "game over: bo won!"},
		{engine.Classic2001, lobby.LogLine{Text: "nobody can play: bo holds the least and wins the hand (12 points)"},
			"nobody can play: bo holds the least and wins the hand, 12 points."},
		{engine.Classic2001, lobby.LogLine{Text: "RR played RR"}, "RR played RR."},
		{engine.Classic2001, lobby.LogLine{Chat: true, Nick: "ana", Text: "gl hf ★"}, "ana says: gl hf."},
		{engine.Minions2016, lobby.LogLine{Text: "bo drew 3 cards (looking for ORANGE)"}, "bo drew 3 cards (looking for orange)."},
		{engine.Minions2016, lobby.LogLine{Text: "bo played WM: ORANGE"}, "bo played wild mutated minion, orange."},
		{engine.MastersOfTheUniverse2020, lobby.LogLine{Text: "ana drew 4 cards: BY THE POWER OF GREYSKULL!"},
			"ana drew 4 cards: by the power of greyskull!"},
		{engine.MastersOfTheUniverse2020, lobby.LogLine{Text: "bo played P7"}, "bo played purple 7."},
		{engine.TheOffice2020, lobby.LogLine{Text: "bo played P7"}, "bo played pink 7."},
		{engine.TheOffice2020, lobby.LogLine{Text: "KEVIN'S FAMOUS CHILI! everyone drop your cards!"},
			"kevin's famous chili! everyone drop your cards!"},
		{engine.TheOffice2020, lobby.LogLine{Text: "ana dropped (2)"}, "ana dropped, number 2."},
		{engine.MastersOfTheUniverse2023, lobby.LogLine{Text: "bo took YS from you and gave G4"}, "bo took yellow skip from you and gave green 4."},
		{engine.MastersOfTheUniverse2023, lobby.LogLine{Text: "you raise THE ARMY OF GRAYSKULL and see every hand"},
			"you raise the army of grayskull and see every hand."},
		{engine.MastersOfTheUniverse2023, lobby.LogLine{Text: "bo played WA*: BLUE"}, "bo played foil wild the army of grayskull, blue."},
		{engine.Classic2001, lobby.LogLine{Text: "play goes right (counter-clockwise)"}, "play goes right (counter-clockwise)."},
		{engine.Classic2001, lobby.LogLine{Text: "you discarded 1 RED cards"}, "you discarded 1 red card."},
		{engine.Classic2001, lobby.LogLine{Text: "ana left; a bot plays their cards until they come back (within 2m0s)"},
			"ana left; a bot plays their cards until they come back (within 2m0s)."},
	} {
		if got := Line(tc.line, tc.edition, names); got != tc.want {
			t.Errorf("%s: Line(%q) = %q, want %q", tc.edition, tc.line.Text, got, tc.want)
		}
	}
}

func TestPlainDropsWhatASynthesiserReadsAsNoise(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"╭──╮ hello │", "hello"},
		{"a · b", "a, b"},
		{"\x1b[2Jclear", "clear"},
		{"→ next", "to next"},
		{"♠ ♥ ok", "ok"},
	} {
		if got := Plain(tc.in); got != tc.want {
			t.Errorf("Plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// classic is a view of a seat's turn at a Classic table of three.
func classic(legal ...engine.Action) engine.View {
	return engine.View{Seat: 0, Current: 0, Phase: engine.PhaseTurn, FourBy: -1, Player: -1,
		Settings: engine.Settings{Edition: engine.Classic2001, Players: 3},
		Hand:     make([]engine.Card, 6), Legal: legal}
}

func TestTheTurnIsSaidWithItsChoicesNumbered(t *testing.T) {
	names := []string{"me", "bo", "ana"}
	r2, rs, w := engine.Card{Color: engine.Red, Kind: engine.Number, Value: 2}, engine.Card{Color: engine.Red, Kind: engine.Skip}, engine.Card{Kind: engine.Wild}
	play := func(c engine.Card, col engine.Color) engine.Action {
		return engine.Action{Kind: engine.Play, Card: c, Color: col}
	}
	draw := engine.Action{Kind: engine.Draw}
	for _, tc := range []struct {
		name string
		view engine.View
		want string
	}{
		{"a turn", classic(play(r2, 0), play(rs, 0), play(w, engine.Red), play(w, engine.Blue), play(w, engine.Green), play(w, engine.Yellow), draw),
			"Your turn. You can play 1 red 2, 2 red skip, 3 wild, or 4 draw. 6 cards."},
		{"only a draw", classic(draw), "Your turn. Your one choice: 1 draw. 6 cards."},
		{"the drawn card", func() engine.View {
			v := classic(play(r2, 0), engine.Action{Kind: engine.Pass})
			v.Phase, v.Drawn, v.HasDrawn = engine.PhaseDrawn, r2, true
			return v
		}(), "Your turn. You drew red 2. You can play 1 red 2, or 2 keep the card. 6 cards."},
		{"a catch", func() engine.View {
			v := classic(engine.Action{Kind: engine.Catch, Target: 2})
			v.Current = 1
			return v
		}(), "Your one choice: 1 catch ana without UNO. 6 cards."},
		{"a challenge", func() engine.View {
			v := classic(engine.Action{Kind: engine.Accept}, engine.Action{Kind: engine.ChallengeDrawFour})
			v.Phase, v.FourBy = engine.PhaseChallenge, 2
			return v
		}(), "ana played a wild draw four on you. You can 1 take the four cards, or 2 challenge the wild draw four. 6 cards."},
		{"the chili race", func() engine.View {
			v := classic(engine.Action{Kind: engine.Drop})
			v.Phase, v.Current, v.Player = engine.PhaseRace, 1, 1
			return v
		}(), "Kevin's famous chili: drop your cards, fast! Your one choice: 1 drop your cards. 6 cards."},
		{"the first colour", func() engine.View {
			v := classic(engine.Action{Kind: engine.ChooseColor, Color: engine.Red}, engine.Action{Kind: engine.ChooseColor, Color: engine.Blue})
			v.Phase = engine.PhaseFirstColor
			return v
		}(), "The first card is a wild: you choose the colour. Choose the colour: 1 red, or 2 blue. 6 cards."},
		{"nothing to do", func() engine.View { v := classic(); v.Current = 1; return v }(), ""},
	} {
		if got := Turn(tc.view, names); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestAChoiceNeedingMoreIsAskedStepByStep(t *testing.T) {
	names := []string{"me", "bo", "ana"}
	seven := engine.Card{Color: engine.Red, Kind: engine.Number, Value: 7}
	w4 := engine.Card{Kind: engine.WildDrawFour}
	var legal []engine.Action
	for _, target := range []int{1, 2} {
		legal = append(legal, engine.Action{Kind: engine.Play, Card: seven, Target: target})
	}
	for _, col := range []engine.Color{engine.Red, engine.Blue} {
		for _, uno := range []bool{true, false} {
			legal = append(legal, engine.Action{Kind: engine.Play, Card: w4, Color: col, UNO: uno})
		}
	}
	m := Choices(classic(legal...), names)
	if got, want := m.Sentence(), "You can play 1 red 7, or 2 wild draw four."; got != want {
		t.Fatalf("top: %q, want %q", got, want)
	}
	if got, want := m.Choices[0].Then.Sentence(), "Choose the player: 1 bo, or 2 ana."; got != want {
		t.Errorf("the 7: %q, want %q", got, want)
	}
	colour := m.Choices[1].Then
	if got, want := colour.Sentence(), "Choose the colour: 1 red, or 2 blue."; got != want {
		t.Errorf("the wild: %q, want %q", got, want)
	}
	uno := colour.Choices[1].Then
	if got, want := uno.Sentence(), "Call UNO with it: 1 yes, call UNO, or 2 no."; got != want {
		t.Errorf("the call: %q, want %q", got, want)
	}
	if got := uno.Choices[0].Move; got != (engine.Action{Kind: engine.Play, Card: w4, Color: engine.Blue, UNO: true}) {
		t.Errorf("blue, UNO: %v", got)
	}
}

func TestTheRaidAsksWhatToTakeThenWhatToGive(t *testing.T) {
	names := []string{"me", "bo"}
	ys, g4, r1 := engine.Card{Color: engine.Yellow, Kind: engine.Skip}, engine.Card{Color: engine.Green, Kind: engine.Number, Value: 4}, engine.Card{Color: engine.Red, Kind: engine.Number, Value: 1}
	v := classic(engine.Action{Kind: engine.Exchange, Target: 1, Card: ys, Give: g4},
		engine.Action{Kind: engine.Exchange, Target: 1, Card: ys, Give: r1}, engine.Action{Kind: engine.EndRaid})
	v.Phase, v.Player, v.Current = engine.PhaseRaid, 0, 0
	v.Hands = [][]engine.Card{{g4, r1}, {ys}}
	if got, want := Turn(v, names), "Your raid: you see every hand. bo holds yellow skip. You can 1 take yellow skip from bo, or 2 end the raid. 6 cards."; got != want {
		t.Errorf("raid:\n got %q\nwant %q", got, want)
	}
	if got, want := Choices(v, names).Choices[0].Then.Sentence(), "Give bo which card: 1 green 4, or 2 red 1."; got != want {
		t.Errorf("give: %q, want %q", got, want)
	}
}

// leaves are the moves a menu's choices reach, each path once.
func leaves(m Menu) []engine.Action {
	var out []engine.Action
	for _, c := range m.Choices {
		if c.Then != nil {
			if len(c.Then.Choices) < 2 {
				panic("a question with fewer than two answers")
			}
			out = append(out, leaves(*c.Then)...)
		} else {
			out = append(out, c.Move)
		}
	}
	return out
}

// TestEveryLegalMoveIsExactlyOneChoice plays random games of every edition
// and mode, with house rules, and checks at every seat and moment that the
// numbered choices reach each legal move once and nothing else.
func TestEveryLegalMoveIsExactlyOneChoice(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	rng := rand.New(rand.NewPCG(28, 1))
	kinds := map[engine.ActionKind]bool{}
	for game := range 60 {
		s := engine.Settings{Edition: engine.Editions[game%len(engine.Editions)], Players: 4, Target: 100}
		s.Mode = engine.Modes[game/len(engine.Editions)%len(engine.Modes)]
		if game%3 == 1 {
			s.House.SevenO = true
		}
		if game%7 == 3 && s.Edition == engine.Classic2001 {
			s.Blanks = engine.BlankSwapHands
		}
		g, err := engine.New(s, uint64(game))
		if err != nil {
			continue // a mode this table cannot have
		}
		for step := 0; step < 400; step++ {
			var all []engine.Action
			for seat := range 4 {
				v := g.View(seat)
				got, want := leaves(Choices(v, names)), v.Legal
				if !sameMoves(got, want) {
					t.Fatalf("game %d step %d seat %d: choices reach %v, legal %v", game, step, seat, got, want)
				}
				if Turn(v, names) == "" != (len(want) == 0) {
					t.Fatalf("game %d seat %d: a turn said %q for %v", game, seat, Turn(v, names), want)
				}
				all = append(all, want...)
			}
			all = append(all, g.Legal(engine.SystemSeat)...)
			if len(all) == 0 {
				break
			}
			a := all[rng.IntN(len(all))]
			kinds[a.Kind] = true
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("legal move refused: %v: %v", a, err)
			}
		}
	}
	for _, k := range []engine.ActionKind{engine.Play, engine.Draw, engine.Pass, engine.CallUNO, engine.Catch,
		engine.Accept, engine.ChallengeDrawFour, engine.Drop, engine.Exchange, engine.EndRaid} {
		if !kinds[k] {
			t.Errorf("no game offered a %s: the test covers less than it says", k)
		}
	}
}

func sameMoves(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(x engine.Action) string { return x.String() + x.Give.Code() }
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		ka[i], kb[i] = key(a[i]), key(b[i])
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

func TestANumberIsPickedAsSoonAsItCanOnlyBeOne(t *testing.T) {
	for _, tc := range []struct {
		typed     string
		n         int
		choice    int
		done, bad bool
	}{
		{"1", 4, 0, true, false},
		{"4", 4, 3, true, false},
		{"5", 4, 0, false, true},
		{"0", 4, 0, false, true},
		{"1", 12, 0, false, false},
		{"12", 12, 11, true, false},
		{"2", 12, 1, true, false},
		{"13", 12, 0, false, true},
		{"x", 3, 0, false, true},
	} {
		c, done, bad := Pick(tc.typed, tc.n)
		if bad != tc.bad || done != tc.done || (done && c != tc.choice) {
			t.Errorf("Pick(%q, %d) = %d, %v, %v; want %d, %v, %v", tc.typed, tc.n, c, done, bad, tc.choice, tc.done, tc.bad)
		}
	}
	if c, ok := PickNow("1", 12); !ok || c != 0 {
		t.Errorf("PickNow(1, 12) = %d, %v", c, ok)
	}
}

func TestACountdownIsSaidAtThirtyTenAndFiveSeconds(t *testing.T) {
	said := 0
	var heard []string
	for left := 45 * time.Second; left > 0; left -= 500 * time.Millisecond {
		var s string
		s, said = Countdown("Your turn ends", left, said)
		if s != "" {
			heard = append(heard, s)
		}
	}
	want := []string{"Your turn ends in 30 seconds.", "Your turn ends in 10 seconds.", "Your turn ends in 5 seconds."}
	if !slices.Equal(heard, want) {
		t.Errorf("heard %q, want %q", heard, want)
	}
	if s, _ := Countdown("The race ends", 500*time.Millisecond, 0); s != "The race ends in 1 second." {
		t.Errorf("a countdown at its last second: %q", s)
	}
	if s, _ := Countdown("The game starts", 22*time.Second, 0); s != "The game starts in 22 seconds." {
		t.Errorf("a countdown first seen at 22 s: %q", s)
	}
}

func TestScoresAndHandsAreSaid(t *testing.T) {
	names := []string{"me", "bo", "ana", "cy"}
	v := engine.View{Seat: 0, Settings: engine.Settings{Edition: engine.Classic2001, Players: 4, Mode: engine.Partners},
		Seats: []engine.SeatView{{Seat: 0, Score: 40, Team: 0, Cards: 3}, {Seat: 1, Score: 10, Team: 1, Cards: 1, UNO: true},
			{Seat: 2, Score: 40, Team: 0, Cards: 5}, {Seat: 3, Score: 10, Team: 1, Cards: 1, Exposed: true}},
		Hand: []engine.Card{{Color: engine.Red, Value: 2}, {Kind: engine.Wild}},
		Top:  engine.Card{Kind: engine.WildDrawFour}, Color: engine.Blue, Direction: 1, DrawPile: 52}
	for _, tc := range []struct{ got, want string }{
		{Scores(v, names), "Scores: you and ana 40; bo and cy 10."},
		{Hand(v), "Your hand, 2 cards: red 2 and wild."},
		{Pile(v), "On the pile: wild draw four, the colour is blue. Play goes left, clockwise. 52 cards in the draw pile."},
		{Seats(v, names), "bo 1 card, UNO called; ana 5 cards; cy 1 card, no UNO called."},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q\nwant %q", tc.got, tc.want)
		}
	}
}
