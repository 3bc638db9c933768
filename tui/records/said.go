package records

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// The records as sentences, for the linear (screen-reader) mode: the same
// figures as the pages' columns, each row said as a sentence rather than
// read across columns.

// ProfileSaid is a profile as sentences.
func ProfileSaid(p lobby.Profile) []string {
	head := ProfileHead(p, 1<<20)
	out := make([]string, 0, len(head)+len(p.ByMode)+len(p.Recent)+2)
	for _, l := range head {
		out = append(out, ui.Sentence(l))
	}
	if len(p.ByMode) == 0 {
		out = append(out, "No finished game yet.")
	}
	for _, m := range p.ByMode {
		mode := m.Mode.Title()
		if m.Tournament {
			mode = tournamentRound
		}
		out = append(out, ui.Sentence(fmt.Sprintf("%s, %s: %s, %s, %s won, %s", m.Edition.Title(), mode,
			ui.Plural(m.Games, "game", "games"), ui.Plural(m.Wins, "win", "wins"), Percent(m.Wins, m.Games),
			ui.Plural(m.Points, "point", "points"))))
	}
	if len(p.Recent) > 0 {
		out = append(out, "Recent games, newest first:")
	}
	for _, g := range p.Recent {
		var others []string
		for s, name := range g.Players {
			if s != g.Seat {
				others = append(others, name)
			}
		}
		mode := g.Mode.Title()
		if g.Tournament != "" {
			mode = tournamentRound
		}
		s := fmt.Sprintf("%s: %s of %d, %s, %s, %s", g.Ended.UTC().Format("2 January"), PlaceText(g.Place),
			len(g.Players), g.Edition.Title(), mode, ui.Plural(g.Points, "point", "points"))
		if g.Rated {
			s += ", rating " + GainText(g.Gain, true)
		}
		if len(others) > 0 {
			s += ", with " + strings.Join(others, ", ")
		}
		out = append(out, ui.Sentence(s))
	}
	return out
}

// BoardSaid is a leaderboard as sentences: "1: ana, rating 12.3, 40 games."
func BoardSaid(list []lobby.LeaderEntry, week bool) []string {
	if len(list) == 0 {
		return BoardRows(list, week, 1<<20)
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s := fmt.Sprintf("%d: %s, rating %s, %s", e.Rank, EntryName(e), RatingText(e.Rating),
			ui.Plural(e.Games, "game", "games"))
		if week {
			s += ", this week " + GainText(e.Gain, true)
		}
		out = append(out, ui.Sentence(s))
	}
	return out
}
