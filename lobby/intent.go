package lobby

import (
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// Intent is something a player asks of their table. The table checks it and
// answers, if at all, through the player's Screen.
type Intent struct {
	Kind IntentKind
	// Action is the move, for Move; the table fills in the seat.
	Action engine.Action
	// Seat is the seat a host's AddBot/RemoveBot/Kick is about.
	Seat int
	// Text is a chat line, for Chat.
	Text string
	// Settings are the new rules, for Configure.
	Settings engine.Settings
	// Level is the bot level, for BotLevel.
	Level bot.Level
	// Fast is the bots' pace, for BotPace.
	Fast bool
	// Allow is whether API bots may sit, for APIBotsSetting.
	Allow bool
}

// IntentKind names an intent.
type IntentKind uint8

// The intents.
const (
	// Move is a move in the game.
	Move IntentKind = iota
	// Chat says a line to the table.
	Chat
	// Start starts the game (host, waiting table).
	Start
	// AddBot seats a bot in the first empty seat (host).
	AddBot
	// RemoveBot empties a bot's seat (host).
	RemoveBot
	// Kick removes a player from the table (host).
	Kick
	// Leave leaves the table for the lobby.
	Leave
	// Configure changes the table's settings (host, waiting table).
	Configure
	// Rematch sets a finished table up for a new game (host).
	Rematch
	// Wake tells the table the player is back at the keyboard (a bot was playing for them).
	Wake
	// EditRules: the host opened the form that changes the rules; a public
	// table's countdown waits until EditDone (or Configure).
	EditRules
	// EditDone: the host closed the rules form without changing them.
	EditDone
	// BotLevel sets the level of the bot in Seat, or with Seat -1 the level
	// of the bots seated from now on (host, waiting table).
	BotLevel
	// BotPace makes the table's bots quick (Fast) or paced like people (host).
	BotPace
	// APIBotsSetting lets API bots sit at the public table (Allow) or
	// refuses them from now on (host, waiting table: apibots.go).
	APIBotsSetting
)
