package engine

import (
	"fmt"
)

// Edition is one of the five rulebooks.
type Edition uint8

// The editions.
const (
	Classic2001 Edition = iota
	Minions2016
	MastersOfTheUniverse2020
	TheOffice2020
	MastersOfTheUniverse2023
)

// Editions lists every edition, in the order a menu shows them.
var Editions = []Edition{Classic2001, Minions2016, MastersOfTheUniverse2020, TheOffice2020, MastersOfTheUniverse2023}

var editionNames = [...]string{"classic-2001", "minions-2016", "motu-2020", "office-2020", "motu-2023"}
var editionTitles = [...]string{"Classic 2001", "Minions 2016", "Masters of the Universe 2020", "The Office 2020", "Masters of the Universe 2023"}

func (e Edition) String() string {
	if int(e) < len(editionNames) {
		return editionNames[e]
	}
	return fmt.Sprintf("edition(%d)", e)
}

// Title is the edition's name as a player reads it.
func (e Edition) Title() string {
	if int(e) < len(editionTitles) {
		return editionTitles[e]
	}
	return e.String()
}

// MarshalText encodes the edition by name.
func (e Edition) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText decodes an edition name.
func (e *Edition) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, editionNames[:], (*uint8)(e), "edition")
}

// Colors are the edition's four colours, in the order its rulebook lists them.
func (e Edition) Colors() [4]Color {
	switch e {
	case Minions2016:
		return [4]Color{Blue, Green, Orange, Yellow}
	case MastersOfTheUniverse2020:
		return [4]Color{Blue, Red, Green, Purple}
	case TheOffice2020:
		return [4]Color{Pink, Blue, Green, Yellow}
	default:
		return [4]Color{Red, Blue, Green, Yellow}
	}
}

// HasColor reports whether c is one of the edition's colours.
func (e Edition) HasColor(c Color) bool {
	return int(e) < len(colorSets) && c < 8 && colorSets[e]&(1<<c) != 0
}

// colorSets are the editions' colours as bit sets, for HasColor.
var colorSets = func() (sets [len(editionNames)]uint8) {
	for e := range sets {
		for _, c := range Edition(e).Colors() {
			sets[e] |= 1 << c
		}
	}
	return sets
}()

// Special is the edition's own wild card kind.
func (e Edition) Special() Kind {
	return [...]Kind{Blank, MutatedMinion, PowerOfGreyskull, KevinsChili, ArmyOfGrayskull}[e]
}

// unoPenalty is the number of cards a player caught without calling UNO draws.
func (e Edition) unoPenalty() int {
	if e == Classic2001 {
		return 4
	}
	return 2
}

// lateUNOCall reports whether a player who played down to one card without
// calling UNO may still call it before being caught: Classic 2001's self-catch,
// and Masters of the Universe 2023's "the moment you have one card" call.
func (e Edition) lateUNOCall() bool { return e == Classic2001 || e == MastersOfTheUniverse2023 }

// Mode is how hands add up to a game.
type Mode uint8

// The modes.
const (
	// Standard: whoever goes out scores what the others hold; first to the target wins.
	Standard Mode = iota
	// LowestScore: each keeps a tally of what they are left holding; when one
	// reaches the target, the lowest tally wins (the rulebooks' alternative scoring).
	LowestScore
	// SingleHand: the first to empty their hand wins.
	SingleHand
	// Partners: four players, partners sit across; a team scores both opponents' hands.
	Partners
	// Challenge: a tally of what each is caught holding; at the target a player is
	// eliminated; the last two play head to head and the winner of that hand wins.
	Challenge
	// RotatingPartners: four players, twelve hands; each plays four hands with
	// each of the others as partner and keeps what each partnership scored;
	// the most points after the twelfth hand wins (rotation.go).
	RotatingPartners
)

var modeNames = [...]string{"standard", "lowest-score", "single-hand", "partners", "challenge", "rotating-partners"}
var modeTitles = [...]string{"to target", "lowest score", "single hand", "partners", "Challenge UNO", "rotating partners"}

// Modes lists every mode, in the order a menu shows them.
var Modes = []Mode{Standard, LowestScore, SingleHand, Partners, Challenge, RotatingPartners}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", m)
}

// Title is the mode's name as a player reads it.
func (m Mode) Title() string {
	if int(m) < len(modeTitles) {
		return modeTitles[m]
	}
	return m.String()
}

// MarshalText encodes the mode by name.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText decodes a mode name.
func (m *Mode) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, modeNames[:], (*uint8)(m), "mode")
}

// BlankRule is what the four Blank cards of Classic 2001 do at a table.
type BlankRule uint8

// The Blank card rules. Each house rule is written on all four Blanks, one
// per colour, which play as coloured action cards (blank.go).
const (
	// BlanksOut leaves the Blanks in the box: a 108-card deck.
	BlanksOut BlankRule = iota
	// BlankSwapHands: the player swaps hands with a player of their choice.
	BlankSwapHands
	// BlankPassHands: every player passes their hand to the next player in the
	// direction of play.
	BlankPassHands
	// BlankDiscardColor: the player discards every card of the Blank's colour
	// from their hand.
	BlankDiscardColor
)

// BlankRules lists every Blank rule, in the order a menu shows them.
var BlankRules = []BlankRule{BlanksOut, BlankSwapHands, BlankPassHands, BlankDiscardColor}

var blankNames = [...]string{"out", "swap-hands", "pass-hands", "discard-color"}
var blankTitles = [...]string{"left out", "swap hands with a player", "everyone passes their hand on", "discard all of its colour"}

func (r BlankRule) String() string {
	if int(r) < len(blankNames) {
		return blankNames[r]
	}
	return fmt.Sprintf("blank(%d)", r)
}

// Title is the rule as a player reads it.
func (r BlankRule) Title() string {
	if int(r) < len(blankTitles) {
		return blankTitles[r]
	}
	return r.String()
}

// MarshalText encodes the rule by name.
func (r BlankRule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a rule name.
func (r *BlankRule) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, blankNames[:], (*uint8)(r), "blank rule")
}

func unmarshalEnum(b []byte, names []string, dst *uint8, what string) error {
	for i, n := range names {
		if n == string(b) {
			*dst = uint8(i)
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q", what, b)
}

// Settings are a table's rules: everything that, with the seed and the list of
// actions, makes a game.
type Settings struct {
	Edition Edition `json:"edition"`
	Mode    Mode    `json:"mode"`
	// Players is the number of seats, 2 to 10 (exactly 4 for Partners and
	// rotating partners; 8 for a Tournament).
	Players int `json:"players"`
	// Target is the score that ends the game (500 when zero).
	Target int `json:"target,omitempty"`
	// Blanks is what Classic 2001's Blank cards do; ignored by other editions.
	Blanks BlankRule `json:"blanks,omitempty"`
	// BlankPoints is what a Blank left in a hand scores (blank.go).
	BlankPoints BlankScore `json:"blank_points,omitempty"`
	// Foil puts the foil Army of Grayskull in the deck instead of the ordinary
	// one (Masters of the Universe 2023); it plays the same.
	Foil bool `json:"foil,omitempty"`
	// House are the house rules the table adds (house.go).
	House HouseRules `json:"house,omitzero"`
}

// DefaultTarget is the rulebooks' target score.
const DefaultTarget = 500

// Limits on the number of players.
const (
	MinPlayers = 2
	MaxPlayers = 10
)

// target is the effective target score.
func (s Settings) target() int {
	if s.Target <= 0 {
		return DefaultTarget
	}
	return s.Target
}

// Validate reports whether the settings make a playable game.
func (s Settings) Validate() error {
	switch {
	case int(s.Edition) >= len(editionNames):
		return fmt.Errorf("%w: unknown edition", ErrBadSettings)
	case int(s.Mode) >= len(modeNames):
		return fmt.Errorf("%w: unknown mode", ErrBadSettings)
	case s.Players < MinPlayers || s.Players > MaxPlayers:
		return fmt.Errorf("%w: a table seats %d to %d players", ErrBadSettings, MinPlayers, MaxPlayers)
	case s.Mode == Partners && s.Players != 4:
		return fmt.Errorf("%w: partners is played by exactly four players", ErrBadSettings)
	case s.Mode == RotatingPartners && s.Players != 4:
		return fmt.Errorf("%w: rotating partners is played by exactly four players", ErrBadSettings)
	case int(s.Blanks) >= len(blankNames):
		return fmt.Errorf("%w: unknown Blank card rule", ErrBadSettings)
	case int(s.BlankPoints) >= len(blankScoreNames):
		return fmt.Errorf("%w: unknown Blank card score", ErrBadSettings)
	case s.Target < 0 || s.Target > 100000:
		return fmt.Errorf("%w: the target score must be between 1 and 100000", ErrBadSettings)
	}
	return s.House.validate()
}

// Deck is the edition's full deck, exactly as its rulebook lists it (with the
// table's choice about Blanks and the foil card), in a fixed order. It is a
// new slice; the caller may change it.
func (s Settings) Deck() []Card {
	if int(s.Edition) >= len(editionNames) || int(s.Blanks) >= len(blankNames) {
		return s.buildDeck()
	}
	return append([]Card(nil), s.deck()...)
}

// decks holds every deck a table can play with, built once: games share them
// and never change them.
var decks = func() (d [len(editionNames)][len(blankNames)][2][]Card) {
	for e := range d {
		for b := range d[e] {
			for f := range d[e][b] {
				d[e][b][f] = Settings{Edition: Edition(e), Blanks: BlankRule(b), Foil: f == 1}.buildDeck()
			}
		}
	}
	return d
}()

// deckSums are the decks' card sums, for Audit.
var deckSums = func() (d [len(editionNames)][len(blankNames)][2]uint64) {
	for e := range d {
		for b := range d[e] {
			for f := range d[e][b] {
				d[e][b][f] = cardSum(decks[e][b][f])
			}
		}
	}
	return d
}()

// deckSum is the sum of the deck's cards (Audit), for valid settings.
func (s Settings) deckSum() uint64 { return deckSums[s.Edition][s.Blanks][b2u(s.Foil)] }

// deck is the shared, read-only deck for the settings, which are valid.
func (s Settings) deck() []Card {
	f := 0
	if s.Foil {
		f = 1
	}
	return decks[s.Edition][s.Blanks][f]
}

func (s Settings) buildDeck() []Card {
	deck := make([]Card, 0, 112)
	for _, col := range s.Edition.Colors() {
		deck = append(deck, Card{Color: col, Kind: Number, Value: 0})
		for v := uint8(1); v <= 9; v++ {
			deck = append(deck, Card{Color: col, Kind: Number, Value: v}, Card{Color: col, Kind: Number, Value: v})
		}
		for _, k := range [...]Kind{Skip, Reverse, DrawTwo} {
			deck = append(deck, Card{Color: col, Kind: k}, Card{Color: col, Kind: k})
		}
	}
	for i := 0; i < 4; i++ {
		deck = append(deck, Card{Kind: Wild}, Card{Kind: WildDrawFour})
	}
	switch s.Edition {
	case Classic2001:
		if s.Blanks != BlanksOut {
			for _, col := range s.Edition.Colors() { // one Blank per colour (blank.go)
				deck = append(deck, Card{Color: col, Kind: Blank})
			}
		}
	case MastersOfTheUniverse2023:
		// One Army of Grayskull, or its foil duplicate in its place (docs/rules.md).
		army := Card{Kind: ArmyOfGrayskull}
		if s.Foil {
			army.Value = 1
		}
		deck = append(deck, army)
	default:
		sp := s.Edition.Special()
		deck = append(deck, Card{Kind: sp}, Card{Kind: sp}, Card{Kind: sp}, Card{Kind: sp})
	}
	return deck
}
