package ssh

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		args    string
		want    Command
		wantErr error
	}{
		{"", Command{Kind: CommandLobby}, nil},
		{"help", Command{Kind: CommandHelp}, nil},
		{"--help", Command{Kind: CommandHelp}, nil},
		{"HELP", Command{Kind: CommandHelp}, nil},
		{"new", Command{Kind: CommandNew}, nil},
		{"new table", Command{}, ErrExtraArguments},
		{"join K7QX2M", Command{Kind: CommandJoin, Code: "K7QX2M"}, nil},
		{"join k7qx2m", Command{Kind: CommandJoin, Code: "K7QX2M"}, nil},
		{"join", Command{}, ErrMissingCode},
		{"join K7QX-2MHC-9DFA", Command{Kind: CommandJoin, Code: "K7QX2MHC9DFA"}, nil},
		{"join k7qx 2mhc 9dfa", Command{Kind: CommandJoin, Code: "K7QX2MHC9DFA"}, nil},
		{"join K7-QX", Command{Kind: CommandJoin, Code: "K7QX"}, nil},
		{"join A B!", Command{}, ErrBadCode},
		{"join - -", Command{}, ErrBadCode},
		{"join " + strings.Repeat("A", 17), Command{}, ErrBadCode},
		{"join \x1b[2J", Command{}, ErrBadCode},
		{"dance", Command{}, ErrUnknownCommand},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			got, err := ParseCommand(strings.Fields(tt.args))
			if tt.wantErr != nil {
				assert.True(t, errors.Is(err, tt.wantErr), "got %v, want %v", err, tt.wantErr)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestCommandString(t *testing.T) {
	assert.Equal(t, "", Command{Kind: CommandLobby}.String())
	assert.Equal(t, "new", Command{Kind: CommandNew}.String())
	assert.Equal(t, "join K7QX2M", Command{Kind: CommandJoin, Code: "K7QX2M"}.String())
	assert.Equal(t, "help", Command{Kind: CommandHelp}.String())
	assert.False(t, Command{Kind: CommandHelp}.Interactive())
	assert.True(t, Command{Kind: CommandJoin}.Interactive())
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"", "join K7QX2M", "new", "help", "join", "x y z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cmd, err := ParseCommand(strings.Fields(s))
		if err != nil {
			return
		}
		if cmd.Kind == CommandJoin && !validCode(cmd.Code) {
			t.Fatalf("accepted bad code %q", cmd.Code)
		}
		if cmd.Kind != CommandJoin && cmd.Code != "" {
			t.Fatalf("code %q on a %v command", cmd.Code, cmd.Kind)
		}
	})
}
