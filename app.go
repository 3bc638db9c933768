package main

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/tui"
)

// modelMaker is the seam between the SSH server and the game: for each new
// session it connects a lobby client for the player's identity, disconnects
// it when the connection ends, and builds the session's TUI.
func modelMaker(hub *lobby.Hub, publicAddr string) func(s ssh.Session) tea.Model {
	return func(s ssh.Session) tea.Model {
		key := s.Fingerprint
		if s.Guest || key == "" {
			key = "guest:" + s.ID // a guest is a new player every time
		}
		c := hub.Connect(s.ID, key, s.Guest)
		go func() {
			<-s.Context.Done()
			c.Disconnect()
		}()
		return tui.New(tui.Options{
			Client:   c,
			User:     s.User,
			Command:  tuiCommand(s.Command),
			Renderer: s.Renderer,
			Width:    s.Width,
			Height:   s.Height,
			Done:     s.Context.Done(),
			Addr:     publicAddr,
			// The lobby closing the session (a newer connection took
			// over, the server is stopping) ends it through the ssh
			// layer, which prints the reason where the player can read it.
			OnClose: s.Close,
		})
	}
}

// tuiCommand translates the ssh command line, already checked by the ssh
// layer, into what the TUI opens first.
func tuiCommand(c ssh.Command) tui.Command {
	switch c.Kind {
	case ssh.CommandJoin:
		return tui.Command{Kind: tui.CmdJoin, Code: c.Code}
	case ssh.CommandNew:
		return tui.Command{Kind: tui.CmdNew}
	}
	return tui.Command{Kind: tui.CmdLobby}
}
