package speech

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/unossh/unossh/engine"
)

// Menu is a question and its numbered choices: the turn's moves, or the
// next step of one (a wild's colour, a 7's or a Blank's player, whether to
// call UNO, the card to give in a raid).
type Menu struct {
	// Ask is the question said before the choices ("" at the turn's top,
	// which says "You can").
	Ask     string
	Choices []Choice
}

// Choice is one numbered choice: a move, or a step to the next question.
type Choice struct {
	// Words are the choice as said after its number ("red 2", "draw").
	Words string
	// Play is set for a card played: the turn's sentence says "play" once
	// before the cards.
	Play bool
	// Move is the move made when the choice is taken and Then is nil.
	Move engine.Action
	// Then is the next question, when the choice is not a whole move yet.
	Then *Menu
}

// Choices is the turn's moves for the viewer, numbered: every move of
// v.Legal is reached by exactly one path of choices, the plays first (in
// the order of the legal moves), a wild's colour, a player to name and the
// UNO call each asked after the card. names are the seats' nicknames.
func Choices(v engine.View, names []string) Menu {
	var m Menu
	acts := v.Legal
	for len(acts) > 0 {
		a := acts[0]
		same := func(b engine.Action) bool { return b.Kind == a.Kind && b.Card == a.Card && b.Target == a.Target }
		switch a.Kind {
		case engine.Play:
			group := take(&acts, func(b engine.Action) bool { return b.Kind == engine.Play && b.Card == a.Card })
			m.Choices = append(m.Choices, step(Choice{Words: Card(a.Card), Play: true}, group, names, playSteps))
		case engine.Exchange:
			group := take(&acts, same)
			c := Choice{Words: fmt.Sprintf("take %s from %s", Card(a.Card), who(a.Target, names))}
			m.Choices = append(m.Choices, step(c, group, names, []stepper{giveStep(a.Target, names)}))
		case engine.ChooseColor:
			take(&acts, func(b engine.Action) bool { return b == a })
			m.Ask = "Choose the colour"
			m.Choices = append(m.Choices, Choice{Words: a.Color.String(), Move: a})
		default:
			take(&acts, func(b engine.Action) bool { return b == a })
			m.Choices = append(m.Choices, Choice{Words: moveWords(a, v, names), Move: a})
		}
	}
	return m
}

// take removes from acts the moves keep holds for, in order, and returns them.
func take(acts *[]engine.Action, keep func(engine.Action) bool) []engine.Action {
	var got, rest []engine.Action
	for _, a := range *acts {
		if keep(a) {
			got = append(got, a)
		} else {
			rest = append(rest, a)
		}
	}
	*acts = rest
	return got
}

// stepper is one question asked of a group of moves that differ: its
// question, and each move's answer (its key and its words).
type stepper struct {
	ask    string
	answer func(a engine.Action) (key string, words string)
}

// playSteps are the questions after a card is chosen, in order.
var playSteps = []stepper{
	{"Choose the colour", func(a engine.Action) (string, string) { return a.Color.String(), a.Color.String() }},
	{"Choose the player", nil}, // (names: filled in by step)
	{"Call UNO with it", func(a engine.Action) (string, string) {
		if a.UNO {
			return "uno", "yes, call UNO"
		}
		return "no", "no"
	}},
}

// giveStep asks which card a raider gives for the one taken.
func giveStep(target int, names []string) stepper {
	return stepper{"Give " + who(target, names) + " which card", func(a engine.Action) (string, string) {
		return a.Give.Code(), Card(a.Give)
	}}
}

// step makes c the choice of the moves in group: the move itself when
// there is one, else the first question on which they differ.
func step(c Choice, group []engine.Action, names []string, steps []stepper) Choice {
	if len(group) == 1 {
		c.Move = group[0]
		return c
	}
	for i, s := range steps {
		answer := s.answer
		if answer == nil {
			answer = func(a engine.Action) (string, string) { return strconv.Itoa(a.Target), who(a.Target, names) }
		}
		var keys []string
		byKey := map[string][]engine.Action{}
		words := map[string]string{}
		for _, a := range group {
			k, w := answer(a)
			if _, ok := byKey[k]; !ok {
				keys = append(keys, k)
				words[k] = w
			}
			byKey[k] = append(byKey[k], a)
		}
		if len(keys) < 2 {
			continue // every move answers the same: not asked
		}
		next := &Menu{Ask: s.ask}
		for _, k := range keys {
			next.Choices = append(next.Choices, step(Choice{Words: words[k]}, byKey[k], names, steps[i+1:]))
		}
		c.Then = next
		return c
	}
	c.Move = group[0] // (moves that differ in nothing asked: the same move)
	return c
}

// moveWords is a move other than a play or a raid's exchange, as said.
func moveWords(a engine.Action, v engine.View, names []string) string {
	switch a.Kind {
	case engine.Draw:
		if v.Pending > 0 {
			return fmt.Sprintf("draw %d", v.Pending)
		}
		return "draw"
	case engine.Pass:
		return "keep the card"
	case engine.Accept:
		return "take the four cards"
	case engine.ChallengeDrawFour:
		return "challenge the wild draw four"
	case engine.CallUNO:
		return "call UNO"
	case engine.Catch:
		return "catch " + who(a.Target, names) + " without UNO"
	case engine.Drop:
		return "drop your cards"
	case engine.EndRaid:
		return "end the raid"
	}
	return a.Kind.String()
}

// who is a seat's name, as a choice says it.
func who(seat int, names []string) string {
	if seat >= 0 && seat < len(names) && names[seat] != "" {
		return Plain(names[seat])
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// Sentence is the menu said: "You can play 1 red 2, 2 red skip, 3 wild, or
// 4 draw." at the turn's top ("Your one choice: 1 draw." alone), "Choose
// the colour: 1 red, 2 blue, 3 green, or 4 yellow." for a question.
func (m Menu) Sentence() string {
	if len(m.Choices) == 0 {
		return ""
	}
	parts := make([]string, len(m.Choices))
	played := false
	for i, c := range m.Choices {
		parts[i] = fmt.Sprintf("%d %s", i+1, c.Words)
		if c.Play && !played && m.Ask == "" {
			parts[i] = "play " + parts[i]
			played = true
		}
	}
	lead := "You can "
	if m.Ask != "" {
		lead = m.Ask + ": "
	}
	if len(parts) == 1 {
		if m.Ask == "" {
			lead = "Your one choice: " // ("You can 1 draw" reads as a slip)
		}
		return lead + parts[0] + "."
	}
	return lead + strings.Join(parts[:len(parts)-1], ", ") + ", or " + parts[len(parts)-1] + "."
}

// Pick reads the number typed so far against a menu of n choices: the
// choice (from 0) once the number can only be that one, done reports
// whether it is chosen, and bad whether no choice can begin so. Up to 9
// choices, one key chooses; with more, "1" waits for a second digit (or
// Enter, PickNow) while "2" to "9" choose at once when no choice has two
// digits starting so.
func Pick(typed string, n int) (choice int, done, bad bool) {
	k, err := strconv.Atoi(typed)
	if err != nil || k < 1 || k > n {
		return 0, false, true
	}
	if k*10 > n {
		return k - 1, true, false
	}
	return k - 1, false, false
}

// PickNow is the number typed taken as it is (Enter pressed).
func PickNow(typed string, n int) (choice int, ok bool) {
	k, err := strconv.Atoi(typed)
	if err != nil || k < 1 || k > n {
		return 0, false
	}
	return k - 1, true
}
