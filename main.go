// Command unossh serves UNO over SSH: every player connects with their own
// ssh client, and their SSH key is their identity.
//
//	unossh -addr :23234
//	ssh -p 23234 localhost            # the lobby
//	ssh -t -p 23234 localhost join K7QX2M
//
// SIGINT or SIGTERM shuts down in order within a deadline; a second signal
// stops at once.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/store"
	"github.com/unossh/unossh/tui"
)

// shutdownTimeout is how long an ordered shutdown may take before the
// remaining connections are cut.
const shutdownTimeout = 10 * time.Second

func main() {
	logger := log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true, Prefix: "unossh"})
	// Anything that logs to the default logger then writes to the same
	// place, in the same format.
	log.SetDefault(logger)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, logger); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		logger.Error(err.Error())
		os.Exit(1)
	}
}

// options are the command-line settings.
type options struct {
	addr       string
	hostKeyDir string
	dataDir    string
}

func parseFlags(args []string, getenv func(string) string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("unossh", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.addr, "addr", envOr(getenv, "UNOSSH_ADDR", ssh.DefaultAddr),
		"address to listen on, HOST:PORT (default from $UNOSSH_ADDR)")
	fs.StringVar(&o.hostKeyDir, "hostkey-dir", ssh.DefaultHostKeyDir,
		"directory of the SSH host key, created on first run")
	fs.StringVar(&o.dataDir, "data", envOr(getenv, "UNOSSH_DATA", store.DefaultDir),
		"directory of the database, created on first run (default from $UNOSSH_DATA)")
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	return o, nil
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// run serves until ctx ends, then shuts down in order.
func run(ctx context.Context, args []string, getenv func(string) string, logger *log.Logger) error {
	o, err := parseFlags(args, getenv, os.Stderr)
	if err != nil {
		return err
	}

	// The store opens before anything listens: a bad data directory or
	// database refuses the start with one line. It closes last, once
	// the lobby and the server have stopped writing to it.
	st, err := store.Open(store.Options{Dir: o.dataDir, Logger: logger})
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			logger.Error("closing the database: " + err.Error())
		}
	}()
	logger.Info("database open", "path", st.Path())

	// The lobby comes first: sessions connect to it as soon as the server
	// accepts them, and it is shut down before the server (see shutdown).
	l, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	hub := lobby.NewHub(lobby.Config{})
	srv, err := ssh.New(ssh.Config{
		Addr:       o.addr,
		HostKeyDir: o.hostKeyDir,
		Logger:     logger,
		NewModel:   modelMaker(hub, connectHint(l.Addr())),
	})
	if err != nil {
		return err
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()

	logger.Info("serving UNO over SSH", "addr", l.Addr().String(), "host-key", srv.Fingerprint())
	logger.Info("connect with: " + connectHint(l.Addr()))

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	return shutdown(srv, hub, served, logger)
}

// shutdown stops everything in order, within shutdownTimeout.
func shutdown(srv *ssh.Server, hub *lobby.Hub, served <-chan error, logger *log.Logger) error {
	logger.Info("signal received; shutting down", "deadline", shutdownTimeout, "sessions", srv.Sessions())
	ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()

	// 1. The lobby: tell every player the server is stopping and let every
	//    table reach a safe point (no move half-applied) while players are
	//    still connected to read why.
	// 2. The SSH server: refuse newcomers, close the sessions left with a
	//    reason, wait for connections to close, cut them at the deadline.
	hubErr := hub.Shutdown(ctx)
	err := errors.Join(hubErr, srv.Shutdown(ctx))
	if serveErr := <-served; !errors.Is(serveErr, ssh.ErrServerClosed) {
		err = errors.Join(err, serveErr)
	}
	if err != nil {
		return err
	}
	logger.Info("bye")
	return nil
}

// connectHint is the ssh command for a player on this machine.
func connectHint(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "ssh " + addr.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() || ip.IsLoopback() {
		host = "localhost"
	}
	if port == "22" {
		return "ssh " + host
	}
	return "ssh -p " + port + " " + host
}

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
