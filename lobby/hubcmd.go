package lobby

// The hub's commands. Each is a value its goroutine handles in the order it
// was queued; those that need an answer carry their reply channel, with room
// for the answer, so the hub never waits on the asker.

type hubCmd interface{ hubCmd() }

// connectCmd registers a new session.
type connectCmd struct {
	c     *Client
	reply chan connected
}

type connected struct {
	old  *Client     // the session of the same identity it took over, or nil
	back *tableQueue // the table keeping a seat for the identity, or nil
	// nick is the name the session was given back, and kept says it is
	// its account's (the store reserves it): the other nodes hear of it
	// (people.go).
	nick string
	kept bool
	err  error
}

// goneCmd is a session ending; away is the table keeping its seat, if any.
type goneCmd struct {
	c     *Client
	away  *tableQueue
	reply chan struct{}
}

// nickCmd sets a session's nickname.
type nickCmd struct {
	c     *Client
	nick  string
	reply chan error
}

// createCmd opens a table and queues the creator's join as its first
// command (joinCmd with joined as its reply), so a table is never without
// its creator's join and never left empty.
type createCmd struct {
	c      *Client
	opts   TableOptions
	joined chan error
	reply  chan found
}

// codeCmd finds the private table with a code (wrong codes are limited
// per identity, connection and address: who).
type codeCmd struct {
	who   guesser
	code  string
	reply chan found
}

// publicCmd finds a public table by its id.
type publicCmd struct {
	id    string
	reply chan found
}

type found struct {
	q   *tableQueue
	err error
}

// quickCmd lists the public tables a quick player could sit at, best first:
// those whose edition and mode are the choice's.
type quickCmd struct {
	choice QuickChoice
	reply  chan []*tableQueue
}

// onlineCmd counts the players online with a nickname.
type onlineCmd struct {
	reply chan int
}

// closedCmd is a table that has closed (no answer).
type closedCmd struct {
	t *table
}

// shutdownCmd refuses newcomers from now on and lists the tables and the
// sessions, to be told and stopped.
type shutdownCmd struct {
	reply chan stopping
}

type stopping struct {
	tables  []*table
	clients []*Client
}

func (connectCmd) hubCmd()  {}
func (goneCmd) hubCmd()     {}
func (nickCmd) hubCmd()     {}
func (createCmd) hubCmd()   {}
func (codeCmd) hubCmd()     {}
func (publicCmd) hubCmd()   {}
func (quickCmd) hubCmd()    {}
func (onlineCmd) hubCmd()   {}
func (closedCmd) hubCmd()   {}
func (shutdownCmd) hubCmd() {}
