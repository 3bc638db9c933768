package table

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// headerParts are the pieces of a table's header: on the left "UNO",
// the edition, where the table is (private, its name, its code), the
// goal and the house rules; on the right the direction of play and how
// many watch. An empty piece is left out.
type headerParts struct {
	uno, edition, where, goal, house string
	turn, watching                   string
}

// line is the header's parts side by side, and how wide they are with
// the margins between them.
func (p headerParts) line(sep string) (left, right string, w int) {
	left = joinParts(sep, p.uno, p.edition, p.where, p.goal, p.house)
	right = joinParts(" · ", p.turn, p.watching) // (dimmed whole)
	return left, right, ui.Width(left) + ui.Width(right) + 3
}

// joinParts joins the parts that say something.
func joinParts(sep string, parts ...string) string {
	var b strings.Builder
	for _, s := range parts {
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	return b.String()
}

// tableHeader is "UNO · Classic 2001 · private brave-otter K7QX-2MHC-9DFA ·
// first to 500 · Party rules", with the direction of play and how many
// watch on the right. Where the window is too narrow for it all, the less
// a player needs a piece the sooner it is shortened or dropped: the code
// first (the waiting room shows it big, and the name stands for it), the
// edition's long name, the words beside the arrow of play, "UNO",
// "private", how many watch, the house rules' tag, the edition. The
// table's name and the goal ("partners to 500") stay.
func (tp *Page) tableHeader(t *lobby.TableView, v *engine.View) []string {
	st := tp.cards()
	sep := st.Dim(" · ")
	// The table's name is its short name, or a private table's code if it
	// has none; a code beside a name goes first.
	kind, name, code := "public", "", ""
	if t.Short != "" {
		name = st.Bold(ui.Clean(t.Short)) // the name friends meet by
	}
	if t.Code != "" {
		kind = "private"
		code = ui.Clean(lobby.FormatCode(t.Code))
		if name == "" {
			name, code = st.Bold(code), ""
		} else {
			code = st.Dim(code)
		}
	}
	where := func(kind, code string) string { return joinParts(" ", kind, name, code) }
	p := headerParts{uno: st.Title("UNO"), edition: v.Settings.Edition.Title(), goal: ui.GoalText(v.Settings),
		house: ui.HouseTag(v.Settings.House), turn: "↻ clockwise"}
	if tv := t.Tournament; tv != nil {
		p.goal = fmt.Sprintf("tournament table %d", tv.Table+1)
	}
	if v.Direction < 0 {
		p.turn = "↺ counter-clockwise"
	}
	if t.Watching > 0 {
		p.watching = fmt.Sprintf("%d watching", t.Watching)
	}
	p.where = where(kind, code)
	shorter := []func(*headerParts){
		func(p *headerParts) { p.where = where(kind, "") },
		func(p *headerParts) { p.edition = ui.ShortEdition(v.Settings.Edition) },
		func(p *headerParts) { p.turn = strings.Fields(p.turn)[0] },
		func(p *headerParts) { p.uno = "" },
		func(p *headerParts) { p.where = where("", "") },
		func(p *headerParts) { p.watching = "" },
		func(p *headerParts) { p.house = "" },
		func(p *headerParts) { p.edition = "" },
	}
	left, right, w := p.line(sep)
	for _, cut := range shorter {
		if w <= tp.w {
			break
		}
		cut(&p)
		left, right, w = p.line(sep)
	}
	return []string{ui.Spread(" "+left, st.Dim(right)+" ", tp.w), st.Rule(tp.w)}
}
