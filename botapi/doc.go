// Package botapi is the JSON-lines front of the game for programs: what a
// session started with `ssh HOST bot` (no terminal) speaks on its stdin and
// stdout, beside package tui, the front for people. One JSON object a line,
// each with a "type" (docs/bot-api.md is the whole protocol).
//
// It is a client of the lobby like the TUI: it reads the player's Screen
// (lobby.Client.Screen, after each signal on Updates) and turns it into
// messages, and it turns the bot's lines into intents (Client.Send) and
// calls (Create, Join, Leave). So a bot sees exactly what its seat may see,
// from the same engine.View the TUI draws, and every move it makes is
// checked by the table's engine like anyone's: the API is fair by
// construction, and a property test over seeded games proves that no
// message holds a card the seat may not see (fair_test.go).
//
// Bad input (a line that is not JSON, an unknown type, a move not offered,
// a flood, a line too long) is answered by one error line and harms
// nobody; a bot that keeps at it is closed with one line saying why.
//
//	err := botapi.Serve(ctx, botapi.Session{Client: c, In: stdin, Out: stdout})
package botapi
