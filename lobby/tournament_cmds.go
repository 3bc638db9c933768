package lobby

import "github.com/unossh/unossh/engine"

// The commands between a tournament and its two tables. Sessions speak to a
// tournament's room with the table's own commands (joinCmd, intentCmd, …),
// since a session at the room holds its queue as it would a table's. The
// tournament sends its tables the commands below on their queues; the
// tables report on the tournament's reports channel, which only they write,
// a few times a hand at most, so neither side ever waits on the other for
// long.

// tourSeatCmd seats a round's four players at a table and deals its game.
type tourSeatCmd struct {
	round    int
	players  [4]int   // the player number in each seat
	seats    [4]*seat // handed over by the tournament: the table owns them now
	settings engine.Settings
	view     *TournamentView
}

// tourReleaseCmd asks a table that has played its round to hand its seats
// back (tourReleasedCmd), so that the next round can seat them elsewhere.
type tourReleaseCmd struct{}

// tourViewCmd brings a table the latest standings.
type tourViewCmd struct {
	view *TournamentView
}

// tourEndCmd tells a table the tournament is over: its game ends with the
// last round, and its players leave when they like.
type tourEndCmd struct {
	view *TournamentView
}

// tourFwdCmd is a session's command the tournament passes on to the table
// where the session's player sits now; the table handles it as its own and
// never passes it back.
type tourFwdCmd struct {
	cmd tableCmd
}

func (tourSeatCmd) tableCmd()    {}
func (tourReleaseCmd) tableCmd() {}
func (tourViewCmd) tableCmd()    {}
func (tourEndCmd) tableCmd()     {}
func (tourFwdCmd) tableCmd()     {}

// tourReport is what a table tells its tournament.
type tourReport interface{ tourReport() }

// tourHandReport is a hand finished at a table: the partnership that went
// out (as player numbers) and the points it scored.
type tourHandReport struct {
	table, round    int
	winner, partner int
	points          int
	last            bool // the round's last hand at this table
}

// tourReleasedReport is a table's seats handed back, in seat order.
type tourReleasedReport struct {
	table int
	seats [4]*seat
}

// tourHumansReport is how many people (connected or away) a table seats now.
type tourHumansReport struct {
	table, humans int
}

// tourClosedReport is a table that has closed.
type tourClosedReport struct {
	table int
}

// tourAskReport is a session's command that reached a table its player no
// longer sits at (they were reseated while away, or moved between rounds).
type tourAskReport struct {
	cmd tableCmd
}

func (tourHandReport) tourReport()     {}
func (tourReleasedReport) tourReport() {}
func (tourHumansReport) tourReport()   {}
func (tourClosedReport) tourReport()   {}
func (tourAskReport) tourReport()      {}

// tourCloseCmd closes a table with its tournament (everyone left, or the
// tournament never began).
type tourCloseCmd struct {
	why string
}

func (tourCloseCmd) tableCmd() {}
