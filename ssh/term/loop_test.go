package term

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	gssh "github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/require"
)

type (
	stageTick time.Time
	stageNews struct{}
	boom      struct{}
)

// stageModel records what it is sent on seen, and behaves as told.
type stageModel struct {
	linesModel
	seen    chan tea.Msg
	ticks   int
	clock   bool // a countdown is on screen
	updates chan struct{}
	init    tea.Cmd
	keys    []string // keys next passed over
}

func newStageModel() *stageModel {
	return &stageModel{seen: make(chan tea.Msg, 100), updates: make(chan struct{}, 1)}
}

func (m *stageModel) Init() tea.Cmd { return m.init }
func (m *stageModel) View() string  { return "" }

func (m *stageModel) AppendLines(dst []string) []string { return dst }
func (m *stageModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.seen <- msg
	switch msg := msg.(type) {
	case stageTick:
		m.ticks++
		if m.ticks == 3 {
			m.clock = false
		}
	case boom:
		panic("model exploded")
	case tea.KeyMsg:
		switch msg.String() {
		case "q":
			return m, tea.Quit
		case "p":
			return m, func() tea.Msg { panic("command exploded") }
		case "b":
			return m, tea.Batch(func() tea.Msg { return boom{} })
		}
	}
	return m, nil
}

func (m *stageModel) TakePump() (<-chan struct{}, func() tea.Msg) {
	return m.updates, func() tea.Msg { return stageNews{} }
}

func (m *stageModel) TakeClock() (func() bool, func(time.Time) tea.Msg) {
	return func() bool { return m.clock }, func(t time.Time) tea.Msg { return stageTick(t) }
}

// runStage runs a stage of m with keys typed on in; it returns the window
// channel, a channel that closes when the session's end is called, and one
// that gives the stage's result.
func runStage(t *testing.T, m *stageModel, in string) (chan gssh.Window, <-chan struct{}, <-chan error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ended := make(chan struct{})
	winch := make(chan gssh.Window, 1)
	s := newStage(ctx, func() { close(ended); cancel() }, m, m, winch)
	s.every = time.Millisecond
	done := make(chan error, 1)
	go func() { done <- s.run(strings.NewReader(in)) }()
	return winch, ended, done
}

// next is the next message the model saw that is not a key.
func (m *stageModel) next(t *testing.T) tea.Msg {
	t.Helper()
	for msg := range m.seen {
		k, ok := msg.(tea.KeyMsg)
		if !ok {
			return msg
		}
		m.keys = append(m.keys, k.String())
	}
	t.Fatal("the model's messages ended")
	return nil
}

// TestStageBringsEverything: one loop brings the model its keys (decoded),
// window sizes, the lobby's news and the countdown's ticks, and the ticks
// only while a countdown is on screen; a closed window channel ends it.
func TestStageBringsEverything(t *testing.T) {
	m := newStageModel()
	m.clock = true
	winch, ended, done := runStage(t, m, "ab\x1b[A")
	for i := range 3 {
		require.IsType(t, stageTick{}, m.next(t), "tick %d", i)
	}
	winch <- gssh.Window{Width: 100, Height: 30}
	require.Equal(t, tea.WindowSizeMsg{Width: 100, Height: 30}, m.next(t))
	m.updates <- struct{}{}
	require.Equal(t, stageNews{}, m.next(t), "no tick after the countdown left the screen")
	close(winch)
	<-ended
	require.NoError(t, <-done)
	close(m.seen)
	for msg := range m.seen {
		if k, ok := msg.(tea.KeyMsg); ok {
			m.keys = append(m.keys, k.String())
		}
	}
	require.Equal(t, []string{"ab", "up"}, m.keys)
}

// TestStageQuits: tea.Quit ends the stage without ending the session.
func TestStageQuits(t *testing.T) {
	m := newStageModel()
	_, ended, done := runStage(t, m, "q")
	require.NoError(t, <-done)
	select {
	case <-ended:
		t.Fatal("quitting ended the session itself")
	default:
	}
}

// TestStagePanics: a panic in Update or in a command ends the stage with
// ErrPanic, for the session to say sorry.
func TestStagePanics(t *testing.T) {
	for _, key := range []string{"p", "b"} {
		m := newStageModel()
		_, _, done := runStage(t, m, key)
		require.ErrorIs(t, <-done, ErrPanic, "key %q", key)
	}
}

// TestStageArmsOnlyForACountdown: no timer while no countdown shows.
func TestStageArmsOnlyForACountdown(t *testing.T) {
	m := newStageModel()
	s := newStage(context.Background(), func() {}, m, m, nil)
	s.arm()
	require.Nil(t, s.timerC)
	m.clock = true
	s.arm()
	require.NotNil(t, s.timerC)
	s.timer.Stop()
}

// TestStageTakesAPasteWhole: a bracketed paste reaches the model as one
// pasted text, whatever it holds (a q, a ctrl+c), and quits nothing.
func TestStageTakesAPasteWhole(t *testing.T) {
	m := newStageModel()
	winch, ended, done := runStage(t, m, "\x1b[200~q\x03 junk\x1b[201~")
	msg := <-m.seen
	k, ok := msg.(tea.KeyMsg)
	require.True(t, ok, "got %T", msg)
	require.True(t, k.Paste)
	require.Equal(t, "q\x03 junk", string(k.Runes))
	close(winch)
	<-ended
	require.NoError(t, <-done)
}
