package term

import (
	"bytes"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
)

// sayingModel says each string message as a sentence while linear; a bool
// message turns the mode on or off.
type sayingModel struct {
	linesModel
	linear bool
	bell   bool
	said   []string
}

func (m *sayingModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case string:
		m.said = append(m.said, msg)
	case bool:
		m.linear = msg
	case tea.KeyMsg:
		m.bell = true
	}
	return m, nil
}

func (m *sayingModel) Linear() bool { return m.linear }
func (m *sayingModel) TakeBell() bool {
	b := m.bell
	m.bell = false
	return b
}
func (m *sayingModel) TakeSaid(dst []string) []string {
	dst = append(dst, m.said...)
	m.said = m.said[:0]
	return dst
}

func TestLinearPainterOnlyAppendsSentences(t *testing.T) {
	var out bytes.Buffer
	m := &sayingModel{linesModel: linesModel{lines: []string{"┌──┐", "│hi│"}}, linear: true,
		said: []string{"Welcome to UNO over SSH."}}
	p := newPainter(m, &out, 80, 24, true)
	p.View()
	p.Update("Your turn.")
	p.Update(struct{}{}) // nothing new: nothing said
	p.Update("\x1b[31mred 7\x1b[0m\nand a second line")
	p.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	p.Update(tea.KeyMsg{Type: tea.KeyEnter})
	p.restore()
	require.Equal(t, "Welcome to UNO over SSH.\r\nYour turn.\r\nred 7\r\nand a second line\r\n\a", out.String(),
		"sentences only, each on its line, styling taken out; no screen, title or mode set up or left")
}

func TestLinearPainterLeavesAndTakesBackTheScreen(t *testing.T) {
	var out bytes.Buffer
	m := &sayingModel{linesModel: linesModel{lines: []string{"lobby", "tables"}}}
	p := newPainter(m, &out, 20, 5, false)
	p.View()
	require.True(t, strings.HasPrefix(out.String(), paintOpen))

	out.Reset()
	m.said = []string{"Screen reader mode is on."}
	p.Update(true)
	require.Equal(t, paintClose+"Screen reader mode is on.\r\n", out.String(), "turned on: the screen is left once")

	out.Reset()
	p.Update(false)
	require.True(t, strings.HasPrefix(out.String(), paintOpen), "turned off: the screen is set up again")
	require.Contains(t, out.String(), "tables", "and drawn whole")
}
