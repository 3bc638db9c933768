package ssh_test

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/term"
)

// testModel stands in for the TUI: it shows what it was given, counts key
// presses, and misbehaves on request (p panics, x closes the session).
type testModel struct {
	s       ssh.Session
	title   lipgloss.Style
	w, h    int
	presses int
	flood   int // frames drawn since f was pressed; 0 when not flooding
}

// floodMsg draws the next frame of a flood: a full screen that changes every
// millisecond, to fill a client's SSH window quickly.
type floodMsg struct{}

func floodTick() tea.Cmd {
	return tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return floodMsg{} })
}

func newTestModel(s ssh.Session) term.Model {
	if s.User == "panic-in-new" {
		panic("NewModel exploded")
	}
	return term.Plain(&testModel{
		s:     s,
		title: s.Renderer.NewStyle().Foreground(lipgloss.Color("#ff0000")).Bold(true),
		w:     s.Width,
		h:     s.Height,
	})
}

func (m *testModel) Init() tea.Cmd { return nil }

func (m *testModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case floodMsg:
		m.flood++
		return m, floodTick()
	case tea.KeyMsg:
		m.presses++
		switch msg.String() {
		case "q":
			return m, tea.Quit
		case "p":
			panic("model exploded")
		case "x":
			m.s.Close("signed in elsewhere")
		case "f":
			m.flood = 1
			return m, floodTick()
		}
	}
	return m, nil
}

func (m *testModel) View() string {
	var b strings.Builder
	b.WriteString(m.title.Render("unossh test screen") + "\n")
	fmt.Fprintf(&b, "id=%s user=%s guest=%t from=%s\n", m.s.ID, m.s.User, m.s.Guest, m.s.RemoteAddr)
	fmt.Fprintf(&b, "fingerprint=%s\n", m.s.Fingerprint)
	fmt.Fprintf(&b, "command=%s code=%s\n", m.s.Command.Kind, m.s.Command.Code)
	fmt.Fprintf(&b, "size=%dx%d presses=%d\n", m.w, m.h, m.presses)
	if m.flood > 0 {
		line := strings.Repeat(strconv.Itoa(m.flood%10), m.w)
		for range m.h - 6 {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
