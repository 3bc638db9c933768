// Package tui is unossh's terminal interface: one Bubble Tea model per SSH
// session, from the nickname prompt through the lobby and the waiting room to
// the table, drawn to fit any window of 80x24 or more.
//
// The model only shows what the lobby posts and sends the player's intents;
// the lobby and its tables decide everything. Updates reach the model through
// a command that waits on the session's Updates channel, reads the newest
// Screen and is armed again (see listen): nothing ever calls Program.Send.
// Calls that wait for the hub or the table run one at a time, in order, off
// the Update goroutine. Every style is built from the session's own renderer, so
// each player gets the colours their terminal can show.
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
	"io"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/term"
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
}

// page is the screen shown away from a table (or over it: help, the form
// that edits a waiting table's rules).
type page uint8

const (
	pageLobby page = iota
	pageCreate
	pageJoin
	pageWatch
	pageHelp
	pageTour    // the tournaments (tournament_lobby.go), drawn in the lobby's place
	pageProfile // profile.go
	pageBoard   // board.go
	pageWho     // who.go
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
	sess  Session
	st    *styles
	keys  *keyMap // theKeys, shared
	now   func() time.Time
	done  <-chan struct{}
	w, h  int
	scr   lobby.Screen
	calls calls

	cmd     Command
	cmdDone bool   // the command line was carried out
	addr    string // the address players ssh to

	page     page
	helpBack page // the page help returns to
	helpTop  int  // help's scroll position

	notice lobby.Notice // the latest notice, shown until a newer one
	hint   string       // a short local hint, cleared by the next key
	bad    bool         // the hint is an error

	nick  *nickPage // made while the player has no nickname (nickState)
	lob   lobbyPage
	form  *createForm // the pages below are made when first opened (nil before)
	join  *joinPage
	watch watchPage
	tour  tourPage
	prof  *profilePage
	board *boardPage
	ppl   *whoPage // the players online (who.go)
	room  roomState
	tbl   *tableState // from the first table on (nil before)

	closing bool // Closed was shown; quitting
	ticking bool // a tick is on its way (see clock)

	pages   *PageCounts  // sessions by page, for metrics (nil: not counted)
	counted atomic.Int32 // the page this model is counted on (noPage: none)

	myTurn  bool       // the game waits for this player (see alert.go)
	turnAt  turnMark   // which of their turns (see alert.go)
	ring    bool       // the bell should ring at the next paint
	bellOff bool       // the player turned the turn bell off
	stamped int        // the table's move count last reported by TakeMoveStamp
	pumped  bool       // the session's goroutine brings the screens (TakePump)
	clocked bool       // the session's loop brings the ticks (TakeClock)
	frame   rowMemo    // the rows of the last frame (rows.go)
	drawn   frameStamp // what the last frame was drawn from (unchanged.go)
	onClose func(reason string)

	gen  uint64      // messages other than clock ticks so far (memo.go)
	memo *viewMemo   // the parts of the frame kept between ticks; nil off a table
	fl   *frameLists // while a table's frame is drawn: its lists (framePool)
	// fitted is the width the last frame's lines were made to (FittedWidth).
	fitted int
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
		sess: opts.Client,
		st:   stylesFor(r),
		keys: &theKeys,
		now:  opts.Now,
		done: opts.Done,
		w:    opts.Width,
		h:    opts.Height,
		cmd:  opts.Command,
		addr: strings.TrimPrefix(clean(opts.Addr), "ssh "),

		onClose: opts.OnClose,
		pages:   opts.Pages,
		stamped: -1,
	}
	m.counted.Store(noPage)
	if m.now == nil {
		m.now = time.Now
	}
	if m.w == 0 && m.h == 0 {
		m.w, m.h = MinWidth, MinHeight
	}
	m.lob = newLobbyPage()
	if m.sess != nil {
		m.scr = m.sess.Screen()
		m.notice = m.scr.Notice
		if t := m.scr.Table; t != nil { // back in a seat kept for the player
			m.tbl = newTableState()
			m.tbl.sync(t, m.notice.Seq)
			m.room.sync(t)
		}
	}
	if m.scr.Nick == "" {
		m.nickState()
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
	case whoMsg:
		m.onWho(msg)
		return m, nil
	case tea.KeyMsg:
		return m, m.onKeys(msg)
	}
	if cmd, ok := m.onRecords(msg); ok { // records.go
		return m, cmd
	}
	return m, nil
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
		cmds = append(cmds, m.keyAdded()) // (profile.go)
	}
	switch {
	case s.Table != nil && (prev.Table == nil || prev.Table.ID != s.Table.ID): // (a tournament moves its players)
		m.page = pageLobby
		m.hint = "" // "finding you a seat…" is done: the seat is here
		if !fresh {
			m.notice.Text = "" // news of the last table (a kick) is not this one's
		}
		m.tbl = newTableState()
		m.room = roomState{}
		m.memo = nil // the last table's frame is of no use
	case s.Table != nil && prev.Table != nil && prev.Table.Game == nil && s.Table.Game != nil:
		// The game began: a hint about the waiting room's keys is stale,
		// and so is its invitation line.
		m.hint = ""
		m.room.invite = inviteBox{}
	case prev.Table != nil && s.Table == nil, s.Table == nil && s.Left != prev.Left:
		if m.page != pageHelp {
			m.page = pageLobby
		}
		if m.form != nil {
			m.form.configure = false
		}
		m.memo = nil // nothing is kept of a table the player left
	}
	if s.Table != nil {
		m.tbl.sync(s.Table, s.Notice.Seq)
		m.room.sync(s.Table)
	}
	m.noteTurn()
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
		m.form = newCreateForm(m.scr.Nick)
	case CmdJoin:
		m.joinState().code.Set(m.cmd.Code)
		m.page = pageJoin
		return m.joinCode(m.cmd.Code)
	case CmdRejoin:
		if m.scr.Table == nil {
			m.say(lobby.ErrNoRejoin.Error(), true)
		}
	}
	return nil
}

// call queues a call to the session.
func (m *model) call(kind callKind, f func(Session) error) tea.Cmd {
	cmd, ok := m.calls.add(m.sess, pendingCall{kind: kind, run: f})
	if !ok {
		m.say("slow down: still sending your last moves", true)
	}
	return cmd
}

// do sends an intent to the player's table.
func (m *model) do(in lobby.Intent) tea.Cmd {
	return m.call(callDo, func(s Session) error { s.Do(in); return nil })
}

// callDone shows a call's error where it belongs.
func (m *model) callDone(msg callDoneMsg) {
	if msg.err == nil {
		switch msg.kind {
		case callCreate:
			if m.form != nil {
				m.form.err = ""
			}
		case callNick:
			if m.nick != nil {
				m.nick.err = ""
			}
		}
		return
	}
	text := msg.err.Error()
	switch msg.kind {
	case callNick:
		m.nickState().err = text
	case callCreate:
		if m.form != nil {
			m.form.err = text
		}
	case callJoin:
		m.joinState().err = text
		m.joinFailed(msg.err)
		m.page = pageJoin
	case callWatch:
		m.watch.err = text
	default:
		m.say(text, true)
	}
}

// quietCall says whether msg is a call's answer that changes nothing drawn:
// a call that went through changes only the next screens the lobby posts
// (and clears the error on the nickname or create page). Most are moves,
// answered while the table's screen is on its way.
func quietCall(msg tea.Msg) bool {
	d, ok := msg.(callDoneMsg)
	return ok && d.err == nil && d.kind != callCreate && d.kind != callNick
}

// say shows a short hint in the status line, until the next key.
func (m *model) say(text string, bad bool) { m.hint, m.bad = text, bad }

// where is what the model shows now.
func (m *model) where() where {
	switch {
	case m.w < MinWidth || m.h < MinHeight:
		return atTooSmall
	case m.scr.Closed != "":
		return atClosed
	case m.scr.Nick == "":
		return atNick
	case m.page == pageHelp:
		return atHelp
	case m.scr.Table != nil:
		switch {
		case m.page == pageCreate && m.form != nil && m.form.configure:
			return atCreate
		case m.scr.Table.Game == nil:
			return atWaiting
		}
		return atTable
	}
	switch m.page {
	case pageCreate:
		if m.form != nil && m.form.configure {
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
	if is(k, m.keys.Interrupt) {
		return tea.Quit
	}
	m.hint = ""
	var cmds []tea.Cmd
	if t := m.scr.Table; t != nil && t.You >= 0 && t.You < len(t.Seats) && t.Seats[t.You].AutoPlay {
		cmds = append(cmds, m.do(lobby.Intent{Kind: lobby.Wake}))
	}
	switch m.where() {
	case atTooSmall:
		if k.String() == "q" {
			return tea.Quit
		}
	case atClosed:
		return tea.Quit
	case atNick:
		cmds = append(cmds, m.nickKey(k))
	case atLobby:
		cmds = append(cmds, m.lobbyKey(k))
	case atCreate:
		cmds = append(cmds, m.formKey(k))
	case atJoin:
		cmds = append(cmds, m.joinKey(k))
	case atWatch:
		cmds = append(cmds, m.watchKey(k))
	case atHelp:
		m.helpKey(k)
	case atProfile:
		cmds = append(cmds, m.profileKey(k))
	case atBoard:
		cmds = append(cmds, m.boardKey(k))
	case atWho:
		cmds = append(cmds, m.whoKey(k))
	case atWaiting:
		cmds = append(cmds, m.roomKey(k))
	case atTable:
		cmds = append(cmds, m.tableKey(k))
	}
	return tea.Batch(cmds...)
}

// openHelp shows the help page, returning to the current page after.
func (m *model) openHelp() {
	if m.page != pageHelp {
		m.helpBack = m.page
	}
	m.page, m.helpTop = pageHelp, 0
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
	switch at {
	case atTooSmall:
		m.fitted = 0
		return append(dst, strings.Split(m.tooSmall(), "\n")...)
	case atClosed:
		ls = m.closedView()
	case atNick:
		ls = m.nickView()
	case atLobby:
		ls = m.lobbyView()
	case atCreate:
		ls = m.formView()
	case atJoin:
		ls = m.joinView()
	case atWatch:
		ls = m.watchView()
	case atHelp:
		ls = m.helpView()
	case atProfile:
		ls = m.profileView()
	case atBoard:
		ls = m.boardView()
	case atWho:
		ls = m.whoView()
	case atWaiting:
		ls = m.roomView()
	case atTable:
		ls = m.tableView()
	}
	dst = m.frame.appendFrameLines(dst, ls, m.w, m.h)
	m.dropLists() // (ls, if the table's, was one of them)
	m.fitted = m.w
	return dst
}

// FittedWidth is the width every line of the last frame AppendLines gave
// was made exactly (padded, or cut), in cells; 0 if they were not (a
// window too small is told so in lines of their own widths). The painter
// then needs neither to cut them nor to measure them.
func (m *model) FittedWidth() int { return m.fitted }
