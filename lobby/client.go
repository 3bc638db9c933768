package lobby

import (
	"sync"

	"github.com/unossh/unossh/engine"
)

// Client is one connected session as the lobby sees it. The hub and the
// tables post the session's latest Screen to it without ever waiting: the
// mailbox holds one screen, a newer one replaces an older, and Updates
// signals that there is something new. A session that stops reading therefore
// costs one screen of memory, and gets the current one when it catches up.
type Client struct {
	id     string
	key    string // identity: the key's fingerprint, or a guest id
	guest  bool
	hub    *Hub
	remote string // the connection's "ip:port", "" if unknown (ConnectFrom)

	mu     sync.Mutex
	screen Screen
	notify chan struct{}

	// owned by the hub goroutine
	table *table
	seat  int
}

// ID is the session's unique id.
func (c *Client) ID() string { return c.id }

// Key is the player's identity.
func (c *Client) Key() string { return c.key }

// Updates signals when a newer Screen has been posted.
func (c *Client) Updates() <-chan struct{} { return c.notify }

// Screen is the latest screen posted to the session.
func (c *Client) Screen() Screen {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.screen
	s.Tables = append([]TableInfo(nil), s.Tables...)
	return s
}

// post changes the session's screen and signals it, never blocking.
func (c *Client) post(change func(s *Screen)) {
	c.mu.Lock()
	change(&c.screen)
	c.mu.Unlock()
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// notice posts a message for this player alone.
func (c *Client) notice(text string, isErr bool) {
	c.post(func(s *Screen) {
		s.Notice = Notice{Seq: s.Notice.Seq + 1, Text: text, Error: isErr}
	})
}

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
)
