package engine

import "fmt"

// EventKind names something that happened.
type EventKind uint8

// The events. Each names which fields of Event it fills.
const (
	// EvCut: Seat turned up Card to choose the dealer.
	EvCut EventKind = iota
	// EvDealer: Seat deals hand number Count.
	EvDealer
	// EvDealt: every seat in play was dealt Count cards.
	EvDealt
	// EvFirstCard: Card was turned up to start the discard pile.
	EvFirstCard
	// EvFirstCardReturned: Card went back into the deck and another was turned up.
	EvFirstCardReturned
	// EvFirstCardIgnored: Card (an action card, MotU 2023) was ignored; another
	// was turned up on top of it.
	EvFirstCardIgnored
	// EvPlay: Seat played Card; Color is the colour now in play.
	EvPlay
	// EvDraw: Seat drew Card (zero when hidden from the viewer); Reason says why.
	EvDraw
	// EvPass: Seat kept the card they drew, or had nothing to draw.
	EvPass
	// EvSkip: Seat loses their turn.
	EvSkip
	// EvReverse: the direction of play is now Count (1 to the left, -1 to the right).
	EvReverse
	// EvColor: Seat chose Color.
	EvColor
	// EvTurn: it is Seat's turn.
	EvTurn
	// EvUNO: Seat called UNO.
	EvUNO
	// EvCaught: Target was caught by Seat without calling UNO and draws Count.
	EvCaught
	// EvReshuffle: the discard pile, but its top card, was shuffled into a new draw pile of Count cards.
	EvReshuffle
	// EvChallenge: Seat challenged Target's Wild Draw Four; Guilty says how it
	// went. The challenger's View then shows Target's hand (View.Shown).
	EvChallenge
	// EvAccept: Seat took the Wild Draw Four without a challenge.
	EvAccept
	// EvRaceStart: the Chili race is on; Count players must drop.
	EvRaceStart
	// EvDrop: Seat dropped, Count-th.
	EvDrop
	// EvRaceLost: Seat was last (or had not dropped when the race closed).
	EvRaceLost
	// EvRaidStart: Seat raids; Count players hold an action card.
	EvRaidStart
	// EvExchange: Seat took Card from Target and gave Give (hidden from the others).
	EvExchange
	// EvRaidEnd: Seat's raid is over.
	EvRaidEnd
	// EvSwapHands: Seat and Target swapped hands.
	EvSwapHands
	// EvPassHands: every hand moved one seat in direction Count.
	EvPassHands
	// EvDiscardColor: Seat discarded Count cards of Color.
	EvDiscardColor
	// EvHandOver: Seat won the hand (Target is Seat's partner in Partners and
	// rotating partners, else -1),
	// scoring Count points; Blocked when nobody could go out; Unscored when
	// the game scores nothing (MotU 2023's single hand).
	EvHandOver
	// EvEliminated: Seat reached the target in Challenge UNO and is out.
	EvEliminated
	// EvGameOver: the game is over; Seat won (and Target, a partner, or -1).
	EvGameOver
)

var eventNames = [...]string{"cut", "dealer", "dealt", "first-card", "first-card-returned",
	"first-card-ignored", "play", "draw", "pass", "skip", "reverse", "color", "turn", "uno", "caught",
	"reshuffle", "challenge", "accept", "race-start", "drop", "race-lost", "raid-start", "exchange",
	"raid-end", "swap-hands", "pass-hands", "discard-color", "hand-over", "eliminated", "game-over"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", k)
}

// MarshalText encodes the kind by name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a kind name.
func (k *EventKind) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, eventNames[:], (*uint8)(k), "event")
}

// DrawReason says why cards were drawn.
type DrawReason uint8

// The reasons for drawing.
const (
	DrawTurn      DrawReason = iota // the player's own draw
	DrawPenalty                     // a Draw Two or Wild Draw Four
	DrawUNO                         // caught without calling UNO
	DrawChallenge                   // a Wild Draw Four challenge lost
	DrawGreyskull                   // the Power of Greyskull
	DrawMinion                      // the Mutated Minion
	DrawChili                       // last in the Chili race
	DrawFirstCard                   // a Draw Two turned up first
	DrawHandEnd                     // a draw card was the last card of the hand
)

var reasonNames = [...]string{"turn", "penalty", "uno", "challenge", "greyskull", "minion", "chili", "first-card", "hand-end"}

func (r DrawReason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", r)
}

// MarshalText encodes the reason by name.
func (r DrawReason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a reason name.
func (r *DrawReason) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, reasonNames[:], (*uint8)(r), "draw reason")
}

// Event is one thing that happened. Which fields are filled depends on Kind.
type Event struct {
	Kind   EventKind  `json:"kind"`
	Seat   int        `json:"seat"`
	Target int        `json:"target,omitempty"`
	Card   Card       `json:"card,omitzero"`
	Give   Card       `json:"give,omitzero"`
	Color  Color      `json:"color,omitzero"`
	Count  int        `json:"count,omitempty"`
	Reason DrawReason `json:"reason,omitempty"`
	Guilty bool       `json:"guilty,omitempty"`
	// Blocked marks a hand that ended because nobody could play or draw.
	Blocked bool `json:"blocked,omitempty"`
	// Unscored marks a hand that scores nothing (Settings.Unscored): Count is 0.
	Unscored bool `json:"unscored,omitempty"`
}

// VisibleTo is the event as seat may see it: the face of a card drawn by, or
// exchanged with, someone else is hidden. A spectator is seat -1.
func (e Event) VisibleTo(seat int) Event {
	switch e.Kind {
	case EvDraw:
		if e.Seat != seat {
			e.Card = Card{}
		}
	case EvExchange:
		if e.Seat != seat && e.Target != seat {
			e.Card, e.Give = Card{}, Card{}
		}
	}
	return e
}
