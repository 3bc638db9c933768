package lobby

import (
	"fmt"
	"strings"
	"time"
)

// This file is the lines a table writes to the operators' log
// (Config.Logger; nil writes none): when it is created, when its game
// starts and when it finishes, with the result and how long it took.

// logCreated is the table's first line.
func (t *table) logCreated() {
	if l := t.cfg.Logger; l != nil {
		vis := "private"
		if t.opts.Public {
			vis = "public"
		}
		l.Info("table created", "table", t.id, "name", t.short, "visibility", vis,
			"edition", t.opts.Settings.Edition.Title(), "mode", t.opts.Settings.Mode.Title(), "seats", len(t.seats))
	}
}

// logStarted notes the start of a game (and when, for its duration).
func (t *table) logStarted() {
	t.startedAt = t.clock.Now()
	if l := t.cfg.Logger; l != nil {
		l.Info("table started", "table", t.id, "name", t.short, "players", t.seatList(),
			"edition", t.opts.Settings.Edition.Title(), "mode", t.opts.Settings.Mode.Title())
	}
}

// logFinished is the result: the winners (a stand-in bot's win is marked
// as the bot's), every seat's score, and the game's duration.
func (t *table) logFinished() {
	l := t.cfg.Logger
	if l == nil || t.game == nil {
		return
	}
	ins := t.standIns()
	var winners []string
	for _, w := range t.game.Winners() {
		if w >= 0 && w < len(t.seats) {
			winners = append(winners, t.seatLabel(w, ins))
		}
	}
	scores := t.game.Scores()
	var parts []string
	for i := range t.seats {
		if i < len(scores) {
			parts = append(parts, fmt.Sprintf("%s=%d", t.seatLabel(i, ins), scores[i]))
		}
	}
	l.Info("table finished", "table", t.id, "name", t.short, "winner", strings.Join(winners, ","),
		"scores", strings.Join(parts, " "), "duration", t.clock.Now().Sub(t.startedAt).Round(time.Second))
}

// seatList is every seat's label, for the log.
func (t *table) seatList() string {
	ins := t.standIns()
	var out []string
	for i := range t.seats {
		out = append(out, t.seatLabel(i, ins))
	}
	return strings.Join(out, ",")
}

// seatLabel is a seat's nickname, marked (bot) for a bot and (bot for X)
// for one standing in for player X.
func (t *table) seatLabel(i int, standIns []int) string {
	s := t.seats[i]
	for _, in := range standIns {
		if in == i {
			return "bot-for-" + s.nick
		}
	}
	if s.bot {
		return s.nick + "(bot)"
	}
	return s.nick
}
