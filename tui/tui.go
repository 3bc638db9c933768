// Package tui is unossh's terminal interface: one model per SSH session,
// from the nickname prompt through the lobby and the waiting room to the
// table, drawn to fit any window of 80x24 or more.
//
// The model is the router: it holds the pages and shows one (where says
// which, routes in router.go what each place does with keys, frames and key
// maps), and keeps what is truly global (the window, the lobby's latest
// Screen, the status line, the calls under way). The waiting room and the
// table are one page, tablePage, with its own state and caches. Each page has a key map of key.Bindings that its
// Update matches, its footer shows and the help page lists (keys.go). The
// pages in packages of their own (tui/page/...) see the rest only through
// ui.Context (package ui, with what they share); docs/design-tui.md tells
// the contract.
//
// The model only shows what the lobby posts and sends the player's intents;
// the lobby and its tables decide everything. The lobby's screens reach the
// model through the session's own goroutine in the terminal runtime
// (ssh/term), which already waits for window sizes: it takes the pump
// (TakePump), waits on the session's Updates channel and hands each newest
// Screen to Update (without a runtime, as in tests, the model arms its own
// pump, listen). A key at a table is one call to Session.Send, made in
// Update, which never waits: the table's queue keeps the order. Calls that
// need an answer (join, create, leave, the lobby's lists) run one at a
// time, in order, off the Update goroutine. Every style is built from the
// session's own renderer, so each player gets the colours their terminal
// can show. In the screen-reader mode (Options.Linear, or the profile's
// switch) the model draws nothing: each page says what it shows as
// sentences (ui.Form's Said) and the router hands the runtime those that
// changed (linear.go).
//
//	m := tui.New(tui.Options{
//		Client:   hub.Connect(s.ID, fingerprint, guest), // a *lobby.Client
//		Command:  tui.Command{Kind: tui.CmdJoin, Code: "K7QX2M"},
//		Renderer: s.Renderer, // the session's own
//		Width:    s.Width, Height: s.Height,
//		Done:     s.Context.Done(),
//		Addr:     "ssh -p 23234 play.example.com",
//	})
package tui

import (
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/term"
	"github.com/unossh/unossh/tui/page/board"
	"github.com/unossh/unossh/tui/page/create"
	helppage "github.com/unossh/unossh/tui/page/help"
	"github.com/unossh/unossh/tui/page/join"
	"github.com/unossh/unossh/tui/page/lobbypage"
	"github.com/unossh/unossh/tui/page/nick"
	"github.com/unossh/unossh/tui/page/profile"
	"github.com/unossh/unossh/tui/page/tournaments"
	"github.com/unossh/unossh/tui/page/watch"
	"github.com/unossh/unossh/tui/page/who"
	"github.com/unossh/unossh/tui/ui"
)

// Minimum window size.
const (
	MinWidth  = 80
	MinHeight = 24
)

// CommandKind is what the player asked for on the ssh command line.
type CommandKind uint8

// The commands.
const (
	// CmdLobby opens the lobby (plain `ssh host`).
	CmdLobby CommandKind = iota
	// CmdJoin joins the private table with Code (`ssh host join K7QX2M`).
	CmdJoin
	// CmdNew opens the form to create a table (`ssh host new`).
	CmdNew
	// CmdRejoin is a guest coming back with their rejoin code (`ssh host
	// rejoin CODE`): the ssh layer has connected them as that guest if a
	// seat is kept for them, so at a table it is done; in the lobby it
	// says that the code found no seat.
	CmdRejoin
)

// Command is what to do once the player has a nickname.
type Command struct {
	Kind CommandKind
	Code string // for CmdJoin and CmdRejoin
}

// Options configure a session's model.
type Options struct {
	// Client is the player's session with the lobby: a *lobby.Client from
	// hub.Connect (the ssh layer connects and disconnects it).
	Client Session
	// Command is what the player asked for on the ssh command line.
	Command Command
	// Renderer is the session's renderer; every style is built from it.
	Renderer *lipgloss.Renderer
	// Width and Height are the window's size at the start (0: 80x24).
	Width, Height int
	// Done, when closed, stops the pump that waits for the lobby's updates;
	// pass the SSH session's context's Done channel.
	Done <-chan struct{}
	// Now is the clock for countdowns (time.Now when nil).
	Now func() time.Time
	// Addr is how players reach the server ("play.example.com",
	// "-p 2222 host", or the whole "ssh -p 2222 host"), shown with a private
	// table's code as the command that joins it; empty: not shown.
	Addr string
	// OnClose, when set, is called once with the reason when the lobby
	// closes the session (Screen.Closed: taken over, the server stopping).
	// Pass ssh.Session.Close: it ends the program at once and prints the
	// reason on a line of its own, which stays in the player's terminal
	// after the alternate screen is gone. Unset, the reason is shown on
	// screen and the program quits a few seconds later.
	OnClose func(reason string)
	// Pages, when set, counts the sessions on each page for metrics; call
	// its Leave with the model when the session ends.
	Pages *PageCounts
	// Linear starts the session in the linear (screen-reader) mode: the
	// door's choice (ssh HOST plain, TERM=dumb, UNOSSH_SCREEN_READER=1).
	// Without it the mode follows the player's profile.
	Linear bool
}

// page is the screen shown away from a table (or over it: help, the form
// that edits a waiting table's rules).
type page uint8

const (
	pageLobby   page = iota // page/lobbypage
	pageCreate              // page/create
	pageJoin                // page/join
	pageWatch               // page/watch
	pageHelp                // page/help
	pageTour                // page/tournaments, drawn in the lobby's place
	pageProfile             // page/profile
	pageBoard               // page/board
	pageWho                 // page/who
)

// where is what is on screen now.
type where uint8

const (
	atTooSmall where = iota
	atClosed
	atNick
	atLobby
	atCreate
	atJoin
	atWatch
	atHelp
	atProfile
	atBoard
	atWho
	atWaiting
	atTable
)

type model struct {
	shared // (tablepage.go)

	sess  Session
	done  <-chan struct{}
	calls calls

	cmd     Command
	cmdDone bool // the command line was carried out

	page     page
	helpBack page          // the page help returns to
	profBack page          // the page a profile returns to
	help     helppage.Page // (page/help)

	notice lobby.Notice // the latest notice, shown until a newer one
	hint   string       // a short local hint, cleared by the next key
	bad    bool         // the hint is an error

	nick  *nick.Page // made while the player has no nickname (nickState)
	lob   lobbypage.Page
	form  *create.Page // the pages below are made when first opened (nil before)
	join  *join.Page
	watch watch.Page
	tour  tournaments.Page
	prof  *profile.Page
	board *board.Page
	ppl   *who.Page // the players online (page/who)
	table tablePage // the waiting room and the table (tablepage.go)

	closing bool // Closed was shown; quitting
	ticking bool // a tick is on its way (see clock)

	pages   *PageCounts  // sessions by page, for metrics (nil: not counted)
	counted atomic.Int32 // the page this model is counted on (noPage: none)

	stamped int        // the table's move count last reported by TakeMoveStamp
	pumped  bool       // the session's goroutine brings the screens (TakePump)
	clocked bool       // the session's loop brings the ticks (TakeClock)
	drawn   frameStamp // what the last frame was drawn from (unchanged.go)
	frame   ui.RowMemo // the rows of the last frame, of any page (tui/ui/rows.go)
	onClose func(reason string)

	// fitted is the width the last frame's lines were made to (FittedWidth).
	fitted int

	lin linearState // the linear mode's (linear.go)
}

type tickMsg time.Time
type quitMsg struct{}

// New makes the model for one session.
func New(opts Options) term.Model {
	r := opts.Renderer
	if r == nil { // never the server's own terminal: plain text
		r = lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.Ascii)
	}
	m := &model{
		shared: shared{
			st:   stylesFor(r),
			now:  opts.Now,
			w:    opts.Width,
			h:    opts.Height,
			addr: strings.TrimPrefix(clean(opts.Addr), "ssh "),
		},
		sess: opts.Client,
		done: opts.Done,
		cmd:  opts.Command,

		onClose: opts.OnClose,
		pages:   opts.Pages,
		stamped: -1,
		lin:     linearState{door: opts.Linear},
	}
	m.table.shared, m.table.c = &m.shared, m.ctx()
	m.counted.Store(noPage)
	if m.now == nil {
		m.now = time.Now
	}
	if m.w == 0 && m.h == 0 {
		m.w, m.h = MinWidth, MinHeight
	}
	m.lob = lobbypage.New()
	if m.sess != nil {
		m.scr = m.sess.Screen()
		m.notice = m.scr.Notice
		if t := m.scr.Table; t != nil { // back in a seat kept for the player
			m.table.resume(t, m.notice.Seq)
		}
	}
	if m.scr.Nick == "" {
		m.ctx().nickState()
	}
	m.countPage()
	return m
}

// Init starts the pump, the clock and, for a player who already has a
// nickname, the command line.
func (m *model) Init() tea.Cmd {
	if m.sess == nil {
		return nil
	}
	if m.pumped {
		return tea.Batch(m.clock(), m.start())
	}
	return tea.Batch(listen(m.sess, m.done), m.clock(), m.start())
}

// start carries out the command line if the player has a nickname, and
// quits if the session is already closed.
func (m *model) start() tea.Cmd {
	var cmds []tea.Cmd
	if m.scr.Nick != "" {
		cmds = append(cmds, m.runCommand())
	}
	if m.scr.Closed != "" {
		cmds = append(cmds, m.close())
	}
	return tea.Batch(cmds...)
}

// Update handles a message, then keeps the clock ticking while a countdown
// is on screen, and only then.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tickMsg); ok {
		m.ticking = false
	} else if !quietCall(msg) {
		m.gen++ // what is drawn from the model may change (memo.go)
	}
	mod, cmd := m.update(msg)
	m.forget() // (forget.go)
	if !m.Linear() {
		m.lin.started = false // said afresh if turned on again
	}
	if c := m.clock(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	m.countPage()
	return mod, cmd
}

func (m *model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case screenMsg: // arm the pump again for the next screen
		if m.pumped {
			return m, m.setScreen(lobby.Screen(msg))
		}
		return m, tea.Batch(m.setScreen(lobby.Screen(msg)), listen(m.sess, m.done))
	case callDoneMsg:
		m.callDone(msg)
		return m, m.calls.next(m.sess)
	case quitMsg:
		return m, tea.Quit
	case tea.KeyMsg:
		return m, m.onKeys(msg)
	}
	return m, m.answer(msg)
}

// answer hands a message that is none of the model's own (the answer to
// a page's call) to the pages that are open: each takes its own.
func (m *model) answer(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	if m.ppl != nil {
		cmds = append(cmds, m.ppl.Update(m.ctx(), msg))
	}
	if m.board != nil {
		cmds = append(cmds, m.board.Update(m.ctx(), msg))
	}
	if m.prof != nil {
		cmds = append(cmds, m.prof.Update(m.ctx(), msg))
	}
	if m.nick != nil {
		cmds = append(cmds, m.nick.Update(m.ctx(), msg))
	}
	return tea.Batch(cmds...)
}

// onKeys handles a key message. Keys that reach the server together (fast
// typing, a laggy link) come as one message of several runes; each is a
// key of its own, so that t then gg opens the chat and types in it rather
// than being one unknown key "tgg". A paste stays whole: it is text.
func (m *model) onKeys(k tea.KeyMsg) tea.Cmd {
	if k.Type != tea.KeyRunes || k.Paste || k.Alt || len(k.Runes) < 2 {
		return m.onKey(k)
	}
	cmds := make([]tea.Cmd, 0, len(k.Runes))
	for _, r := range k.Runes {
		cmds = append(cmds, m.onKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
	}
	return tea.Batch(cmds...)
}

// setScreen takes a newer screen from the lobby.
func (m *model) setScreen(s lobby.Screen) tea.Cmd {
	prev := m.scr
	m.scr = s
	fresh := s.Notice.Seq != m.notice.Seq
	if fresh {
		m.notice = s.Notice
		m.hint = ""
	}
	var cmds []tea.Cmd
	if s.Closed != "" && !m.closing {
		cmds = append(cmds, m.close())
	}
	if prev.Nick == "" && s.Nick != "" {
		cmds = append(cmds, m.runCommand())
	}
	if s.KeysAdded != prev.KeysAdded {
		cmds = append(cmds, m.ctx().keyAdded()) // (page/profile)
	}
	switch {
	case s.Table != nil && (prev.Table == nil || prev.Table.ID != s.Table.ID): // (a tournament moves its players)
		m.page = pageLobby
		m.hint = "" // "finding you a seat…" is done: the seat is here
		if !fresh {
			m.notice.Text = "" // news of the last table (a kick) is not this one's
		}
	case s.Table != nil && prev.Table != nil && prev.Table.Game == nil && s.Table.Game != nil:
		m.hint = "" // the game began: a hint about the waiting room's keys is stale
	case prev.Table != nil && s.Table == nil, s.Table == nil && s.Left != prev.Left:
		if m.page != pageHelp {
			m.page = pageLobby
		}
		if m.form != nil {
			m.form.EndConfigure()
		}
	}
	m.table.screen(&prev, &m.scr)
	return tea.Batch(cmds...)
}

// close shows why the session is closed and quits a little later (or at
// the next key); with OnClose, the session is ended at once with the reason.
func (m *model) close() tea.Cmd {
	m.closing = true
	if m.onClose != nil {
		m.onClose(m.scr.Closed)
	}
	return tea.Tick(4*time.Second, func(time.Time) tea.Msg { return quitMsg{} })
}

// runCommand carries out the command line once the player has a nickname.
func (m *model) runCommand() tea.Cmd {
	if m.cmdDone {
		return nil
	}
	m.cmdDone = true
	switch m.cmd.Kind {
	case CmdNew:
		m.page = pageCreate
		m.form = create.New(m.scr.Nick)
	case CmdJoin:
		m.page = pageJoin
		return m.ctx().joinState().Start(m.ctx(), m.cmd.Code)
	case CmdRejoin:
		if m.scr.Table == nil {
			m.say(lobby.ErrNoRejoin.Error(), true)
		}
	}
	return nil
}

// send queues an intent on the player's table: one call, which never
// waits, so a key costs no goroutine and the table's own queue keeps the
// order. Only a full queue is worth a word here; the lobby answers
// everything else (a refused move, a table that has gone) with a screen.
func (m *model) send(in lobby.Intent) tea.Cmd {
	if m.sess == nil {
		return nil
	}
	if err := m.sess.Send(in); errors.Is(err, lobby.ErrBusy) {
		m.say(err.Error(), true)
	}
	return nil
}

// callDone shows a call's error where it belongs.
func (m *model) callDone(msg callDoneMsg) {
	if msg.answer != nil {
		msg.answer(msg.err)
		return
	}
	if msg.err != nil {
		m.say(msg.err.Error(), true)
	}
}

// quietCall says whether msg is a call's answer that changes nothing drawn:
// a call that went through changes only the next screens the lobby posts,
// unless a page takes its answer (and may clear an error it shows).
func quietCall(msg tea.Msg) bool {
	d, ok := msg.(callDoneMsg)
	return ok && d.err == nil && d.answer == nil
}

// say shows a short hint in the status line, until the next key.
func (m *model) say(text string, bad bool) { m.hint, m.bad, m.lin.hinted = text, bad, true }

// where is what the model shows now.
func (m *model) where() where {
	switch {
	case (m.w < MinWidth || m.h < MinHeight) && !m.Linear(): // (a window's size is nothing to a screen reader)
		return atTooSmall
	case m.scr.Closed != "":
		return atClosed
	case m.scr.Nick == "":
		return atNick
	case m.page == pageHelp:
		return atHelp
	case m.scr.Table != nil:
		switch {
		case m.page == pageCreate && m.form != nil && m.form.Configuring():
			return atCreate
		case m.scr.Table.Game == nil:
			return atWaiting
		}
		return atTable
	}
	switch m.page {
	case pageCreate:
		if m.form != nil && m.form.Configuring() {
			return atLobby
		}
		return atCreate
	case pageJoin:
		return atJoin
	case pageWatch:
		return atWatch
	case pageProfile:
		return atProfile
	case pageBoard:
		return atBoard
	case pageWho:
		return atWho
	}
	return atLobby
}

// onKey handles a key press.
func (m *model) onKey(k tea.KeyMsg) tea.Cmd {
	if is(k, keyInterrupt) {
		return tea.Quit
	}
	m.hint = ""
	if m.linearKey(k) { // (linear.go)
		return nil
	}
	var cmds []tea.Cmd
	if t := m.scr.Table; t != nil && t.You >= 0 && t.You < len(t.Seats) && t.Seats[t.You].AutoPlay {
		cmds = append(cmds, m.send(lobby.Intent{Kind: lobby.Wake}))
	}
	cmds = append(cmds, routes[m.where()].key(m, k))
	return tea.Batch(cmds...)
}

// openHelp shows the help page, returning to the current page after.
func (m *model) openHelp() {
	if m.page != pageHelp {
		m.helpBack = m.page
	}
	m.page, m.help = pageHelp, helppage.Page{}
}

// View draws the screen, always exactly the window's size.
func (m *model) View() string { return strings.Join(m.Lines(), "\n") }

// Lines is the view as the screen's lines: the session's painter compares
// and sends them line by line, and a view joined only to be split again
// was the largest allocation of a frame.
func (m *model) Lines() []string { return m.AppendLines(nil) }

// AppendLines appends the view's lines to dst. The painter passes an empty
// list of its own (from a pool of them), so that a frame makes no list.
func (m *model) AppendLines(dst []string) []string {
	var ls []string
	at := m.where()
	m.stampFrame(at)
	if at == atTooSmall { // told in lines of their own widths
		m.fitted = 0
		return append(dst, routes[at].lines(m)...)
	}
	ls = routes[at].lines(m)
	dst = m.frame.AppendFrameLines(dst, ls, m.w, m.h)
	m.table.dropLists() // (ls, if the table's, was one of them)
	m.fitted = m.w
	return dst
}

// FittedWidth is the width every line of the last frame AppendLines gave
// was made exactly (padded, or cut), in cells; 0 if they were not (a
// window too small is told so in lines of their own widths). The painter
// then needs neither to cut them nor to measure them.
func (m *model) FittedWidth() int { return m.fitted }
