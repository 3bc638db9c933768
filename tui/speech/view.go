package speech

import (
	"fmt"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
)

// Turn is what the viewer may do now, as said after the news: "Your turn.
// You can play 1 red 2, 2 red skip, 3 wild, or 4 draw. 6 cards." For a
// moment that is not a turn (a catch, the Chili race, a challenge) it says
// the moment first. "" when the viewer may do nothing.
func Turn(v engine.View, names []string) string {
	m := Choices(v, names)
	if len(m.Choices) == 0 {
		return ""
	}
	return Join(Lead(v, names), m.Sentence(), Count(len(v.Hand)))
}

// Lead is the moment the viewer's choices are in, said before them: "Your
// turn.", "ana played a wild draw four on you.", the Chili race, a raid
// (with every hand, which the raider sees), the first card's colour; ""
// for a moment with nothing to say before the choices (a catch).
func Lead(v engine.View, names []string) string {
	switch {
	case v.Phase == engine.PhaseRace:
		return "Kevin's famous chili: drop your cards, fast!"
	case v.Phase == engine.PhaseRaid && v.Player == v.Seat:
		return "Your raid: you see every hand. " + Hands(v, names)
	case v.Phase == engine.PhaseChallenge && v.Current == v.Seat:
		return capital(who(v.FourBy, names)) + " played a wild draw four on you."
	case v.Phase == engine.PhaseFirstColor:
		return "The first card is a wild: you choose the colour."
	case v.Current == v.Seat && (v.Phase == engine.PhaseTurn || v.Phase == engine.PhaseDrawn):
		if v.HasDrawn {
			return "Your turn. You drew " + Card(v.Drawn) + "."
		}
		return "Your turn."
	}
	return ""
}

// Join joins sentences with a space, leaving out the empty ones.
func Join(sentences ...string) string {
	var out []string
	for _, s := range sentences {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// Count is the viewer's hand size: "6 cards.", "1 card."
func Count(n int) string {
	if n == 1 {
		return "1 card."
	}
	return fmt.Sprintf("%d cards.", n)
}

// Whose is whose turn it is, when it is not the viewer's: "bo's turn."
func Whose(v engine.View, names []string) string {
	if v.Current < 0 || v.Current == v.Seat || v.Phase != engine.PhaseTurn && v.Phase != engine.PhaseDrawn {
		return ""
	}
	return who(v.Current, names) + "'s turn."
}

// Hand is the viewer's hand: "Your hand, 3 cards: red 2, blue skip and wild."
func Hand(v engine.View) string {
	if v.Seat < 0 {
		return "You are watching: you hold no cards."
	}
	return fmt.Sprintf("Your hand, %s: %s.", strings.TrimSuffix(Count(len(v.Hand)), "."), Cards(v.Hand))
}

// Pile is the top of the discard pile and what is in play: "On the pile:
// wild draw four, the colour is blue. 4 cards to draw are waiting. 52
// cards in the draw pile."
func Pile(v engine.View) string {
	if v.Top == (engine.Card{}) {
		return "The pile is empty."
	}
	s := "On the pile: " + Card(v.Top)
	if v.Top.Kind.IsWild() && v.Color != engine.NoColor {
		s += ", the colour is " + v.Color.String()
	}
	s += "."
	if v.Pending > 0 {
		s += fmt.Sprintf(" %d cards to draw are waiting.", v.Pending)
	}
	dir := "left, clockwise"
	if v.Direction < 0 {
		dir = "right, counter-clockwise"
	}
	return s + fmt.Sprintf(" Play goes %s. %d cards in the draw pile.", dir, v.DrawPile)
}

// Seats is every other seat's hand size, with who has called UNO and who
// may be caught: "bo 3 cards, ana 1 card, UNO called, cy 7 cards."
func Seats(v engine.View, names []string) string {
	var parts []string
	for _, sv := range v.Seats {
		if sv.Seat == v.Seat {
			continue
		}
		p := who(sv.Seat, names) + " " + strings.TrimSuffix(Count(sv.Cards), ".")
		switch {
		case sv.Out:
			p = who(sv.Seat, names) + " is out"
		case sv.UNO:
			p += ", UNO called"
		case sv.Exposed:
			p += ", no UNO called"
		}
		parts = append(parts, p)
	}
	return sentence(strings.Join(parts, "; "))
}

// Hands is every hand, as the raider of the Army of Grayskull sees them.
func Hands(v engine.View, names []string) string {
	var parts []string
	for s, h := range v.Hands {
		if s != v.Seat && len(h) > 0 {
			parts = append(parts, who(s, names)+" holds "+Cards(h))
		}
	}
	return sentence(strings.Join(parts, "; "))
}

// Scores are the scores, by team in a partners game: "Scores: you 20, bo
// 0." or "Scores: you and ana 40, bo and cy 10."
func Scores(v engine.View, names []string) string {
	var parts []string
	teams := map[int]bool{}
	for _, sv := range v.Seats {
		name := viewer(sv.Seat, v.Seat, names)
		if sv.Team >= 0 && v.Settings.Mode == engine.Partners {
			if teams[sv.Team] {
				continue
			}
			teams[sv.Team] = true
			for _, o := range v.Seats {
				if o.Seat != sv.Seat && o.Team == sv.Team {
					name += " and " + viewer(o.Seat, v.Seat, names)
				}
			}
		}
		p := fmt.Sprintf("%s %d", name, sv.Score)
		if sv.Out {
			p += ", out"
		}
		parts = append(parts, p)
	}
	return "Scores: " + strings.Join(parts, "; ") + "."
}

// viewer is a seat's name, "you" for the viewer's own.
func viewer(seat, you int, names []string) string {
	if seat == you {
		return "you"
	}
	return who(seat, names)
}

// capital is s with its first letter in capitals, to begin a sentence
// (a name begins as its player wrote it: only "you" is changed).
func capital(s string) string {
	if strings.HasPrefix(s, "you") {
		return "Y" + s[1:]
	}
	return s
}

// Countdown is a countdown said at a few moments, not every second: at
// 30, 10 and 5 seconds left. said is the moment last said (0: none yet);
// it returns the sentence to say now ("" if none) and the moment to keep.
// what is what the countdown is for ("Your turn ends", "The game starts").
func Countdown(what string, left time.Duration, said int) (string, int) {
	secs := int((left + time.Second - 1) / time.Second)
	if secs <= 0 {
		return "", said
	}
	for _, mark := range []int{5, 10, 30} {
		if secs <= mark {
			if said != 0 && said <= mark {
				return "", said // this moment (or a later one) is said
			}
			if secs == 1 {
				return what + " in 1 second.", mark
			}
			return fmt.Sprintf("%s in %d seconds.", what, secs), mark
		}
	}
	return "", said
}
