package create

import (
	"fmt"

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
	v := f.value(r)
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
