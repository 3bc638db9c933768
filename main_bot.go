package main

import (
	"context"
	"net"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/botapi"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
)

// botFor is the seam between the SSH door's `bot` command and the bot API:
// each bot session connects a lobby client for its key, as a player's does
// (registered with reg, when given, so the door knows it is seated), and
// speaks JSON lines until it ends. One set of line budgets serves every
// bot on the server.
func botFor(hub *lobby.Hub, reg *players) ssh.BotFunc {
	limits := botapi.NewLimits()
	return func(ctx context.Context, s ssh.BotSession) error {
		c := hub.ConnectFrom(s.RemoteAddr, s.ID, s.Fingerprint, false)
		if reg != nil {
			reg.clients.Store(s.ID, c)
			defer reg.clients.Delete(s.ID)
		}
		defer c.Disconnect()
		addr, _, err := net.SplitHostPort(s.RemoteAddr)
		if err != nil {
			addr = s.RemoteAddr
		}
		return botapi.Serve(ctx, botapi.Session{Client: c, In: s.In, Out: s.Out, Key: s.Fingerprint, Addr: addr, Limits: limits})
	}
}

// refused is the model of a terminal session refused before it began (a
// bot's key): the session is closing, with the reason printed by the ssh
// layer, and the model shows nothing meanwhile.
type refused struct{}

func (refused) Init() tea.Cmd                       { return nil }
func (refused) Update(tea.Msg) (tea.Model, tea.Cmd) { return refused{}, nil }
func (refused) View() string                        { return "" }
