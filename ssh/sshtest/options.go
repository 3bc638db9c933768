package sshtest

import (
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Option configures a Client.
type Option func(*options)

type options struct {
	user    string
	signer  gossh.Signer
	guest   bool
	pty     bool
	term    string
	cols    int
	rows    int
	claim   *[2]int // the PTY size asked for, if not the screen's
	env     [][2]string
	command string
	paused  bool
	timeout time.Duration
	from    string
}

func defaultOptions() options {
	return options{
		user:    "player",
		pty:     true,
		term:    "xterm-256color",
		cols:    80,
		rows:    24,
		timeout: 10 * time.Second,
	}
}

// Guest connects without a key, through keyboard-interactive auth that
// answers no questions, as OpenSSH does for a player with no key.
func Guest() Option { return func(o *options) { o.guest = true } }

// WithKey connects with the given key instead of a fresh one: the same key
// is the same player across connections. See NewKey.
func WithKey(s gossh.Signer) Option { return func(o *options) { o.signer = s } }

// User sets the SSH user name (default "player").
func User(name string) Option { return func(o *options) { o.user = name } }

// Size sets the PTY size (default 80x24).
func Size(cols, rows int) Option {
	return func(o *options) { o.cols, o.rows = cols, rows }
}

// Claim asks for a PTY of cols x rows while the client's own screen stays
// its Size: a client that claims a window it does not have (the screen of
// a 10000x10000 claim would take gigabytes of the test's memory).
func Claim(cols, rows int) Option {
	return func(o *options) { o.claim = &[2]int{cols, rows} }
}

// Term sets the PTY's TERM (default xterm-256color), e.g. xterm-16color or
// dumb.
func Term(term string) Option { return func(o *options) { o.term = term } }

// Env sends an environment variable (e.g. NO_COLOR, COLORTERM) before the
// session starts.
func Env(key, value string) Option {
	return func(o *options) { o.env = append(o.env, [2]string{key, value}) }
}

// Command runs a command ("help", "join K7QX2M") instead of a shell.
func Command(cmd string) Option { return func(o *options) { o.command = cmd } }

// NoPTY asks for no terminal, as ssh -T or a piped ssh does.
func NoPTY() Option { return func(o *options) { o.pty = false } }

// Paused starts the client with reading paused; see Client.PauseReading.
func Paused() Option { return func(o *options) { o.paused = true } }

// DialTimeout bounds connecting, the handshake and starting the session
// (default 10 s).
func DialTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// From dials from the local address ip (such as "127.0.0.7"), for tests
// of limits per client address: all of 127.0.0.0/8 is the loopback.
func From(ip string) Option { return func(o *options) { o.from = ip } }
