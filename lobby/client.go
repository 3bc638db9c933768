package lobby

import (
	"sync"
	"sync/atomic"
	"time"
)

// Client is one connected session as the lobby sees it. The hub and the
// tables post the session's latest Screen to it without ever waiting: the
// mailbox holds one screen, a newer one replaces an older, and Updates
// signals that there is something new. A session that stops reading therefore
// costs one screen of memory, and gets the current one when it catches up.
//
// Besides its mailbox a session holds one thing: the queue of the table it
// sits at or watches. Only that table sets and clears it, in the same step
// as the screen that shows the table or the lobby, so the two always agree.
type Client struct {
	id     string
	key    string // identity: the key's fingerprint, or a guest id
	guest  bool
	hub    *Hub
	remote string // the connection's "ip:port", "" if unknown (ConnectFrom)

	naming sync.Mutex // one nickname claimed at a time (claimName)
	mu     sync.Mutex
	screen Screen
	at     *tableQueue // the table the session is at, or nil
	acct   account     // the key's account in the store (accounts.go)
	// program is set for a bot playing through the bot API (botaccount.go).
	program atomic.Bool
	quick   QuickChoice // Quick play's choice (quickchoice.go)
	notify  chan struct{}
	// ignored are the speakers whose chat the player hides, and modTokens
	// and modAt their bucket of ignores and reports (moderation_players.go).
	ignored   map[string]bool
	modTokens float64
	modAt     time.Time
	// ignoreChange is a shadow's last ignore, for its session's node.
	ignoreChange *ignoreChange
	// sh is set on a shadow: a Client standing at a table of this node for
	// a session on another node, whose screen goes there (remote_serve.go).
	// Nil for every session of this node.
	sh *shadow
	// handedOn is set on a session whose player signed in on another node
	// (signin_cluster.go): its seat goes to the newer session there, so its
	// own Disconnect leaves its table alone.
	handedOn bool

	// ladderDone: the session has finished a ladder game, which validates
	// its bot before the store has it written (ladder.go).
	ladderDone atomic.Bool
}

// ID is the session's unique id.
func (c *Client) ID() string { return c.id }

// Key is the player's identity.
func (c *Client) Key() string { return c.key }

// Updates signals when a newer Screen has been posted.
func (c *Client) Updates() <-chan struct{} { return c.notify }

// Screen is the latest screen posted to the session. Its Tables are the
// hub's shared listing: read them, never change them.
func (c *Client) Screen() Screen {
	c.mu.Lock()
	s := c.screen
	ignoring := len(c.ignored) > 0
	c.mu.Unlock()
	l := c.hub.shared()
	s.Tables, s.Online = l.tables, l.online
	if ignoring {
		s.Table = c.hideIgnored(s.Table) // (moderation_players.go)
	}
	return s
}

// showsLobby reports whether the session shows the shared listing: in the
// lobby, or in a waiting room (whose header counts who is online).
func (c *Client) showsLobby() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.screen.Table == nil || c.screen.Table.Status == Waiting
}

// post changes the session's screen and signals it, never blocking.
func (c *Client) post(change func(s *Screen)) {
	c.mu.Lock()
	change(&c.screen)
	c.mu.Unlock()
	c.signal()
}

// signal tells the session's pump there is a newer screen, never blocking.
func (c *Client) signal() {
	if c.sh != nil {
		c.sh.relay(c)
		return
	}
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// table is the queue of the table the session is at, or nil.
func (c *Client) table() *tableQueue {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

// nick is the session's nickname.
func (c *Client) nick() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.screen.Nick
}

// arrive is table q taking the session in: the session is at q from now,
// before its first view reaches it.
func (c *Client) arrive(q *tableQueue) {
	c.mu.Lock()
	c.at = q
	c.mu.Unlock()
}

// show is table q posting its view to a session at it (which, the first
// time, is how the session learns where it is).
func (c *Client) show(q *tableQueue, v *TableView) {
	c.mu.Lock()
	c.at, c.screen.Table = q, v
	c.mu.Unlock()
	c.signal()
}

// unseat is table q sending the session back to the lobby, with why (if
// anything) as a notice. It changes nothing if the session is elsewhere.
func (c *Client) unseat(q *tableQueue, why string, isErr bool) {
	c.mu.Lock()
	if c.at != q {
		c.mu.Unlock()
		return
	}
	c.at, c.screen.Table = nil, nil
	c.screen.Left++
	if why != "" {
		c.screen.Notice = Notice{Seq: c.screen.Notice.Seq + 1, Text: why, Error: isErr}
	}
	c.mu.Unlock()
	c.signal()
}

// closeWith tells the session why it closes (taken over, the server stopping).
func (c *Client) closeWith(why string) {
	c.post(func(s *Screen) {
		if s.Closed == "" {
			s.Closed = why
		}
	})
}

// notice posts a message for this player alone.
func (c *Client) notice(text string, isErr bool) {
	c.post(func(s *Screen) {
		s.Notice = Notice{Seq: s.Notice.Seq + 1, Text: text, Error: isErr}
	})
}
