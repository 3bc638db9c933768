// Package lobby is where players meet and play: it knows who is online and
// runs the tables, each of which checks its players' intents with the engine
// and sends every player their own view.
//
// Who owns what (docs/lobby.md draws it):
//
//   - The Hub's goroutine owns what is global: the sessions online and their
//     nicknames, the private tables' codes, the public list (each table
//     publishes its own line), quick-play matching, and, for a player who
//     lost their connection, which table keeps their seat.
//   - Each table's goroutine owns everything at the table: who sits, watches
//     and waits there, its game, its log and its timers. Nothing else keeps a
//     copy of any of it.
//   - Each tournament's goroutine owns its room (who signed up), its
//     schedule and its standings; its two tables are ordinary tables that
//     report every hand to it and hand their seats back between rounds.
//   - A session (Client) owns its mailbox, the latest Screen, and a handle
//     to the command queue of the table it is at, which only that table sets
//     and clears.
//
// Each owner reads typed commands from one queue, in the order they arrive;
// a command that needs an answer carries its reply channel, and the owner
// sends the new state to everyone concerned before it answers. So when Join
// returns, the player's screen already shows the table. A session sends its
// intents at a table straight to that table's queue (Client.Send, which
// never waits: the table's answer comes as the Screen): nothing a player does
// at a table passes through the hub. Nothing here ever waits on a session: each
// session's mailbox holds one Screen, the newest replacing the older.
//
// A hard bot's search, the one costly thing a table does, runs on a
// goroutine of its own during the bot's pause and hands its move back to
// the table; the hub's bot.Thinkers bounds how many run at once on the
// server (Config.BotThinkers), and a bot that finds none free moves at once
// as a normal bot would (botthink.go).
//
// On a node of a service of several, Config.People (people.go) is the other
// nodes: the number online, nicknames, who is online, invitations and the
// per-address counts become the whole service's. The lobby never waits on it
// from the hub's goroutine, and on a lone node it is nil.
//
// Time comes from Config.Clock, so tests move it themselves.
//
//	hub := lobby.NewHub(lobby.Config{})
//	c := hub.Connect(sessionID, fingerprint, false)
//	_ = c.SetNick("ana")
//	c.QuickPlay()
//	<-c.Updates(); screen := c.Screen()
//	err = c.Send(lobby.Intent{Kind: lobby.Chat, Text: "hi"}) // ErrBusy: the table's queue is full
package lobby
