package ui

import (
	"fmt"

	"github.com/unossh/unossh/lobby"
)

// This file is the list of tables the lobby, the watch page and the
// tournaments' page show: one row a table, with column heads.

// listCols are the widths of the table list's columns.
type listCols struct{ name, edition, mode, seats int }

func listColsOf(w int) listCols {
	c := listCols{name: 16, edition: 16, mode: 13, seats: 5}
	if w >= 110 {
		c = listCols{name: 22, edition: 29, mode: 16, seats: 6}
	}
	return c
}

// TableList draws the public tables with column heads in at most rows lines,
// the entry at cursor marked (-1: none).
func TableList(c Context, tables []lobby.TableInfo, cursor, rows int) []string {
	st := c.Styles()
	w, _ := c.Size()
	if len(tables) == 0 {
		msg := "No public tables yet: Quick play opens one."
		if len(c.Screen().Tables) > 0 {
			msg = "No table matches the filter."
		}
		return []string{"   " + st.Dim(msg)}
	}
	cols := listColsOf(w)
	head := "   " + Pad("table", cols.name) + " " + Pad("edition", cols.edition) + " " + Pad("mode", cols.mode) + " " +
		PadLeft("seats", cols.seats) + "  status"
	out := []string{st.Dim(Trunc(head, w))}
	first := 0
	if rows < 2 {
		rows = 2
	}
	show := rows - 1
	if cursor >= show {
		first = cursor - show + 1
	}
	for i := first; i < len(tables) && i < first+show; i++ {
		if i == first+show-1 && len(tables) > first+show {
			out = append(out, "   "+st.Dim(fmt.Sprintf("… and %d more", len(tables)-i)))
			break
		}
		out = append(out, tableRow(c, tables[i], cols, i == cursor))
	}
	return out
}

func tableRow(ctx Context, t lobby.TableInfo, c listCols, selected bool) string {
	st := ctx.Styles()
	w, _ := ctx.Size()
	ed := ShortEdition(t.Settings.Edition)
	if c.edition >= len(t.Settings.Edition.Title()) {
		ed = t.Settings.Edition.Title()
	}
	mark := "   "
	name := Clean(t.Short) // what friends say to meet there
	if name == "" {
		name = Clean(t.Name)
	}
	name = Pad(name, c.name)
	if selected {
		mark = " " + st.Turn("▶") + " "
		name = st.Bold(name)
	}
	mode := ModeText(t.Settings)
	if t.Tournament != "" {
		mode = "tournament"
	}
	row := mark + name + " " + Pad(ed, c.edition) + " " + Pad(mode, c.mode) + " " +
		PadLeft(fmt.Sprintf("%d/%d", t.Taken, t.Seats), c.seats) + "  " + statusText(ctx, t)
	return Trunc(row, w)
}

// statusText is "waiting 0:12", "playing · 2 watching".
func statusText(c Context, t lobby.TableInfo) string {
	st := c.Styles()
	s := ""
	switch t.Status {
	case lobby.Waiting:
		s = st.OK("waiting")
		if !t.StartsAt.IsZero() {
			s += " " + Clock(t.StartsAt.Sub(c.Now()))
		}
	case lobby.Playing:
		s = st.Accent("playing")
	default:
		s = st.Dim("finished")
	}
	if t.Watching > 0 {
		s += st.Dim(fmt.Sprintf(" · %d watching", t.Watching))
	}
	if t.APIBots {
		s += st.Dim(" · API bots") // its host lets bots of the bot API sit (lobby/apibots.go)
	}
	return s
}

// SittingAt is what the lobby says while the player is being seated at t.
func SittingAt(t lobby.TableInfo) string {
	name := Clean(t.Short)
	if name == "" {
		name = Clean(t.Name)
	}
	if t.Tournament == t.ID {
		return "opening the tournament " + name + "…"
	}
	return "taking a seat at " + name + "…"
}

// TableSaid is a public table as a sentence (the linear mode): "Table 2 of
// 3: bo's table, Classic 2001, single hand, 2 of 4 seats taken, waiting,
// 1 watching." A countdown is left out: it would be news every second.
func TableSaid(t lobby.TableInfo, i, n int) string {
	name := Clean(t.Short)
	if name == "" {
		name = Clean(t.Name)
	}
	mode := ModeText(t.Settings)
	if t.Tournament != "" {
		mode = "tournament"
	}
	s := fmt.Sprintf("Table %d of %d: %s, %s, %s, %d of %d seats taken, ", i+1, n, name,
		t.Settings.Edition.Title(), mode, t.Taken, t.Seats)
	switch t.Status {
	case lobby.Waiting:
		s += "waiting"
		if !t.StartsAt.IsZero() {
			s += ", starting soon"
		}
	case lobby.Playing:
		s += "playing"
	default:
		s += "finished"
	}
	if t.APIBots {
		s += ", API bots may sit"
	}
	if t.Watching > 0 {
		s += fmt.Sprintf(", %d watching", t.Watching)
	}
	return Sentence(s)
}

// TablesSaid is the public tables as sentences, or why there are none. The
// rows are said with the whole page only (Whole): on a busy server tables
// come and go all the time, and each would be news; their number is said
// when it changes, and the row under the cursor as it moves.
func TablesSaid(c Context, tables []lobby.TableInfo) []string {
	if len(tables) == 0 {
		if len(c.Screen().Tables) > 0 {
			return []string{"No table matches the filter."}
		}
		return []string{"No public tables yet: Quick play opens one."}
	}
	out := make([]string, 0, len(tables)+1)
	out = append(out, Sentence(fmt.Sprintf("Public tables: %d", len(tables))))
	for i, t := range tables {
		out = append(out, Whole(TableSaid(t, i, len(tables))))
	}
	return out
}
