package ssh

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The records' commands print what the server keeps and leave, with no
// terminal needed: `profile [NAME]`, `top [EDITION]` and `link CODE`. The
// ssh layer checks the words and prints; Config.Records (main wires it to
// the store) finds the answer.

// Errors of the records' commands, shown to the player.
var (
	ErrBadArgument = errors.New("that is not a nickname, an edition or a code: letters, digits, - and _ only, at most 24")
	ErrMissingLink = errors.New("link needs the code your other key's profile page shows, e.g. link 7Q4K-M2XD")
	ErrNoRecords   = errors.New("this server keeps no records")
)

// maxArgLen bounds the word after a records command.
const maxArgLen = 24

// recordsWait bounds the time a records command may take.
const recordsWait = 10 * time.Second

// RecordsFunc answers a records command (CommandProfile, CommandTop,
// CommandLink) for the player with that key ("" for a guest): the text to
// print, or an error whose text the player reads.
type RecordsFunc func(ctx context.Context, cmd Command, fingerprint string) (string, error)

// records reports whether the command prints records.
func (c Command) records() bool {
	return c.Kind == CommandProfile || c.Kind == CommandTop || c.Kind == CommandLink
}

// parseRecords reads profile [NAME], top [EDITION] and link CODE.
func parseRecords(name string, rest []string) (Command, error) {
	kinds := map[string]CommandKind{"profile": CommandProfile, "top": CommandTop, "link": CommandLink}
	cmd := Command{Kind: kinds[name]}
	if cmd.Kind == CommandLink {
		// A code may be typed in its groups, with a space between them.
		rest = []string{strings.Join(rest, "")}
		if rest[0] == "" {
			return Command{}, ErrMissingLink
		}
	}
	if cmd.Kind == CommandTop && len(rest) > 1 {
		// "top the office": an edition's name may have spaces.
		rest = []string{strings.Join(rest, " ")}
	}
	switch len(rest) {
	case 0:
		return cmd, nil
	case 1:
	default:
		return Command{}, fmt.Errorf("%w for %s: %q", ErrExtraArguments, name, truncate(strings.Join(rest, " "), 32))
	}
	arg := rest[0]
	if !utf8.ValidString(arg) || utf8.RuneCountInString(arg) > maxArgLen {
		return Command{}, fmt.Errorf("%w, not %q", ErrBadArgument, truncate(arg, 32))
	}
	for _, r := range arg {
		// What a nickname may hold (package names: letters of any
		// alphabet, with their accents), and the spaces of an edition's name.
		ok := unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Mn, r) ||
			unicode.Is(unicode.Mc, r) || r == '-' || r == '_' || r == ' '
		if !ok {
			return Command{}, fmt.Errorf("%w, not %q", ErrBadArgument, truncate(arg, 32))
		}
	}
	cmd.Arg = arg
	return cmd, nil
}

// printRecords answers a records command on stdout and ends the session:
// exit 0 with the answer, or 1 with why not on stderr.
func (s *Server) printRecords(ls *liveSession) {
	if s.cfg.Records == nil {
		ls.say("%v", ErrNoRecords)
		ls.exit(exitRefused)
		return
	}
	ctx, cancel := context.WithTimeout(ls.ctx, recordsWait)
	defer cancel()
	text, err := s.cfg.Records(ctx, ls.cmd, ls.key)
	if err != nil {
		ls.say("%v", err)
		ls.exit(exitRefused)
		return
	}
	if ls.hasPTY {
		// A terminal wants a carriage return at each line's end.
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	_, _ = ls.guard(ls.gs).Write([]byte(text))
	ls.exit(0)
}
