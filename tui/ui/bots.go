package ui

import "github.com/unossh/unossh/lobby"

// The bots' levels and pace, as the create form and the waiting room
// word them.

// BotLevelText is a level and pace as the form shows them: "hard, fast".
func BotLevelText(l lobby.Level, fast bool) string {
	if fast {
		return l.String() + ", fast"
	}
	return l.String()
}

// levelBlurbs say how each level plays.
var levelBlurbs = [...]string{
	lobby.Beginner: "Beginner bots play any card they can, forget UNO now and then and never catch anyone.",
	lobby.Easy:     "Easy bots keep their wild cards for when nothing else plays, sometimes forget UNO and seldom catch a missed one.",
	lobby.Normal:   "Normal bots play sensibly: they keep the colour, shed high cards, aim action cards at whoever is close to going out.",
	lobby.Hard:     "Hard bots think ahead: from the cards seen and who drew on which colour they imagine the hands they cannot see and play each choice out.",
}

// BotLevelBlurb explains a level and pace in the create form.
func BotLevelBlurb(l lobby.Level, fast bool) string {
	s := "Bots play at this level; change one bot's level with ←/→ in the waiting room."
	if int(l) < len(levelBlurbs) {
		s = levelBlurbs[l] + " " + s
	}
	if fast {
		return s + " Fast: they move without a person's pauses."
	}
	return s + " They pause like a quick person before each move."
}
