package table

import (
	"slices"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/speech"
)

// This file is the table in the linear (screen-reader) mode: the same
// page, said rather than drawn. What it shows is said in two parts: Said
// (tableSaid, roomSaid), the page's state as sentences, which the router
// says again whole when asked and otherwise says as it changes; and the
// news (news), said once as it comes: the log's new lines, a countdown at
// 30, 10 and 5 seconds, and what the player asked to hear (the hand, the
// pile, the scores, the last events). The turn's moves are numbered
// (speech.Choices, built from the seat's legal moves) and chosen by number
// keys; the other keys are the table's own. The turn's question is in
// linearturn.go, the waiting room's sentences in linearroom.go.

// linearTable is what the linear form remembers: what it told, and the
// choice the player is making.
type linearTable struct {
	log   []lobby.LogLine // the log as last told (newLines)
	table string          // the table it was told of
	news  []string        // to say at the next frame
	path  []int           // the choices taken towards a move (a wild's card, then its colour)
	typed string          // the digits typed of a choice with two
	moves int             // the table's move count the path was taken at
	// The countdowns said: by what they count to, the moment last said.
	until [4]time.Time
	said  [4]int
}

// hear adds sentences to say at the next frame.
func (l *linearTable) hear(s ...string) {
	for _, x := range s {
		if x != "" {
			l.news = append(l.news, x)
		}
	}
}

// names are the seats' nicknames, as the sentences name them.
func (tp *Page) names() []string {
	t := tp.scr.Table
	out := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = speech.Plain(s.Nick)
	}
	return out
}

// edition is the table's edition, by which card labels are read.
func (tp *Page) edition() engine.Edition { return tp.scr.Table.Settings.Edition }

// news is what to say once, since the last frame: the log's new lines,
// the countdowns' moments, and what the player asked to hear.
func (tp *Page) news() []string {
	t := tp.scr.Table
	l := &tp.lin
	if t == nil {
		*l = linearTable{}
		return nil
	}
	if l.table != t.ID {
		*l = linearTable{table: t.ID, news: l.news}
	}
	var out []string
	names := tp.names()
	for _, line := range newLines(l.log, t.Log) {
		out = append(out, speech.Line(line, t.Settings.Edition, names))
	}
	l.log = t.Log
	out = append(out, tp.countdowns()...)
	out = append(out, l.news...)
	l.news = l.news[:0]
	return out
}

// newLines are the lines of log not in told: the log is the table's
// latest lines, so the told ones are the longest end of told that starts
// log (the bot API reads it so too: botapi/screen.go).
func newLines(told, log []lobby.LogLine) []lobby.LogLine {
	k := min(len(told), len(log))
	for ; k > 0; k-- {
		if slices.Equal(told[len(told)-k:], log[:k]) {
			break
		}
	}
	return log[k:]
}

// countdowns are the countdowns' moments to say now: the game's start,
// the player's turn, the Chili race, a raid, the next hand.
func (tp *Page) countdowns() []string {
	t := tp.scr.Table
	v := t.Game
	yours := v != nil && v.Seat >= 0 && v.Current == v.Seat
	clocks := [4]struct {
		what string
		at   time.Time
	}{
		{"The game starts", t.StartsAt},
		{"Your turn ends", map[bool]time.Time{true: t.TurnEnds}[yours]},
		{"The race ends", t.RaceEnds},
		{"The next hand is dealt", t.NextHandAt},
	}
	if !t.RaidEnds.IsZero() {
		clocks[2] = struct {
			what string
			at   time.Time
		}{"The raid ends", t.RaidEnds}
	}
	var out []string
	for i, c := range clocks {
		fresh := !c.at.Equal(tp.lin.until[i])
		if fresh {
			tp.lin.until[i], tp.lin.said[i] = c.at, 0
		}
		if c.at.IsZero() {
			continue
		}
		left := c.at.Sub(tp.c.Now())
		var s string
		s, tp.lin.said[i] = speech.Countdown(c.what, left, tp.lin.said[i])
		// A turn that has just begun is said by "Your turn": its clock is
		// said from 10 seconds on, not at every turn's start.
		if i == 1 && fresh && left > 10*time.Second {
			s = ""
		}
		out = append(out, s)
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}
