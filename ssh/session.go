package ssh

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/log"
	gssh "github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Session is what the TUI learns about one player's connection. It is handed
// to Config.NewModel by value; everything in it is safe to use from any
// goroutine.
type Session struct {
	// ID is unique per session (and so per connection).
	ID string
	// Fingerprint is the SHA256 fingerprint of the client's public key
	// ("SHA256:..."), the player's lasting identity; "" for a guest.
	Fingerprint string
	// Guest is true when the client offered no key.
	Guest bool
	// User is the SSH user name ("ana" in ssh ana@host), a name suggestion
	// and nothing more: anyone can type any user name.
	User       string
	RemoteAddr string
	Command    Command
	// Renderer is this session's own lipgloss renderer, with the colour
	// profile of the player's terminal. Build every style from it.
	Renderer *lipgloss.Renderer
	// Width and Height are the terminal size when the session began; later
	// sizes arrive as tea.WindowSizeMsg. Both are the size the client
	// claimed within bounds (at most MaxWidth x MaxHeight; DefaultWidth
	// and DefaultHeight for a side it did not give), never above them.
	Width, Height int
	// Term is the client's TERM.
	Term string
	// Linear is the screen-reader mode, chosen at the door: the command
	// plain, TERM=dumb, or UNOSSH_SCREEN_READER=1 in the client's
	// environment (OpenSSH's SetEnv). The model says its pages in
	// sentences and the runtime only appends them (ssh/term/linear.go).
	Linear bool
	// Context is done when the session ends, whatever the cause.
	Context context.Context
	// Close ends the session: the program stops, the player reads
	// "unossh: <reason>" on one line, and the connection closes. It never
	// blocks, may be called from any goroutine (also from Update), and only
	// the first reason counts.
	Close func(reason string)
}

// liveSession is the server's side of one session, threaded through the
// middleware chain.
type liveSession struct {
	id      string
	gs      gssh.Session
	ip      string
	key     string // fingerprint, "" for a guest
	log     sessionLog
	started time.Time
	stall   time.Duration
	ctx     context.Context
	cancel  context.CancelFunc

	// The PTY, read once when the session starts: the SSH library updates
	// its copy on every window change without a lock, so later reads race.
	// Its window is the one the session is drawn for (saneWindow); claimed
	// is the one the client asked for, for the log.
	pty     gssh.Pty
	claimed gssh.Window
	winch   <-chan gssh.Window
	hasPTY  bool

	cmd Command // set by routing

	keyAt atomic.Int64 // when the player last typed, in Unix nanoseconds (room.go)
	ended string       // why the program ended, if it ended by itself (term.Run)

	mu     sync.Mutex
	reason string
}

func newLiveSession(gs gssh.Session, logger *log.Logger, stall time.Duration) *liveSession {
	ctx, cancel := context.WithCancel(gs.Context())
	ls := &liveSession{
		id:      rand.Text()[:16],
		gs:      gs,
		ip:      ipOf(gs.RemoteAddr()),
		started: time.Now(),
		stall:   stall,
		ctx:     ctx,
		cancel:  cancel,
	}
	ls.pty, ls.winch, ls.hasPTY = gs.Pty()
	if ls.hasPTY {
		ls.claimed = ls.pty.Window
		ls.pty.Window = saneWindow(ls.pty.Window)
	}
	if pk := gs.PublicKey(); pk != nil {
		ls.key = gossh.FingerprintSHA256(pk)
	}
	who := ls.key
	if who == "" {
		who = "guest"
	}
	ls.log = sessionLog{logger, []any{"session", ls.id, "user", gs.User(), "ip", ls.ip, "key", who}}
	return ls
}

// session builds what NewModel receives.
func (ls *liveSession) session(r *lipgloss.Renderer) Session {
	return Session{
		ID:          ls.id,
		Fingerprint: ls.key,
		Guest:       ls.key == "",
		User:        ls.gs.User(),
		RemoteAddr:  ls.gs.RemoteAddr().String(),
		Command:     ls.cmd,
		Renderer:    r,
		Width:       ls.pty.Window.Width,
		Height:      ls.pty.Window.Height,
		Term:        ls.pty.Term,
		Linear:      ls.cmd.Plain || wantsLinear(ls.gs.Environ()),
		Context:     ls.ctx,
		Close:       ls.close,
	}
}

// close records why the session is being ended and ends it. Cancelling the
// context stops the session's program (term.Run), after which runProgram
// prints the reason and hangs up.
func (ls *liveSession) close(reason string) {
	ls.mu.Lock()
	if ls.reason == "" {
		ls.reason = reason
	}
	ls.mu.Unlock()
	ls.cancel()
}

func (ls *liveSession) closeReason() string {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.reason
}

// say writes one line for the player on stderr (which a terminal shows like
// stdout). It is guarded like all output: a client that stopped reading is
// cut off rather than waited on.
func (ls *liveSession) say(format string, args ...any) {
	line := fmt.Sprintf("unossh: "+format+"\n", args...)
	_, _ = ls.guard(ls.gs.Stderr()).Write([]byte(line))
}

func (ls *liveSession) exit(code int) {
	_ = ls.gs.Exit(code)
}

// closeGrace is how long a client told to leave has to hang up by itself
// before its connection is closed under it. Clients hang up at once after
// the exit status; closing first would make them report a reset connection.
const closeGrace = time.Second

// hangUp closes the connection after closeGrace, unless the client has
// hung up by then. It does not block.
func (ls *liveSession) hangUp() {
	connDone := ls.gs.Context().Done()
	go func() {
		t := time.NewTimer(closeGrace)
		defer t.Stop()
		select {
		case <-connDone:
		case <-t.C:
			ls.closeConn()
		}
	}()
}

// closeConn closes the whole SSH connection under the session.
func (ls *liveSession) closeConn() {
	if c, ok := ls.gs.Context().Value(gssh.ContextKeyConn).(gossh.Conn); ok {
		_ = c.Close()
	}
}

// guard wraps w so that a write that has not completed within the stall
// timeout closes the connection. A client whose SSH window is full (it stopped
// reading) would otherwise block its session's writer for ever.
func (ls *liveSession) guard(w io.Writer) io.Writer {
	w = chunkWriter{w}
	if ls.stall <= 0 {
		return w
	}
	return &stallWriter{w: w, timeout: ls.stall, onStall: ls.stalled}
}

// writeChunk is the most a session writes to its channel at once.
//
// The SSH library keeps, for the life of a channel, a packet buffer as big
// as the largest write it was given, and the cipher a buffer as big as the
// largest packet: a first screen written whole would keep buffers twice its
// size for every session for ever (docs/benchmarks.md). Updates are much
// smaller than a screen; a whole screen, rare, goes out in a few packets
// instead of one.
const writeChunk = 1024

// chunkWriter writes to w at most writeChunk bytes at a time.
type chunkWriter struct{ w io.Writer }

func (c chunkWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		k, err := c.w.Write(p[:min(len(p), writeChunk)])
		n += k
		if err != nil {
			return n, err
		}
		p = p[k:]
	}
	return n, nil
}

func (ls *liveSession) stalled() {
	ls.log.Warn("client stopped reading; closing its connection", "after", ls.stall)
	ls.closeConn()
}

// stallWriter runs onStall if a single Write takes longer than timeout.
type stallWriter struct {
	w       io.Writer
	timeout time.Duration
	onStall func()
}

func (s *stallWriter) Write(p []byte) (int, error) {
	t := time.AfterFunc(s.timeout, s.onStall)
	defer t.Stop()
	return s.w.Write(p)
}

// destination is how the player reached us, for commands in messages: the
// server's public host, or "-p 23234 HOST" (the host name the client typed
// is not sent over SSH).
func destination(public string, local net.Addr) string {
	if public != "" {
		return public
	}
	host := "HOST"
	_, port, err := net.SplitHostPort(local.String())
	if err != nil || port == "22" {
		return host
	}
	return "-p " + port + " " + host
}
