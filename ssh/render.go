package ssh

import (
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// newRenderer builds the lipgloss renderer for one session.
//
// We do not use wish's bubbletea.MakeRenderer: for a session with a PTY it
// writes an OSC 11 background-colour query (plus a DA1 query) to the client
// and reads the session input until the answer or a one second timeout.
// Clients that never answer (golang.org/x/crypto/ssh, many terminals behind
// tmux or screen) would get their first screen a second late, and the query's
// reader can swallow the player's first keystrokes.
//
// Instead nothing here ever asks the terminal anything: the colour profile
// comes from the client's TERM, COLORTERM and NO_COLOR, and the background is
// declared dark, before anyone can ask termenv to find out.
func newRenderer(w io.Writer, environ []string) *lipgloss.Renderer {
	profile := colorProfile(environ)
	r := lipgloss.NewRenderer(w,
		termenv.WithEnvironment(sessionEnv(environ)),
		termenv.WithProfile(profile),
	)
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(true)
	return r
}

// colorProfile picks the colour profile from a client's environment:
// NO_COLOR or TERM=dumb (or no TERM) mean no colour, COLORTERM=truecolor or a
// known truecolor terminal means 24-bit, a *256color TERM means 256 colours,
// and any other terminal gets the 16 ANSI colours.
func colorProfile(environ []string) termenv.Profile {
	env := envMap(environ)
	term := strings.ToLower(env["TERM"])
	switch {
	case env["NO_COLOR"] != "":
		return termenv.Ascii
	case term == "" || term == "dumb" || strings.HasPrefix(term, "vt"):
		return termenv.Ascii
	}
	switch strings.ToLower(env["COLORTERM"]) {
	case "truecolor", "24bit":
		return termenv.TrueColor
	}
	switch {
	case strings.Contains(term, "direct"), trueColorTerms[term]:
		return termenv.TrueColor
	case strings.Contains(term, "256color"):
		return termenv.ANSI256
	}
	return termenv.ANSI
}

// takesTitles says whether a client's terminal understands a window title
// sequence: not a dumb one, which would print it.
func takesTitles(environ []string) bool {
	term := strings.ToLower(envMap(environ)["TERM"])
	return term != "" && term != "dumb" && !strings.HasPrefix(term, "vt")
}

// wantsLinear says whether a client's environment asks for the
// screen-reader (linear) mode: a dumb terminal, which can neither move its
// cursor nor erase, or UNOSSH_SCREEN_READER set to 1 (or yes, true, on),
// which OpenSSH passes with SetEnv (or SendEnv, where the server's
// environment allows it; this one takes any).
func wantsLinear(environ []string) bool {
	env := envMap(environ)
	if strings.EqualFold(env["TERM"], "dumb") {
		return true
	}
	switch strings.ToLower(strings.TrimSpace(env["UNOSSH_SCREEN_READER"])) {
	case "1", "yes", "true", "on":
		return true
	}
	return false
}

// trueColorTerms are TERM values whose terminals always do 24-bit colour,
// even when COLORTERM was not passed along by the SSH client (OpenSSH sends
// only what SendEnv allows).
var trueColorTerms = map[string]bool{
	"alacritty":     true,
	"contour":       true,
	"rio":           true,
	"wezterm":       true,
	"xterm-ghostty": true,
	"xterm-kitty":   true,
}

// envMap turns "KEY=value" pairs into a map; later pairs win, as in a shell.
func envMap(environ []string) map[string]string {
	m := make(map[string]string, len(environ))
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return m
}

// sessionEnv is a session's environment as termenv reads it, so that nothing
// in the renderer looks at the server's own environment.
type sessionEnv []string

func (e sessionEnv) Environ() []string { return e }

func (e sessionEnv) Getenv(key string) string { return envMap(e)[key] }
