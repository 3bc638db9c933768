package ssh_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

func TestParseRecordsCommands(t *testing.T) {
	tests := []struct {
		args    string
		want    ssh.Command
		wantErr error
	}{
		{"profile", ssh.Command{Kind: ssh.CommandProfile}, nil},
		{"profile ana", ssh.Command{Kind: ssh.CommandProfile, Arg: "ana"}, nil},
		{"PROFILE Ana_2", ssh.Command{Kind: ssh.CommandProfile, Arg: "Ana_2"}, nil},
		{"profile Zoë", ssh.Command{Kind: ssh.CommandProfile, Arg: "Zoë"}, nil},
		{"profile Аня", ssh.Command{Kind: ssh.CommandProfile, Arg: "Аня"}, nil},
		{"profile an😀", ssh.Command{}, ssh.ErrBadArgument},
		{"profile ana bo", ssh.Command{}, ssh.ErrExtraArguments},
		{"profile \x1b[2J", ssh.Command{}, ssh.ErrBadArgument},
		{"profile " + strings.Repeat("a", 25), ssh.Command{}, ssh.ErrBadArgument},
		{"top", ssh.Command{Kind: ssh.CommandTop}, nil},
		{"top classic", ssh.Command{Kind: ssh.CommandTop, Arg: "classic"}, nil},
		{"top the office", ssh.Command{Kind: ssh.CommandTop, Arg: "the office"}, nil},
		{"top a;b", ssh.Command{}, ssh.ErrBadArgument},
		{"link 7Q4K-M2XD", ssh.Command{Kind: ssh.CommandLink, Arg: "7Q4K-M2XD"}, nil},
		{"link 7q4k m2xd", ssh.Command{Kind: ssh.CommandLink, Arg: "7q4km2xd"}, nil},
		{"link", ssh.Command{}, ssh.ErrMissingLink},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			got, err := ssh.ParseCommand(strings.Fields(tt.args))
			if tt.wantErr != nil {
				assert.True(t, errors.Is(err, tt.wantErr), "got %v, want %v", err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.False(t, got.Interactive(), "printed, with no terminal needed")
		})
	}
}

// The records' commands print their answer and exit 0, or say why not and
// exit 1, with or without a terminal.
func TestRecordsCommandsPrint(t *testing.T) {
	records := func(_ context.Context, cmd ssh.Command, fp string) (string, error) {
		if cmd.Arg == "zed" {
			return "", fmt.Errorf("no player is called %q", cmd.Arg)
		}
		return fmt.Sprintf("%s of %q for key %v\nsecond line\n", cmd.Kind, cmd.Arg, strings.HasPrefix(fp, "SHA256:")), nil
	}
	cfg := ssh.Config{NewModel: newTestModel, Records: records}
	addr := sshtest.StartServer(t, cfg)
	bare := sshtest.StartServer(t, ssh.Config{NewModel: newTestModel})
	tests := []struct {
		name   string
		addr   string
		opts   []sshtest.Option
		exit   int
		output string
	}{
		{"profile", addr, []sshtest.Option{sshtest.NoPTY(), sshtest.Command("profile ana")}, 0,
			"profile of \"ana\" for key true\nsecond line\n"},
		{"a guest's top", addr, []sshtest.Option{sshtest.NoPTY(), sshtest.Guest(), sshtest.Command("top")}, 0,
			"top of \"\" for key false\n"},
		{"with a terminal", addr, []sshtest.Option{sshtest.Command("link 7Q4K-M2XD")}, 0,
			"link of \"7Q4K-M2XD\" for key true\nsecond line\n"},
		{"unknown player", addr, []sshtest.Option{sshtest.NoPTY(), sshtest.Command("profile zed")}, 1,
			"unossh: no player is called \"zed\"\n"},
		{"no records kept", bare, []sshtest.Option{sshtest.NoPTY(), sshtest.Command("top")}, 1,
			"unossh: this server keeps no records\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sshtest.Dial(t, tt.addr, tt.opts...)
			assert.Equal(t, tt.exit, c.Wait(t, wait))
			out := bytes.ReplaceAll(c.Raw(), []byte("\r\n"), []byte("\n"))
			assert.Contains(t, string(out), tt.output)
		})
	}
}
