package ui

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
)

// The house rules as the create form offers them one by one, and as the
// help page explains them.

// HouseRules are the house rules the create form offers one by one, each
// with its values.
var HouseRules = []struct {
	Name   string
	Blurb  string
	Values int
	Get    func(h engine.HouseRules) int
	Set    func(h *engine.HouseRules, v int)
	Title  func(v int) string
}{
	{"stacking", "A Draw Two or Wild Draw Four may be answered with another, passing the penalty on, larger; the player who cannot stack draws it all.",
		len(engine.Stackings), func(h engine.HouseRules) int { return int(h.Stacking) },
		func(h *engine.HouseRules, v int) { h.Stacking = engine.Stacking(v) }, func(v int) string { return engine.Stacking(v).Title() }},
	{"7-0", "A 7 swaps hands with a player you choose; a 0 passes every hand on in the direction of play.",
		2, func(h engine.HouseRules) int { return btoi(h.SevenO) }, func(h *engine.HouseRules, v int) { h.SevenO = v == 1 }, onOff},
	{"jump-in", "Hold the very card on top (same colour and number or symbol)? Play it out of turn: play goes on from you.",
		2, func(h engine.HouseRules) int { return btoi(h.JumpIn) }, func(h *engine.HouseRules, v int) { h.JumpIn = v == 1 }, onOff},
	{"draw until you can play", "Drawing goes on until you draw a card you can play.",
		2, func(h engine.HouseRules) int { return btoi(h.DrawToMatch) }, func(h *engine.HouseRules, v int) { h.DrawToMatch = v == 1 }, onOff},
	{"forced play", "A card you draw that can be played must be played.",
		2, func(h engine.HouseRules) int { return btoi(h.ForcePlay) }, func(h *engine.HouseRules, v int) { h.ForcePlay = v == 1 }, onOff},
	{"no bluffing", "A Wild Draw Four only without a card of the colour in play; there is nothing to challenge.",
		2, func(h engine.HouseRules) int { return btoi(h.NoBluff) }, func(h *engine.HouseRules, v int) { h.NoBluff = v == 1 }, onOff},
	{"UNO penalty", "The cards a player caught without calling UNO draws.",
		engine.MaxUNOPenalty + 1, func(h engine.HouseRules) int { return h.UNOPenalty },
		func(h *engine.HouseRules, v int) { h.UNOPenalty = v }, func(v int) string {
			if v == 0 {
				return "the edition's"
			}
			return Plural(v, "card", "cards")
		}},
	{"automatic UNO", "UNO is called for everyone as they play down to one card: nobody can be caught.",
		2, func(h engine.HouseRules) int { return btoi(h.AutoUNO) }, func(h *engine.HouseRules, v int) { h.AutoUNO = v == 1 }, onOff},
}

func onOff(v int) string {
	if v == 1 {
		return "on"
	}
	return "off"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PresetBlurb explains a preset in the create form.
func PresetBlurb(p engine.Preset, h engine.HouseRules) string {
	switch p {
	case engine.PresetClassic:
		return "The rules as the rulebook prints them: no house rule."
	case engine.PresetCustom:
		return "Choose each house rule below. Now: " + strings.TrimPrefix(HouseLine(h), "house rules: ") + "."
	}
	return fmt.Sprintf("%s: %s.", p.Title(), strings.Join(p.Rules().Describe(), ", "))
}

// TakesTarget reports whether playing card asks for another player: a swap
// Blank, or a 7 under the 7-0 house rule.
func TakesTarget(v *engine.View, card engine.Card) bool {
	return card.Kind == engine.Blank && v.Settings.Blanks == engine.BlankSwapHands ||
		v.Settings.House.SevenO && card.Kind == engine.Number && card.Value == 7
}

// HouseTag is the house rules in a word, for the table's header: the
// preset's name ("Party rules"), "house rules" for a custom set, "" for the
// printed rules.
func HouseTag(h engine.HouseRules) string {
	switch p := h.Preset(); p {
	case engine.PresetClassic:
		return ""
	case engine.PresetCustom:
		return "house rules"
	default:
		return p.Title() + " rules"
	}
}
