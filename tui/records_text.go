package tui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// This file words the records (profiles, leaderboards) as plain lines: the
// TUI's pages draw them, and `ssh HOST profile NAME` and `ssh HOST top`
// print them without a terminal.

// TextWidth is the width of the records printed without a terminal.
const TextWidth = 80

// ratingText is a rating as shown: its conservative ordinal.
func ratingText(r lobby.Rating) string { return fmt.Sprintf("%.1f", r.Ordinal()) }

// gainText is a rating change: "+1.2", "-0.4", "" for none.
func gainText(g float64, rated bool) string {
	if !rated {
		return ""
	}
	if g > -0.05 && g < 0.05 {
		return "±0"
	}
	return fmt.Sprintf("%+.1f", g)
}

// percent is wins per game as "40%".
func percent(wins, games int) string {
	if games == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", (wins*100+games/2)/games)
}

// placeText is "1st", "2nd", "3rd", "4th".
func placeText(n int) string {
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

// boardEditions are the leaderboards, in the order ←/→ goes through them.
var boardEditions = func() []string {
	out := []string{lobby.AllEditions}
	for _, e := range engine.Editions {
		out = append(out, e.String())
	}
	return out
}()

// editionName is an edition's key as a player reads it.
func editionName(key string) string {
	if key == lobby.AllEditions || key == "" {
		return "all editions"
	}
	var e engine.Edition
	if e.UnmarshalText([]byte(key)) != nil {
		return key
	}
	return e.Title()
}

// ErrUnknownEdition is a leaderboard asked for an edition there is not.
var ErrUnknownEdition = errors.New("no such edition; try one of: all, classic, minions, motu-2020, office, motu-2023")

// ParseBoardEdition reads the edition a player names for a leaderboard:
// its full name (classic-2001), its first word (classic, minions, office,
// motu-2020) or "all"; "" is all.
func ParseBoardEdition(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == lobby.AllEditions {
		return lobby.AllEditions, nil
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

// profileHead is the profile's first lines: who, their ratings, their totals.
func profileHead(p lobby.Profile, w int) []string {
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
				parts = append(parts, fmt.Sprintf("rating %s over all editions (%s)", ratingText(r.Rating),
					plural(r.Games, "rated game", "rated games")))
				continue
			}
			var e engine.Edition
			name := r.Edition
			if e.UnmarshalText([]byte(r.Edition)) == nil {
				name = shortEdition(e)
			}
			parts = append(parts, name+" "+ratingText(r.Rating))
		}
		rating = strings.Join(parts, " · ")
	}
	totals := fmt.Sprintf("%s · %s (%s) · %s · %s · %s", plural(p.Games, "game", "games"),
		plural(p.Wins, "win", "wins"), percent(p.Wins, p.Games), plural(p.Points, "point", "points"),
		plural(p.UNOCalls, "UNO call", "UNO calls"), plural(p.Catches, "catch", "catches"))
	out := []string{trunc(who, w), trunc(rating, w), trunc(totals, w)}
	if t := p.Tournaments; t.Played > 0 {
		out = append(out, trunc(fmt.Sprintf("%s · %s · best place %s (its rounds count among the games)",
			plural(t.Played, "tournament", "tournaments"), plural(t.Won, "win", "wins"), placeText(t.Best)), w))
	}
	return out
}

// tournamentRound is the mode column's name for a tournament's round (a
// Partners game of four hands).
const tournamentRound = "tournament round"

// modeRows are the results by edition and mode, under a heading; at most
// limit rows (0: all), the last saying how many more there are.
func modeRows(p lobby.Profile, w, limit int) []string {
	if len(p.ByMode) == 0 {
		return []string{"No finished game yet."}
	}
	row := func(ed, mode, games, wins, rate, points string) string {
		return trunc(pad(ed, 15)+" "+pad(mode, 17)+" "+padLeft(games, 5)+" "+padLeft(wins, 5)+" "+
			padLeft(rate, 8)+" "+padLeft(points, 7), w)
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
		out = append(out, row(shortEdition(m.Edition), mode, fmt.Sprint(m.Games), fmt.Sprint(m.Wins),
			percent(m.Wins, m.Games), fmt.Sprint(m.Points)))
	}
	return out
}

// recentRows are the latest games, newest first, with column heads; at most
// limit rows (0: all).
func recentRows(p lobby.Profile, w, limit int) []string {
	if len(p.Recent) == 0 {
		return nil
	}
	row := func(when, place, ed, mode, points, gain, players string) string {
		return trunc(pad(when, 6)+" "+pad(place, 6)+" "+pad(ed, 15)+" "+pad(mode, 17)+" "+padLeft(points, 6)+" "+
			padLeft(gain, 6)+"  "+players, w)
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
		place := fmt.Sprintf("%s/%d", placeText(g.Place), len(g.Players))
		mode := g.Mode.Title()
		if g.Tournament != "" {
			mode = tournamentRound
		}
		out = append(out, row(g.Ended.UTC().Format("2 Jan"), place, shortEdition(g.Edition), mode,
			fmt.Sprint(g.Points), gainText(g.Gain, g.Rated), strings.Join(others, ", ")))
	}
	return out
}

// ProfileText is a player's profile as plain text, for `ssh HOST profile NAME`.
func ProfileText(p lobby.Profile) string {
	w := TextWidth
	out := profileHead(p, w)
	out = append(out, "")
	out = append(out, modeRows(p, w, 0)...)
	if r := recentRows(p, w, 0); len(r) > 0 {
		out = append(out, "", "recent games")
		out = append(out, r...)
	}
	return strings.Join(out, "\n") + "\n"
}

// boardTitle is "all editions · all time", "Classic 2001 · this week".
func boardTitle(edition string, week bool) string {
	if week {
		return editionName(edition) + " · this week"
	}
	return editionName(edition) + " · all time"
}

// boardRows are a leaderboard's lines with column heads.
func boardRows(list []lobby.LeaderEntry, week bool, w int) []string {
	if len(list) == 0 {
		if week {
			return []string{"No rated game this week yet: a game with two or more people is rated."}
		}
		return []string{"No rated game yet: a game with two or more people is rated."}
	}
	row := func(rank, name, rating, games, gain string) string {
		s := padLeft(rank, 3) + "  " + pad(name, 18) + " " + padLeft(rating, 7) + " " + padLeft(games, 6)
		if week {
			s += " " + padLeft(gain, 7)
		}
		return trunc(s, w)
	}
	out := []string{row("#", "player", "rating", "games", "gain")}
	for _, e := range list {
		out = append(out, row(fmt.Sprint(e.Rank), entryName(e), ratingText(e.Rating), fmt.Sprint(e.Games),
			gainText(e.Gain, true)))
	}
	return out
}

// entryName is a leaderboard line's player: a nickname, or a bot level.
func entryName(e lobby.LeaderEntry) string {
	if e.Player.Kind == lobby.SeatBot {
		return "bot (" + e.Name + ")"
	}
	return e.Name
}

// BoardText is a leaderboard as plain text, for `ssh HOST top`.
func BoardText(edition string, week bool, list []lobby.LeaderEntry, now time.Time) string {
	out := []string{"leaderboard · " + boardTitle(edition, week)}
	if week {
		out[0] += " (since " + lobby.WeekStart(now).Format("Mon 2 Jan") + ")"
	}
	out = append(out, "")
	out = append(out, boardRows(list, week, TextWidth)...)
	out = append(out, "", "rating: a cautious estimate of skill (OpenSkill); a newcomer starts at 0")
	return strings.Join(out, "\n") + "\n"
}
