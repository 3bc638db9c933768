package create

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/tui/ui"
)

// Said is the form as sentences (the linear mode). Every field is said with
// the whole page; then each change is the field the cursor is on, its value
// and what it means, and any problem the choices have.
func (f *Page) Said(c ui.Context) []string {
	title := "Create a table"
	if f.configure {
		title = "Change the table's rules"
	}
	out := []string{ui.Whole(ui.Sentence(title + ". Up and down move from field to field, left and right change the field, enter " +
		f.verb() + "s, escape goes back"))}
	rs := f.rows()
	for i, r := range rs {
		if r == rowSubmit {
			continue
		}
		out = append(out, ui.Whole(f.rowSaid(r, i, len(rs))))
	}
	for i, r := range rs {
		if r != f.row {
			continue
		}
		switch r {
		case rowSubmit:
			out = append(out, ui.Sentence(fmt.Sprintf("On field %d of %d: press enter to %s the table", i+1, len(rs), f.verb())))
		case rowName:
			out = append(out, ui.Sentence(fmt.Sprintf("On field %d of %d, the name: type the name shown in the lobby's list of tables", i+1, len(rs))),
				ui.Typed("name", f.name.Value()))
		default:
			out = append(out, "On "+f.rowSaid(r, i, len(rs))+" "+ui.Sentence(f.describe()))
			if o := f.optionsSaid(); o != "" {
				out = append(out, o) // (said again only when another field's differ)
			}
		}
	}
	probs := f.problems()
	if f.err != "" && (len(probs) == 0 || probs[0] != f.err) {
		probs = append([]string{f.err}, probs...)
	}
	for _, p := range probs {
		out = append(out, ui.Sentence("Problem: "+p))
	}
	return out
}

// rowSaid is a field and its value: "field 3 of 12, edition: Classic 2001."
func (f *Page) rowSaid(r formRow, i, n int) string {
	label := rowLabel(r)
	v := spokenValue(r, f.value(r))
	if r == rowName {
		v = ui.Clean(f.name.Value())
	}
	return ui.Sentence(fmt.Sprintf("field %d of %d, %s: %s", i+1, n, trimLabel(label), v))
}

// trimLabel is a row's label without the indent of a sub-row.
func trimLabel(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	return s
}

// wordRows are the rows whose values are words, numbered in the linear
// mode and chosen by their numbers (a number's row, seats or bots, is
// moved with left and right).
var wordRows = map[formRow]bool{
	rowPublic: true, rowAPIBots: true, rowEdition: true, rowMode: true, rowTarget: true, rowBotLevel: true,
	rowBlanks: true, rowBlankPoints: true, rowFoil: true, rowHouse: true, rowRule: true, rowRuleValue: true,
	rowTimer: true,
}

// options are the values of the focused row, from its first in the order
// right steps through them, and which is chosen now; nil for a row whose
// values are not numbered (a number, the name, the button) or are more than
// the number keys.
func (f *Page) options() (opts []string, cur int) {
	if !wordRows[f.row] {
		return nil, 0
	}
	g := *f // (stepping a copy: its Input is not touched)
	g.toFirst()
	now := f.value(f.row)
	for range 20 {
		v := g.value(f.row)
		if len(opts) > 0 && v == opts[0] {
			break
		}
		if v == now {
			cur = len(opts)
		}
		opts = append(opts, v)
		if g.row == rowTarget && g.target == len(targets)-1 { // (the target stops at its ends)
			break
		}
		g.step(1)
	}
	if len(opts) > 9 {
		return nil, 0
	}
	return opts, cur
}

// toFirst sets the focused row to its first value.
func (f *Page) toFirst() {
	switch f.row {
	case rowPublic:
		f.public = false
	case rowAPIBots:
		f.apiBots = false
	case rowEdition:
		f.edition = 0
	case rowMode:
		f.mode = 0
	case rowTarget:
		f.target = 0
	case rowBotLevel:
		f.botLevel, f.fastBots = 0, false
	case rowBlanks:
		f.blanks = 0
	case rowBlankPoints:
		f.blankPts = 0
	case rowFoil:
		f.foil = false
	case rowHouse:
		f.preset = 0
	case rowRule:
		f.rule = 0
	case rowRuleValue:
		ui.HouseRules[f.rule].Set(&f.house, 0)
	case rowTimer:
		f.timer = 0
	}
}

// choose sets the focused row to its n-th value (from 0), stepping to it
// as right does, so that whatever a step changes besides (partners' seats,
// a preset's rules) changes the same.
func (f *Page) choose(n int) {
	if f.row == rowTarget {
		f.target = n
		return
	}
	opts, cur := f.options()
	for range (n - cur + len(opts)) % len(opts) {
		f.step(1)
	}
}

// optionsSaid is the focused row's values, numbered.
func (f *Page) optionsSaid() string {
	opts, _ := f.options()
	if opts == nil {
		return ""
	}
	s := "Choices:"
	for i, o := range opts {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" %d, %s", i+1, spokenValue(f.row, o))
	}
	return s + "."
}

// spokenValue is a row's value as it is said: a turn's time in seconds
// rather than "15s", which a synthesiser reads as a letter.
func spokenValue(r formRow, v string) string {
	if r == rowTimer {
		if n, ok := strings.CutSuffix(v, "s a turn"); ok {
			return n + " seconds a turn"
		}
	}
	return v
}
