package ssh

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plain before a command (or alone) asks for the screen-reader mode, and
// only before a command that runs the TUI.
func TestPlainAsksForTheLinearMode(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Command
	}{
		{[]string{"plain"}, Command{Kind: CommandLobby, Plain: true}},
		{[]string{"PLAIN", "new"}, Command{Kind: CommandNew, Plain: true}},
		{[]string{"plain", "join", "k7qx-2mhc"}, Command{Kind: CommandJoin, Code: "K7QX2MHC", Plain: true}},
	} {
		got, err := ParseCommand(tc.args)
		require.NoError(t, err, "%v", tc.args)
		assert.Equal(t, tc.want, got, "%v", tc.args)
		assert.True(t, got.Interactive())
	}
	assert.Equal(t, "plain join K7QX2MHC", Command{Kind: CommandJoin, Code: "K7QX2MHC", Plain: true}.String())
	assert.Equal(t, "plain", Command{Plain: true}.String())
	_, err := ParseCommand([]string{"plain", "top"})
	assert.True(t, errors.Is(err, ErrUnknownCommand), "plain before a command without a terminal: %v", err)
}

// The environment asks for the mode with TERM=dumb (a terminal that cannot
// move its cursor) or UNOSSH_SCREEN_READER (OpenSSH's SetEnv).
func TestEnvironmentAsksForTheLinearMode(t *testing.T) {
	for env, want := range map[string]bool{
		"TERM=dumb":                     true,
		"TERM=DUMB":                     true,
		"UNOSSH_SCREEN_READER=1":        true,
		"UNOSSH_SCREEN_READER=yes":      true,
		"UNOSSH_SCREEN_READER=0":        false,
		"TERM=xterm-256color":           false,
		"TERM=vt100":                    false,
		"UNOSSH_SCREEN_READER=whatever": false,
	} {
		assert.Equal(t, want, wantsLinear([]string{env}), env)
	}
}
