package tui

import "github.com/unossh/unossh/tui/ui"

// A table's house rules are shown by the create form (page/create), the
// table page (page/table) and the help; this is the help's part.

// houseHelp is the help's section on house rules.
func houseHelp() []helpLine {
	ls := []helpLine{{Heading: "House rules"},
		{Text: "A table may add house rules when it is created (a preset, or each rule by hand); the waiting room lists them and the table's header names them."}}
	for _, r := range ui.HouseRules {
		ls = append(ls, helpLine{Key: r.Name, Text: r.Blurb})
	}
	return ls
}
