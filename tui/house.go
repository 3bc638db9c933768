package tui

import (
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// This file shows a table's house rules: in the create form (a preset, or
// each rule chosen by hand), in the table's header and waiting room, and in
// the help.

// takesTarget reports whether playing card asks for another player: a swap
// Blank, or a 7 under the 7-0 house rule.
func takesTarget(v *engine.View, card engine.Card) bool {
	return card.Kind == engine.Blank && v.Settings.Blanks == engine.BlankSwapHands ||
		v.Settings.House.SevenO && card.Kind == engine.Number && card.Value == 7
}

// houseTag is the house rules in a word, for the table's header: the
// preset's name ("Party rules"), "house rules" for a custom set, "" for the
// printed rules.
func houseTag(h engine.HouseRules) string {
	switch p := h.Preset(); p {
	case engine.PresetClassic:
		return ""
	case engine.PresetCustom:
		return "house rules"
	default:
		return p.Title() + " rules"
	}
}

func houseLine(h engine.HouseRules) string { return ui.HouseLine(h) }

// houseHelp is the help's section on house rules.
func houseHelp() []helpLine {
	ls := []helpLine{{Heading: "House rules"},
		{Text: "A table may add house rules when it is created (a preset, or each rule by hand); the waiting room lists them and the table's header names them."}}
	for _, r := range ui.HouseRules {
		ls = append(ls, helpLine{Key: r.Name, Text: r.Blurb})
	}
	return ls
}
