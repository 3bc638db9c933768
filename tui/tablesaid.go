package tui

import (
	"fmt"

	"github.com/unossh/unossh/tui/ui"
)

// The waiting room and the table as sentences (the linear mode): the
// foundation the table's own linear form builds on (this file is replaced
// by it). The room says the table, its seats and its code; both say the
// table's log as it grows.

// news is the table's news (newsForm in linear.go): none here.
func (t *tablePage) news() []string { return nil }

// roomSaid is the waiting room as sentences.
func (t *tablePage) roomSaid() []string {
	tv := t.scr.Table
	name := ui.Clean(tv.Short)
	if name == "" {
		name = ui.Clean(tv.Name)
	}
	out := []string{ui.Sentence(fmt.Sprintf("The waiting room of %s: %s, %s, %d of %d seats taken", name,
		tv.Settings.Edition.Title(), ui.ModeText(tv.Settings), tv.Taken, tv.TableInfo.Seats))}
	if tv.Code != "" {
		out = append(out, ui.Sentence("Friends join with the code "+tv.Code+", spelt "+ui.Spelt(tv.Code)))
	}
	for i, s := range tv.Seats {
		who := ui.Clean(s.Nick)
		switch {
		case s.Empty():
			who = "empty"
		case s.Bot:
			who += ", a bot"
		}
		if s.Host {
			who += ", the host"
		}
		if i == tv.You {
			who += ", you"
		}
		out = append(out, ui.Sentence(fmt.Sprintf("Seat %d: %s", i+1, who)))
	}
	if tv.Host {
		out = append(out, "You are the host: s starts the game. Control k says every key.")
	}
	return append(out, t.logSaid()...)
}

// tableSaid is the table as sentences.
func (t *tablePage) tableSaid() []string {
	tv := t.scr.Table
	out := []string{ui.Sentence("A game of " + tv.Settings.Edition.Title() + ", " + ui.ModeText(tv.Settings))}
	return append(out, t.logSaid()...)
}

// logSaid is the table's log, its chat lines said with who said them.
func (t *tablePage) logSaid() []string {
	tv := t.scr.Table
	out := make([]string, 0, len(tv.Log))
	for _, l := range tv.Log {
		if l.Chat {
			out = append(out, ui.Sentence(ui.Clean(l.Nick)+" says: "+ui.Clean(l.Text)))
			continue
		}
		out = append(out, ui.Sentence(ui.Clean(l.Text)))
	}
	return out
}
