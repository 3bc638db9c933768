package ui

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
)

// This file is how the rules read on screen: editions, modes, goals.

// ShortEdition is an edition's name in at most 15 cells.
func ShortEdition(e engine.Edition) string {
	switch e {
	case engine.MastersOfTheUniverse2020:
		return "Masters 2020"
	case engine.MastersOfTheUniverse2023:
		return "Masters 2023"
	}
	return e.Title()
}

// Target is the table's effective target score.
func Target(s engine.Settings) int {
	if s.Target <= 0 {
		return engine.DefaultTarget
	}
	return s.Target
}

// ModeText is the mode in a few words: "to 500", "single hand".
func ModeText(s engine.Settings) string {
	switch s.Mode {
	case engine.Standard:
		return fmt.Sprintf("to %d", Target(s))
	case engine.LowestScore:
		return fmt.Sprintf("lowest, %d", Target(s))
	case engine.Partners:
		return fmt.Sprintf("partners, %d", Target(s))
	case engine.Challenge:
		return fmt.Sprintf("Challenge %d", Target(s))
	case engine.RotatingPartners:
		return fmt.Sprintf("rotating, %d hands", engine.RotationHands)
	}
	return s.Mode.Title()
}

// GoalText is the game's goal: "first to 500", "single hand".
func GoalText(s engine.Settings) string {
	switch s.Mode {
	case engine.Standard:
		return fmt.Sprintf("first to %d", Target(s))
	case engine.LowestScore:
		return fmt.Sprintf("lowest score at %d", Target(s))
	case engine.Partners:
		return fmt.Sprintf("partners to %d", Target(s))
	case engine.Challenge:
		return fmt.Sprintf("Challenge, out at %d", Target(s))
	case engine.RotatingPartners:
		return "rotating partners"
	}
	if s.Unscored() {
		return "single hand, no points"
	}
	return "single hand"
}

// ScoreWord is what a seat's number is: a score, or a tally of held cards.
func ScoreWord(s engine.Settings) string {
	if s.Mode == engine.LowestScore || s.Mode == engine.Challenge {
		return "tally"
	}
	return "score"
}

func EditionBlurb(e engine.Edition) string {
	switch e {
	case engine.Minions2016:
		return "Blue, green, orange, yellow. Mutated Minion: the next player draws until they turn up the colour named, and loses their turn."
	case engine.MastersOfTheUniverse2020:
		return "Blue, red, green, purple. Power of Greyskull: every other player draws three."
	case engine.TheOffice2020:
		return "Pink, blue, green, yellow. Kevin's Famous Chili: everyone races to drop their cards; the last draws two."
	case engine.MastersOfTheUniverse2023:
		return "Red, blue, green, yellow. Army of Grayskull: see every hand and take one action card from each player, giving one of yours."
	}
	return "Red, blue, green, yellow: the 108-card classic, with four Blank cards that may carry a house rule."
}

func ModeBlurb(m engine.Mode) string {
	switch m {
	case engine.LowestScore:
		return "Each hand, everyone adds up what they are left holding; when one reaches the target, the lowest tally wins."
	case engine.SingleHand:
		return "One hand: the first to empty their hand wins."
	case engine.Partners:
		return "Four players, partners sit across; a team scores both opponents' hands."
	case engine.Challenge:
		return "A tally of what each is caught holding; at the target a player is out. The last two play head to head."
	case engine.RotatingPartners:
		return "Four players, twelve hands: four with each of the others as partner, seated across. You keep what each partnership scores; the most points wins."
	}
	return "Whoever goes out scores what the others hold; first to the target wins."
}

// RulesLine is the rest of the rules: seats, the Blank rule, the foil card.
func RulesLine(s engine.Settings) string {
	parts := []string{Plural(s.Players, "seat", "seats")}
	switch s.Edition {
	case engine.Classic2001:
		if s.Blanks == engine.BlanksOut {
			parts = append(parts, "Blank cards: "+s.Blanks.Title())
		} else {
			parts = append(parts, fmt.Sprintf("Blanks: %s, %d pts", s.Blanks.Title(), s.BlankPoints.Points()))
		}
	case engine.MastersOfTheUniverse2023:
		if s.Foil {
			parts = append(parts, "the foil Army of Grayskull")
		}
	}
	if len(s.House.Describe()) > 0 {
		parts = append(parts, HouseLine(s.House))
	}
	return strings.Join(parts, " · ")
}

// HouseLine lists the house rules on, for the waiting room and the help.
func HouseLine(h engine.HouseRules) string {
	on := h.Describe()
	if len(on) == 0 {
		return "rules as printed"
	}
	return "house rules: " + strings.Join(on, ", ")
}
