package ssh

import (
	"io"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
)

func TestColorProfile(t *testing.T) {
	tests := []struct {
		name string
		env  []string
		want termenv.Profile
	}{
		{"no TERM", nil, termenv.Ascii},
		{"dumb", []string{"TERM=dumb"}, termenv.Ascii},
		{"vt100", []string{"TERM=vt100"}, termenv.Ascii},
		{"NO_COLOR wins", []string{"TERM=xterm-256color", "COLORTERM=truecolor", "NO_COLOR=1"}, termenv.Ascii},
		{"empty NO_COLOR is unset", []string{"TERM=xterm-256color", "NO_COLOR="}, termenv.ANSI256},
		{"COLORTERM truecolor", []string{"TERM=xterm-256color", "COLORTERM=truecolor"}, termenv.TrueColor},
		{"COLORTERM 24bit", []string{"TERM=xterm", "COLORTERM=24bit"}, termenv.TrueColor},
		{"kitty", []string{"TERM=xterm-kitty"}, termenv.TrueColor},
		{"direct", []string{"TERM=xterm-direct"}, termenv.TrueColor},
		{"256", []string{"TERM=xterm-256color"}, termenv.ANSI256},
		{"tmux 256", []string{"TERM=tmux-256color"}, termenv.ANSI256},
		{"16", []string{"TERM=xterm-16color"}, termenv.ANSI},
		{"xterm", []string{"TERM=xterm"}, termenv.ANSI},
		{"screen", []string{"TERM=screen"}, termenv.ANSI},
		{"linux", []string{"TERM=linux"}, termenv.ANSI},
		{"last TERM wins", []string{"TERM=xterm-256color", "TERM=dumb"}, termenv.Ascii},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, colorProfile(tt.env))
		})
	}
}

// queryRecorder fails the test if anything is written to the terminal, or
// read from it: building or using the renderer must never query the client.
type queryRecorder struct{ t *testing.T }

func (q queryRecorder) Write(p []byte) (int, error) {
	q.t.Errorf("renderer wrote %q to the terminal", p)
	return len(p), nil
}

func (q queryRecorder) Read([]byte) (int, error) {
	q.t.Error("renderer read from the terminal")
	return 0, io.EOF
}

func TestRendererNeverQueriesTheTerminal(t *testing.T) {
	r := newRenderer(queryRecorder{t}, []string{"TERM=xterm-256color"})
	assert.True(t, r.HasDarkBackground())
	assert.Equal(t, termenv.ANSI256, r.ColorProfile())
	_ = r.NewStyle().Foreground(r.NewStyle().GetForeground()).Render("x")
	assert.Equal(t, termenv.ANSI256, r.Output().Profile)
}
