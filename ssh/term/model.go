package term

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Model is what the loop (loop.go) and the painter (paint.go) need of a
// session's model: a Bubble Tea model, its view as lines, and what it tells
// the terminal besides its view. It is the one contract between the runtime
// and the TUI; the TUI asserts it at compile time.
type Model interface {
	tea.Model

	// AppendLines appends the model's view, as lines, to dst and returns
	// the list (View split at its newlines, without making a string of it).
	AppendLines(dst []string) []string
	// FittedWidth is the width, in cells, every line of the last lines
	// was made exactly (0: not made so); the painter then neither cuts
	// nor measures them again.
	FittedWidth() int
	// Unchanged says whether the view would be the one last drawn, when
	// the model knows without drawing it: the painter then draws nothing.
	Unchanged() bool

	// Title is the window title (set when it changes; "" sets none).
	Title() string
	// TakeBell says, once, that the terminal's bell should ring.
	TakeBell() bool
	// TakeMoveStamp gives, once per move, when the move the view now
	// shows was made, so the painter can measure how long it took to
	// reach the screen.
	TakeMoveStamp() (time.Time, bool)
	// Background says whether a message's frame may wait for others (the
	// lobby's news to a session in the lobby): the drawers take the
	// frames someone waits for first.
	Background(tea.Msg) bool

	// TakePump hands the loop the model's news: updates signals, next
	// reads the newest as a message. Nil updates: the model has none.
	// Called once, before the first message.
	TakePump() (updates <-chan struct{}, next func() tea.Msg)
	// TakeClock hands the loop the countdown's ticks: after every message
	// it asks wants, and while that is true it delivers tick a second
	// after the last one. Nil wants: the model has no countdown. Called
	// once, before the first message.
	TakeClock() (wants func() bool, tick func(time.Time) tea.Msg)

	// Linear says the model speaks rather than draws: the screen-reader
	// mode, where the painter only appends the sentences TakeSaid hands
	// it (linear.go) and never moves the cursor, erases, or switches
	// screens. Asked after every message: a player may turn it on or off.
	Linear() bool
	// TakeSaid appends to dst the sentences to say since the last frame,
	// each a line of plain text, and forgets them. Asked only while
	// Linear.
	TakeSaid(dst []string) []string
}

// Plain makes a Model of a Bubble Tea model that has nothing to tell the
// terminal besides its View: no title, no bell, no news and no countdown
// of the loop's. Stand-in models in tests are run so.
func Plain(m tea.Model) Model { return &plain{m} }

type plain struct{ m tea.Model }

func (p *plain) Init() tea.Cmd { return p.m.Init() }

func (p *plain) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	p.m, cmd = p.m.Update(msg)
	return p, cmd
}

func (p *plain) View() string { return p.m.View() }

func (p *plain) AppendLines(dst []string) []string {
	return append(dst, strings.Split(p.m.View(), "\n")...)
}

func (*plain) FittedWidth() int                 { return 0 }
func (*plain) Unchanged() bool                  { return false }
func (*plain) Title() string                    { return "" }
func (*plain) TakeBell() bool                   { return false }
func (*plain) TakeMoveStamp() (time.Time, bool) { return time.Time{}, false }
func (*plain) Background(tea.Msg) bool          { return false }

func (*plain) TakePump() (<-chan struct{}, func() tea.Msg) { return nil, nil }

func (*plain) TakeClock() (func() bool, func(time.Time) tea.Msg) { return nil, nil }

func (*plain) Linear() bool                   { return false }
func (*plain) TakeSaid(dst []string) []string { return dst }

// asModel is what a Model's Update returned: a Model still, or a mistake
// worth a panic (the session's recovery ends that session only).
func asModel(m tea.Model) Model {
	next, ok := m.(Model)
	if !ok {
		panic("term: Update returned a model that is not a term.Model")
	}
	return next
}
