package botapi

import (
	"github.com/unossh/unossh/engine"
)

// Protocol is the version of the protocol, told in hello: it grows when a
// message changes in a way an existing bot could misread.
const Protocol = 1

// The message types: the server's, then the bot's.
const (
	TypeRegister = "register" // both ways: the server asks, the bot names itself
	TypeHello    = "hello"
	TypeTable    = "table"
	TypeLobby    = "lobby" // the bot is back in the lobby, at no table
	TypeState    = "state"
	TypeTurn     = "turn"
	TypeEvents   = "events"
	TypeHandOver = "hand_over"
	TypeGameOver = "game_over"
	TypeNotice   = "notice"
	TypeError    = "error"

	TypeSeek       = "seek"
	TypeJoin       = "join"
	TypeMove       = "move"
	TypeChat       = "chat"
	TypeLeave      = "leave"
	TypeChallenges = "challenges"
)

// inbound is any line a bot sends: the fields its type uses are set.
type inbound struct {
	Type string `json:"type"`
	// Name is the bot's name, for register.
	Name string `json:"name"`
	// Edition, Mode, Players and Opponents are what a seek asks for.
	Edition   string `json:"edition"`
	Mode      string `json:"mode"`
	Players   int    `json:"players"`
	Opponents string `json:"opponents"`
	// Code is a private table's code, for join.
	Code string `json:"code"`
	// ID is the id of a move offered in the last turn, for move.
	ID *int `json:"id"`
	// Text is a chat line.
	Text string `json:"text"`
	// Accept says whether hosts may seat the bot, for challenges.
	Accept *bool `json:"accept"`
}

// registerMsg asks a key with no account for its bot's name.
type registerMsg struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// helloMsg greets a bot with its name.
type helloMsg struct {
	Type     string   `json:"type"`
	Protocol int      `json:"protocol"`
	Name     string   `json:"name"`
	Rating   *float64 `json:"rating"` // the conservative ordinal over all editions; null with no records
	Games    int      `json:"games"`
	// Ladder is the bot's place on the bot ladder; absent with no records.
	Ladder *ladderMsg `json:"ladder,omitempty"`
}

// ladderMsg is a bot's place on the ladder, as hello tells it.
type ladderMsg struct {
	Rating    float64 `json:"rating"` // the conservative ordinal on the ladder
	Games     int     `json:"games"`
	Validated bool    `json:"validated"` // its validation game is played
	Today     int     `json:"today"`     // its ladder games since 00:00 UTC
}

// seatMsg is one seat as the table shows it.
type seatMsg struct {
	Seat      int    `json:"seat"`
	Name      string `json:"name"`
	Bot       bool   `json:"bot,omitempty"` // a built-in bot
	Host      bool   `json:"host,omitempty"`
	Connected bool   `json:"connected"`
}

// tableMsg is the table the bot sits at and its seat there.
type tableMsg struct {
	Type     string          `json:"type"`
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Code     string          `json:"code,omitempty"`
	Public   bool            `json:"public"`
	Status   string          `json:"status"`
	Seat     int             `json:"seat"` // -1: watching
	Host     bool            `json:"host,omitempty"`
	Seats    []seatMsg       `json:"seats"`
	Settings engine.Settings `json:"settings"`
}

// stateMsg is the seat's view of the game; as a turn it also lists the
// moves the seat may make now.
type stateMsg struct {
	Type string `json:"type"`
	// Moves counts the moves the table has applied.
	Moves int `json:"moves"`
	// Names are the seats' names, in seat order.
	Names []string    `json:"names"`
	Game  engine.View `json:"game"`
	// Legal and DeadlineMS are a turn's.
	Legal      []legalMove `json:"legal,omitempty"`
	DeadlineMS *int64      `json:"deadline_ms,omitempty"`
}

// legalMove is a move offered, with the id that makes it and its meaning.
type legalMove struct {
	ID    int               `json:"id"`
	Kind  engine.ActionKind `json:"kind"`
	Card  engine.Card       `json:"card,omitzero"`
	Color engine.Color      `json:"color,omitzero"`
	UNO   bool              `json:"uno,omitempty"`
	// Target is the seat a catch, an exchange or a Blank names.
	Target *int        `json:"target,omitempty"`
	Give   engine.Card `json:"give,omitzero"`
}

// eventsMsg is what the seat saw happen, as the table's log tells it.
type eventsMsg struct {
	Type  string      `json:"type"`
	Lines []eventLine `json:"lines"`
}

type eventLine struct {
	Text string `json:"text"`
	Chat bool   `json:"chat,omitempty"`
	Name string `json:"name,omitempty"` // who said a chat line
}

// handOverMsg is how a hand ended.
type handOverMsg struct {
	Type     string `json:"type"`
	Winner   int    `json:"winner"`
	Partner  int    `json:"partner"`
	Points   int    `json:"points"`
	Blocked  bool   `json:"blocked,omitempty"`
	Held     []int  `json:"held"`
	Scores   []int  `json:"scores"`
	GameOver bool   `json:"game_over"`
}

// gameOverMsg is the game's result.
type gameOverMsg struct {
	Type    string   `json:"type"`
	Winners []int    `json:"winners"`
	Scores  []int    `json:"scores"`
	Names   []string `json:"names"`
	You     int      `json:"you"`
}

// noticeMsg is news for the bot alone ("ana left").
type noticeMsg struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// errorMsg says what went wrong with the bot's last line, or why the
// connection closes; RateLimit is set when a limit was met.
type errorMsg struct {
	Type      string     `json:"type"`
	Message   string     `json:"message"`
	RateLimit *rateLimit `json:"ratelimit,omitempty"`
	Closing   bool       `json:"closing,omitempty"`
}

type rateLimit struct {
	Seconds int `json:"seconds"`
}

// lobbyMsg says the bot is at no table any more.
type lobbyMsg struct {
	Type string `json:"type"`
}
