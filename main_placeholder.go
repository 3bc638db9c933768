package main

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/unossh/unossh/ssh"
)

// newModel is the seam between the SSH server and the TUI. Until the TUI and
// lobby land it shows a placeholder; the lead replaces this file with the
// real wiring (tui.New with the lobby hub; see the TODO in main.go).
func newModel(s ssh.Session) tea.Model {
	return placeholder{
		s:     s,
		title: s.Renderer.NewStyle().Bold(true).Foreground(lipgloss.Color("9")),
		hint:  s.Renderer.NewStyle().Faint(true),
	}
}

// placeholder is a one-screen model that says the lobby is coming and
// quits on q.
type placeholder struct {
	s           ssh.Session
	title, hint lipgloss.Style
}

func (m placeholder) Init() tea.Cmd { return nil }

func (m placeholder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch k.String() {
		case "q", "ctrl+c", "esc":
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m placeholder) View() string {
	who := m.s.Fingerprint
	if m.s.Guest {
		who = "guest"
	}
	return "\n  " + m.title.Render("unossh: the lobby is starting soon") + "\n\n" +
		"  " + m.s.User + " · " + who + "\n\n" +
		"  " + m.hint.Render("q quit") + "\n"
}
