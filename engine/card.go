package engine

import (
	"fmt"
	"strings"
)

// Color is a card colour. Every hue used by any edition has its own value, so a
// card's colour is never ambiguous; each edition uses four of them (Edition.Colors).
type Color uint8

// The colours. NoColor is the colour of a wild card in the hand.
const (
	NoColor Color = iota
	Red
	Blue
	Green
	Yellow
	Orange
	Purple
	Pink
)

var colorNames = [...]string{"none", "red", "blue", "green", "yellow", "orange", "purple", "pink"}

// colorCodes are the one-letter codes used in card codes; pink is K so that it
// never clashes with purple (the display letter, Letter, is P for both).
var colorCodes = [...]byte{'W', 'R', 'B', 'G', 'Y', 'O', 'P', 'K'}

func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return fmt.Sprintf("color(%d)", c)
}

// Letter is the letter a player reads on a card of this colour ("W" for a wild).
func (c Color) Letter() string {
	if c == Pink {
		return "P"
	}
	if int(c) < len(colorCodes) {
		return string(colorCodes[c])
	}
	return "?"
}

// MarshalText encodes a colour by name.
func (c Color) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText decodes a colour name.
func (c *Color) UnmarshalText(b []byte) error {
	for i, n := range colorNames {
		if n == string(b) {
			*c = Color(i)
			return nil
		}
	}
	return fmt.Errorf("unknown colour %q", b)
}

// Kind is what a card does.
type Kind uint8

// The kinds of card. The last five are each edition's special card.
const (
	Number Kind = iota
	Skip
	Reverse
	DrawTwo
	Wild
	WildDrawFour
	Blank            // Classic 2001
	MutatedMinion    // Minions 2016
	PowerOfGreyskull // Masters of the Universe 2020
	KevinsChili      // The Office 2020
	ArmyOfGrayskull  // Masters of the Universe 2023
)

var kindNames = [...]string{"number", "skip", "reverse", "draw two", "wild", "wild draw four",
	"blank", "wild mutated minion", "wild power of greyskull", "wild kevin's famous chili",
	"wild the army of grayskull"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// IsWild reports whether cards of this kind carry no colour and match anything.
// A Blank is not: each has a colour (blank.go).
func (k Kind) IsWild() bool { return k >= Wild && k != Blank }

// IsAction reports whether the kind is a coloured action card (Skip, Reverse,
// Draw Two): the cards the Army of Grayskull may take.
func (k Kind) IsAction() bool { return k == Skip || k == Reverse || k == DrawTwo }

// Card is one card. Cards are plain values: two red sevens are equal.
// Value is the face number of a number card; on the Army of Grayskull it is 1
// for the foil duplicate, which plays exactly like the ordinary card.
type Card struct {
	Color Color
	Kind  Kind
	Value uint8
}

// key packs the card into one word, so that cards compare in one step (a
// comparison field by field is three unpredictable branches).
func (c Card) key() uint32 { return uint32(c.Color) | uint32(c.Kind)<<8 | uint32(c.Value)<<16 }

// matchMask has bit i set when hand[i] (of the first 64) matches: Matches,
// computed without a branch per card (which cards match is as random as the
// deal, so branches on it are mispredicted half the time). The cards of a
// deck carry Value 0 unless they are number cards, so kind and value equal
// means number or symbol equal.
func matchMask(hand []Card, top Card, color Color) uint64 {
	if len(hand) > 64 {
		hand = hand[:64]
	}
	symbol := uint16(top.Kind) | uint16(top.Value)<<8
	var m uint64
	for i := range hand {
		c := &hand[i]
		same := b2u(uint16(c.Kind)|uint16(c.Value)<<8 == symbol)
		m |= (b2u(c.Kind >= Wild)&b2u(c.Kind != Blank) | b2u(c.Color == color) | same) << (i & 63)
	}
	return m
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// zero reports whether c is the zero Card: no card.
func (c Card) zero() bool { return uint8(c.Color)|uint8(c.Kind)|c.Value == 0 }

// Foil reports whether the card is the collectible foil duplicate.
func (c Card) Foil() bool { return c.Kind == ArmyOfGrayskull && c.Value == 1 }

// Points is what the card scores when left in a hand. The Classic rulebook
// prints "?" for a Blank: a table chooses (Settings.Points); this is the
// default, 20, as the coloured action cards a Blank plays like.
func (c Card) Points() int {
	switch {
	case c.Kind == Number:
		return int(c.Value)
	case c.Kind.IsAction() || c.Kind == Blank:
		return 20
	default:
		return 50
	}
}

// symbol is the kind part of a card's label.
func (c Card) symbol() string {
	switch c.Kind {
	case Number:
		return string('0' + rune(c.Value))
	case Skip:
		return "S"
	case Reverse:
		return "R"
	case DrawTwo:
		return "+2"
	case Wild:
		return ""
	case WildDrawFour:
		return "+4"
	case Blank:
		return "?"
	case MutatedMinion:
		return "M"
	case PowerOfGreyskull:
		return "G"
	case KevinsChili:
		return "C"
	case ArmyOfGrayskull:
		if c.Value == 1 {
			return "A*"
		}
		return "A"
	}
	return "?"
}

// Label is the short text a player reads on the card: R7, G+2, YS (skip), BR
// (reverse), W, W+4, Y? (a yellow Blank), WM, WG, WC, WA. The colour letter is
// edition-neutral (P is purple or pink); Code is the unambiguous form.
func (c Card) Label() string {
	if c.Kind.IsWild() {
		return "W" + c.symbol()
	}
	return c.Color.Letter() + c.symbol()
}

// Code is the card's unambiguous text form, used in JSON: the label, but with
// K for pink.
func (c Card) Code() string {
	if c.Kind.IsWild() {
		return "W" + c.symbol()
	}
	return string(colorCodes[c.Color%Color(len(colorCodes))]) + c.symbol()
}

func (c Card) String() string { return c.Code() }

// MarshalText encodes the card as its code. The zero Card (no card: a card
// hidden from the viewer, or none yet) encodes as the empty string.
func (c Card) MarshalText() ([]byte, error) {
	if c == (Card{}) {
		return []byte{}, nil
	}
	return []byte(c.Code()), nil
}

// UnmarshalText decodes a card code such as "R7", "K+2", "W+4" or "WA*"; the
// empty string is the zero Card.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = Card{}
		return nil
	}
	card, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = card
	return nil
}

// ParseCard reads a card code (see Code).
func ParseCard(s string) (Card, error) {
	c, ok := parseCard(s)
	if !ok {
		return Card{}, fmt.Errorf("%q is not a card code", s)
	}
	return c, nil
}

// parseCard is ParseCard without the error, which costs more than the
// card: a journal or a message of many cards is read without making one.
func parseCard(s string) (Card, bool) {
	if len(s) < 1 {
		return Card{}, false
	}
	if s[0] == 'W' {
		switch s[1:] {
		case "":
			return Card{Kind: Wild}, true
		case "+4":
			return Card{Kind: WildDrawFour}, true
		case "M":
			return Card{Kind: MutatedMinion}, true
		case "G":
			return Card{Kind: PowerOfGreyskull}, true
		case "C":
			return Card{Kind: KevinsChili}, true
		case "A":
			return Card{Kind: ArmyOfGrayskull}, true
		case "A*":
			return Card{Kind: ArmyOfGrayskull, Value: 1}, true
		}
		return Card{}, false
	}
	col := Color(strings.IndexByte(string(colorCodes[:]), s[0]))
	if col == NoColor || int(col) >= len(colorCodes) || len(s) < 2 {
		return Card{}, false
	}
	switch rest := s[1:]; {
	case len(rest) == 1 && rest[0] >= '0' && rest[0] <= '9':
		return Card{Color: col, Kind: Number, Value: rest[0] - '0'}, true
	case rest == "S":
		return Card{Color: col, Kind: Skip}, true
	case rest == "R":
		return Card{Color: col, Kind: Reverse}, true
	case rest == "+2":
		return Card{Color: col, Kind: DrawTwo}, true
	case rest == "?":
		return Card{Color: col, Kind: Blank}, true
	}
	return Card{}, false
}

// Matches reports whether card may be played on top when color is in play:
// same colour, same number, same action symbol, or any wild.
func (c Card) Matches(top Card, color Color) bool {
	if c.Kind.IsWild() {
		return true
	}
	if c.Color == color {
		return true
	}
	if c.Kind == Number {
		return top.Kind == Number && top.Value == c.Value
	}
	return c.Kind == top.Kind
}

// cardSlots bounds slot: every distinct card has its own slot below it.
const cardSlots = (int(ArmyOfGrayskull)*10+9)*8 + int(Pink) + 1

// slot numbers the distinct cards, so that cards can be counted in an array
// instead of a map: (kind*10 + value)*8 + colour, computed without a branch
// on the card. A card whose colour, kind or value is out of range has slot
// 0; so has the zero Card. Counting against the deck's own counts tells the
// cards that cannot exist (a coloured wild, a colourless number) apart.
func (c Card) slot() int {
	n := (int(c.Kind)*10+int(c.Value))*8 + int(c.Color)
	ok := b2u(c.Kind <= ArmyOfGrayskull) & b2u(c.Value <= 9) & b2u(c.Color <= Pink)
	return n * int(ok)
}
