package ssh

import (
	"errors"
	"fmt"
	"strings"
)

// CommandKind says what a player asked for on the ssh command line.
type CommandKind int

// The commands a player can give after the host name. The names carry a
// Command prefix because New is this package's constructor.
const (
	CommandLobby   CommandKind = iota // no command: open the lobby
	CommandJoin                       // "join CODE": sit at a friend's table
	CommandNew                        // "new": create a table
	CommandHelp                       // "help": print usage and leave
	CommandProfile                    // "profile [NAME]": print a player's profile (records.go)
	CommandTop                        // "top [EDITION]": print the leaderboard
	CommandLink                       // "link CODE": add this key to an account
	CommandRejoin                     // "rejoin CODE": a guest takes their seat back
	CommandBot                        // "bot": the JSON-lines bot API, no terminal (bot.go)
	CommandAdmin                      // "admin COMMAND ...": an operator's command (admin.go)
)

func (k CommandKind) String() string {
	switch k {
	case CommandLobby:
		return "lobby"
	case CommandJoin:
		return "join"
	case CommandNew:
		return "new"
	case CommandHelp:
		return "help"
	case CommandProfile:
		return "profile"
	case CommandTop:
		return "top"
	case CommandLink:
		return "link"
	case CommandRejoin:
		return "rejoin"
	case CommandBot:
		return "bot"
	case CommandAdmin:
		return "admin"
	}
	return fmt.Sprintf("CommandKind(%d)", int(k))
}

// Command is a parsed session command. Code is set only for CommandJoin and
// CommandRejoin and is upper-cased with its dashes taken out, so codes read aloud and typed
// in lower case or in groups still match.
type Command struct {
	Kind CommandKind
	Code string
	// Arg is the word after profile, top or link (a nickname, an edition,
	// a link code), checked to be short and plain; "" if none.
	Arg string
	// adminArgs are the words after admin, checked only once the key is
	// known to be an admin's (admin.go).
	adminArgs []string
	// Plain is the screen-reader (linear) mode, asked for by the word
	// plain before the command ("plain", "plain join CODE"): the session
	// is said in sentences, never drawn.
	Plain bool
}

// String is the command as a player would type it: "", "new", "join CODE"
// or "help".
func (c Command) String() string {
	if c.Plain {
		c.Plain = false
		return strings.TrimSpace("plain " + c.String())
	}
	switch c.Kind {
	case CommandLobby:
		return ""
	case CommandJoin, CommandRejoin:
		return c.Kind.String() + " " + c.Code
	}
	if c.Arg != "" {
		return c.Kind.String() + " " + c.Arg
	}
	return c.Kind.String()
}

// Interactive reports whether the command runs the TUI, and so needs a
// terminal.
func (c Command) Interactive() bool {
	switch c.Kind {
	case CommandHelp, CommandProfile, CommandTop, CommandLink, CommandBot, CommandAdmin:
		return false
	}
	return true
}

// Errors returned by ParseCommand. Their text is shown to the player.
var (
	ErrUnknownCommand = errors.New("unknown command")
	ErrMissingCode    = errors.New("join needs a table code, e.g. join K7QX-2MHC-9DFA")
	ErrMissingRejoin  = errors.New("rejoin needs the rejoin code your table showed, e.g. rejoin 7QK4-MXDA")
	ErrBadCode        = errors.New("a table code is 1 to 16 letters and digits")
	ErrExtraArguments = errors.New("too many arguments")
)

// maxCodeLen bounds what we pass on as a code; real codes are shorter, and
// the bound keeps junk out of logs and screens.
const maxCodeLen = 16

// ParseCommand parses the words the client sent after the host name (as
// split by the SSH library, shell quoting rules). An empty list is the
// lobby.
func ParseCommand(args []string) (Command, error) {
	if len(args) == 0 {
		return Command{Kind: CommandLobby}, nil
	}
	name, rest := strings.ToLower(args[0]), args[1:]
	if name == "plain" {
		c, err := ParseCommand(rest)
		if err == nil && !c.Interactive() {
			return Command{}, fmt.Errorf("%w: plain goes before new, join or rejoin, or alone", ErrUnknownCommand)
		}
		c.Plain = true
		return c, err
	}
	switch name {
	case "help", "-h", "--help":
		return Command{Kind: CommandHelp}, nil
	case "new":
		if len(rest) > 0 {
			return Command{}, fmt.Errorf("%w for new: %q", ErrExtraArguments, strings.Join(rest, " "))
		}
		return Command{Kind: CommandNew}, nil
	case "join":
		return parseJoin(rest)
	case "rejoin":
		c, err := parseJoin(rest)
		c.Kind = CommandRejoin
		if errors.Is(err, ErrMissingCode) {
			err = ErrMissingRejoin
		}
		return c, err
	case "profile", "top", "link":
		return parseRecords(name, rest) // records.go
	case "bot":
		if len(rest) > 0 {
			return Command{}, fmt.Errorf("%w for bot: %q", ErrExtraArguments, strings.Join(rest, " "))
		}
		return Command{Kind: CommandBot}, nil
	case "admin":
		return Command{Kind: CommandAdmin, adminArgs: rest}, nil
	}
	return Command{}, fmt.Errorf("%w %q", ErrUnknownCommand, truncate(args[0], 32))
}

// parseJoin reads a code as people type it: any case, in its groups with
// dashes or spaces between them ("join K7QX-2MHC-9DFA", "join k7qx 2mhc
// 9dfa") or none.
func parseJoin(rest []string) (Command, error) {
	if len(rest) == 0 {
		return Command{}, ErrMissingCode
	}
	typed := strings.Join(rest, " ")
	code := strings.NewReplacer("-", "", " ", "").Replace(strings.ToUpper(typed))
	if !validCode(code) {
		return Command{}, fmt.Errorf("%w, not %q", ErrBadCode, truncate(typed, 32))
	}
	return Command{Kind: CommandJoin, Code: code}, nil
}

func validCode(code string) bool {
	if code == "" || len(code) > maxCodeLen {
		return false
	}
	for _, r := range code {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Usage is the text printed by the help command. dest is how to reach the
// server, e.g. "-p 23234 uno.example.com".
func Usage(dest string) string {
	return fmt.Sprintf(`unossh: UNO over SSH

  ssh %[1]s               open the lobby
  ssh -t %[1]s new        create a table
  ssh -t %[1]s join CODE  sit at a friend's table by its code
  ssh %[1]s profile NAME  print a player's profile (yours without NAME)
  ssh %[1]s top           print the leaderboard (top classic, top bots: one board)
  ssh %[1]s link CODE     add this key to the account whose profile shows CODE
  ssh -t %[1]s rejoin CODE  a guest whose connection dropped takes their seat back
  ssh -T %[1]s bot        a program plays, in JSON lines (the bot API)
  ssh %[1]s help          show this help
  ssh -t %[1]s plain      for a screen reader: plain sentences, one a line, never
                         a screen redrawn (also plain new, plain join CODE)

Your SSH key is your identity: the same key brings back the same player.
Without a key you play as a guest.
`, dest)
}
