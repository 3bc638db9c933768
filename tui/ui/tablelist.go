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
