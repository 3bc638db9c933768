package engine

import "fmt"

// ActionKind names a move.
type ActionKind uint8

// The moves. Seat is the seat that makes the move; the table itself (the
// caller) makes Deal and CloseRace with Seat set to SystemSeat.
const (
	// Deal starts the next hand (the first deal also chooses the dealer).
	Deal ActionKind = iota
	// Play puts Card from the hand on the discard pile. Color is the colour
	// chosen for a wild; UNO calls UNO with the next-to-last card; Target is the
	// player a Blank's swap names.
	Play
	// Draw takes one card from the draw pile (and may be chosen instead of a
	// playable card: reneging).
	Draw
	// Pass keeps the card just drawn.
	Pass
	// ChooseColor names the colour in play when a wild is turned up first.
	ChooseColor
	// Accept takes the Wild Draw Four's four cards without challenging.
	Accept
	// ChallengeDrawFour challenges the Wild Draw Four just played.
	ChallengeDrawFour
	// CallUNO calls UNO after the next-to-last card is down (a self-catch in
	// Classic 2001; the call "the moment you have one card" in MotU 2023).
	CallUNO
	// Catch names Target as having failed to call UNO.
	Catch
	// Drop is a player's drop in the Kevin's Famous Chili race.
	Drop
	// CloseRace ends the Chili race: everyone who has not dropped draws two.
	CloseRace
	// Exchange takes Card (an action card) from Target and gives them Give.
	Exchange
	// EndRaid ends the Army of Grayskull raid.
	EndRaid
)

var actionNames = [...]string{"deal", "play", "draw", "pass", "choose-color", "accept", "challenge",
	"call-uno", "catch", "drop", "close-race", "exchange", "end-raid"}

func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return fmt.Sprintf("action(%d)", k)
}

// MarshalText encodes the kind by name.
func (k ActionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a kind name.
func (k *ActionKind) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, actionNames[:], (*uint8)(k), "action")
}

// SystemSeat is the seat of the table itself, which deals and closes races.
const SystemSeat = -1

// Action is one move. Fields a move does not use stay zero.
type Action struct {
	Kind   ActionKind `json:"kind"`
	Seat   int        `json:"seat"`
	Card   Card       `json:"card,omitzero"`
	Color  Color      `json:"color,omitzero"`
	UNO    bool       `json:"uno,omitempty"`
	Target int        `json:"target,omitempty"`
	Give   Card       `json:"give,omitzero"`
}

func (a Action) String() string {
	if a.Seat == SystemSeat {
		return "the table: " + a.Kind.String()
	}
	switch a.Kind {
	case Play:
		s := fmt.Sprintf("seat %d plays %s", a.Seat, a.Card)
		if a.Color != NoColor {
			s += " as " + a.Color.String()
		}
		if a.Kind == Play && a.Card.Kind == Blank && a.Target >= 0 {
			s += fmt.Sprintf(" at seat %d", a.Target)
		}
		if a.UNO {
			s += " calling UNO"
		}
		return s
	case ChooseColor:
		return fmt.Sprintf("seat %d chooses %s", a.Seat, a.Color)
	case Catch:
		return fmt.Sprintf("seat %d catches seat %d", a.Seat, a.Target)
	case Exchange:
		return fmt.Sprintf("seat %d takes %s from seat %d for %s", a.Seat, a.Card, a.Target, a.Give)
	}
	return fmt.Sprintf("seat %d %s", a.Seat, a.Kind)
}
