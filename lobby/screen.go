package lobby

import (
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// Screen is everything one session may show: the latest state the lobby and
// its table have posted to it. It is a copy, safe to keep and read.
type Screen struct {
	// Nick is the player's nickname ("" until chosen).
	Nick string
	// Account says whether the name is kept, or the player is a guest.
	Account AccountInfo
	// Quick is Quick play's choice: the account's, or this session's
	// (quickchoice.go).
	Quick QuickChoice
	// Online is the number of players connected.
	Online int
	// Tables is the live list of public tables, for the lobby.
	Tables []TableInfo
	// Table is the table the player sits at or watches, or nil in the lobby.
	Table *TableView
	// Held is the seat a table keeps for the player while they are away
	// (they left a game, or were stood up), or nil: the lobby offers
	// "back to your table" until Held.Until (held.go).
	Held *HeldSeat
	// Notice is the latest message for this player alone (an error such as
	// "it is not your turn", or news such as "ana left"). Seq grows with each
	// new notice so a TUI can tell a new one from the old.
	Notice Notice
	// Left counts the times a table sent the session back to the lobby: a
	// session that sees only the newest screen (a kick a moment after it
	// sat down) still learns that it left a table.
	Left int
	// KeysAdded counts the keys a link code added to the player's account
	// while the session was on (keyadded.go): the code the profile page
	// shows is used up when it grows.
	KeysAdded int
	// Rejoin is a guest's rejoin code (rejoin.go): with it, a guest whose
	// connection dropped takes their seat back. "" for a player with a key.
	Rejoin string
	// Invitation is a seat a friend offers the player (invite.go), or nil;
	// NoInvitations says they turned invitations off.
	Invitation    *Invitation
	NoInvitations bool
	// ScreenReader says the player turned the screen-reader (linear) mode
	// on in their profile (screenreader.go): kept in their account.
	ScreenReader bool
	// Closed, when set, is why the session is being closed (taken over by a
	// newer connection, the server stopping); the TUI shows it and quits.
	Closed string
}

// Notice is a message for one player.
type Notice struct {
	Seq   int
	Text  string
	Error bool
}

// TableStatus is where a table is in its life.
type TableStatus uint8

// The table statuses.
const (
	// Waiting: seats are being filled; the host starts the game.
	Waiting TableStatus = iota
	// Playing: a game is under way.
	Playing
	// Finished: the game is over; the result is on the table.
	Finished
)

func (s TableStatus) String() string {
	switch s {
	case Waiting:
		return "waiting"
	case Playing:
		return "playing"
	}
	return "finished"
}

// TableInfo is a line of the lobby's table list.
type TableInfo struct {
	ID string
	// Short is the table's short name ("brave-otter"), unique among the
	// live tables: what friends say to meet at a public table.
	Short  string
	Name   string
	Public bool
	// APIBots: the host lets API bots sit at the public table (apibots.go).
	APIBots bool
	// Ladder: a rated game of the ladder (ladder.go), and while it waits,
	// one a ladder seeker of another node may join (ladderdir.go).
	Ladder   bool
	Settings engine.Settings
	Seats    int // seats in all
	Taken    int // seats taken, bots included
	Humans   int
	Status   TableStatus
	Watching int
	// StartsAt is when a waiting public table starts by itself (zero: no countdown).
	StartsAt time.Time
	// Tournament is the id of the eight-player tournament the line belongs
	// to: its room (where players sign up: ID == Tournament) or one of its
	// two tables; "" for an ordinary table.
	Tournament string
}

// SeatInfo is one seat as everyone at the table sees it.
type SeatInfo struct {
	Nick string // "" for an empty seat
	Bot  bool
	// Program is true for a bot of the bot API (botaccount.go): a program
	// plays the seat, as a player.
	Program   bool
	Host      bool
	Connected bool // false while a player is away (their seat is kept)
	// AutoPlay is true while a bot plays for an absent or idle player.
	AutoPlay bool
	// Level is a bot's level (Bot seats only).
	Level bot.Level
}

// Empty reports whether nobody sits in the seat.
func (s SeatInfo) Empty() bool { return s.Nick == "" }

// LogLine is a line of the table's log: what happened, or a chat line.
type LogLine struct {
	Text string
	// Chat is set for chat lines; Nick said Text.
	Chat bool
	Nick string
	// From is who said a chat line, as an opaque id: a player who ignores
	// them does not see it (moderation_players.go).
	From string
}

// TableView is a table as one player (or spectator) sees it.
type TableView struct {
	TableInfo
	// Code is the private table's code ("" for a public table).
	Code  string
	Seats []SeatInfo
	// You is the viewer's seat, or -1 for a spectator.
	You int
	// Moves counts the moves the table has applied: when it grows, the
	// game has moved on (a move the player sent has landed, or another's).
	// A move refused comes back as a Notice instead.
	Moves int
	// MovedAt is when the latest move was applied (zero before the first):
	// the server measures from it how long a move takes to reach screens.
	MovedAt time.Time
	// Host is true when the viewer is the host (start, bots, kick).
	Host bool
	// Game is the viewer's view of the game, nil until it starts.
	Game *engine.View
	// Log is the latest lines of the table's log, oldest first.
	Log []LogLine
	// TurnEnds is when the current turn times out (zero: no timer).
	TurnEnds time.Time
	// RaceEnds and RaidEnds are when the Chili race closes and the Army raid ends.
	RaceEnds time.Time
	RaidEnds time.Time
	// NextHandAt is when the next hand is dealt, between hands.
	NextHandAt time.Time
	// LastHand is the result of the hand just finished (nil before the first).
	LastHand *HandResult
	// Reveal is a Mutated Minion's draw while it is shown card by card (nil
	// otherwise); the table holds every move until it is done.
	Reveal *Reveal
	// Drops are the seats in the order they dropped in the latest Kevin's
	// Chili race, the one who lost it last.
	Drops []int
	// Tournament is the tournament the table (or room) belongs to, with its
	// standings across both tables; nil at an ordinary table.
	Tournament *TournamentView
	// BotLevel is the level of the bots the host adds from now on, and
	// FastBots their pace.
	BotLevel bot.Level
	FastBots bool
	// APIBots: the host lets API bots sit at the public table (apibots.go).
	APIBots bool
}

// HandResult is how a hand ended.
type HandResult struct {
	Winner  int
	Partner int // -1 unless Partners or rotating partners
	Points  int
	Blocked bool
	// Unscored: the hand scores nothing (MotU 2023's single hand).
	Unscored bool
	// Held is what each seat was left holding, in points.
	Held []int
	// Scores are the scores after the hand.
	Scores []int
	// Eliminated are the seats put out by this hand (Challenge UNO).
	Eliminated []int
	GameOver   bool
	Winners    []int
	// StandIns are the seats a bot played in a person's place when the game
	// ended: a win of theirs is the bot's, not the absent player's.
	StandIns []int
	// Names are the seats' names when the game ended (GameOver): its result
	// still names a player who has since left the table.
	Names []string
}

// clone is a deep copy: a view handed out shares nothing with the table.
func (r *HandResult) clone() *HandResult {
	c := *r
	c.Held = append([]int(nil), r.Held...)
	c.Scores = append([]int(nil), r.Scores...)
	c.Eliminated = append([]int(nil), r.Eliminated...)
	c.Winners = append([]int(nil), r.Winners...)
	c.StandIns = append([]int(nil), r.StandIns...)
	c.Names = append([]string(nil), r.Names...)
	return &c
}
