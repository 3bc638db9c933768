// Package records words a player's records (a profile, a leaderboard) as
// plain lines: the profile and leaderboard pages draw them, and `ssh HOST
// profile NAME` and `ssh HOST top` print them without a terminal.
package records

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// TextWidth is the width of the records printed without a terminal.
const TextWidth = 80

// RatingText is a rating as shown: its conservative ordinal.
func RatingText(r lobby.Rating) string { return fmt.Sprintf("%.1f", r.Ordinal()) }

// GainText is a rating change: "+1.2", "-0.4", "" for none.
func GainText(g float64, rated bool) string {
	if !rated {
		return ""
	}
	if g > -0.05 && g < 0.05 {
		return "±0"
	}
	return fmt.Sprintf("%+.1f", g)
}

// Percent is wins per game as "40%".
func Percent(wins, games int) string {
	if games == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", (wins*100+games/2)/games)
}

// PlaceText is "1st", "2nd", "3rd", "4th".
func PlaceText(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// BoardEditions are the leaderboards, in the order ←/→ goes through them.
var BoardEditions = func() []string {
	out := []string{lobby.AllEditions}
	for _, e := range engine.Editions {
		out = append(out, e.String())
	}
	return append(out, lobby.LadderBoard) // ladder.go
}()

// EditionName is an edition's key as a player reads it.
func EditionName(key string) string {
	if key == lobby.AllEditions || key == "" {
		return "all editions"
	}
	if key == lobby.LadderBoard {
		return ladderName
	}
	var e engine.Edition
	if e.UnmarshalText([]byte(key)) != nil {
		return key
	}
	return e.Title()
}

// ErrUnknownEdition is a leaderboard asked for an edition there is not.
var ErrUnknownEdition = errors.New("no such edition; try one of: all, classic, minions, motu-2020, office, motu-2023, bots")

// ParseBoardEdition reads the edition a player names for a leaderboard:
// its full name (classic-2001), its first word (classic, minions, office,
// motu-2020) or "all"; "" is all.
func ParseBoardEdition(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == lobby.AllEditions {
		return lobby.AllEditions, nil
	}
	if s == lobby.LadderBoard || s == "ladder" {
		return lobby.LadderBoard, nil
	}
	var found []string
	for _, e := range engine.Editions {
		name := e.String()
		if name == s {
			return name, nil
		}
		if strings.HasPrefix(name, s) || strings.HasPrefix(strings.ToLower(e.Title()), s) {
			found = append(found, name)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return "", ErrUnknownEdition
}

// ProfileHead is the profile's first lines: who, their ratings, their totals.
func ProfileHead(p lobby.Profile, w int) []string {
	a := p.Account
	who := a.Nickname + " · playing since " + a.Created.UTC().Format("2 Jan 2006")
	if len(a.Keys) > 1 {
		who += fmt.Sprintf(" · %d keys", len(a.Keys))
	}
	rating := "rating 0.0: no rated game yet (a game with two or more people is rated)"
	if len(p.Ratings) > 0 {
		var parts []string
		for _, r := range p.Ratings {
			if r.Edition == lobby.AllEditions {
				parts = append(parts, fmt.Sprintf("rating %s over all editions (%s)", RatingText(r.Rating),
					ui.Plural(r.Games, "rated game", "rated games")))
				continue
			}
			var e engine.Edition
			name := r.Edition
			if e.UnmarshalText([]byte(r.Edition)) == nil {
				name = ui.ShortEdition(e)
			}
			parts = append(parts, name+" "+RatingText(r.Rating))
		}
		rating = strings.Join(parts, " · ")
	}
	totals := fmt.Sprintf("%s · %s (%s) · %s · %s · %s", ui.Plural(p.Games, "game", "games"),
		ui.Plural(p.Wins, "win", "wins"), Percent(p.Wins, p.Games), ui.Plural(p.Points, "point", "points"),
		ui.Plural(p.UNOCalls, "UNO call", "UNO calls"), ui.Plural(p.Catches, "catch", "catches"))
	out := []string{ui.Trunc(who, w), ui.Trunc(rating, w), ui.Trunc(totals, w)}
	if t := p.Tournaments; t.Played > 0 {
		out = append(out, ui.Trunc(fmt.Sprintf("%s · %s · best place %s (its rounds count among the games)",
			ui.Plural(t.Played, "tournament", "tournaments"), ui.Plural(t.Won, "win", "wins"), PlaceText(t.Best)), w))
	}
	return out
}

// tournamentRound is the mode column's name for a tournament's round (a
// Partners game of four hands).
const tournamentRound = "tournament round"

// ModeRows are the results by edition and mode, under a heading; at most
// limit rows (0: all), the last saying how many more there are.
func ModeRows(p lobby.Profile, w, limit int) []string {
	if len(p.ByMode) == 0 {
		return []string{"No finished game yet."}
	}
	row := func(ed, mode, games, wins, rate, points string) string {
		return ui.Trunc(ui.Pad(ed, 15)+" "+ui.Pad(mode, 17)+" "+ui.PadLeft(games, 5)+" "+ui.PadLeft(wins, 5)+" "+
			ui.PadLeft(rate, 8)+" "+ui.PadLeft(points, 7), w)
	}
	out := []string{row("edition", "mode", "games", "wins", "win rate", "points")}
	for i, m := range p.ByMode {
		if limit > 0 && i == limit-1 && len(p.ByMode) > limit {
			out = append(out, fmt.Sprintf("… and %d more", len(p.ByMode)-i))
			break
		}
		mode := m.Mode.Title()
		if m.Tournament {
			mode = tournamentRound
		}
		out = append(out, row(ui.ShortEdition(m.Edition), mode, fmt.Sprint(m.Games), fmt.Sprint(m.Wins),
			Percent(m.Wins, m.Games), fmt.Sprint(m.Points)))
	}
	return out
}

// RecentRows are the latest games, newest first, with column heads; at most
// limit rows (0: all).
func RecentRows(p lobby.Profile, w, limit int) []string {
	if len(p.Recent) == 0 {
		return nil
	}
	row := func(when, place, ed, mode, points, gain, players string) string {
		return ui.Trunc(ui.Pad(when, 6)+" "+ui.Pad(place, 6)+" "+ui.Pad(ed, 15)+" "+ui.Pad(mode, 17)+" "+ui.PadLeft(points, 6)+" "+
			ui.PadLeft(gain, 6)+"  "+players, w)
	}
	out := []string{row("when", "place", "edition", "mode", "points", "rating", "with")}
	for i, g := range p.Recent {
		if limit > 0 && i >= limit {
			break
		}
		var others []string
		for s, name := range g.Players {
			if s != g.Seat {
				others = append(others, name)
			}
		}
		place := fmt.Sprintf("%s/%d", PlaceText(g.Place), len(g.Players))
		mode := g.Mode.Title()
		if g.Tournament != "" {
			mode = tournamentRound
		}
		out = append(out, row(g.Ended.UTC().Format("2 Jan"), place, ui.ShortEdition(g.Edition), mode,
			fmt.Sprint(g.Points), GainText(g.Gain, g.Rated), strings.Join(others, ", ")))
	}
	return out
}

// ProfileText is a player's profile as plain text, for `ssh HOST profile NAME`.
func ProfileText(p lobby.Profile) string {
	w := TextWidth
	out := ProfileHead(p, w)
	out = append(out, "")
	out = append(out, ModeRows(p, w, 0)...)
	if r := RecentRows(p, w, 0); len(r) > 0 {
		out = append(out, "", "recent games")
		out = append(out, r...)
	}
	return strings.Join(out, "\n") + "\n"
}

// BoardTitle is "all editions · all time", "Classic 2001 · this week".
func BoardTitle(edition string, week bool) string {
	if week {
		return EditionName(edition) + " · this week"
	}
	return EditionName(edition) + " · all time"
}

// BoardRows are a leaderboard's lines with column heads.
func BoardRows(list []lobby.LeaderEntry, week bool, w int) []string {
	if len(list) == 0 {
		if week {
			return []string{"No rated game this week yet: a game with two or more people is rated."}
		}
		return []string{"No rated game yet: a game with two or more people is rated."}
	}
	row := func(rank, name, rating, games, gain string) string {
		s := ui.PadLeft(rank, 3) + "  " + ui.Pad(name, 18) + " " + ui.PadLeft(rating, 7) + " " + ui.PadLeft(games, 6)
		if week {
			s += " " + ui.PadLeft(gain, 7)
		}
		return ui.Trunc(s, w)
	}
	out := []string{row("#", "player", "rating", "games", "gain")}
	for _, e := range list {
		out = append(out, row(fmt.Sprint(e.Rank), EntryName(e), RatingText(e.Rating), fmt.Sprint(e.Games),
			GainText(e.Gain, true)))
	}
	return out
}

// EntryName is a leaderboard line's player: a nickname, or a bot level.
func EntryName(e lobby.LeaderEntry) string {
	if e.Player.Kind == lobby.SeatBot {
		return "bot (" + e.Name + ")"
	}
	if e.Person {
		return e.Name + " (person)" // on the bot ladder, among the programs
	}
	return e.Name
}

// BoardText is a leaderboard as plain text, for `ssh HOST top`.
func BoardText(edition string, week bool, list []lobby.LeaderEntry, now time.Time) string {
	out := []string{"leaderboard · " + BoardTitle(edition, week)}
	if week {
		out[0] += " (since " + lobby.WeekStart(now).Format("Mon 2 Jan") + ")"
	}
	out = append(out, "")
	out = append(out, BoardRows(list, week, TextWidth)...)
	out = append(out, "", "rating: a cautious estimate of skill (OpenSkill); a newcomer starts at 0")
	return strings.Join(out, "\n") + "\n"
}
