package table

import (
	"fmt"
	"sort"
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file shows the eight-player tournament at its tables: who partners
// whom this round at both tables, what each partnership has scored, and
// the players' standings across both tables.

// tourHand is the hand of the tournament a table is at (1 to 28): the
// round's hands before it, and this table's hand in the round.
func tourHand(tv *lobby.TournamentView, v *engine.View) int {
	return tv.Round*engine.HandsPerPartnership + max(v.HandNo, 1)
}

// pairText is "ana+bo" with what the partnership has scored.
func (tp *Page) pairText(tv *lobby.TournamentView, team [2]int, w int) string {
	a, b := team[0], team[1]
	name := func(p int) string { return ui.Trunc(ui.Clean(tv.Players[p]), 6) }
	return ui.Pad(name(a)+"+"+name(b), w) + ui.PadLeft(fmt.Sprint(tv.Standings.Tally[a][b]), 4)
}

// tableLine is a table's two partnerships this round, with their points.
func (tp *Page) tableLine(tv *lobby.TournamentView, k int) string {
	p := tv.Schedule[tv.Round].Tables[k]
	return tp.pairText(tv, p[0], 11) + tp.cards().Dim(" · ") + tp.pairText(tv, p[1], 11)
}

// ranking is the players by points, best first (by player number on a tie).
func ranking(tv *lobby.TournamentView) []int {
	order := make([]int, len(tv.Players))
	for i := range order {
		order[i] = i
	}
	sc := tv.Standings.Scores
	sort.SliceStable(order, func(i, j int) bool { return sc[order[i]] > sc[order[j]] })
	return order
}

// tourLines are the tournament as a table shows it: the round and hand,
// both tables' partnerships (▶ marks this one) and the standings.
func (tp *Page) tourLines(tv *lobby.TournamentView, v *engine.View, w int) []string {
	st := tp.cards()
	head := fmt.Sprintf("tournament · round %d of %d · hand %d of %d", tv.Round+1, engine.TournamentRounds,
		tourHand(tv, v), engine.TournamentHands)
	if tv.Over {
		head = "tournament · final standings"
	}
	out := []string{st.Dim(ui.Trunc(head, w))}
	for k := range engine.TournamentTables {
		mark := "  "
		if k == tv.Table {
			mark = st.Turn("▶ ")
		}
		state := ""
		if tv.RoundDone[k] && !tv.Over {
			state = st.Dim(" ✓")
		}
		out = append(out, ui.Trunc(mark+fmt.Sprintf("table %d  ", k+1)+tp.tableLine(tv, k)+state, w))
	}
	if v.Phase == engine.PhaseDeal || v.Phase == engine.PhaseGameOver {
		out = append(out, tp.rankLines(tv, w, 4)...) // between hands: everyone
		return append(out, tp.yourPartners(tv, v, w)...)
	}
	// In play, the leaders, beside the game.
	lead := "leads:"
	for i, p := range ranking(tv) {
		cell := fmt.Sprintf(" %s %d", ui.Clean(tv.Players[p]), tv.Standings.Scores[p])
		if ui.Width(lead+cell) > w || i == 4 {
			break
		}
		lead += cell
	}
	return append(out, st.Dim(lead))
}

// yourPartners is the viewer's points with each partner so far ("-" for
// a partner still to come), or nothing for a spectator.
func (tp *Page) yourPartners(tv *lobby.TournamentView, v *engine.View, w int) []string {
	t := tp.scr.Table
	if v.Seat < 0 || v.Seat >= len(t.Seats) {
		return nil
	}
	me := -1
	for p, n := range tv.Players {
		if n == t.Seats[v.Seat].Nick {
			me = p
		}
	}
	if me < 0 {
		return nil
	}
	met := map[int]bool{}
	for r := 0; r <= tv.Round && r < len(tv.Schedule); r++ {
		for _, pr := range tv.Schedule[r].Tables {
			if q := pr.Partner(me); q >= 0 {
				met[q] = true
			}
		}
	}
	line := "you with"
	for q, n := range tv.Players {
		if q == me {
			continue
		}
		pts := "-"
		if met[q] {
			pts = fmt.Sprint(tv.Standings.Tally[me][q])
		}
		line += fmt.Sprintf(" %s %s", ui.Trunc(ui.Clean(n), 5), pts)
	}
	return []string{tp.cards().Dim(ui.Trunc(line, w))}
}

// rankLines are the standings, perRow players a line: "1 bo 210".
func (tp *Page) rankLines(tv *lobby.TournamentView, w, perRow int) []string {
	st := tp.cards()
	var out []string
	line := ""
	for i, p := range ranking(tv) {
		cell := fmt.Sprintf("%d %s %d", i+1, ui.Trunc(ui.Clean(tv.Players[p]), 6), tv.Standings.Scores[p])
		if slicesContains(tv.Standings.Winners, p) {
			cell = st.Turn("★") + cell
		} else {
			cell = " " + cell
		}
		line += ui.Pad(cell, min(13, w/perRow))
		if (i+1)%perRow == 0 {
			out = append(out, ui.Trunc(line, w))
			line = ""
		}
	}
	if line != "" {
		out = append(out, ui.Trunc(line, w))
	}
	return out
}

func slicesContains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// tourWinners is "bo wins the tournament with 1,210 points".
func tourWinners(tv *lobby.TournamentView) string {
	ws := tv.Standings.Winners
	if len(ws) == 0 {
		return "The tournament is over."
	}
	var names []string
	for _, p := range ws {
		names = append(names, ui.Clean(tv.Players[p]))
	}
	pts := tv.Standings.Scores[ws[0]]
	if len(names) == 1 {
		return fmt.Sprintf("%s wins the tournament with %d points! ★", names[0], pts)
	}
	return fmt.Sprintf("A tie at %d points: %s ★", pts, strings.Join(names, ", "))
}

// tourNext is the last line between hands at a tournament's table whose
// round is played: what comes next.
func (tp *Page) tourNext(tv *lobby.TournamentView) string {
	st := tp.cards()
	switch {
	case tv.Over:
		return st.Key("enter") + " back to the lobby"
	case tv.Round == engine.TournamentRounds-1:
		return st.Dim(fmt.Sprintf("this table has played its hands: waiting for table %d", 2-tv.Table))
	}
	return st.Dim(fmt.Sprintf("round played: new partners when table %d has played too", 2-tv.Table))
}
