package ssh

import (
	"errors"

	gssh "github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// ErrOneSession refuses a second session channel on one connection. The
// client shows it as the reason its channel could not be opened.
var ErrOneSession = errors.New("one session per connection; open a new connection for another window")

// sessionChannel is the SSH server's handler for "session" channels: one
// open at a time per connection. Every channel the library accepts holds a
// receive window of up to 2 MB that a client can fill without ever starting
// a shell; one connection opening channels in a loop took hundreds of
// megabytes. A player needs one session: ssh opens exactly one.
//
// The first channel is also where a connection stops being a handshake in
// progress for the door (channels open only after authentication).
func (d *door) sessionChannel(srv *gssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx gssh.Context) {
	gate, ok := gateOf(ctx)
	if ok {
		if !gate.openChannel() {
			d.refused("session channel", gate.ip, ErrOneSession)
			_ = newChan.Reject(gossh.ResourceShortage, ErrOneSession.Error())
			return
		}
		defer gate.closeChannel()
		d.authenticated(gate)
	}
	gssh.DefaultSessionHandler(srv, conn, acceptedInto{NewChannel: newChan, gate: gate}, ctx)
}

// acceptedInto keeps the session channel it accepts on the connection's
// gate (if it has one), and hands the library the channel's requests with
// agent forwarding already refused (refuseAgent). The library's session
// writes through a PTY writer that copies every write to turn \n into
// \r\n; the painter never writes \n (it moves the cursor), so it writes to
// the channel itself (rawChannel) and saves a copy of every frame.
type acceptedInto struct {
	gossh.NewChannel
	gate *gateConn // nil: none
}

func (a acceptedInto) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := a.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	if a.gate != nil {
		a.gate.mu.Lock()
		a.gate.raw = ch
		a.gate.mu.Unlock()
	}
	return ch, refuseAgent(reqs), nil
}

// agentRequest asks the server to forward the client's SSH agent.
const agentRequest = "auth-agent-req@openssh.com"

// refuseAgent passes a session channel's requests on, in order, but answers
// agent forwarding no itself. The library answers it yes (it has no way to
// refuse it), which tells the client its agent is reachable from the
// server: a key with access to the player's other hosts, offered to a game
// that needs none. Refused, it is treated as every other forwarding is: X11
// and sftp (unknown session requests), port forwarding (unknown global
// requests and channel types) are all refused without a word in the log.
// The cost is one goroutine per session, which ends with the channel.
func refuseAgent(in <-chan *gossh.Request) <-chan *gossh.Request {
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		for req := range in {
			if req.Type == agentRequest {
				_ = req.Reply(false, nil)
				continue
			}
			out <- req
		}
	}()
	return out
}

// rawChannel is the session channel under ctx's connection, if the door
// kept it.
func rawChannel(ctx gssh.Context) (gossh.Channel, bool) {
	gate, ok := gateOf(ctx)
	if !ok {
		return nil, false
	}
	gate.mu.Lock()
	defer gate.mu.Unlock()
	return gate.raw, gate.raw != nil
}

// openChannel takes the connection's one session channel, if it is free.
func (c *gateConn) openChannel() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.channel {
		return false
	}
	c.channel = true
	return true
}

func (c *gateConn) closeChannel() {
	c.mu.Lock()
	c.channel = false
	c.raw = nil
	c.mu.Unlock()
}
