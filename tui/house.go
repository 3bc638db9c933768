package tui

import (
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// This file shows a table's house rules: in the create form (a preset, or
// each rule chosen by hand), in the table's header and waiting room, and in
// the help.

func takesTarget(v *engine.View, card engine.Card) bool { return ui.TakesTarget(v, card) }
func houseTag(h engine.HouseRules) string               { return ui.HouseTag(h) }
func houseLine(h engine.HouseRules) string              { return ui.HouseLine(h) }

// houseHelp is the help's section on house rules.
func houseHelp() []helpLine {
	ls := []helpLine{{Heading: "House rules"},
		{Text: "A table may add house rules when it is created (a preset, or each rule by hand); the waiting room lists them and the table's header names them."}}
	for _, r := range ui.HouseRules {
		ls = append(ls, helpLine{Key: r.Name, Text: r.Blurb})
	}
	return ls
}
